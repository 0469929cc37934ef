/**
 * One `POST /token` exchange (sections 4, 5.2 and 5.6): the API key over HTTP Basic, or no
 * Authorization header at all for a mutual-TLS client (its transport presents the certificate).
 * Loaded by `requestToken` (token-request.ts) on the first token request.
 */
import type { TokenResponse } from '../../../types/index.js';
import { teaProtocolValidator } from '../kinds/protocol-text-validator.js';
import { cut } from '../../shared/messages.js';
import { encodeBasicCredentials } from '../protocol/basic-credentials.js';
import { BodyTooLargeError, discardBody, readBody, utf8 } from './http.js';
import { toNetworkError } from './network-error.js';
import type { TeaTransport } from './transport.js';
import { TokenRequestError } from './token-request-error.js';

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
 * Options for `requestToken`.
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

/** What `requestToken` (token-request.ts, which loads this module on first call) does. */
export async function requestTokenFlow(tokenUrl: string, credentials: ApiKeyCredentials | null, options: TokenRequestOptions): Promise<BearerToken> {
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
    text === null ? { result: null, value: undefined } : teaProtocolValidator.validateTextValue(text, { kind: 'tea-token-response', file: tokenUrl });
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
