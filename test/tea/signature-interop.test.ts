/**
 * Interoperability with GnuPG, both ways, with keys made at run time in a throw-away GNUPGHOME:
 * a detached signature GnuPG made verifies with `teapurl verify` (and its SHA-1 one is refused as
 * weak), and one OpenPGP.js made (as teapurl's tests and signing helper do) verifies with
 * `gpg --verify`. Skipped, visibly, where gpg is not installed (Debian package: gnupg).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import { fakeIo } from '../support/fake-io.js';
import { makeKey, signDetached } from '../support/openpgp-keys.js';

const GPG = spawnSync('gpg', ['--version'], { encoding: 'utf8' });
const HAS_GPG = GPG.status === 0;
if (!HAS_GPG) console.warn('[signature-interop] gpg is not installed (Debian: apt-get install gnupg): the GnuPG interoperability tests are skipped.');

let home: string;
let work: string;

function gpg(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('gpg', ['--batch', '--yes', '--no-tty', '--pinentry-mode', 'loopback', '--passphrase', '', ...args], {
    encoding: 'utf8',
    env: { ...process.env, GNUPGHOME: home },
    cwd: work,
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function verify(...args: string[]) {
  const fake = fakeIo(work);
  const status = await run(['verify', ...args], fake.io);
  return { status, stdout: fake.stdout(), stderr: fake.stderr() };
}

describe.skipIf(!HAS_GPG)(`OpenPGP signatures between teapurl and ${GPG.stdout?.split('\n')[0] ?? 'gpg'}`, () => {
  let fingerprint: string;

  beforeAll(() => {
    home = mkdtempSync(path.join(tmpdir(), 'teapurl-gnupg-'));
    work = mkdtempSync(path.join(tmpdir(), 'teapurl-interop-'));
    const made = gpg('--quick-generate-key', 'GnuPG Signer <gnupg.signer@example.com>', 'ed25519', 'sign', 'never');
    expect(made.status, made.stderr).toBe(0);
    const listed = gpg('--with-colons', '--list-keys', 'gnupg.signer@example.com');
    fingerprint = /^fpr:+([0-9A-F]{40}):/m.exec(listed.stdout)![1]!;
    writeFileSync(path.join(work, 'artefact.cdx.json'), '{"bomFormat":"CycloneDX","specVersion":"1.6","version":1}\n');
    expect(gpg('--armor', '--output', 'KEYS', '--export', fingerprint).status).toBe(0);
  });
  afterAll(() => {
    if (home) spawnSync('gpgconf', ['--kill', 'gpg-agent'], { env: { ...process.env, GNUPGHOME: home } });
    for (const dir of [home, work]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a detached signature made by GnuPG (armored and binary) verifies with teapurl verify', async () => {
    expect(gpg('--armor', '--detach-sign', '--output', 'artefact.cdx.json.asc', 'artefact.cdx.json').status).toBe(0);
    expect(gpg('--detach-sign', '--output', 'artefact.cdx.json.sig', 'artefact.cdx.json').status).toBe(0);
    for (const signature of ['artefact.cdx.json.asc', 'artefact.cdx.json.sig']) {
      const result = await verify('artefact.cdx.json', '--signature', signature, '--keyring', 'KEYS');
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(
        new RegExp(`^artefact\\.cdx\\.json: signature verified: EdDSA/SHA-\\d+ by ${fingerprint} "GnuPG Signer <gnupg\\.signer@example\\.com>", made \\d{4}-`),
      );
    }
    // The same signature over other bytes does not hold.
    writeFileSync(path.join(work, 'other.json'), '{"tampered":true}\n');
    const other = await verify('other.json', '--signature', 'artefact.cdx.json.asc', '--keyring', 'KEYS', '--format', 'json');
    expect(other.status).toBe(1);
    expect(JSON.parse(other.stdout)).toMatchObject({ verdict: 'bad-signature', fingerprint });
  });

  it('a SHA-1 signature made by GnuPG is refused as weak, and verifies with --allow-sha1-signatures', async () => {
    const rsa = gpg('--quick-generate-key', 'Legacy Signer <legacy.signer@example.com>', 'rsa2048', 'sign', 'never');
    expect(rsa.status, rsa.stderr).toBe(0);
    expect(gpg('--armor', '--output', 'LEGACY', '--export', 'legacy.signer@example.com').status).toBe(0);
    const signed = gpg(
      '--armor',
      '--detach-sign',
      '--digest-algo',
      'SHA1',
      '--local-user',
      'legacy.signer@example.com',
      '--output',
      'sha1.asc',
      'artefact.cdx.json',
    );
    expect(signed.status, signed.stderr).toBe(0);
    const refused = await verify('artefact.cdx.json', '--signature', 'sha1.asc', '--keyring', 'LEGACY');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^teapurl verify: artefact\.cdx\.json: weak-hash: the signature uses SHA-1, a hash refused as weak/);
    expect((await verify('artefact.cdx.json', '--signature', 'sha1.asc', '--keyring', 'LEGACY', '--allow-sha1-signatures')).status).toBe(0);
  });

  it('a GnuPG secret-key export given as a keyring is refused, and none of it printed', async () => {
    expect(gpg('--armor', '--output', 'SECRET', '--export-secret-keys', fingerprint).status).toBe(0);
    const result = await verify('artefact.cdx.json', '--signature', 'artefact.cdx.json.asc', '--keyring', 'SECRET');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^teapurl verify: --keyring 'SECRET' holds a secret \(private\) key/);
    for (const line of readFileSync(path.join(work, 'SECRET'), 'utf8')
      .split('\n')
      .filter((l) => l.length > 40))
      expect(result.stderr).not.toContain(line.slice(0, 20));
  });

  it('a detached signature made by OpenPGP.js verifies with gpg --verify', async () => {
    const key = await makeKey('OpenPGPjs Signer');
    const data = readFileSync(path.join(work, 'artefact.cdx.json'));
    writeFileSync(path.join(work, 'openpgpjs.asc'), String(await signDetached(data, key.privateKey)));
    writeFileSync(path.join(work, 'openpgpjs.sig'), await signDetached(data, key.privateKey, { binary: true }));
    writeFileSync(path.join(work, 'openpgpjs-key.asc'), key.armored);
    expect(gpg('--import', 'openpgpjs-key.asc').status).toBe(0);
    for (const signature of ['openpgpjs.asc', 'openpgpjs.sig']) {
      const checked = gpg('--status-fd', '1', '--verify', signature, 'artefact.cdx.json');
      expect(checked.status, checked.stderr).toBe(0);
      expect(checked.stdout).toMatch(new RegExp(`^\\[GNUPG:\\] VALIDSIG ${key.publicKey.getFingerprint().toUpperCase()} `, 'm'));
      expect(checked.stdout).toMatch(/^\[GNUPG:\] GOODSIG [0-9A-F]{16} OpenPGPjs Signer <openpgpjs\.signer@example\.com>$/m);
    }
    // And gpg refuses it over other bytes.
    expect(gpg('--verify', 'openpgpjs.asc', 'other.json').status).not.toBe(0);
  });
});
