import { createHash, randomBytes } from 'node:crypto';
import type { IssuedToken } from './token-handler.js';
import type { TokenVerdict } from './require-bearer.js';

/**
 * What the store knows about a token it issued.
 *
 * @example
 * ```ts
 * const verdict = store.verify(token);
 * if (verdict.valid) console.log(verdict.principal?.subject); // TokenRecord
 * ```
 */
export interface TokenRecord {
  /** Whom the token was issued to (the API key id for `client_credentials`). */
  subject: string;
  /** Milliseconds since the epoch, by the store's clock. */
  issuedAt: number;
  /** When it stops being valid, in milliseconds since the epoch by the store's clock. */
  expiresAt: number;
}

/**
 * Options for {@link MemoryTokenStore}.
 *
 * @example
 * ```ts
 * let now = 0;
 * const store = new MemoryTokenStore({ ttlSeconds: 60, now: () => now }); // a fake clock for tests
 * ```
 */
export interface MemoryTokenStoreOptions {
  /** Token lifetime in seconds. Default 3600. Fractions are allowed (handy in tests). */
  ttlSeconds?: number;
  /** The clock, in milliseconds. Default `Date.now`; tests pass a fake one. */
  now?: () => number;
}

// Each record is kept this long after it expires (or is revoked), so a late request hears
// "expired"/"revoked" rather than "not recognised"; after that it is forgotten.
const REMEMBER_MS = 10 * 60 * 1000;
const SWEEP_EVERY = 1024;

function handle(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * An in-memory store of opaque access tokens (5.3.2: random handles): 32 random bytes,
 * base64url, with an expiry and revocation. Tokens are kept as SHA-256 digests, so the store
 * never holds a usable token. Suitable for tests and single-process servers.
 *
 * @example
 * ```ts
 * const store = new MemoryTokenStore({ ttlSeconds: 600 });
 * const handler = createTokenHandler({ verifyApiKey, issueToken: ({ subject }) => store.issue(subject) });
 * const guard = requireBearer({ verifyToken: (token) => store.verify(token) });
 * store.revokeAll(); // every issued token now gets error="invalid_token"
 * ```
 */
export class MemoryTokenStore {
  /** The lifetime of the tokens it issues, in seconds. */
  readonly ttlSeconds: number;
  private readonly now: () => number;
  private readonly live = new Map<string, TokenRecord>();
  private readonly revoked = new Map<string, number>();
  private issuedSinceSweep = 0;

  constructor(options: MemoryTokenStoreOptions = {}) {
    const ttl = options.ttlSeconds ?? 3600;
    if (!Number.isFinite(ttl) || ttl <= 0) throw new RangeError('ttlSeconds must be a positive number');
    this.ttlSeconds = ttl;
    this.now = options.now ?? Date.now;
  }

  /** Issues a new token for `subject`, in the shape `issueToken` returns. */
  issue(subject: string): IssuedToken {
    if (++this.issuedSinceSweep >= SWEEP_EVERY) this.sweep();
    const token = randomBytes(32).toString('base64url');
    const issuedAt = this.now();
    this.live.set(handle(token), { subject, issuedAt, expiresAt: issuedAt + this.ttlSeconds * 1000 });
    return { access_token: token, expires_in: this.ttlSeconds };
  }

  /** Judges a presented token, in the shape `requireBearer`'s `verifyToken` returns. */
  verify(token: string): TokenVerdict<TokenRecord> {
    const key = handle(token);
    const record = this.live.get(key);
    if (record) {
      if (this.now() < record.expiresAt) return { valid: true, principal: record };
      return { valid: false, reason: 'expired' };
    }
    if (this.revoked.has(key)) return { valid: false, reason: 'revoked' };
    return { valid: false, reason: 'unknown' };
  }

  /** Revokes one token; returns whether it was live. */
  revoke(token: string): boolean {
    const key = handle(token);
    const record = this.live.get(key);
    if (!record) return false;
    this.live.delete(key);
    this.revoked.set(key, this.now());
    return true;
  }

  /** Revokes every token issued so far. */
  revokeAll(): void {
    const now = this.now();
    for (const key of this.live.keys()) this.revoked.set(key, now);
    this.live.clear();
  }

  /** How many tokens are held (live or remembered as expired). */
  get size(): number {
    return this.live.size;
  }

  /** Forgets tokens that expired or were revoked long ago. */
  sweep(): void {
    this.issuedSinceSweep = 0;
    const horizon = this.now() - REMEMBER_MS;
    for (const [key, record] of this.live) if (record.expiresAt < horizon) this.live.delete(key);
    for (const [key, at] of this.revoked) if (at < horizon) this.revoked.delete(key);
  }
}
