/**
 * `teapurl download --keyring` against `serve --content`'s server, with keys and signatures made
 * at run time: a file is kept only when its checksums and its signature hold; the manifest and
 * both outputs say who signed; each hard case of issue 40 gets its verdict and leaves nothing of
 * the refused file (not even its folder); a signature on another origin is fetched without the
 * bearer token; a huge or endless signature body is cut off.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/io.js';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { ROOT } from '../support/paths.js';
import { testCertificates } from '../support/tls.js';
import { expiredKey, makeKey, openpgp, signDetached, signWithHash } from '../support/openpgp-keys.js';
import { startHttps, type TestServer } from './helpers/https-server.js';
import { signArtefacts } from '../../src/tea/node/sign-artefacts.js';
import { sigstoreBundle, sigstoreKeyPair } from '../support/sigstore-bundles.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/tea-content');
const RELEASE = '123e4567-e89b-12d3-a456-426614174000';
const KEY = { keyId: 'reader', secret: 's3cret' };
const SBOM = 'files/sbom/log4j-core.cdx.json';
const SBOM_OUT = '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/log4j-core.cdx.json';
const SBOM_FOLDER = '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce';

let scratch: string;
let caFile: string;
let count = 0;
const servers: Array<RunningTeaServer | TestServer> = [];
let producer: Awaited<ReturnType<typeof makeKey>>;
let producerKeys: string;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-download-signatures-'));
  caFile = path.join(scratch, 'ca.pem');
  writeFileSync(caFile, (await testCertificates()).ca);
  producer = await makeKey('Log4j Release Manager');
  producerKeys = path.join(scratch, 'KEYS');
  writeFileSync(producerKeys, `This file holds the keys of the release managers.\n\n${producer.armored}\n`);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(scratch, { recursive: true, force: true });
});

/**
 * A content folder from the fixture: `signatures` maps a file under files/ to its signature's
 * bytes (written beside it as `<file>.asc`, and named by the formats' signatureUrl), or to a URL
 * of another origin to name instead.
 */
async function contentServer(
  signatures: Record<string, string | Uint8Array | { url: string }>,
  prepare?: (folder: string) => Promise<void>,
): Promise<RunningTeaServer> {
  const folder = path.join(scratch, `content-${++count}`);
  cpSync(FIXTURE, folder, { recursive: true });
  await prepare?.(folder);
  for (const [file, signature] of Object.entries(signatures)) {
    if (typeof signature === 'object' && 'url' in signature) continue;
    writeFileSync(path.join(folder, `${file}.asc`), signature);
  }
  for (const name of readdirSync(folder).filter((n) => n.endsWith('.tea-collection.json'))) {
    const collection = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
    for (const artifact of collection.artifacts) {
      for (const format of artifact.formats) {
        const file = `files/${String(format.url).replace('https://teapurl.invalid/', '')}`;
        const signature = signatures[file];
        if (signature === undefined) continue;
        format.signatureUrl = typeof signature === 'object' && 'url' in signature ? signature.url : `${format.url}.asc`;
      }
    }
    writeFileSync(path.join(folder, name), JSON.stringify(collection, null, 2));
  }
  const { store, valid, findings } = await readTeaContent(folder);
  expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  expect(valid).toBe(true);
  const server = await startTeaServer({
    tls: (await testCertificates()).server,
    content: store,
    apiKeys: [KEY],
    discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
  });
  servers.push(server);
  return server;
}

async function cli(args: string[], options: { tty?: boolean } = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), ...(options.tty ? { isTTY: true } : {}) },
    stdin: (async function* () {})(),
    env: { TEAPURL_API_SECRET: KEY.secret },
    cwd: scratch,
  };
  return { status: await run(args, io), stdout, stderr };
}

/** Downloads the product release from `server` into a new folder, with these extra arguments. */
async function download(server: RunningTeaServer, extra: string[], options: { tty?: boolean } = {}) {
  const out = path.join(scratch, `out-${++count}`);
  const result = await cli(
    ['download', `${server.url}/v1.0.0/productRelease/${RELEASE}`, '--out', out, '--ca', caFile, '--key-id', KEY.keyId, ...extra],
    options,
  );
  const manifest = existsSync(path.join(out, 'teapurl-download.json')) ? JSON.parse(readFileSync(path.join(out, 'teapurl-download.json'), 'utf8')) : undefined;
  return { ...result, out, manifest };
}

const SBOM_BYTES = () => readFileSync(path.join(FIXTURE, SBOM));

function writeKeyring(name: string, content: string | Uint8Array): string {
  const file = path.join(scratch, name);
  writeFileSync(file, content);
  return file;
}

/** The SBOM refused with `verdict`: exit 1, one failure naming the artefact once, nothing of it left. */
function expectRefused(result: Awaited<ReturnType<typeof download>>, verdict: string, message: RegExp) {
  expect(result.status).toBe(1);
  expect(existsSync(path.join(result.out, SBOM_FOLDER))).toBe(false);
  const failure = result.manifest.failures.find((f: { what: string }) => f.what.startsWith('artefact 1cb47b95'));
  expect(failure.signature?.verdict ?? 'unsigned').toBe(verdict);
  expect(failure.message).toMatch(message);
  expect(result.stderr).toMatch(
    /^teapurl download: artefact 1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce \(Build SBOM\): https:\/\/127\.0\.0\.1:\d+\/files\/sbom\/log4j-core\.cdx\.json: /m,
  );
  expect(result.stderr.match(/artefact 1cb47b95/g)).toHaveLength(1);
}

describe('teapurl download --keyring', () => {
  it('verifies a signed artefact and keeps it; unsigned ones are kept and reported unsigned; the manifest, text and JSON say who signed', async () => {
    const server = await contentServer({ [SBOM]: String(await signDetached(SBOM_BYTES(), producer.privateKey)) });
    const result = await download(server, ['--keyring', producerKeys]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const fingerprint = producer.publicKey.getFingerprint().toUpperCase();
    expect(result.stdout).toMatch(
      new RegExp(
        `^verified +.*log4j-core\\.cdx\\.json  \\d+ bytes, SHA-256, .*; signature verified: EdDSA/SHA-512 by ${fingerprint} "Log4j Release Manager <log4j\\.release\\.manager@example\\.com>", made \\d{4}-\\d\\d-\\d\\dT`,
        'm',
      ),
    );
    expect(result.stdout).toMatch(/^verified +.*release-notes\.txt {2}\d+ bytes, SHA-512; unsigned \(no signatureUrl\)$/m);
    const sbom = result.manifest.files.find((f: { file: string }) => f.file === SBOM_OUT);
    expect(sbom.signatureCheck).toMatchObject({
      verdict: 'verified',
      url: `${server.url}/files/sbom/log4j-core.cdx.json.asc`,
      fingerprint,
      userId: 'Log4j Release Manager <log4j.release.manager@example.com>',
      hashAlgorithm: 'SHA-512',
      publicKeyAlgorithm: 'EdDSA',
    });
    expect(result.manifest.files.filter((f: { signatureCheck: { verdict: string } }) => f.signatureCheck.verdict === 'unsigned')).toHaveLength(2);
    const json = await download(server, ['--keyring', producerKeys, '--format', 'json', '--type', 'BOM']);
    expect(JSON.parse(json.stdout).files[0].signatureCheck).toEqual(sbom.signatureCheck);
  });

  it('--require-signatures refuses the unsigned artefacts (nothing of them downloaded, no folder left) and keeps the signed one', async () => {
    const server = await contentServer({ [SBOM]: String(await signDetached(SBOM_BYTES(), producer.privateKey)) });
    const result = await download(server, ['--keyring', producerKeys, '--require-signatures']);
    expect(result.status).toBe(1);
    expect(readdirSync(result.out).sort()).toEqual([SBOM_FOLDER, 'teapurl-download.json']);
    expect(result.manifest.failures.map((f: { message: string }) => f.message)).toEqual([
      expect.stringMatching(/release-notes\.txt: the format lists no signatureUrl, and signatures are required; not downloaded$/),
      expect.stringMatching(/log4j\.vex\.json: the format lists no signatureUrl, and signatures are required; not downloaded$/),
    ]);
    expect(server.requests.some((r) => r.path.endsWith('release-notes.txt'))).toBe(false);
    const usage = await cli(['download', `${server.url}/v1.0.0/productRelease/${RELEASE}`, '--out', path.join(scratch, 'never'), '--require-signatures']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^teapurl download: --require-signatures needs --keyring FILE/);
  });

  it('a key not in the keyring: unknown-key, and the file is not kept', async () => {
    const stranger = await makeKey('Someone Else');
    const server = await contentServer({ [SBOM]: String(await signDetached(SBOM_BYTES(), stranger.privateKey)) });
    expectRefused(
      await download(server, ['--keyring', producerKeys, '--type', 'BOM']),
      'unknown-key',
      /the signing key is not in the keyring \(key id [0-9A-F]{16}\); the file was not kept$/,
    );
  });

  it('a revoked key (its revocation certificate in a second keyring file): revoked-key', async () => {
    const server = await contentServer({ [SBOM]: String(await signDetached(SBOM_BYTES(), producer.privateKey)) });
    const revocation = writeKeyring('revocation.asc', producer.revocationCertificate);
    expectRefused(
      await download(server, ['--keyring', producerKeys, '--keyring', revocation, '--type', 'BOM']),
      'revoked-key',
      /the signing key is revoked \(key [0-9A-F]{40} Log4j Release Manager/,
    );
  });

  it('an expired key: expired-key (kept only with --allow-expired-keys); a signature made after the expiry: signed-after-expiry, always', async () => {
    const { key, before, after } = await expiredKey(SBOM_BYTES());
    const keys = writeKeyring('expired.asc', key.armored);
    const old = await contentServer({ [SBOM]: String(before) });
    expectRefused(await download(old, ['--keyring', keys, '--type', 'BOM']), 'expired-key', /the signing key expired on \d{4}-/);
    const allowed = await download(old, ['--keyring', keys, '--type', 'BOM', '--allow-expired-keys']);
    expect(allowed.status).toBe(0);
    expect(existsSync(path.join(allowed.out, SBOM_OUT))).toBe(true);
    const late = await contentServer({ [SBOM]: String(after) });
    expectRefused(
      await download(late, ['--keyring', keys, '--type', 'BOM', '--allow-expired-keys']),
      'signed-after-expiry',
      /the signature was made after the signing key expired/,
    );
  });

  it('a signature over other bytes: bad-signature', async () => {
    const server = await contentServer({ [SBOM]: String(await signDetached('{"bomFormat":"CycloneDX","tampered":true}', producer.privateKey)) });
    expectRefused(await download(server, ['--keyring', producerKeys, '--type', 'BOM']), 'bad-signature', /the signature does not match these bytes/);
  });

  it('a cleartext-signed message where a detached signature is expected: not-detached', async () => {
    const cleartext = await openpgp.sign({
      message: await openpgp.createCleartextMessage({ text: SBOM_BYTES().toString('utf8') }),
      signingKeys: producer.privateKey,
    });
    const server = await contentServer({ [SBOM]: cleartext });
    expectRefused(await download(server, ['--keyring', producerKeys, '--type', 'BOM']), 'not-detached', /a cleartext-signed message, not a detached signature/);
  });

  it('a SHA-1 signature: weak-hash, unless --allow-sha1-signatures', async () => {
    const legacy = await makeKey('Legacy Release Manager', { type: 'rsa' });
    const keys = writeKeyring('legacy.asc', legacy.armored);
    const server = await contentServer({ [SBOM]: await signWithHash(SBOM_BYTES(), legacy.privateKey, 'sha1') });
    expectRefused(await download(server, ['--keyring', keys, '--type', 'BOM']), 'weak-hash', /uses SHA-1, a hash refused as weak/);
    const allowed = await download(server, ['--keyring', keys, '--type', 'BOM', '--allow-sha1-signatures']);
    expect(allowed.status).toBe(0);
    expect(allowed.manifest.files[0].signatureCheck.hashAlgorithm).toBe('SHA-1');
  });

  it('a Sigstore bundle as signatureUrl verifies with --sigstore-key; over other bytes it is bad-signature; with only a keyring, unknown-key', async () => {
    const signer = sigstoreKeyPair();
    const key = writeKeyring('cosign.pub', signer.publicKeyPem);
    const server = await contentServer({ [SBOM]: sigstoreBundle(SBOM_BYTES(), signer.privateKey) });
    const good = await download(server, ['--sigstore-key', key, '--type', 'BOM', '--require-signatures']);
    expect(good.stderr).toBe('');
    expect(good.status).toBe(0);
    expect(good.manifest.files[0].signatureCheck).toMatchObject({
      verdict: 'verified',
      hashAlgorithm: 'SHA-256',
      publicKeyAlgorithm: 'ECDSA',
      fingerprint: expect.stringMatching(/^[0-9A-F]{64}$/),
    });
    expect(good.stdout).toMatch(/; signature verified: ECDSA\/SHA-256 by [0-9A-F]{64}$/m);
    expectRefused(
      await download(server, ['--keyring', producerKeys, '--type', 'BOM']),
      'unknown-key',
      /it is a Sigstore bundle, and no Sigstore public key was given/,
    );
    const other = await contentServer({ [SBOM]: sigstoreBundle(new TextEncoder().encode('other bytes'), signer.privateKey) });
    expectRefused(await download(other, ['--sigstore-key', key, '--type', 'BOM']), 'bad-signature', /the signature does not match these bytes/);
  });

  it('a keyring holding a secret key is refused (exit 2), and not a line of the key is printed', async () => {
    const server = await contentServer({});
    const secret = producer.privateKey.armor();
    const file = writeKeyring('secret.asc', secret);
    const result = await download(server, ['--keyring', file]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^teapurl download: --keyring '?[^ ]*secret\.asc'? holds a secret \(private\) key; a keyring must hold public keys only/);
    for (const line of secret.split('\n').filter((l) => l.length > 40)) expect(result.stderr + result.stdout).not.toContain(line.slice(0, 20));
    expect(server.requests).toEqual([]);
  });

  it('a signature on another origin is fetched without the bearer token; a huge or endless signature body is cut off', async () => {
    const signature = String(await signDetached(SBOM_BYTES(), producer.privateKey));
    const other = await startHttps(
      (req, res) => {
        if (req.url === '/sig.asc') return res.end(signature);
        if (req.url === '/huge.asc') return res.end('A'.repeat(200_000));
        // Endless: no length, chunks for as long as anyone reads.
        res.writeHead(200, { 'content-type': 'application/pgp-signature' });
        const timer = setInterval(() => res.write('-'.repeat(8192)), 1);
        res.on('close', () => clearInterval(timer));
      },
      (await testCertificates()).server,
    );
    servers.push(other);
    const good = await contentServer({ [SBOM]: { url: `${other.url.replace('127.0.0.1', 'localhost')}/sig.asc` } });
    const result = await download(good, ['--keyring', producerKeys, '--type', 'BOM']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(other.requests.map((r) => r.path)).toEqual(['/sig.asc']);
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
    // The artefact itself, on the API's origin, went with the token.
    expect(good.requests.find((r) => r.path === '/files/sbom/log4j-core.cdx.json')?.headers.authorization).toMatch(/^Bearer /);

    for (const [name, verdict] of [
      ['huge.asc', 'too-large'],
      ['endless.asc', 'too-large'],
    ] as const) {
      const server = await contentServer({ [SBOM]: { url: `${other.url}/${name}` } });
      const refused = await download(server, ['--keyring', producerKeys, '--type', 'BOM']);
      expect(refused.status).toBe(1);
      expect(existsSync(path.join(refused.out, SBOM_FOLDER))).toBe(false);
      expect(refused.stderr).toMatch(
        /the signature https:\/\/127\.0\.0\.1:\d+\/(huge|endless)\.asc is larger than 65536 bytes, more than a detached signature has; the file was not downloaded$/m,
      );
      expect(refused.manifest.failures[0].message).not.toContain(verdict === 'too-large' ? 'AAAA' : '');
      // The artefact was never fetched.
      expect(server.requests.some((r) => r.path === '/files/sbom/log4j-core.cdx.json')).toBe(false);
    }
  });
});

describe("signArtefacts, the sample server's signing helper", () => {
  it('signs every artefact of a folder with the shipped test key; a download with its public key verifies them all', async () => {
    const keys = path.join(ROOT, 'test/fixtures/signing');
    let signed: Awaited<ReturnType<typeof signArtefacts>> | undefined;
    const server = await contentServer({}, async (folder) => {
      signed = await signArtefacts(path.join(folder, 'files'), { secretKey: readFileSync(path.join(keys, 'sample-signing-key.secret.asc'), 'utf8') });
      // Name each signature in the formats, as the sample server's inventory would.
      for (const name of readdirSync(folder).filter((n) => n.endsWith('.tea-collection.json'))) {
        const collection = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
        for (const artifact of collection.artifacts) for (const format of artifact.formats) format.signatureUrl = `${format.url}.asc`;
        writeFileSync(path.join(folder, name), JSON.stringify(collection, null, 2));
      }
    });
    expect(signed!.files).toEqual(['release-notes.txt', 'sbom/log4j-core.cdx.json', 'vex/log4j.vex.json']);
    const result = await download(server, ['--keyring', path.join(keys, 'sample-signing-key.pub.asc'), '--require-signatures']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(
      result.manifest.files.map((f: { signatureCheck: { verdict: string; fingerprint: string } }) => [f.signatureCheck.verdict, f.signatureCheck.fingerprint]),
    ).toEqual(Array(3).fill(['verified', signed!.fingerprint]));
    expect(
      result.stdout.match(
        /signature verified: EdDSA\/SHA-512 by [0-9A-F]{40} "teapurl sample server \(TEST KEY, NOT SECRET\) <sample-signing@teapurl\.invalid>"/g,
      ),
    ).toHaveLength(3);
  });
});

describe('teapurl download progress and failures (issue 39)', () => {
  it('on a terminal: a line per file with bytes, percentage, rate and time left, and a summary line; nothing of it on a pipe or with --quiet', async () => {
    const server = await contentServer({});
    const tty = await download(server, [], { tty: true });
    expect(tty.status).toBe(0);
    const frames = tty.stderr.split('\r\u001b[K').filter((f) => f !== '');
    expect(frames).toContainEqual(
      expect.stringMatching(
        /^\[\d\/3\] 1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce\/log4j-core\.cdx\.json {2}252 B \/ 252 B {2}100% {2}[\d.]+ [KMG]?i?B\/s {2}0s left$/,
      ),
    );
    expect(frames.filter((f) => /^\[\d\/3\] \S+$/.test(f))).toHaveLength(3);
    expect(frames.at(-1)).toMatch(/^3 files downloaded, 457 B in \d+\.\d s \([\d.]+ [KMG]?i?B\/s\)\n$/);
    const quiet = await download(server, ['--quiet'], { tty: true });
    expect(quiet.stderr).toBe('');
    const pipe = await download(server, []);
    expect(pipe.stderr).toBe('');
    expect(pipe.stdout).toBe(quiet.stdout.replaceAll(quiet.out, pipe.out));
  });

  it('a checksum mismatch: the artefact named once, and no empty folder left', async () => {
    const folder = path.join(scratch, 'tampered');
    cpSync(FIXTURE, folder, { recursive: true });
    // Tampered after the folder was read (a content folder is refused at start when a checksum does
    // not match): the server then answers other bytes than the artefact's checksums describe.
    const { store } = await readTeaContent(folder);
    writeFileSync(path.join(folder, SBOM), '{"tampered": true}\n');
    const server = await startTeaServer({
      tls: (await testCertificates()).server,
      content: store,
      apiKeys: [KEY],
      discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
    });
    servers.push(server);
    const result = await download(server, ['--type', 'BOM']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^teapurl download: artefact 1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce \(Build SBOM\): https:\/\/127\.0\.0\.1:\d+\/files\/sbom\/log4j-core\.cdx\.json: the SHA-256 checksum does not match: expected [0-9a-f]{64}, got [0-9a-f]{64}; the file was deleted\n$/,
    );
    expect(readdirSync(result.out)).toEqual(['teapurl-download.json']);
  });
});
