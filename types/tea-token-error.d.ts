/* Generated from schemas/annotated/tea-token-error.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * The OAuth 2.0 error code. TEA servers use invalid_client for a bad API key and unsupported_grant_type for a grant they do not implement.
 *
 * @example
 * ```ts
 * import type { TokenErrorCode } from 'teapurl';
 * const tokenErrorCode: TokenErrorCode = 'unsupported_grant_type';
 * ```
 */
export type TokenErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope';

/**
 * Body of a failed POST /token answer, in the OAuth 2.0 error shape (RFC 6749 section 5.2).
 *
 * @example
 * ```ts
 * import type { TokenError } from 'teapurl';
 * const tokenError: TokenError = { error: 'invalid_client', error_description: 'unknown API key id' };
 * ```
 */
export interface TokenError {
  /**
   * The OAuth 2.0 error code. TEA servers use invalid_client for a bad API key and unsupported_grant_type for a grant they do not implement.
   */
  error: TokenErrorCode;
  /**
   * Human-readable detail for the developer; printable ASCII without double quote or backslash.
   */
  error_description?: string;
  /**
   * A page that explains the error.
   */
  error_uri?: string;
  [k: string]: unknown | undefined;
}
