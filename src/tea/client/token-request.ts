/**
 * One `POST /token` exchange (sections 4, 5.2 and 5.6): the API key over HTTP Basic, or no
 * Authorization header at all for a mutual-TLS client.
 */
import type { TokenResponse } from '../../../types/index.js';
import { validateDocument } from '../../validate/index.js';
import { encodeBasicCredentials } from '../basic-credentials.js';
import { BodyTooLargeError, discardBody, readBody, utf8, type Dispatcher, type FetchFunction, type Response } from '../http.js';
import { toNetworkError } from '../network-error.js';

/**
 * An API key (section 5.2): the identifier and the secret issued together.
 *
 * @example
 * ```ts
 * import { TeaClient, type ApiKeyCredentials } from 'teapurl/tea';
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
 * A client certificate for mutual TLS with one service (section 5.6): no Authorization header is sent to `/token`.
 *
 * @example
 * ```ts
 * import { readFileSync } from 'node:fs';
 * import { TeaClient, type CertificateCredentials } from 'teapurl/tea';
 * const mtls: CertificateCredentials = { cert: readFileSync('client.pem', 'utf8'), key: readFileSync('client-key.pem', 'utf8') };
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: mtls });
 * ```
 */
export interface CertificateCredentials {
  /** PEM certificate (chain). */
  cert: string;
  /** PEM private key. */
  key: string;
  /** Passphrase of an encrypted key. */
  passphrase?: string;
}

/**
 * What a client authenticates with at `POST /token`.
 *
 * @example
 * ```ts
 * import { isApiKey, type TeaCredentials } from 'teapurl/tea';
 * const credentials: TeaCredentials = { keyId: 'ci-bot', secret: 's3cret' };
 * isApiKey(credentials); // true
 * ```
 */
export type TeaCredentials = ApiKeyCredentials | CertificateCredentials;

/**
 * `true` for an API key, `false` for a client certificate.
 *
 * @example
 * ```ts
 * import { isApiKey } from 'teapurl/tea';
 * isApiKey({ keyId: 'id', secret: 's' }); // true
 * ```
 */
export function isApiKey(credentials: TeaCredentials): credentials is ApiKeyCredentials {
  return 'keyId' in credentials;
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
export class TokenRequestError extends Error {
  /** Always `'TokenRequestError'`. */
  override name = 'TokenRequestError';
  constructor(
    /** Why no token was given. */
    readonly code: TokenRequestFailure,
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
    super(message);
  }
}

/**
 * Options for {@link requestToken}.
 *
 * @example
 * ```ts
 * import { Agent, fetch } from 'undici';
 * import { requestToken, type TokenRequestOptions } from 'teapurl/tea';
 * const options: TokenRequestOptions = { fetch, dispatcher: new Agent({ connect: { timeout: 5_000 } }), signal: AbortSignal.timeout(10_000) };
 * await requestToken('https://tea.example.com/v1.0.0/token', { keyId: 'id', secret: 's3cret' }, options);
 * ```
 */
export interface TokenRequestOptions {
  /** The fetch to send the request with (undici's signature), such as undici's own `fetch`. */
  fetch: FetchFunction;
  /** An undici dispatcher for the request (trust anchors, a client certificate). */
  dispatcher?: Dispatcher;
  /** Cancels the request. */
  signal?: AbortSignal;
  /** Clock, ms since the epoch. */
  now?: () => number;
  /** Largest token response read, in bytes. Default 64 KiB. */
  maxBytes?: number;
}

function shown(text: string): string {
  // Server text goes into our messages: keep it one printable line of reasonable length.
  const line = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

async function readJson(response: Response, maxBytes: number, url: string): Promise<unknown> {
  let bytes: Buffer;
  try {
    bytes = await readBody(response, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new TokenRequestError('bad-response', url, response.status, `${url} answered ${response.status} with a body larger than ${maxBytes} bytes`);
    }
    throw toNetworkError(error, url);
  }
  const text = utf8(bytes);
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
 * Throws {@link TokenRequestError} for an error answer, a 404 (no token endpoint) or a body that
 * is not a token response, and a `NetworkError` when the server cannot be reached.
 *
 * @example
 * ```ts
 * import { fetch } from 'undici';
 * import { requestToken } from 'teapurl/tea';
 * const token = await requestToken('https://tea.example.com/v1.0.0/token', { keyId: 'id', secret: 's3cret' }, { fetch });
 * token.accessToken;
 * ```
 */
export async function requestToken(tokenUrl: string, credentials: TeaCredentials, options: TokenRequestOptions): Promise<BearerToken> {
  const now = options.now ?? Date.now;
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  // Section 5.2: the API key travels as HTTP Basic; a certificate client sends no Authorization (5.6).
  if (isApiKey(credentials)) headers.authorization = encodeBasicCredentials(credentials.keyId, credentials.secret);
  const obtainedAt = now();
  let response: Response;
  try {
    response = await options.fetch(tokenUrl, {
      method: 'POST',
      headers,
      body: 'grant_type=client_credentials',
      // Credentials are never replayed to wherever a redirect points.
      redirect: 'manual',
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
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
      throw new TokenRequestError('oauth-error', tokenUrl, status, `${tokenUrl} refused the token request with ${shown(oauth.error)} (${status})${detail}`, oauth.error, oauth.description);
    }
    throw new TokenRequestError('unexpected-status', tokenUrl, status, `${tokenUrl} answered ${status} without an OAuth error body`);
  }
  const body = await readJson(response, maxBytes, tokenUrl);
  if (body === undefined) throw new TokenRequestError('bad-response', tokenUrl, 200, `${tokenUrl} answered 200 but the body is not JSON`);
  const verdict = validateDocument(body, { kind: 'tea-token-response' });
  if (!verdict.valid) {
    const first = verdict.findings.find((f) => f.severity === 'error')!;
    throw new TokenRequestError('bad-response', tokenUrl, 200, `${tokenUrl} answered 200 but not with a token response: ${first.message} [${first.rule}]`);
  }
  const token = body as TokenResponse;
  // Opaque (section 5.3 item 2), but it must fit in an Authorization header to be usable at all.
  if (!/^[\x21-\x7e]+$/.test(token.access_token)) {
    throw new TokenRequestError('bad-response', tokenUrl, 200, `${tokenUrl} answered 200 but access_token has characters that cannot be sent in an Authorization header`);
  }
  const expiresIn = typeof token.expires_in === 'number' && Number.isFinite(token.expires_in) ? token.expires_in : null;
  return { accessToken: token.access_token, expiresIn, obtainedAt, body: token };
}
