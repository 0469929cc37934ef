/**
 * Stateless access tokens signed with a shared key (HS256 JWS, RFC 7515/7519, by the `jose`
 * library), so that several instances of a server accept each other's tokens: the token space is
 * the key, not a process's memory.
 *
 * @module
 */
import { randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TeapurlError } from '../../shared/errors.js';
import type { IssuedToken } from './token-handler.js';
import type { TokenVerdict } from './require-bearer.js';
import type { TokenRecord } from './token-store.js';
import type { TokenService } from './token-service.js';

/**
 * The fewest key bytes accepted: RFC 7518 section 3.2 asks HS256 for a key at least as long as the hash.
 *
 * @example
 * ```ts
 * import { randomBytes } from 'node:crypto';
 * const secret = randomBytes(MIN_TOKEN_KEY_BYTES); // 32
 * ```
 */
export const MIN_TOKEN_KEY_BYTES = 32;

// Longer than any token this module issues by far; a longer one is not read at all.
const MAX_TOKEN_LENGTH = 4096;
const ALGORITHM = 'HS256';
// RFC 9068 section 2.1: the media type of a JWT access token, so no other JWT signed with the
// same key (an ID token, an assertion) passes for one.
const TOKEN_TYPE = 'at+jwt';
const KEY_ID = /^[\x21-\x7e]{1,128}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * One key of a {@link SignedTokens} key set.
 *
 * @example
 * ```ts
 * import { randomBytes } from 'node:crypto';
 * const key: TokenSigningKey = { kid: '2026-12', secret: randomBytes(32) };
 * ```
 */
export interface TokenSigningKey {
  /** The key id written in each token's header (`kid`), so a verifier picks the key without trying each. Printable ASCII, 1 to 128 characters. */
  kid: string;
  /** The HMAC key: at least {@link MIN_TOKEN_KEY_BYTES} random bytes. */
  secret: Uint8Array;
}

/**
 * Options for {@link SignedTokens}.
 *
 * @example
 * ```ts
 * const options: SignedTokensOptions = { keys: [current, previous], ttlSeconds: 900, audience: 'tea.example.com' };
 * ```
 */
export interface SignedTokensOptions {
  /** The key set: the first signs, every one verifies (so an old key keeps working while its tokens drain). */
  keys: readonly TokenSigningKey[];
  /** Token lifetime in seconds, written into the token as `exp`. Default 3600. Fractions are allowed. */
  ttlSeconds?: number;
  /** The `aud` claim written and required: tokens of another service signed with the same key are refused. Default `tea`. */
  audience?: string;
  /** The `iss` claim written and required. Default `teapurl`. */
  issuer?: string;
  /** How far the instances' clocks may differ, in seconds: a token is accepted that long past its `exp`. Default 0. */
  clockToleranceSeconds?: number;
  /** The clock, in milliseconds. Default `Date.now`; tests pass a fake one. */
  now?: () => number;
  /**
   * How many verified tokens are remembered, so that a client presenting the same token again
   * (5.5: it keeps presenting it until it expires) is not verified again: its expiry is still
   * checked on every use. The oldest is forgotten first. Default 1,000 (well under 1 MB); 0 for none.
   */
  verifiedCacheSize?: number;
}

/**
 * What {@link readTokenKeySet} makes of a key set document: the keys, or the first problem, with a
 * JSON Pointer to where it is. A message never quotes a key's secret.
 *
 * @example
 * ```ts
 * const reading: TokenKeySetReading = readTokenKeySet(JSON.parse(text));
 * if (!reading.ok) console.error(`${reading.pointer || '/'}: ${reading.message}`);
 * ```
 */
export type TokenKeySetReading =
  | {
      /** The document is a usable key set. */
      ok: true;
      /** Its keys, in order: the first signs. */
      keys: TokenSigningKey[];
    }
  | {
      /** The document is not a usable key set. */
      ok: false;
      /** A JSON Pointer to the value at fault (`''` for the whole document). */
      pointer: string;
      /** Whether the pointer names a member's key (an unknown member) rather than its value. */
      atKey: boolean;
      /** What is wrong, in words. */
      message: string;
    };

const TOP_MEMBERS = new Set(['keys']);
const KEY_MEMBERS = new Set(['kty', 'kid', 'k', 'alg', 'use']);

/**
 * Reads a token key set: a JSON Web Key Set (RFC 7517 section 5) of symmetric keys,
 * `{"keys": [{"kty": "oct", "kid": "2026-12", "k": "<base64url of at least 32 random bytes>"}, ...]}`.
 * `alg`, when present, must be `HS256` and `use` must be `sig`. The first key signs; the others
 * only verify, for rotation. Kids must be distinct.
 *
 * @example
 * ```ts
 * const reading = readTokenKeySet({ keys: [{ kty: 'oct', kid: '2026-12', k: randomBytes(32).toString('base64url') }] });
 * if (reading.ok) new SignedTokens({ keys: reading.keys });
 * ```
 */
export function readTokenKeySet(document: unknown): TokenKeySetReading {
  const fail = (pointer: string, message: string, atKey = false): TokenKeySetReading => ({ ok: false, pointer, atKey, message });
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    return fail('', 'expected a JSON Web Key Set: {"keys": [{"kty": "oct", "kid": "...", "k": "..."}]}');
  }
  const extra = Object.keys(document).find((name) => !TOP_MEMBERS.has(name));
  if (extra !== undefined) return fail(`/${escapePointer(extra)}`, 'unknown member; a key set has only "keys"', true);
  const list = (document as { keys?: unknown }).keys;
  if (!Array.isArray(list) || list.length === 0) return fail(Object.hasOwn(document, 'keys') ? '/keys' : '', '"keys" must be a non-empty array of keys');
  const keys: TokenSigningKey[] = [];
  const seen = new Set<string>();
  for (const [index, item] of list.entries()) {
    const at = (member?: string) => `/keys/${index}${member === undefined ? '' : `/${escapePointer(member)}`}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return fail(at(), `key ${index}: expected an object {"kty": "oct", "kid", "k"}`);
    const unknown = Object.keys(item).find((name) => !KEY_MEMBERS.has(name));
    if (unknown !== undefined) return fail(at(unknown), `key ${index}: unknown member; a token key has "kty", "kid", "k" and optionally "alg" and "use"`, true);
    const { kty, kid, k, alg, use } = item as Record<string, unknown>;
    if (kty !== 'oct') return fail(at('kty'), `key ${index}: "kty" must be "oct" (a symmetric key)`);
    if (typeof kid !== 'string' || !KEY_ID.test(kid)) return fail(at('kid'), `key ${index}: "kid" must be 1 to 128 printable ASCII characters, no spaces`);
    const name = `key ${index} (${JSON.stringify(kid)})`;
    if (seen.has(kid)) return fail(at('kid'), `${name}: the key id appears more than once`);
    seen.add(kid);
    if (alg !== undefined && alg !== ALGORITHM) return fail(at('alg'), `${name}: "alg" must be "${ALGORITHM}" when present`);
    if (use !== undefined && use !== 'sig') return fail(at('use'), `${name}: "use" must be "sig" when present`);
    if (typeof k !== 'string' || k === '') return fail(at('k'), `${name}: "k" must be the key, base64url without padding`);
    if (!BASE64URL.test(k) || k.length % 4 === 1) return fail(at('k'), `${name}: "k" is not base64url without padding`);
    const secret = Buffer.from(k, 'base64url');
    if (secret.length < MIN_TOKEN_KEY_BYTES) {
      return fail(at('k'), `${name}: the key is ${secret.length} bytes; at least ${MIN_TOKEN_KEY_BYTES} random bytes are needed (RFC 7518 section 3.2)`);
    }
    keys.push({ kid, secret: new Uint8Array(secret) });
  }
  return { ok: true, keys };
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

function checkKeys(keys: readonly TokenSigningKey[]): void {
  if (!Array.isArray(keys) || keys.length === 0) throw new TypeError('keys must be a non-empty array: the first signs, every one verifies');
  const seen = new Set<string>();
  for (const [index, key] of keys.entries()) {
    if (typeof key?.kid !== 'string' || !KEY_ID.test(key.kid)) throw new TypeError(`keys[${index}].kid must be 1 to 128 printable ASCII characters, no spaces`);
    if (seen.has(key.kid)) throw new TypeError(`keys[${index}].kid ${JSON.stringify(key.kid)} appears more than once`);
    seen.add(key.kid);
    if (!(key.secret instanceof Uint8Array) || key.secret.length < MIN_TOKEN_KEY_BYTES) {
      throw new RangeError(`keys[${index}] (${JSON.stringify(key.kid)}): the secret must be at least ${MIN_TOKEN_KEY_BYTES} bytes (RFC 7518 section 3.2)`);
    }
  }
}

/** The jose error codes and what a presented token that raised one is called. */
const REASONS: ReadonlyMap<string, 'expired' | 'malformed' | 'unknown'> = new Map([
  ['ERR_JWT_EXPIRED', 'expired'],
  ['ERR_JWS_INVALID', 'malformed'],
  ['ERR_JWT_INVALID', 'malformed'],
  ['ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'unknown'],
  ['ERR_JWT_CLAIM_VALIDATION_FAILED', 'unknown'],
  ['ERR_JOSE_ALG_NOT_ALLOWED', 'unknown'],
  ['ERR_JOSE_NOT_SUPPORTED', 'unknown'],
]);

/** Thrown by the key look-up for a `kid` the key set lacks; answered like a bad signature, never seen outside. */
class UnknownKeyId extends TeapurlError<'token-key-unknown'> {
  constructor() {
    super('the token names a key id this key set lacks', { code: 'token-key-unknown' });
  }
}

/**
 * Signed, stateless access tokens: a compact JWS (HS256, header `typ: at+jwt` and the signing
 * key's `kid`) whose claims are `iss`, `aud`, `sub` (the API key id, which 5.2.1 says need not be
 * confidential), `iat`, `exp` (the expiry, so every instance judges it alike) and a random `jti`.
 * Every instance given the same key set accepts every other's tokens and refuses any other
 * token; no store is kept, so a token cannot be revoked alone (rotate the key for that: remove
 * it from every instance's key set). To clients the token stays opaque (5.3.2): they send it
 * back and read nothing in it. Give the same object to {@link createTokenHandler} and
 * {@link requireBearer} as `tokens`.
 *
 * @example
 * ```ts
 * import { randomBytes } from 'node:crypto';
 * const tokens = new SignedTokens({ keys: [{ kid: '2026-12', secret: randomBytes(32) }], ttlSeconds: 900 });
 * const endpoint = createTokenHandler({ verifyApiKey: apiKeyVerifier([{ keyId: 'ci', secret: 's3cret' }]), tokens });
 * const guard = requireBearer({ tokens });
 * const { access_token } = await tokens.issue('ci');
 * (await tokens.verify(access_token)).valid; // true, here and on every instance with the same key
 * ```
 */
export class SignedTokens implements TokenService<TokenRecord> {
  /** The lifetime of the tokens it issues, in seconds. */
  readonly ttlSeconds: number;
  /** The `kid` of the key that signs. */
  readonly signingKeyId: string;
  /** The `kid`s of every key accepted, the signing key first. */
  readonly keyIds: readonly string[];
  private readonly audience: string;
  private readonly issuer: string;
  private readonly toleranceSeconds: number;
  private readonly now: () => number;
  private readonly secrets: ReadonlyMap<string, Uint8Array>;
  private cryptoKeys: Promise<Map<string, webcrypto.CryptoKey>> | undefined;
  private readonly cacheSize: number;
  // Token → its verified record; insertion order is verification order, the first the oldest.
  private readonly verified = new Map<string, Readonly<TokenRecord>>();

  constructor(options: SignedTokensOptions) {
    checkKeys(options.keys);
    const ttl = options.ttlSeconds ?? 3600;
    if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError('ttlSeconds must be a positive number');
    const tolerance = options.clockToleranceSeconds ?? 0;
    if (!Number.isFinite(tolerance) || tolerance < 0) throw new RangeError('clockToleranceSeconds must be a number >= 0');
    for (const name of ['audience', 'issuer'] as const) {
      const value = options[name];
      if (value !== undefined && (typeof value !== 'string' || value === '')) throw new TypeError(`${name} must be a non-empty string`);
    }
    const cacheSize = options.verifiedCacheSize ?? 1000;
    if (!Number.isSafeInteger(cacheSize) || cacheSize < 0) throw new RangeError('verifiedCacheSize must be a whole number >= 0');
    this.cacheSize = cacheSize;
    this.ttlSeconds = ttl;
    this.toleranceSeconds = tolerance;
    this.audience = options.audience ?? 'tea';
    this.issuer = options.issuer ?? 'teapurl';
    this.now = options.now ?? (() => Date.now());
    // Copies: a caller that reuses or wipes its buffer afterwards changes nothing here.
    this.secrets = new Map(options.keys.map((key) => [key.kid, new Uint8Array(key.secret)]));
    this.keyIds = options.keys.map((key) => key.kid);
    this.signingKeyId = this.keyIds[0]!;
  }

  /** The keys as Web Crypto keys, imported once on first use. */
  private keys(): Promise<Map<string, webcrypto.CryptoKey>> {
    this.cryptoKeys ??= Promise.all(
      [...this.secrets].map(
        async ([kid, secret]) => [kid, await webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])] as const,
      ),
    ).then((pairs) => new Map(pairs));
    return this.cryptoKeys;
  }

  /** Issues a token for `subject`, in the shape `createTokenHandler` sends. */
  async issue(subject: string): Promise<IssuedToken> {
    if (typeof subject !== 'string' || subject === '') throw new TypeError('subject must be a non-empty string');
    const key = (await this.keys()).get(this.signingKeyId)!;
    const nowMs = this.now();
    // NumericDate in seconds; exp keeps milliseconds (RFC 7519 allows fractions) so a short
    // lifetime ends when it says.
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: ALGORITHM, typ: TOKEN_TYPE, kid: this.signingKeyId })
      .setIssuer(this.issuer)
      .setAudience(this.audience)
      .setSubject(subject)
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime((nowMs + Math.round(this.ttlSeconds * 1000)) / 1000)
      .setJti(randomBytes(16).toString('base64url'))
      .sign(key);
    return { access_token: token, expires_in: this.ttlSeconds };
  }

  /** Judges a presented token, in the shape `requireBearer` expects: signature, key id, type, issuer, audience and expiry. */
  async verify(token: string): Promise<TokenVerdict<TokenRecord>> {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) return { valid: false, reason: 'malformed' };
    const nowMs = this.now();
    const known = this.verified.get(token);
    if (known !== undefined) {
      if (nowMs < known.expiresAt + this.toleranceSeconds * 1000) return { valid: true, principal: known };
      this.verified.delete(token);
      return { valid: false, reason: 'expired' };
    }
    const keys = await this.keys();
    let payload: { sub?: unknown; iat?: unknown; exp?: unknown };
    try {
      ({ payload } = await jwtVerify(
        token,
        (header) => {
          const key = header.kid === undefined ? undefined : keys.get(header.kid);
          if (!key) throw new UnknownKeyId();
          return key;
        },
        {
          algorithms: [ALGORITHM],
          typ: TOKEN_TYPE,
          issuer: this.issuer,
          audience: this.audience,
          requiredClaims: ['sub', 'iat', 'exp', 'jti'],
          clockTolerance: this.toleranceSeconds,
          currentDate: new Date(nowMs),
        },
      ));
    } catch (error) {
      if (error instanceof UnknownKeyId) return { valid: false, reason: 'unknown' };
      const reason = REASONS.get((error as { code?: unknown }).code as string);
      if (reason === undefined) throw error;
      return { valid: false, reason };
    }
    const { sub, iat, exp } = payload;
    if (typeof sub !== 'string' || sub === '' || typeof iat !== 'number' || typeof exp !== 'number') return { valid: false, reason: 'malformed' };
    const expiresAt = exp * 1000;
    // jose compares whole seconds; this is the millisecond check.
    if (nowMs >= expiresAt + this.toleranceSeconds * 1000) return { valid: false, reason: 'expired' };
    const principal: Readonly<TokenRecord> = Object.freeze({ subject: sub, issuedAt: iat * 1000, expiresAt });
    if (this.cacheSize > 0) {
      if (this.verified.size >= this.cacheSize) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, principal);
    }
    return { valid: true, principal };
  }
}
