/* Generated from schemas/annotated/tea-token-response.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * Body of a successful POST /token answer. Further members are allowed, as OAuth 2.0 token responses often carry them.
 *
 * @example
 * ```ts
 * import type { TokenResponse } from 'teapurl';
 * const tokenResponse: TokenResponse = {
 *   access_token: 'mF_9.B5f-4.1JqM',
 *   token_type: 'Bearer',
 *   expires_in: 3600,
 * };
 * ```
 */
export interface TokenResponse {
  /**
   * The bearer token. Opaque to clients: they present it and never look inside.
   */
  access_token: string;
  /**
   * Always the Bearer type. OAuth 2.0 compares token types without regard to case, so lowercase spellings are accepted.
   */
  token_type: 'Bearer' | (string & {});
  /**
   * Lifetime of the token in seconds. Servers should send it so clients can renew before expiry.
   */
  expires_in?: number;
  [k: string]: unknown | undefined;
}
