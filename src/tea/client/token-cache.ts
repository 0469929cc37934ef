/**
 * Holds one service's bearer token: reused until it is about to expire or is rejected (section 5.5
 * item 5), with one token request at a time however many requests want a token.
 */
import type { BearerToken } from './token-request.js';

/**
 * Options for {@link TokenCache}.
 *
 * @example
 * ```ts
 * import { fetch } from 'undici';
 * import { TokenCache, requestToken, type TokenCacheOptions } from 'teapurl/tea';
 * const options: TokenCacheOptions = { renewBeforeSeconds: 60 };
 * const cache = new TokenCache(() => requestToken('https://tea.example.com/v1.0.0/token', { keyId: 'id', secret: 's3cret' }, { fetch }), options);
 * ```
 */
export interface TokenCacheOptions {
  /**
   * Renew this many seconds before `expires_in` runs out. Never more than half the token's
   * lifetime, so a short-lived token is still used for a while. Default 30.
   */
  renewBeforeSeconds?: number;
  /** Clock, ms since the epoch. */
  now?: () => number;
}

/** A token and the moment to stop using it. */
interface Held {
  token: BearerToken;
  renewAt: number;
}

/**
 * A single-flight token holder.
 *
 * @example
 * ```ts
 * import { fetch } from 'undici';
 * import { TokenCache, requestToken } from 'teapurl/tea';
 * const url = 'https://tea.example.com/v1.0.0/token';
 * const credentials = { keyId: 'id', secret: 's3cret' };
 * const cache = new TokenCache(() => requestToken(url, credentials, { fetch }), { renewBeforeSeconds: 60 });
 * const { accessToken } = await cache.get();
 * ```
 */
export class TokenCache {
  private held: Held | null = null;
  private pending: Promise<BearerToken> | null = null;
  private everHeld = false;
  private readonly renewBefore: number;
  private readonly now: () => number;

  constructor(
    private readonly obtain: () => Promise<BearerToken>,
    options: TokenCacheOptions = {},
  ) {
    this.renewBefore = Math.max(0, options.renewBeforeSeconds ?? 30);
    this.now = options.now ?? Date.now;
  }

  /** `true` once a token has been obtained: the service is known to want one. */
  get hasHeldToken(): boolean {
    return this.everHeld;
  }

  /** The held token if it is not yet due for renewal, else `null`. */
  usable(): BearerToken | null {
    if (this.held && this.now() < this.held.renewAt) return this.held.token;
    return null;
  }

  /** A usable token: the held one, the one being fetched, or a new one. */
  async get(): Promise<BearerToken> {
    const usable = this.usable();
    if (usable) return usable;
    this.pending ??= this.obtain()
      .then((token) => {
        this.held = { token, renewAt: this.renewAt(token) };
        this.everHeld = true;
        return token;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }

  /**
   * Forgets `accessToken` after a server rejected it. A token obtained since (by a concurrent
   * request) is kept: it was not the one rejected.
   */
  invalidate(accessToken: string): void {
    if (this.held?.token.accessToken === accessToken) this.held = null;
  }

  private renewAt(token: BearerToken): number {
    if (token.expiresIn === null) return Number.POSITIVE_INFINITY;
    const lifetime = token.expiresIn * 1000;
    return token.obtainedAt + lifetime - Math.min(this.renewBefore * 1000, lifetime / 2);
  }
}
