/**
 * One `POST /token` exchange (sections 4, 5.2 and 5.6): the API key over HTTP Basic, or no
 * Authorization header at all for a mutual-TLS client (its transport presents the certificate).
 */
import type { TokenResponse } from '../../../types/index.js';
import { loadTeaProtocolValidator } from '../kinds/protocol-validator.js';
import { cut } from '../../shared/messages.js';
import { encodeBasicCredentials } from '../protocol/basic-credentials.js';
import { BodyTooLargeError, discardBody, readBody, utf8 } from './http.js';
import { toNetworkError } from './network-error.js';
import type { TeaTransport } from './transport.js';
import { TeapurlError } from '../../shared/errors.js';

/**
 * An API key (section 5.2): the identifier and the secret issued together.
 *
 * @example
 * ```ts
 * import { TeaClient, type ApiKeyCredentials } from 'teapurl/tea/client';
 * const apiKey: ApiKeyCredentials = { keyId: 'ci-bot', secret: process.env.TEA_SECRET ?? '' };
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: apiKey });
 * ```
 */
export interface ApiKeyCredentials {
  /** The API key id; it need not be confidential. */
  keyId: string;
  /** The secret issued with it. */
  secret: string;
}

/**
 * A token the token endpoint issued.
 *
 * @example
 * ```ts
 * import { TeaClient, type BearerToken } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 's3cret' } });
 * const token: BearerToken = await client.fetchToken();
 * console.log(token.expiresIn, new Date(token.obtainedAt));
 * ```
 */
export interface BearerToken {
  /** The bearer token, opaque (section 5.3 item 2). */
  accessToken: string;
  /** Seconds the token lives, as the server said; `null` when it did not say. */
  expiresIn: number | null;
  /** When the request for it was sent (ms since the epoch): its lifetime counts from here. */
  obtainedAt: number;
  /** The validated response body. */
  body: TokenResponse;
}

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

/**
 * Options for {@link requestToken}.
 *
 * @example
 * ```ts
 * import { fetchTransport, requestToken, type TokenRequestOptions } from 'teapurl/tea/client';
 * const options: TokenRequestOptions = { transport: fetchTransport(), signal: AbortSignal.timeout(10_000) };
 * await requestToken('https://tea.example.com/v1.0.0/token', { keyId: 'id', secret: 's3cret' }, options);
 * ```
 */
export interface TokenRequestOptions {
  /** How the request is sent ({@link fetchTransport}, or `tlsTransport` from `teapurl/node` for a private CA or mutual TLS). */
  transport: TeaTransport;
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Clock, ms since the epoch. */
  now?: () => number;
  /** Largest token response read, in bytes. Default 64 KiB. */
  maxBytes?: number;
}

function shown(text: string): string {
  // Server text goes into our messages: keep it one printable line of reasonable length.
  return cut(text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim());
}

async function readText(response: Response, maxBytes: number, url: string): Promise<string | null> {
  let bytes: Uint8Array;
  try {
    bytes = await readBody(response, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new TokenRequestError('bad-response', url, response.status, `${url} answered ${response.status} with a body larger than ${maxBytes} bytes`);
    }
    throw toNetworkError(error, url);
  }
  return utf8(bytes);
}

async function readJson(response: Response, maxBytes: number, url: string): Promise<unknown> {
  const text = await readText(response, maxBytes, url);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function oauthError(body: unknown): { error: string; description: string | null } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { error, error_description: description } = body as { error?: unknown; error_description?: unknown };
  if (typeof error !== 'string' || error === '') return null;
  return { error, description: typeof description === 'string' ? description : null };
}

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
  const now = options.now ?? Date.now;
  const headers = new Headers({ 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' });
  if (credentials !== null) headers.set('authorization', encodeBasicCredentials(credentials.keyId, credentials.secret));
  const obtainedAt = now();
  let response: Response;
  try {
    response = await options.transport.send(tokenUrl, {
      method: 'POST',
      headers,
      body: 'grant_type=client_credentials',
      ...(options.signal ? { signal: options.signal } : {}),
      toService: true,
    });
  } catch (error) {
    throw toNetworkError(error, tokenUrl);
  }
  const maxBytes = options.maxBytes ?? 64 * 1024;
  const { status } = response;
  if (status === 404) {
    await discardBody(response);
    throw new TokenRequestError(
      'not-implemented',
      tokenUrl,
      404,
      `${tokenUrl} answered 404: the server asks for a bearer token but has no token endpoint, so it is misconfigured (sections 4 and 5.1 item 2)`,
    );
  }
  if (status !== 200) {
    const body = status >= 300 && status < 400 ? await discardBody(response) : await readJson(response, maxBytes, tokenUrl);
    const oauth = oauthError(body);
    if (oauth) {
      const detail = oauth.description ? `: ${shown(oauth.description)}` : '';
      throw new TokenRequestError(
        'oauth-error',
        tokenUrl,
        status,
        `${tokenUrl} refused the token request with ${shown(oauth.error)} (${status})${detail}`,
        oauth.error,
        oauth.description,
      );
    }
    throw new TokenRequestError('unexpected-status', tokenUrl, status, `${tokenUrl} answered ${status} without an OAuth error body`);
  }
  const text = await readText(response, maxBytes, tokenUrl);
  // One pass: the validation parses the text and hands back the value.
  const { result: verdict, value } =
    text === null
      ? { result: null, value: undefined }
      : (await loadTeaProtocolValidator()).validateTextValue(text, { kind: 'tea-token-response', file: tokenUrl });
  if (verdict === null || value === undefined) throw new TokenRequestError('bad-response', tokenUrl, 200, `${tokenUrl} answered 200 but the body is not JSON`);
  if (!verdict.valid) {
    const first = verdict.findings.find((f) => f.severity === 'error')!;
    throw new TokenRequestError('bad-response', tokenUrl, 200, `${tokenUrl} answered 200 but not with a token response: ${first.message} [${first.rule}]`);
  }
  const token = value as TokenResponse;
  // Opaque (section 5.3 item 2), but it must fit in an Authorization header to be usable at all.
  if (!/^[\x21-\x7e]+$/.test(token.access_token)) {
    throw new TokenRequestError(
      'bad-response',
      tokenUrl,
      200,
      `${tokenUrl} answered 200 but access_token has characters that cannot be sent in an Authorization header`,
    );
  }
  const expiresIn = typeof token.expires_in === 'number' && Number.isFinite(token.expires_in) ? token.expires_in : null;
  return { accessToken: token.access_token, expiresIn, obtainedAt, body: token };
}
