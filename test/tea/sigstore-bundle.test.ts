/**
 * Sigstore bundles verified offline with a public key (@sigstore/verify, an optional peer), from
 * the library and `teapurl verify --sigstore-key`: a good bundle, other bytes, another key, a DSSE
 * attestation, not JSON, a private key given as the key. Bundles and keys are made at run time.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigstoreKeys, verifySigstoreBundle } from '../../src/tea/node/download/sigstore-bundle.js';
import { run } from '../../src/cli/main.js';
import { fakeIo } from '../support/fake-io.js';
import { ROOT } from '../support/paths.js';
import { dsseBundle, sigstoreBundle, sigstoreKeyPair } from '../support/sigstore-bundles.js';

const DATA = new TextEncoder().encode('release 1.2.3 tarball bytes\n');
let work: string;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'teapurl-sigstore-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('verifySigstoreBundle', () => {
  it('verifies a message-signature bundle with the right key among several, naming the key', () => {
    const [signer, other] = [sigstoreKeyPair(), sigstoreKeyPair()];
    const keys = readSigstoreKeys([
      { name: 'other.pub', content: other.publicKeyPem },
      { name: 'cosign.pub', content: signer.publicKeyPem },
    ]);
    const check = verifySigstoreBundle(DATA, sigstoreBundle(DATA, signer.privateKey), keys);
    expect(check).toMatchObject({
      verdict: 'verified',
      fingerprint: keys.fingerprints[1],
      keyId: 'release-key',
      hashAlgorithm: 'SHA-256',
      publicKeyAlgorithm: 'ECDSA',
    });
    expect(keys.fingerprints[0]).not.toBe(keys.fingerprints[1]);
  });

  it('other bytes: bad-signature; another key: unknown-key; an attestation: not-detached; not a bundle: malformed', () => {
    const [signer, other] = [sigstoreKeyPair(), sigstoreKeyPair()];
    const keys = readSigstoreKeys([{ name: 'cosign.pub', content: signer.publicKeyPem }]);
    expect(verifySigstoreBundle(new TextEncoder().encode('tampered'), sigstoreBundle(DATA, signer.privateKey), keys).verdict).toBe('bad-signature');
    expect(verifySigstoreBundle(DATA, sigstoreBundle(DATA, other.privateKey), keys).verdict).toBe('unknown-key');
    expect(verifySigstoreBundle(DATA, dsseBundle(signer.privateKey), keys).verdict).toBe('not-detached');
    expect(verifySigstoreBundle(DATA, '{"mediaType":"application/vnd.dev.sigstore.bundle.v0.3+json"}', keys).verdict).toBe('malformed');
    expect(verifySigstoreBundle(DATA, 'not json', keys).verdict).toBe('malformed');
  });

  it('refuses a private key given as the public key, printing none of it', () => {
    const { privateKey } = sigstoreKeyPair();
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    let message = '';
    try {
      readSigstoreKeys([{ name: 'cosign.key', content: pem }]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^cosign\.key holds a private key; give the public key/);
    expect(message).not.toContain(pem.split('\n')[1]!.slice(0, 20));
  });
});

describe('teapurl verify --sigstore-key', () => {
  it('exit 0 and who signed for a good bundle, exit 1 with the verdict for other bytes', async () => {
    const signer = sigstoreKeyPair();
    writeFileSync(path.join(work, 'app.tar.gz'), DATA);
    writeFileSync(path.join(work, 'app.tar.gz.sigstore.json'), sigstoreBundle(DATA, signer.privateKey));
    writeFileSync(path.join(work, 'cosign.pub'), signer.publicKeyPem);
    const good = fakeIo(work);
    expect(await run(['verify', 'app.tar.gz', '--signature', 'app.tar.gz.sigstore.json', '--sigstore-key', 'cosign.pub'], good.io)).toBe(0);
    expect(good.stdout()).toMatch(/^app\.tar\.gz: signature verified: ECDSA\/SHA-256 by [0-9A-F]{64}\n$/);
    writeFileSync(path.join(work, 'other.tar.gz'), 'other');
    const bad = fakeIo(work);
    expect(await run(['verify', 'other.tar.gz', '--signature', 'app.tar.gz.sigstore.json', '--sigstore-key', 'cosign.pub'], bad.io)).toBe(1);
    expect(bad.stderr()).toMatch(/^teapurl verify: other\.tar\.gz: bad-signature: the signature does not match these bytes/);
    // A Sigstore bundle with only an OpenPGP keyring given: no key for it.
    const none = fakeIo(work);
    expect(
      await run(
        ['verify', 'app.tar.gz', '--signature', 'app.tar.gz.sigstore.json', '--keyring', path.join(ROOT, 'test/fixtures/signing/sample-signing-key.pub.asc')],
        none.io,
      ),
    ).toBe(1);
    expect(none.stderr()).toMatch(/unknown-key: it is a Sigstore bundle, and no Sigstore public key was given/);
  });
});
