/**
 * verifyDetachedSignature and readKeyring (teapurl/node) with keys and signatures made at run
 * time by OpenPGP.js: every verdict of the hard cases, and the keyring's refusals.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readKeyring, TeaKeyringError, verifyDetachedSignature, MAX_SIGNATURE_BYTES } from '../../src/tea/node/download/openpgp-signature.js';
import { expiredKey, makeKey, openpgp, revoked, signDetached, signWithHash } from '../support/openpgp-keys.js';

const DATA = new TextEncoder().encode('{"bomFormat":"CycloneDX","specVersion":"1.6"}\n');

describe('verifyDetachedSignature', () => {
  it('verifies an armored and a binary signature, over bytes and over a stream, naming the key, user id, time and algorithms', async () => {
    const alice = await makeKey('Alice Producer');
    const armored = await signDetached(DATA, alice.privateKey);
    const check = await verifyDetachedSignature(DATA, armored, alice.armored);
    expect(check).toMatchObject({
      verdict: 'verified',
      fingerprint: alice.publicKey.getFingerprint().toUpperCase(),
      userId: 'Alice Producer <alice.producer@example.com>',
      hashAlgorithm: 'SHA-512',
      publicKeyAlgorithm: 'EdDSA',
    });
    expect(Math.abs(Date.parse(check.created!) - Date.now())).toBeLessThan(60_000);
    const binary = await signDetached(DATA, alice.privateKey, { binary: true });
    const stream = Readable.toWeb(Readable.from([DATA.subarray(0, 7), DATA.subarray(7)])) as ReadableStream<Uint8Array>;
    expect((await verifyDetachedSignature(stream, binary, alice.publicKey.write())).verdict).toBe('verified');
  });

  it('reads an Apache KEYS file: text around several armored keys; the right one verifies', async () => {
    const [a, b, c] = await Promise.all([makeKey('First Committer'), makeKey('Second Committer', { type: 'rsa' }), makeKey('Third Committer')]);
    const keys = `This file contains the PGP keys of the committers.\n\npub   ed25519 2024-01-01\nuid   First Committer\n${a.armored}\n\npub rsa2048\n${b.armored}\n${c.armored}`;
    const keyring = await readKeyring([{ name: 'KEYS', content: keys }]);
    expect(keyring.keys.map((k) => k.userId)).toEqual([
      'First Committer <first.committer@example.com>',
      'Second Committer <second.committer@example.com>',
      'Third Committer <third.committer@example.com>',
    ]);
    const check = await verifyDetachedSignature(DATA, await signDetached(DATA, b.privateKey), keyring);
    expect(check).toMatchObject({ verdict: 'verified', userId: 'Second Committer <second.committer@example.com>', publicKeyAlgorithm: 'RSA' });
  });

  it('a key not in the keyring: unknown-key, with the key id', async () => {
    const [signer, other] = await Promise.all([makeKey('Signer'), makeKey('Someone Else')]);
    const check = await verifyDetachedSignature(DATA, await signDetached(DATA, signer.privateKey), other.armored);
    expect(check.verdict).toBe('unknown-key');
    expect(check.message).toContain(signer.publicKey.getKeyID().toHex().toUpperCase());
    expect(check.fingerprint).toBeUndefined();
  });

  it('a signature over other bytes: bad-signature', async () => {
    const alice = await makeKey('Alice');
    const check = await verifyDetachedSignature(new TextEncoder().encode('{"tampered":true}\n'), await signDetached(DATA, alice.privateKey), alice.armored);
    expect(check).toMatchObject({ verdict: 'bad-signature', fingerprint: alice.publicKey.getFingerprint().toUpperCase() });
  });

  it('a revoked key: a revocation certificate beside the key (another file), or the revoked key itself', async () => {
    const alice = await makeKey('Revoked Signer');
    const signature = await signDetached(DATA, alice.privateKey);
    const keyring = await readKeyring([
      { name: 'KEYS', content: alice.armored },
      { name: 'revocations.asc', content: alice.revocationCertificate },
    ]);
    expect(keyring.keys[0]!.revoked).toBe(true);
    expect((await verifyDetachedSignature(DATA, signature, keyring)).verdict).toBe('revoked-key');
    const revokedKey = await revoked(alice.publicKey, alice.revocationCertificate);
    expect((await verifyDetachedSignature(DATA, signature, revokedKey.armor())).verdict).toBe('revoked-key');
    // Without the revocation the same signature verifies: the verdict is the revocation's.
    expect((await verifyDetachedSignature(DATA, signature, alice.armored)).verdict).toBe('verified');
  });

  it('an expired key: a signature made before the expiry is expired-key (accepted only by policy); one made after is signed-after-expiry', async () => {
    const { key, before, after } = await expiredKey(DATA);
    const old = await verifyDetachedSignature(DATA, before, key.armored);
    expect(old.verdict).toBe('expired-key');
    expect(old.message).toMatch(/^the signing key expired on \d{4}-\d\d-\d\dT/);
    expect((await verifyDetachedSignature(DATA, before, key.armored, { allowExpiredKeys: true })).verdict).toBe('verified');
    expect((await verifyDetachedSignature(DATA, after, key.armored)).verdict).toBe('signed-after-expiry');
    expect((await verifyDetachedSignature(DATA, after, key.armored, { allowExpiredKeys: true })).verdict).toBe('signed-after-expiry');
  });

  it('a cleartext-signed or inline-signed message where a detached signature is expected: not-detached', async () => {
    const alice = await makeKey('Alice');
    const cleartext = await openpgp.sign({
      message: await openpgp.createCleartextMessage({ text: new TextDecoder().decode(DATA) }),
      signingKeys: alice.privateKey,
    });
    expect((await verifyDetachedSignature(DATA, cleartext, alice.armored)).verdict).toBe('not-detached');
    const inline = await openpgp.sign({ message: await openpgp.createMessage({ binary: DATA }), signingKeys: alice.privateKey });
    expect((await verifyDetachedSignature(DATA, inline, alice.armored)).verdict).toBe('not-detached');
    const inlineBinary = await openpgp.sign({ message: await openpgp.createMessage({ binary: DATA }), signingKeys: alice.privateKey, format: 'binary' });
    expect((await verifyDetachedSignature(DATA, inlineBinary, alice.armored)).verdict).toBe('not-detached');
  });

  it('a SHA-1 signature is weak-hash by default, and verifies when the policy no longer calls SHA-1 weak', async () => {
    const alice = await makeKey('Legacy Signer', { type: 'rsa' });
    const sha1 = await signWithHash(DATA, alice.privateKey, 'sha1');
    const check = await verifyDetachedSignature(DATA, sha1, alice.armored);
    expect(check).toMatchObject({ verdict: 'weak-hash', hashAlgorithm: 'SHA-1' });
    expect((await verifyDetachedSignature(DATA, sha1, alice.armored, { weakHashes: ['MD5', 'RIPEMD-160'] })).verdict).toBe('verified');
    // And SHA-256 can be refused too.
    const sha256 = await signWithHash(DATA, alice.privateKey, 'sha256');
    expect((await verifyDetachedSignature(DATA, sha256, alice.armored, { weakHashes: ['SHA-1', 'SHA-256'] })).verdict).toBe('weak-hash');
  });

  it('a signature larger than the bound is too-large; garbage is malformed; a key is not a signature', async () => {
    const alice = await makeKey('Alice');
    expect((await verifyDetachedSignature(DATA, new Uint8Array(MAX_SIGNATURE_BYTES + 1), alice.armored)).verdict).toBe('too-large');
    expect((await verifyDetachedSignature(DATA, 'not a signature at all', alice.armored)).verdict).toBe('malformed');
    expect((await verifyDetachedSignature(DATA, alice.armored, alice.armored)).verdict).toBe('malformed');
  });
});

describe('readKeyring', () => {
  it('refuses a secret key, armored or binary, alone or among public keys, and never prints it', async () => {
    const alice = await makeKey('Secret Holder');
    const secretArmored = alice.privateKey.armor();
    const body = secretArmored.split('\n').filter((line) => line.length > 40);
    for (const content of [
      secretArmored,
      `${(await makeKey('Public')).armored}\n${secretArmored}`,
      alice.privateKey.write(),
      secretArmored.replace(/PRIVATE KEY BLOCK/g, 'PUBLIC KEY BLOCK'),
    ]) {
      const error = await readKeyring([{ name: 'keys.asc', content }]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TeaKeyringError);
      expect((error as TeaKeyringError).code).toBe('secret-key');
      expect((error as Error).message).toMatch(/^keys\.asc( \(block \d\))? holds a secret \(private\) key/);
      for (const line of body) expect((error as Error).message).not.toContain(line.slice(0, 24));
    }
  });

  it('refuses a file with no key, naming it; a signature block is not a key', async () => {
    await expect(readKeyring([{ name: 'empty.asc', content: 'nothing here' }])).rejects.toThrow(/^empty\.asc cannot be read as OpenPGP public keys/);
    const alice = await makeKey('Alice');
    const signature = String(await signDetached(DATA, alice.privateKey));
    await expect(readKeyring([{ name: 'sig.asc', content: signature }])).rejects.toThrow(/^sig\.asc is a PGP signature, not a public key$/);
  });
});
