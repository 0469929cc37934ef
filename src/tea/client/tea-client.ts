/**
 * The authenticating TEA client (section 5): one instance per service API base URL.
 */
import { discardBody, originOf, timedBody } from './http.js';
import { toNetworkError } from './network-error.js';
import { findBearerChallenge, type Challenge } from '../protocol/www-authenticate.js';
import { TokenCache } from './token-cache.js';
import { requestToken, type ApiKeyCredentials, type BearerToken } from './token-request.js';
import { defaultTransport, type TeaTransport } from './transport.js';
import { InvalidArgumentError, TeapurlError } from '../../shared/errors.js';

/**
 * Options for {@link TeaClient}.
 *
 * @example
 * ```ts
 * import { TeaClient, type TeaClientOptions } from 'teapurl/tea/client';
 * const options: TeaClientOptions = {
 *   baseUrl: 'https://tea.example.com/v1.0.0',
 *   credentials: { keyId: 'ci-bot', secret: process.env.TEA_SECRET ?? '' },
 *   eagerToken: true,
 *   timeoutMs: 10_000,
 * };
 * const client = new TeaClient(options);
 * ```
 */
export interface TeaClientOptions {
  /** The API base URL for one version, such as `https://tea.example.com/v1.0.0` (a `baseUrl` from discovery). */
  baseUrl: string;
  /** An API key `{ keyId, secret }`: sent to `{baseUrl}/token` only, never anywhere else. */
  credentials?: ApiKeyCredentials;
  /**
   * How requests are sent; default the platform's `fetch` ({@link fetchTransport}). In Node, a
   * private CA or a client certificate for mutual TLS is a transport: `tlsTransport({ ca, clientCertificate })`
   * from `teapurl/node`. A transport that presents a client certificate lets the client get a
   * token without an API key (section 5.6).
   */
  transport?: TeaTransport;
  /** Get a token before the first request instead of waiting for a challenge (section 5.5 rules). Needs `credentials` or a certificate-presenting transport. */
  eagerToken?: boolean;
  /** Renew a token this many seconds before it expires (at most half its lifetime). Default 30. */
  renewBeforeSeconds?: number;
  /** Redirects followed per request. Default 5. */
  maxRedirects?: number;
  /** Time limit for one `request` call until the final response headers arrive (token requests and redirects included). Default 30,000 ms. */
  timeoutMs?: number;
  /** The longest wait for the next bytes of an answer's body, in ms; reading it then fails with a `TimeoutError`. Default `timeoutMs`. */
  idleTimeoutMs?: number;
  /** The longest time to read an answer's whole body, in ms. Default 120,000 ms. */
  bodyTimeoutMs?: number;
  /** Accept an `http://` base URL. Local tests only: TEA servers are reached over TLS (section 5.4). */
  allowInsecureHttp?: boolean;
  /** Clock in ms since the epoch; for tests of token expiry. */
  now?: () => number;
}

/**
 * How a request ended, from the client's point of view.
 *
 * @example
 * ```ts
 * import { TeaClient, type TeaOutcome } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * const outcome: TeaOutcome = (await client.request('/product/09e8c73b-ac45-4475-acac-33e6a7314e6d')).outcome;
 * if (outcome === 'not-found') console.log('absent, or not shown to this client');
 * ```
 */
export type TeaOutcome = 'ok' | 'unauthorized' | 'forbidden' | 'not-found' | 'client-error' | 'server-error' | 'other';

/**
 * Why a request ended `unauthorized`.
 *
 * @example
 * ```ts
 * import { TeaClient, type UnauthorizedReason } from 'teapurl/tea';
 * const anonymous = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * const result = await anonymous.request('/artifact/1c4e8a3e-52f1-4ad5-a3f1-8d3c5e0b9f41');
 * const reason: UnauthorizedReason | undefined = result.unauthorizedReason; // 'no-credentials' when the server wants a token
 * ```
 */
export type UnauthorizedReason =
  /** The server challenged for a Bearer token and the client has no credentials. */
  | 'no-credentials'
  /** 401 without a Bearer challenge: the client does not know how to authenticate. */
  | 'no-bearer-challenge'
  /** A token was presented and rejected (after the one renewal `invalid_token` allows). */
  | 'token-rejected'
  /** The 401 came from another origin, reached by a redirect; our credentials are not for it. */
  | 'other-origin';

/**
 * The answer to {@link TeaClient.request}. HTTP outcomes are results, not exceptions: 403 is
 * `forbidden` and 404 is `not-found` (which may mean absent or withheld, section 5.7 item 4);
 * neither is retried. `response` is the final response with its body unread.
 *
 * @example
 * ```ts
 * import { TeaClient, type TeaResult } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 's3cret' } });
 * const result: TeaResult = await client.request('/product/09e8c73b-ac45-4475-acac-33e6a7314e6d');
 * if (result.ok) console.log(await result.response.json());
 * else console.log(result.outcome, result.status, result.unauthorizedReason);
 * ```
 */
export interface TeaResult {
  /** How the request ended. */
  outcome: TeaOutcome;
  /** The HTTP status of the final response. */
  status: number;
  /** `true` exactly when `outcome` is `ok` (a 2xx). */
  ok: boolean;
  /** The URL of the final response, after redirects. */
  url: string;
  /** `true` when the final request carried a bearer token. */
  authenticated: boolean;
  /** For a 401: the Bearer challenge, if there was one. */
  challenge: Challenge | null;
  /** For a 401: why the client gave up. */
  unauthorizedReason?: UnauthorizedReason;
  /** The final response, body unread: read it (`json()`, `text()`) or cancel it. */
  response: Response;
}

/**
 * Options of one {@link TeaClient.request}.
 *
 * @example
 * ```ts
 * import { TeaClient, type TeaRequestInit } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * const init: TeaRequestInit = { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5_000) };
 * await client.request('/products', init);
 * ```
 */
export interface TeaRequestInit {
  /** Default `GET`. */
  method?: string;
  /** Request headers. `Authorization` and `X-API-Key` are refused: the client manages authentication. */
  headers?: Record<string, string> | Array<[string, string]>;
  /** A body that can be sent again (after a token renewal or a 307/308 redirect). */
  body?: string | Uint8Array;
  /** Cancels the request: it then throws a {@link NetworkError} (kind `aborted`, or `timeout` for `AbortSignal.timeout`). */
  signal?: AbortSignal;
  /** This request's {@link TeaClientOptions.idleTimeoutMs}: the longest wait for the next bytes of its body. */
  idleTimeoutMs?: number;
  /** This request's {@link TeaClientOptions.bodyTimeoutMs}: the longest time to read its body (a large file needs more). */
  bodyTimeoutMs?: number;
}

/**
 * Why a redirect was not followed.
 *
 * @example
 * ```ts
 * import { RedirectError, type RedirectFailure } from 'teapurl/tea/client';
 * const refusal: RedirectFailure = new RedirectError('too-many-redirects', 'https://tea.example.com/v1.0.0/products', null, '6 redirects').code;
 * ```
 */
export type RedirectFailure = 'insecure-redirect' | 'too-many-redirects' | 'bad-location' | 'opaque-redirect';

/**
 * A redirect the client refused to follow: from https to http, one hop too many, an unusable
 * `Location`, or (in a browser) a redirect whose target the page cannot read.
 *
 * @example
 * ```ts
 * import { TeaClient, RedirectError } from 'teapurl/tea';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * try {
 *   await client.request('/artifact/1c4e8a3e-52f1-4ad5-a3f1-8d3c5e0b9f41');
 * } catch (e) {
 *   if (e instanceof RedirectError && e.code === 'insecure-redirect') console.error(`${e.url} redirects to ${e.location}`);
 *   else throw e;
 * }
 * ```
 */
export class RedirectError extends TeapurlError<RedirectFailure> {
  /** Always `'RedirectError'`. */
  override name = 'RedirectError';
  constructor(
    /** Why the redirect was refused: the error's `code`. */
    code: RedirectFailure,
    /** The URL that answered with the redirect. */
    readonly url: string,
    /** Where it pointed, when that could be read. */
    readonly location: string | null,
    message: string,
  ) {
    super(message, { code });
  }
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);
const FORBIDDEN_HEADERS = new Set(['authorization', 'x-api-key']);

function outcomeOf(status: number): TeaOutcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status >= 400 && status < 500) return 'client-error';
  if (status >= 500) return 'server-error';
  return 'other';
}

function checkBaseUrl(baseUrl: string, allowInsecureHttp: boolean): string {
  if (typeof baseUrl !== 'string') throw new InvalidArgumentError('baseUrl must be a string such as https://tea.example.com/v1.0.0');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new InvalidArgumentError(`baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL`);
  }
  // First, and without echoing the URL: user information may be a password.
  if (url.username || url.password) throw new InvalidArgumentError('baseUrl must not carry user information (user:password@)');
  // The raw text: a bare trailing "?" or "#" leaves url.search and url.hash empty, yet every path
  // appended to the base would land after it. Not echoed: a query may hold a secret.
  if (/[?#]/.test(baseUrl))
    throw new InvalidArgumentError('baseUrl must not carry a query (?) or a fragment (#): it is the API base, url + "/v" + version (section 9)');
  if (url.protocol === 'http:' && !allowInsecureHttp) {
    throw new InvalidArgumentError(`baseUrl ${baseUrl} uses http://; TEA servers are reached over TLS only (section 5.4)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidArgumentError(`baseUrl ${baseUrl} is not an https:// URL`);
  return url.href.replace(/\/+$/, '');
}

function checkCredentials(credentials: ApiKeyCredentials | undefined): void {
  if (credentials === undefined) return;
  if (!credentials || typeof credentials !== 'object') throw new InvalidArgumentError('credentials must be an API key { keyId, secret }');
  if ('cert' in credentials) {
    throw new InvalidArgumentError(
      'a client certificate is a property of the transport: pass transport: tlsTransport({ clientCertificate: { cert, key } }) from teapurl/node',
    );
  }
  if (typeof credentials.keyId !== 'string' || typeof credentials.secret !== 'string' || credentials.keyId === '') {
    throw new InvalidArgumentError('API key credentials need a non-empty string keyId and a string secret');
  }
}

/**
 * A TEA client for one API base URL that authenticates the way section 5.5 says, with no
 * server-specific code:
 *
 * 1. a request goes out without a token (unless a token is already held, or `eagerToken`);
 * 2. a 401 with a `Bearer` challenge makes it `POST {baseUrl}/token` with the credentials
 *    (HTTP Basic with form-urlencoded key id and secret, or, with no API key and a transport
 *    that presents a client certificate, mutual TLS with no Authorization header) and repeat
 *    the request with `Authorization: Bearer <token>`;
 * 3. the token is reused until it is about to expire (`expires_in`, renewed ahead) or rejected;
 *    a 401 with `error="invalid_token"` gets one fresh token and one retry, never more.
 *
 * The API key only ever goes to the token endpoint; `X-API-Key` is never used; a bearer token is
 * only sent to the base URL's origin, so a redirect to another origin drops it; a redirect from
 * https to http is refused.
 *
 * @example
 * ```ts
 * import { TeaClient } from 'teapurl/tea/client';
 * const client = new TeaClient({ baseUrl: 'https://tea.example.com/v1.0.0', credentials: { keyId: 'id', secret: 's3cret' } });
 * const result = await client.request('/product/09e8c73b-ac45-4475-acac-33e6a7314e6d');
 * if (result.outcome === 'ok') console.log(await result.response.json());
 * else if (result.outcome === 'forbidden') console.log('not allowed to see it');
 * ```
 */
export class TeaClient {
  /** The API base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** Where tokens come from: `{baseUrl}/token` (section 4: paths are relative to the API base URL). */
  readonly tokenUrl: string;
  private readonly origin: string;
  private readonly credentials: ApiKeyCredentials | undefined;
  private readonly transport: TeaTransport;
  /** An API key, or a transport that presents a client certificate: something `/token` can take. */
  private readonly canAuthenticate: boolean;
  private readonly tokens: TokenCache;
  private readonly eagerToken: boolean;
  private readonly maxRedirects: number;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly bodyTimeoutMs: number;
  private readonly allowInsecureHttp: boolean;
  private readonly now: () => number;

  constructor(options: TeaClientOptions) {
    if (!options || typeof options !== 'object') throw new InvalidArgumentError('TeaClient needs options with a baseUrl');
    this.allowInsecureHttp = options.allowInsecureHttp === true;
    this.baseUrl = checkBaseUrl(options.baseUrl, this.allowInsecureHttp);
    this.tokenUrl = new URL('token', `${this.baseUrl}/`).href;
    this.origin = new URL(this.baseUrl).origin;
    checkCredentials(options.credentials);
    this.credentials = options.credentials;
    if ('tls' in options || 'fetch' in options) {
      throw new InvalidArgumentError(
        'TeaClient takes a transport instead of tls and fetch: transport: tlsTransport({ ca }) from teapurl/node, or fetchTransport(fetch)',
      );
    }
    this.transport = options.transport ?? defaultTransport();
    this.canAuthenticate = this.credentials !== undefined || this.transport.presentsClientCertificate === true;
    this.eagerToken = options.eagerToken === true;
    this.maxRedirects = options.maxRedirects ?? 5;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.idleTimeoutMs = options.idleTimeoutMs ?? this.timeoutMs;
    this.bodyTimeoutMs = options.bodyTimeoutMs ?? 120_000;
    this.now = options.now ?? Date.now;
    this.tokens = new TokenCache(() => this.obtainToken(), {
      ...(options.renewBeforeSeconds !== undefined ? { renewBeforeSeconds: options.renewBeforeSeconds } : {}),
      now: this.now,
    });
  }

  /**
   * Gets a token now (or returns the held one while it is still fresh). Section 5.5 allows a
   * client that holds an API key to call the token endpoint first. Throws `TokenRequestError`
   * for a refusal and a `TypeError` without credentials.
   *
   * @example
   * ```ts
   * const { accessToken, expiresIn } = await client.fetchToken();
   * ```
   */
  async fetchToken(): Promise<BearerToken> {
    if (!this.canAuthenticate)
      throw new InvalidArgumentError('this TeaClient has no credentials to get a token with: an API key, or a transport that presents a client certificate');
    return this.tokens.get();
  }

  /**
   * Sends a request to `path` (relative to the base URL, such as `/product/<uuid>`; an absolute
   * URL is used as is) and returns a {@link TeaResult}. Throws `NetworkError` when the server
   * cannot be reached, `TokenRequestError` when `/token` refuses the credentials or is missing
   * after a challenge, and {@link RedirectError} for a refused redirect.
   *
   * @example
   * ```ts
   * const result = await client.request('/product/09e8c73b-ac45-4475-acac-33e6a7314e6d', { headers: { accept: 'application/json' } });
   * result.outcome; // 'ok' | 'unauthorized' | 'forbidden' | 'not-found' | 'client-error' | 'server-error' | 'other'
   * ```
   */
  async request(path: string, init: TeaRequestInit = {}): Promise<TeaResult> {
    const url = this.resolve(path);
    const headers = this.callerHeaders(init.headers);
    // The time limit runs until the final response's headers arrive; then the body's own limits
    // (idle and total) bound each read of it, and one that expires closes the connection.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException(`no answer within ${this.timeoutMs} ms`, 'TimeoutError')), this.timeoutMs);
    const signal = init.signal ? AbortSignal.any([deadline.signal, init.signal]) : deadline.signal;
    let result: TeaResult;
    try {
      result = await this.authenticatedRequest(url, init, headers, signal);
    } finally {
      clearTimeout(timer);
    }
    const limits = { idleMs: init.idleTimeoutMs ?? this.idleTimeoutMs, totalMs: init.bodyTimeoutMs ?? this.bodyTimeoutMs };
    return { ...result, response: timedBody(result.response, limits, (reason) => deadline.abort(reason)) };
  }

  private async authenticatedRequest(url: string, init: TeaRequestInit, headers: Array<[string, string]>, signal: AbortSignal): Promise<TeaResult> {
    const forUs = originOf(url) === this.origin;

    let token: string | null = null;
    if (forUs && this.canAuthenticate) {
      const held = this.tokens.usable();
      if (held) token = held.accessToken;
      // Renew ahead of expiry once the service is known to want a token; otherwise only when asked to.
      else if (this.tokens.hasHeldToken || this.eagerToken) token = (await this.withSignal(this.tokens.get(), signal)).accessToken;
    }

    let renewedAfterInvalidToken = false;
    for (;;) {
      const sent = await this.send(url, init, headers, token, signal);
      const { response } = sent;
      if (response.status !== 401) return this.result(sent, null);
      const challenge = findBearerChallenge(response.headers.get('www-authenticate'));
      if (!challenge) return this.result(sent, null, 'no-bearer-challenge');
      if (!sent.finalForUs) return this.result(sent, challenge, 'other-origin');
      if (!this.canAuthenticate) return this.result(sent, challenge, 'no-credentials');
      if (sent.authenticated && token !== null) {
        // The token was rejected: it is not presented again (section 5.5 item 5).
        this.tokens.invalidate(token);
        // Section 5.3 item 5 and section 8: renew and retry once, and only for invalid_token.
        if (challenge.params.error !== 'invalid_token' || renewedAfterInvalidToken) return this.result(sent, challenge, 'token-rejected');
        renewedAfterInvalidToken = true;
      } else if (token !== null) {
        // A token was held but not presented (cross-origin hop); nothing more to try.
        return this.result(sent, challenge, 'other-origin');
      }
      await discardBody(response);
      // Section 5.5 items 3 and 4: the challenge is what tells us to call /token.
      token = (await this.withSignal(this.tokens.get(), signal)).accessToken;
    }
  }

  private async obtainToken(): Promise<BearerToken> {
    // With no API key the transport's client certificate authenticates (mutual TLS, section 5.6).
    return requestToken(this.tokenUrl, this.credentials ?? null, {
      transport: this.transport,
      signal: AbortSignal.timeout(this.timeoutMs),
      now: this.now,
    });
  }

  private async withSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
    if (signal.aborted) throw toNetworkError(signal.reason, this.tokenUrl);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(toNetworkError(signal.reason, this.tokenUrl));
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  private resolve(path: string): string {
    if (typeof path !== 'string') throw new InvalidArgumentError('request path must be a string such as /product/<uuid>');
    if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
      let url: URL;
      try {
        url = new URL(path);
      } catch {
        throw new InvalidArgumentError('the request URL is not a valid absolute URL');
      }
      // Not echoed, and never sent: user information may be a password.
      if (url.username || url.password) throw new InvalidArgumentError('the request URL must not carry user information (user:password@)');
      if (url.protocol === 'http:' && !this.allowInsecureHttp)
        throw new InvalidArgumentError(`${path} uses http://; TEA servers are reached over TLS only (section 5.4)`);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new InvalidArgumentError(`${path} is not an https:// URL`);
      return url.href;
    }
    return `${this.baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }

  private callerHeaders(headers: TeaRequestInit['headers']): Array<[string, string]> {
    const list: Array<[string, string]> = Array.isArray(headers) ? headers : Object.entries(headers ?? {});
    for (const [name] of list) {
      if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
        // Section 5.2 item 6 and 5.8: resource requests carry bearer tokens only, which the client adds itself.
        throw new InvalidArgumentError(`the ${name} header is managed by TeaClient and cannot be set per request`);
      }
    }
    return list;
  }

  /** One request with its redirects followed by hand. */
  private async send(
    start: string,
    init: TeaRequestInit,
    callerHeaders: Array<[string, string]>,
    token: string | null,
    signal: AbortSignal,
  ): Promise<{ response: Response; url: string; authenticated: boolean; finalForUs: boolean }> {
    let url = start;
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    let bearer = token;
    for (let hop = 0; ; hop++) {
      const forUs = originOf(url) === this.origin;
      // Once a redirect leaves the service's origin, the token stays behind for the rest of the chain.
      if (!forUs) bearer = null;
      const headers = new Headers(callerHeaders);
      if (body === undefined) headers.delete('content-type');
      if (bearer !== null) headers.set('authorization', `Bearer ${bearer}`);
      let response: Response;
      try {
        // The client certificate, if the transport has one, belongs to this service only (section 5.6).
        response = await this.transport.send(url, { method, headers, ...(body !== undefined ? { body } : {}), signal, toService: forUs });
      } catch (error) {
        throw toNetworkError(error, url);
      }
      if (response.type === 'opaqueredirect') {
        throw new RedirectError(
          'opaque-redirect',
          url,
          null,
          `${url} redirects, and a browser does not reveal where: the client cannot check the target's origin, so it does not follow`,
        );
      }
      if (!REDIRECT.has(response.status)) return { response, url, authenticated: bearer !== null, finalForUs: forUs };
      await discardBody(response);
      const location = response.headers.get('location');
      if (location === null) return { response, url, authenticated: bearer !== null, finalForUs: forUs };
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new RedirectError('bad-location', url, location, `${url} redirects to an unusable Location ${JSON.stringify(location)}`);
      }
      if (next.protocol !== 'https:' && !(next.protocol === 'http:' && this.allowInsecureHttp && !url.startsWith('https:'))) {
        throw new RedirectError('insecure-redirect', url, next.href, `${url} redirects to ${next.href}; only https redirects are followed (section 5.4)`);
      }
      if (hop >= this.maxRedirects) {
        throw new RedirectError('too-many-redirects', url, next.href, `${start} redirected more than ${this.maxRedirects} times`);
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
      }
      url = next.href;
    }
  }

  private result(sent: { response: Response; url: string; authenticated: boolean }, challenge: Challenge | null, reason?: UnauthorizedReason): TeaResult {
    const outcome = outcomeOf(sent.response.status);
    return {
      outcome,
      status: sent.response.status,
      ok: outcome === 'ok',
      url: sent.url,
      authenticated: sent.authenticated,
      challenge: sent.response.status === 401 ? (challenge ?? findBearerChallenge(sent.response.headers.get('www-authenticate'))) : null,
      ...(sent.response.status === 401 && reason ? { unauthorizedReason: reason } : {}),
      response: sent.response,
    };
  }
}
