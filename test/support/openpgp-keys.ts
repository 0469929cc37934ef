/**
 * OpenPGP keys and signatures made at run time for the signature tests (OpenPGP.js, a dev tool
 * of the tools workspace): nothing signed is checked in.
 */
import * as openpgp from 'openpgp';

export { openpgp };

const DAY = 86_400_000;

/** A fresh Ed25519 key pair; `date` and `keyExpirationTime` (seconds) as OpenPGP.js takes them. */
export async function makeKey(name: string, options: { date?: Date; keyExpirationTime?: number; type?: 'ecc' | 'rsa' } = {}) {
  const { privateKey, publicKey, revocationCertificate } = await openpgp.generateKey({
    userIDs: [{ name, email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com` }],
    format: 'object',
    ...(options.type === 'rsa' ? { type: 'rsa' as const, rsaBits: 2048 } : { type: 'ecc' as const, curve: 'curve25519Legacy' as const }),
    ...(options.date ? { date: options.date } : {}),
    ...(options.keyExpirationTime ? { keyExpirationTime: options.keyExpirationTime } : {}),
  });
  return { privateKey, publicKey, revocationCertificate, armored: publicKey.armor() };
}

/** A detached signature of `data`, armored (default) or binary. */
export async function signDetached(
  data: Uint8Array | string,
  key: openpgp.PrivateKey,
  options: { date?: Date; binary?: boolean } = {},
): Promise<string | Uint8Array> {
  const message = await openpgp.createMessage({ binary: typeof data === 'string' ? new TextEncoder().encode(data) : data });
  if (options.binary) return openpgp.sign({ message, signingKeys: key, detached: true, format: 'binary', ...(options.date ? { date: options.date } : {}) });
  return openpgp.sign({ message, signingKeys: key, detached: true, ...(options.date ? { date: options.date } : {}) });
}

/**
 * A detached signature with the hash chosen (OpenPGP.js's `sign` picks the strongest the key
 * accepts, never SHA-1): one signature packet made by hand with the primary key.
 */
export async function signWithHash(data: Uint8Array, key: openpgp.PrivateKey, hash: 'sha1' | 'sha256'): Promise<string> {
  const keyPacket = key.keyPacket as unknown as openpgp.SecretKeyPacket;
  const packet = new openpgp.SignaturePacket();
  (packet as unknown as { version: number }).version = keyPacket.version;
  packet.signatureType = openpgp.enums.signature.binary;
  packet.publicKeyAlgorithm = keyPacket.algorithm;
  packet.hashAlgorithm = openpgp.enums.hash[hash];
  packet.issuerKeyID = keyPacket.getKeyID();
  packet.issuerFingerprint = keyPacket.getFingerprintBytes()!;
  packet.issuerKeyVersion = keyPacket.version;
  const literal = new openpgp.LiteralDataPacket();
  (literal as unknown as { setBytes(bytes: Uint8Array, format: number): void }).setBytes(data, openpgp.enums.literal.binary);
  await (packet as unknown as { sign(key: unknown, data: unknown, date: Date, detached: boolean, config: unknown): Promise<void> }).sign(
    keyPacket,
    literal,
    new Date(),
    true,
    { ...openpgp.config, nonDeterministicSignaturesViaNotation: false },
  );
  const list = new (openpgp as unknown as { PacketList: new () => openpgp.PacketList<openpgp.AnyPacket> }).PacketList();
  list.push(packet);
  return new openpgp.Signature(list as openpgp.PacketList<openpgp.SignaturePacket>).armor();
}

/**
 * A key that expired yesterday, and signatures by it: one made while it was valid, one made
 * after it expired (by the same key material given no expiry, as an attacker holding the old
 * key could).
 */
export async function expiredKey(data: Uint8Array | string) {
  const made = new Date(Date.now() - 3 * DAY);
  const key = await makeKey('Expired Signer', { date: made, keyExpirationTime: 2 * 86_400 - 3_600 });
  const before = await signDetached(data, key.privateKey, { date: new Date(made.getTime() + 3_600_000) });
  const { privateKey: unexpiring } = await openpgp.reformatKey({
    privateKey: key.privateKey,
    userIDs: [{ name: 'Expired Signer', email: 'expired.signer@example.com' }],
    date: made,
    format: 'object',
  });
  const after = await signDetached(data, unexpiring);
  return { key, before, after };
}

/** The key with its revocation certificate applied (OpenPGP.js has the method; its types do not list it). */
export async function revoked(key: openpgp.PublicKey, certificate: string): Promise<openpgp.PublicKey> {
  return (key as openpgp.PublicKey & { applyRevocationCertificate(certificate: string): Promise<openpgp.PublicKey> }).applyRevocationCertificate(certificate);
}
