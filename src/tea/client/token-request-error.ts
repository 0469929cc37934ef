/**
 * The error of the token request, apart from the request itself (request-token-flow.ts, loaded on
 * the first token request) so that the client's entry exports it without loading the request.
 */
import { TeapurlError } from '../../shared/errors.js';

/**
 * Why the token endpoint did not give a token: `oauth-error` (an OAuth 2.0 error answer),
 * `not-implemented` (404: the service has no token endpoint), `bad-response` (not a token
 * response) or `unexpected-status` (an error status without an OAuth error body).
 *
 * @example
 * ```ts
 * import { TokenRequestError, type TokenRequestFailure } from 'teapurl/tea';
 * function explain(error: TokenRequestError): string {
 *   const failure: TokenRequestFailure = error.code;
 *   return failure === 'oauth-error' ? `refused: ${error.error}` : failure;
 * }
 * ```
 */
export type TokenRequestFailure = 'oauth-error' | 'not-implemented' | 'bad-response' | 'unexpected-status';

/**
 * The token endpoint refused or answered something unusable. For an OAuth error answer
 * (`code === 'oauth-error'`), `error` is the server's error value (`invalid_client`,
 * `unsupported_grant_type`, …) and `description` its `error_description`.
 *
 * @example
 * ```ts
 * import { TeaClient, TokenRequestError } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 'wrong' } });
 * try { await client.fetchToken(); } catch (e) {
 *   if (e instanceof TokenRequestError && e.error === 'invalid_client') console.error('check the API key:', e.description);
 * }
 * ```
 */
export class TokenRequestError extends TeapurlError<TokenRequestFailure> {
  /** Always `'TokenRequestError'`. */
  override name = 'TokenRequestError';
  constructor(
    /** Why no token was given: the error's `code`. */
    code: TokenRequestFailure,
    /** The token endpoint URL. */
    readonly url: string,
    /** The HTTP status received. */
    readonly status: number,
    message: string,
    /** The OAuth `error` value, when the server sent one. */
    readonly error: string | null = null,
    /** The server's `error_description`, when it sent one. */
    readonly description: string | null = null,
  ) {
    super(message, { code });
  }
}
