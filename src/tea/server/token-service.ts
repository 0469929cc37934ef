import type { IssuedToken, TokenIssueRequest } from './token-handler.js';
import type { TokenVerdict } from './require-bearer.js';

/**
 * What issues and judges access tokens for one server: the `tokens` option of
 * {@link createTokenHandler} (which calls `issue`) and of {@link requireBearer} (which calls
 * `verify`). Give both the same object. {@link MemoryTokenStore} keeps random handles in this
 * process; {@link SignedTokens} signs stateless tokens that every instance holding the same key
 * accepts. Each server builds its own: nothing is shared through module state.
 *
 * @example
 * ```ts
 * const tokens: TokenService<TokenRecord> = new SignedTokens({ keys: [{ kid: '2026-12', secret }] });
 * const endpoint = createTokenHandler({ verifyApiKey, tokens });
 * const guard = requireBearer({ tokens });
 * ```
 */
export interface TokenService<Principal = unknown> {
  /** Issues a token for `subject` (the API key id for `client_credentials`). */
  issue(subject: string, request?: TokenIssueRequest): IssuedToken | Promise<IssuedToken>;
  /** Judges a presented token. */
  verify(token: string): TokenVerdict<Principal> | Promise<TokenVerdict<Principal>>;
}
