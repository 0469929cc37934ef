/**
 * OpenPGP detached signatures over downloaded artefacts, with OpenPGP.js (`openpgp`): an optional
 * peer dependency, loaded only when a keyring is read, so that an install that never verifies a
 * signature carries none of it (17 MB unpacked).
 *
 * A keyring holds public keys only (armored, binary, or an Apache-style `KEYS` file of several
 * armored blocks, with revocation certificates beside them); a secret key is refused without a
 * byte of it printed. A signature is verified over the exact bytes, and its verdict says what
 * held: the signing key, its user id, when the signature was made and with which algorithms.
 */
import type * as OpenPgp from 'openpgp';
import { TeapurlError } from '../../../shared/errors.js';
import { loadOpenPgp } from './load-openpgp.js';

export { OPENPGP_MISSING } from './openpgp-missing.js';

/**
 * Why a keyring was refused.
 *
 * @example
 * ```ts
 * import type { TeaKeyringFailure } from 'teapurl/node';
 * const failure: TeaKeyringFailure = 'secret-key';
 * ```
 */
export type TeaKeyringFailure = 'secret-key' | 'unreadable' | 'not-a-key' | 'empty';

/**
 * A keyring that could not be read. The message names the file and the block, never the key
 * material (for a secret key, not a byte of it).
 *
 * @example
 * ```ts
 * import { readKeyring, TeaKeyringError } from 'teapurl/node';
 * try {
 *   await readKeyring([{ name: 'my-keys.asc', content: '-----BEGIN PGP PRIVATE KEY BLOCK-----…' }]);
 * } catch (error) {
 *   if (error instanceof TeaKeyringError && error.code === 'secret-key') console.error(error.message);
 * }
 * ```
 */
export class TeaKeyringError extends TeapurlError<TeaKeyringFailure> {
  constructor(code: TeaKeyringFailure, message: string) {
    super(message, { code });
  }
}

/**
 * Public keys to verify signatures with, read by {@link readKeyring}.
 *
 * @example
 * ```ts
 * import { readKeyring } from 'teapurl/node';
 * import { readFileSync } from 'node:fs';
 * const keyring = await readKeyring([{ name: 'KEYS', content: readFileSync('KEYS') }]);
 * console.log(keyring.keys.map((key) => `${key.fingerprint} ${key.userId ?? ''}`).join('\n'));
 * ```
 */
export class TeaKeyring {
  /** @internal OpenPGP.js's keys. */
  /** The keys as OpenPGP.js reads them (its `PublicKey`s): typed apart, so that these declarations need no `openpgp`. */
  readonly openpgpKeys: readonly unknown[];
  /** Each key of the keyring. */
  readonly keys: ReadonlyArray<TeaKeyringKey>;
  /** @internal */
  constructor(openpgpKeys: readonly unknown[], keys: TeaKeyring['keys']) {
    this.openpgpKeys = openpgpKeys;
    this.keys = keys;
  }
}

/**
 * One key of a {@link TeaKeyring}.
 *
 * @example
 * ```ts
 * import type { TeaKeyringKey } from 'teapurl/node';
 * const line = (key: TeaKeyringKey) => `${key.fingerprint} ${key.userId ?? ''}${key.revoked ? ' (revoked)' : ''}`;
 * ```
 */
export interface TeaKeyringKey {
  /** The primary key's fingerprint, uppercase hexadecimal. */
  readonly fingerprint: string;
  /** Its primary user id. */
  readonly userId?: string;
  /** Whether a revocation in the keyring revokes it. */
  readonly revoked: boolean;
}

/**
 * A keyring file, as read from disk (bytes) or given as text.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import type { KeyringSource } from 'teapurl/node';
 * const source: KeyringSource = { name: 'KEYS', content: readFileSync('KEYS') };
 * ```
 */
export interface KeyringSource {
  /** The name messages give it: its path. */
  readonly name: string;
  /** Its bytes, or its text. */
  readonly content: Uint8Array | string;
}

const ARMOR_BLOCK = /-----BEGIN PGP ([A-Z ,/0-9]+?)-----[\s\S]*?-----END PGP \1-----/g;

/**
 * Reads public keys: armored blocks (one or several, as in an Apache `KEYS` file, where text
 * surrounds them), or binary keys. A revocation certificate (an armored block holding only a key
 * revocation) revokes the key it names; a key given twice is merged, so a revocation in one file
 * applies to the key from another. Throws a {@link TeaKeyringError} for a secret key (never
 * printed), a block that is not a public key, or when no key is found; an `Error` with `code`
 * {@link OPENPGP_MISSING} when `openpgp` is not installed.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { readKeyring } from 'teapurl/node';
 * const keyring = await readKeyring([{ name: 'KEYS', content: readFileSync('KEYS') }]);
 * console.log(`${keyring.keys.length} keys`);
 * ```
 */
export async function readKeyring(sources: readonly KeyringSource[]): Promise<TeaKeyring> {
  const openpgp = loadOpenPgp();
  const keys: OpenPgp.PublicKey[] = [];
  const revocations: Array<{ name: string; block: string }> = [];
  const refuseSecret = (name: string, where: string) =>
    new TeaKeyringError(
      'secret-key',
      `${name}${where} holds a secret (private) key; a keyring must hold public keys only (gpg --export, not --export-secret-keys): it was not read`,
    );
  for (const { name, content } of sources) {
    const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    const text = new TextDecoder('latin1').decode(bytes);
    const armored = /-----BEGIN PGP /.test(text);
    if (armored) {
      const blocks = [...text.matchAll(ARMOR_BLOCK)];
      if (blocks.length === 0) throw new TeaKeyringError('unreadable', `${name}: an armor header with no matching end line: not a keyring teapurl can read`);
      // Refuse the whole file before reading anything from it when any block is secret.
      const secret = blocks.findIndex((block) => /SECRET|PRIVATE/.test(block[1]!));
      if (secret >= 0) throw refuseSecret(name, blocks.length > 1 ? ` (block ${secret + 1})` : '');
      for (const [i, block] of blocks.entries()) {
        const where = blocks.length > 1 ? ` (block ${i + 1})` : '';
        if (block[1] !== 'PUBLIC KEY BLOCK') throw new TeaKeyringError('not-a-key', `${name}${where} is a PGP ${block[1]!.toLowerCase()}, not a public key`);
        let read: OpenPgp.Key[];
        try {
          read = await openpgp.readKeys({ armoredKeys: block[0] });
        } catch (error) {
          // A revocation certificate is a public key block with a signature and no key.
          if (/No key packet found/.test((error as Error).message)) {
            revocations.push({ name: `${name}${where}`, block: block[0] });
            continue;
          }
          throw new TeaKeyringError('unreadable', `${name}${where} cannot be read as OpenPGP public keys: ${(error as Error).message}`);
        }
        if (read.some((key) => key.isPrivate())) throw refuseSecret(name, where);
        keys.push(...(read as OpenPgp.PublicKey[]));
      }
    } else {
      let read: OpenPgp.Key[];
      try {
        read = await openpgp.readKeys({ binaryKeys: bytes });
      } catch (error) {
        if (/secret|private/i.test((error as Error).message)) throw refuseSecret(name, '');
        throw new TeaKeyringError('unreadable', `${name} cannot be read as OpenPGP public keys (armored or binary): ${(error as Error).message}`);
      }
      if (read.some((key) => key.isPrivate())) throw refuseSecret(name, '');
      keys.push(...(read as OpenPgp.PublicKey[]));
    }
  }
  // The same key twice (a KEYS file, and the key again with a revocation): one key, merged.
  const byFingerprint = new Map<string, OpenPgp.PublicKey>();
  for (const key of keys) {
    const fingerprint = key.getFingerprint();
    const seen = byFingerprint.get(fingerprint);
    byFingerprint.set(fingerprint, seen ? await seen.update(key) : key);
  }
  for (const { block } of revocations) {
    for (const [fingerprint, key] of byFingerprint) {
      // Throws unless the certificate is this key's, and valid.
      const revoked = await (key as OpenPgp.PublicKey & { applyRevocationCertificate(certificate: string): Promise<OpenPgp.PublicKey> })
        .applyRevocationCertificate(block)
        .catch(() => null);
      if (revoked) byFingerprint.set(fingerprint, revoked);
    }
  }
  if (byFingerprint.size === 0) throw new TeaKeyringError('empty', `${sources.map((s) => s.name).join(', ') || 'the keyring'} holds no OpenPGP public key`);
  const final = [...byFingerprint.values()];
  const described = await Promise.all(
    final.map(async (key) => {
      const userId = await primaryUserId(key);
      return { fingerprint: key.getFingerprint().toUpperCase(), ...(userId !== undefined ? { userId } : {}), revoked: await key.isRevoked() };
    }),
  );
  return new TeaKeyring(final, described);
}

async function primaryUserId(key: OpenPgp.PublicKey, date?: Date): Promise<string | undefined> {
  try {
    return (await key.getPrimaryUser(date)).user.userID?.userID || undefined;
  } catch {
    return key.getUserIDs()[0] || undefined;
  }
}

/**
 * A signature's verdict: `verified`, or why it does not vouch for the bytes. `unsigned` is what
 * a download reports for a format with no `signatureUrl`.
 *
 * @example
 * ```ts
 * import type { TeaSignatureVerdict } from 'teapurl/node';
 * const failed = (verdict: TeaSignatureVerdict) => verdict !== 'verified' && verdict !== 'unsigned';
 * ```
 */
export type TeaSignatureVerdict =
  | 'verified'
  | 'unsigned'
  | 'unknown-key'
  | 'bad-signature'
  | 'expired-key'
  | 'signed-after-expiry'
  | 'revoked-key'
  | 'expired-signature'
  | 'weak-hash'
  | 'not-detached'
  | 'malformed'
  | 'too-large'
  | 'unavailable';

/**
 * What a signature check found. For `verified` the signer is named: the key's fingerprint and
 * user id, the signature's creation time and algorithms; for a failure, `message` says why
 * (and the key, when it is known).
 *
 * @example
 * ```ts
 * import type { TeaSignatureCheck } from 'teapurl/node';
 * const line = (c: TeaSignatureCheck) => c.verdict === 'verified' ? `signed by ${c.fingerprint} ${c.userId ?? ''} on ${c.created}` : `${c.verdict}: ${c.message}`;
 * ```
 */
export interface TeaSignatureCheck {
  /** The verdict. */
  verdict: TeaSignatureVerdict;
  /** Why, in a sentence (for `verified`, what held). */
  message: string;
  /** The signing key's primary fingerprint, uppercase hexadecimal, when the key is in the keyring. */
  fingerprint?: string;
  /** The signing subkey's fingerprint, when a subkey signed. */
  subkeyFingerprint?: string;
  /** The key id the signature names (16 hexadecimal digits), always known once read. */
  keyId?: string;
  /** The signing key's primary user id. */
  userId?: string;
  /** When the signature says it was made, ISO 8601. */
  created?: string;
  /** The signature's hash (`SHA-256`, `SHA-512`, `SHA-1`, …). */
  hashAlgorithm?: string;
  /** The key's algorithm (`RSA`, `EdDSA`, `ECDSA`, `Ed25519`, …). */
  publicKeyAlgorithm?: string;
}

/**
 * How strict a signature check is.
 *
 * @example
 * ```ts
 * import type { TeaSignaturePolicy } from 'teapurl/node';
 * const legacy: TeaSignaturePolicy = { weakHashes: ['MD5', 'RIPEMD-160'] }; // accept SHA-1 signatures
 * ```
 */
export interface TeaSignaturePolicy {
  /** Signature hashes refused as weak. Default: `MD5`, `SHA-1`, `RIPEMD-160`. */
  weakHashes?: readonly string[];
  /**
   * Accept a signature made while its key was valid by a key that has expired since. Default
   * `false`: an expired key no longer vouches for anything (whoever holds it now can date a
   * signature before its expiry).
   */
  allowExpiredKeys?: boolean;
  /** The time to check against. Default: now. */
  now?: Date;
}

/**
 * The largest detached signature read, in bytes: dozens of signatures by RSA-4096 keys fit.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { MAX_SIGNATURE_BYTES } from 'teapurl/node';
 * const signature = readFileSync('artefact.asc');
 * if (signature.byteLength > MAX_SIGNATURE_BYTES) throw new Error('not a detached signature');
 * ```
 */
export const MAX_SIGNATURE_BYTES = 65_536;

const DEFAULT_WEAK_HASHES = ['MD5', 'SHA-1', 'RIPEMD-160'];

/** OpenPGP.js's hash names, as checksums and messages name them. */
const HASH_NAMES: Readonly<Record<string, string>> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  ripemd: 'RIPEMD-160',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
  sha224: 'SHA-224',
  sha3_256: 'SHA3-256',
  sha3_512: 'SHA3-512',
};
/** OpenPGP.js's public-key algorithm names, as people say them. */
const KEY_ALGORITHM_NAMES: Readonly<Record<string, string>> = {
  rsaEncryptSign: 'RSA',
  rsaSign: 'RSA',
  dsa: 'DSA',
  ecdsa: 'ECDSA',
  eddsaLegacy: 'EdDSA',
  ed25519: 'Ed25519',
  ed448: 'Ed448',
};

/** OpenPGP.js's failure messages, and the verdict each means (the first that matches). */
const FAILURES: ReadonlyArray<readonly [RegExp, TeaSignatureVerdict, string]> = [
  [/Could not find signing key/, 'unknown-key', 'the signing key is not in the keyring'],
  [/Signed digest did not match|Signature verification failed/, 'bad-signature', 'the signature does not match these bytes'],
  [/revoked/i, 'revoked-key', 'the signing key is revoked'],
  [/Signature is expired/, 'expired-signature', 'the signature itself has expired'],
  [/expired/i, 'signed-after-expiry', 'the signature was made after the signing key expired'],
  [/Insecure (?:message )?hash algorithm/, 'weak-hash', 'the signature uses a weak hash'],
  [/newer than the signature|creation time is in the future/, 'bad-signature', 'the signature is dated before its key was made, or in the future'],
];

/** The bytes of text or bytes. */
function toBytes(value: Uint8Array | string): Uint8Array {
  return typeof value === 'string' ? new TextEncoder().encode(value) : value;
}

/**
 * Verifies an OpenPGP detached signature (armored `.asc` or binary `.sig`) over `data`: the bytes,
 * or a stream of them (read once, in constant memory). Never throws for a bad signature: the
 * verdict says what held. A cleartext or inline-signed message where a detached signature was
 * expected is `not-detached`; a signature hash in `policy.weakHashes` is `weak-hash`. The
 * keyring may be one read by {@link readKeyring}, or the keys themselves (armored text or
 * bytes). Throws only when the keyring is refused or `openpgp` is not installed.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { verifyDetachedSignature } from 'teapurl/node';
 * const check = await verifyDetachedSignature(readFileSync('log4j-core.cdx.json'), readFileSync('log4j-core.cdx.json.asc'), readFileSync('KEYS', 'utf8'));
 * console.log(check.verdict === 'verified' ? `good signature by ${check.userId} (${check.fingerprint})` : `${check.verdict}: ${check.message}`);
 * ```
 */
export async function verifyDetachedSignature(
  data: Uint8Array | ReadableStream<Uint8Array>,
  signature: Uint8Array | string,
  keyring: TeaKeyring | Uint8Array | string,
  policy: TeaSignaturePolicy = {},
): Promise<TeaSignatureCheck> {
  const openpgp = loadOpenPgp();
  const ring = keyring instanceof TeaKeyring ? keyring : await readKeyring([{ name: 'the keyring', content: keyring }]);
  const drain = async () => {
    if (!(data instanceof Uint8Array)) await data.cancel().catch(() => undefined);
  };
  const bytes = toBytes(signature);
  if (bytes.byteLength > MAX_SIGNATURE_BYTES) {
    await drain();
    return { verdict: 'too-large', message: `the signature is ${bytes.byteLength} bytes, more than the ${MAX_SIGNATURE_BYTES} a detached signature may have` };
  }
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const armor = /-----BEGIN PGP ([A-Z ]+)-----/.exec(head)?.[1];
  if (armor === 'SIGNED MESSAGE' || armor === 'MESSAGE') {
    await drain();
    return {
      verdict: 'not-detached',
      message: `it is ${armor === 'MESSAGE' ? 'a signed OpenPGP message (the document inside the signature)' : 'a cleartext-signed message'}, not a detached signature over the file`,
    };
  }
  if (armor !== undefined && armor !== 'SIGNATURE') {
    await drain();
    return { verdict: 'malformed', message: `it is a PGP ${armor.toLowerCase()}, not a signature` };
  }
  let parsed: OpenPgp.Signature;
  try {
    parsed =
      armor === 'SIGNATURE'
        ? await openpgp.readSignature({ armoredSignature: new TextDecoder().decode(bytes) })
        : await openpgp.readSignature({ binarySignature: bytes });
  } catch (error) {
    await drain();
    const why = (error as Error).message;
    if (/onePassSignature|literalData|compressedData|Packet not allowed/i.test(why))
      return { verdict: 'not-detached', message: 'it is a signed OpenPGP message (the document inside the signature), not a detached signature over the file' };
    return { verdict: 'malformed', message: `it cannot be read as an OpenPGP signature: ${why}` };
  }
  const packets = parsed.packets.filter((packet): packet is OpenPgp.SignaturePacket => packet instanceof openpgp.SignaturePacket);
  const documentTypes = new Set([openpgp.enums.signature.binary, openpgp.enums.signature.text]);
  if (packets.length === 0 || packets.some((packet) => !documentTypes.has(packet.signatureType!))) {
    await drain();
    return { verdict: 'malformed', message: 'it holds no signature over a document (a key certification or revocation is not a signature of a file)' };
  }

  const weak = new Set(policy.weakHashes ?? DEFAULT_WEAK_HASHES);
  const describe = (packet: OpenPgp.SignaturePacket): Pick<TeaSignatureCheck, 'keyId' | 'created' | 'hashAlgorithm' | 'publicKeyAlgorithm'> => {
    const hash = openpgp.enums.read(openpgp.enums.hash, packet.hashAlgorithm!) as string;
    const algorithm = openpgp.enums.read(openpgp.enums.publicKey, packet.publicKeyAlgorithm!) as string;
    return {
      keyId: packet.issuerKeyID.toHex().toUpperCase(),
      ...(packet.created ? { created: packet.created.toISOString() } : {}),
      hashAlgorithm: HASH_NAMES[hash] ?? hash.toUpperCase(),
      publicKeyAlgorithm: KEY_ALGORITHM_NAMES[algorithm] ?? algorithm,
    };
  };
  const weakOne = packets.find((packet) => weak.has(describe(packet).hashAlgorithm!));
  if (weakOne) {
    await drain();
    const facts = describe(weakOne);
    return { verdict: 'weak-hash', message: `the signature uses ${facts.hashAlgorithm}, a hash refused as weak`, ...facts };
  }

  const config = {
    ...openpgp.config,
    rejectMessageHashAlgorithms: new Set(
      [...openpgp.config.rejectMessageHashAlgorithms].filter((id) => weak.has(HASH_NAMES[openpgp.enums.read(openpgp.enums.hash, id) as string] ?? '')),
    ),
  };
  const now = policy.now ?? new Date();
  const result = await openpgp.verify({
    message: await openpgp.createMessage({ binary: data as Uint8Array }),
    signature: parsed,
    verificationKeys: [...(ring.openpgpKeys as OpenPgp.PublicKey[])],
    date: now,
    config,
  });
  // A streamed message is hashed as it is read: read it to its end before the verdicts settle.
  if (!(result.data instanceof Uint8Array) && typeof result.data !== 'string') for await (const _ of result.data as AsyncIterable<unknown>) void _;

  const checks: TeaSignatureCheck[] = [];
  for (const [i, outcome] of result.signatures.entries()) {
    const packet = packets[i]!;
    const facts = describe(packet);
    const key = (ring.openpgpKeys as OpenPgp.PublicKey[]).find((k) => k.getKeys(packet.issuerKeyID).length > 0);
    const signer: { fingerprint?: string; subkeyFingerprint?: string; userId?: string } = key
      ? { fingerprint: key.getFingerprint().toUpperCase(), ...(await subkeyOf(key, packet)), ...(await userIdOf(key, packet.created ?? undefined)) }
      : {};
    try {
      await outcome.verified;
    } catch (error) {
      const why = (error as Error).message;
      const [, verdict, message] = FAILURES.find(([pattern]) => pattern.test(why)) ?? [/./, 'bad-signature' as const, `the signature does not hold: ${why}`];
      checks.push({ verdict, message: verdict === 'unknown-key' ? `${message} (key id ${facts.keyId})` : message, ...facts, ...signer });
      continue;
    }
    // Valid when made; an expired key no longer vouches unless the policy says so.
    const expires = await expiryOf(key!, packet);
    if (expires !== null && expires <= now && policy.allowExpiredKeys !== true) {
      checks.push({
        verdict: 'expired-key',
        message: `the signing key expired on ${expires.toISOString()} (the signature was made on ${facts.created}, before)`,
        ...facts,
        ...signer,
      });
      continue;
    }
    checks.push({ verdict: 'verified', message: `a good signature by ${signer.userId ?? signer.fingerprint}`, ...facts, ...signer });
  }
  // One good signature by a key of the keyring is enough; else the first failure by a known key, else the first.
  return checks.find((c) => c.verdict === 'verified') ?? checks.find((c) => c.verdict !== 'unknown-key') ?? checks[0]!;
}

async function subkeyOf(key: OpenPgp.PublicKey, packet: OpenPgp.SignaturePacket): Promise<{ subkeyFingerprint?: string }> {
  const signing = key.getKeys(packet.issuerKeyID)[0];
  const fingerprint = signing?.getFingerprint().toUpperCase();
  return fingerprint && fingerprint !== key.getFingerprint().toUpperCase() ? { subkeyFingerprint: fingerprint } : {};
}

async function userIdOf(key: OpenPgp.PublicKey, date: Date | undefined): Promise<{ userId?: string }> {
  const userId = await primaryUserId(key, date);
  return userId !== undefined ? { userId } : {};
}

/** When the key that made `packet` expires (the primary's expiry bounds a subkey's), or `null` for never. */
async function expiryOf(key: OpenPgp.PublicKey, packet: OpenPgp.SignaturePacket): Promise<Date | null> {
  const times: Array<Date | number | null> = [await key.getExpirationTime().catch(() => null)];
  const subkey = key.getSubkeys().find((s) => s.getKeyID().equals(packet.issuerKeyID));
  if (subkey) times.push(await subkey.getExpirationTime().catch(() => null));
  const dates = times.filter((t): t is Date => t instanceof Date);
  return dates.length === 0 ? null : new Date(Math.min(...dates.map((d) => d.getTime())));
}
