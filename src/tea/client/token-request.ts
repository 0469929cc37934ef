/**
 * One `POST /token` exchange (sections 4, 5.2 and 5.6). The exchange itself
 * (request-token-flow.ts) is loaded on the first token request, with the token response's
 * validator.
 */
import type { ApiKeyCredentials, BearerToken, TokenRequestOptions } from './request-token-flow.js';

export type { ApiKeyCredentials, BearerToken, TokenRequestOptions } from './request-token-flow.js';
export { TokenRequestError, type TokenRequestFailure } from './token-request-error.js';

/**
 * Sends `POST <tokenUrl>` with `grant_type=client_credentials` and returns the validated token.
 * With an API key it goes as HTTP Basic (section 5.2); with `null` the request carries no
 * Authorization header, for a transport that presents a client certificate (mutual TLS, 5.6).
 * A redirect is never followed: credentials go to `tokenUrl` and nowhere else.
 * Throws {@link TokenRequestError} for an error answer, a 404 (no token endpoint) or a body that
 * is not a token response, and a `NetworkError` when the server cannot be reached.
 *
 * @example
 * ```ts
 * import { fetchTransport, requestToken } from 'teapurl/tea/client';
 * const token = await requestToken('https://tea.example.com/v1.0.0/token', { keyId: 'id', secret: 's3cret' }, { transport: fetchTransport() });
 * token.accessToken;
 * ```
 */
export async function requestToken(tokenUrl: string, credentials: ApiKeyCredentials | null, options: TokenRequestOptions): Promise<BearerToken> {
  const { requestTokenFlow } = await import('./reading.js');
  return requestTokenFlow(tokenUrl, credentials, options);
}
