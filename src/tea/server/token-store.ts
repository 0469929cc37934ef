import { createHash, randomBytes } from 'node:crypto';
import type { IssuedToken } from './token-handler.js';
import type { TokenVerdict } from './require-bearer.js';
import { InvalidArgumentError } from '../../shared/errors.js';
import type { TokenService } from './token-service.js';

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
 * const store = new MemoryTokenStore({ ttlSeconds: 60, now: () => now, maxTokensPerSubject: 10, sweepIntervalSeconds: false });
 * ```
 */
export interface MemoryTokenStoreOptions {
  /** Token lifetime in seconds. Default 3600. Fractions are allowed (handy in tests). */
  ttlSeconds?: number;
  /** The clock, in milliseconds. Default `Date.now`; tests pass a fake one. */
  now?: () => number;
  /**
   * Live tokens one subject (API key id) may hold; issuing one more revokes that subject's
   * oldest. Default 1,000: a well-behaved client holds one token and renews it before expiry.
   */
  maxTokensPerSubject?: number;
  /** Live tokens the store holds in all; issuing one more revokes the oldest of all. Default 100,000. */
  maxTokens?: number;
  /**
   * How often expired tokens are swept out, in seconds, by a timer that never keeps the process
   * alive and stops on {@link MemoryTokenStore.close}; `false` for no timer (expired tokens are
   * then dropped only when presented, or by calling `sweep()`). Default 60.
   */
  sweepIntervalSeconds?: number | false;
}

function handle(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) throw new InvalidArgumentError(`${name} must be a positive whole number`, { code: 'out-of-range' });
  return value;
}

/**
 * An in-memory store of opaque access tokens (5.3.2: random handles): 32 random bytes,
 * base64url, with an expiry and revocation. Tokens are kept as SHA-256 digests, so the store
 * never holds a usable token. It is bounded: an expired token is dropped when presented and by a
 * periodic sweep, each subject may hold `maxTokensPerSubject` live tokens and the store
 * `maxTokens` (the oldest is revoked to make room), and revocations are remembered only until the
 * token would have expired, at most `maxTokens` of them. Suitable for tests and single-process
 * servers (several instances need one token space: see {@link SignedTokens}); call `close()`
 * when done so the sweep timer stops. It is a {@link TokenService}: pass it as `tokens`.
 *
 * @example
 * ```ts
 * const store = new MemoryTokenStore({ ttlSeconds: 600, maxTokensPerSubject: 5 });
 * const handler = createTokenHandler({ verifyApiKey, tokens: store });
 * const guard = requireBearer({ tokens: store });
 * store.revokeAll(); // every issued token now gets error="invalid_token"
 * store.close();     // stops the sweep timer
 * ```
 */
export class MemoryTokenStore implements TokenService<TokenRecord> {
  /** The lifetime of the tokens it issues, in seconds. */
  readonly ttlSeconds: number;
  /** Live tokens one subject may hold. */
  readonly maxTokensPerSubject: number;
  /** Live tokens the store may hold. */
  readonly maxTokens: number;
  private readonly now: () => number;
  // Insertion order is issue order, so the first entry is always the oldest.
  private readonly live = new Map<string, TokenRecord>();
  private readonly bySubject = new Map<string, Set<string>>();
  // Handle → when the revoked token would have expired; after that "unknown" is as good an answer.
  private readonly revoked = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: MemoryTokenStoreOptions = {}) {
    const ttl = options.ttlSeconds ?? 3600;
    if (!Number.isFinite(ttl) || ttl <= 0) throw new InvalidArgumentError('ttlSeconds must be a positive number', { code: 'out-of-range' });
    this.ttlSeconds = ttl;
    this.now = options.now ?? (() => Date.now());
    this.maxTokensPerSubject = positiveInteger(options.maxTokensPerSubject ?? 1000, 'maxTokensPerSubject');
    this.maxTokens = positiveInteger(options.maxTokens ?? 100_000, 'maxTokens');
    const interval = options.sweepIntervalSeconds ?? 60;
    if (interval !== false) {
      if (!Number.isFinite(interval) || interval <= 0)
        throw new InvalidArgumentError('sweepIntervalSeconds must be a positive number or false', { code: 'out-of-range' });
      this.timer = setInterval(() => this.sweep(), interval * 1000);
      // A store must never be what keeps a process running.
      this.timer.unref?.();
    }
  }

  /** Issues a new token for `subject`, in the shape `issueToken` returns. */
  issue(subject: string): IssuedToken {
    const token = randomBytes(32).toString('base64url');
    const key = handle(token);
    const issuedAt = this.now();
    let own = this.bySubject.get(subject);
    if (!own) this.bySubject.set(subject, (own = new Set()));
    while (own.size >= this.maxTokensPerSubject) this.revokeHandle(own.values().next().value as string);
    while (this.live.size >= this.maxTokens) this.revokeHandle(this.live.keys().next().value as string);
    // revokeHandle may have dropped an emptied set; make sure this subject still has one.
    if (!this.bySubject.has(subject)) this.bySubject.set(subject, own);
    this.live.set(key, { subject, issuedAt, expiresAt: issuedAt + this.ttlSeconds * 1000 });
    own.add(key);
    return { access_token: token, expires_in: this.ttlSeconds };
  }

  /** Judges a presented token, in the shape `requireBearer`'s `verifyToken` returns. An expired token is dropped. */
  verify(token: string): TokenVerdict<TokenRecord> {
    const key = handle(token);
    const record = this.live.get(key);
    const now = this.now();
    if (record) {
      if (now < record.expiresAt) return { valid: true, principal: record };
      this.forget(key, record);
      return { valid: false, reason: 'expired' };
    }
    const until = this.revoked.get(key);
    if (until !== undefined) {
      if (now < until) return { valid: false, reason: 'revoked' };
      this.revoked.delete(key);
    }
    return { valid: false, reason: 'unknown' };
  }

  /** Revokes one token; returns whether it was live. */
  revoke(token: string): boolean {
    const key = handle(token);
    if (!this.live.has(key)) return false;
    this.revokeHandle(key);
    return true;
  }

  /** Revokes every token issued so far. */
  revokeAll(): void {
    for (const key of [...this.live.keys()]) this.revokeHandle(key);
  }

  /** How many records are held: live tokens plus remembered revocations. */
  get size(): number {
    return this.live.size + this.revoked.size;
  }

  /** How many live tokens are held, in all or for one subject. */
  liveCount(subject?: string): number {
    return subject === undefined ? this.live.size : (this.bySubject.get(subject)?.size ?? 0);
  }

  /** Drops expired tokens and revocations of tokens that would have expired by now. */
  sweep(): void {
    const now = this.now();
    for (const [key, record] of this.live) if (record.expiresAt <= now) this.forget(key, record);
    for (const [key, until] of this.revoked) if (until <= now) this.revoked.delete(key);
  }

  /** Stops the sweep timer. The store keeps working; expired tokens are then dropped only when presented. */
  close(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private forget(key: string, record: TokenRecord): void {
    this.live.delete(key);
    const own = this.bySubject.get(record.subject);
    own?.delete(key);
    if (own?.size === 0) this.bySubject.delete(record.subject);
  }

  private revokeHandle(key: string): void {
    const record = this.live.get(key);
    if (!record) return;
    this.forget(key, record);
    if (record.expiresAt <= this.now()) return;
    // Remembered so a late request hears "revoked", but never more of them than live tokens.
    if (this.revoked.size >= this.maxTokens) this.revoked.delete(this.revoked.keys().next().value as string);
    this.revoked.set(key, record.expiresAt);
  }
}
