/**
 * The TEA token endpoint, `POST /token` (sections 4, 5.2, 5.3.6 and 5.6), as a `node:http`
 * request listener and as a fetch-style `(Request) => Promise<Response>` handler.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { X509Certificate } from 'node:crypto';
import type { TokenErrorCode } from '../../../types/index.js';
import { decodeBasicCredentials, formUrlDecode } from '../protocol/basic-credentials.js';
import { FailureThrottle, type ThrottleOptions } from './failure-throttle.js';
import { TOO_LARGE, fromFetch, fromNode, jsonResponse, quoted, safeDescription, toFetch, toNode, type KitRequest, type KitResponse } from './http-exchange.js';
import { InvalidArgumentError, TeapurlError } from '../../shared/errors.js';

/**
 * How the client proved who it is at the token endpoint (names from RFC 7591 / RFC 8705).
 *
 * @example
 * ```ts
 * const method: ClientAuthenticationMethod = 'client_secret_basic';
 * ```
 */
export type ClientAuthenticationMethod = 'client_secret_basic' | 'client_secret_post' | 'tls_client_auth';

/**
 * A client whose credentials the token endpoint accepted.
 *
 * @example
 * ```ts
 * const client: AuthenticatedClient = { clientId: 'ci-bot', method: 'client_secret_basic' };
 * ```
 */
export interface AuthenticatedClient {
  /** The API key id, or the id `verifyClientCertificate` returned for a certificate. */
  clientId: string;
  /** How the client authenticated. */
  method: ClientAuthenticationMethod;
}

/**
 * What a handler for an additional grant (section 5.6) is given.
 *
 * @example
 * ```ts
 * const handler: GrantHandler = ({ assertion, client }: GrantContext) =>
 *   assertion && client ? { subject: client.clientId } : null;
 * ```
 */
export interface GrantContext {
  /** The `grant_type` parameter, e.g. `urn:ietf:params:oauth:grant-type:jwt-bearer`. */
  grantType: string;
  /** The `assertion` parameter of the assertion grants (RFC 7521), if sent. */
  assertion: string | undefined;
  /** Every form parameter, decoded. A `Map`, so names such as `__proto__` are plain keys. */
  form: ReadonlyMap<string, string>;
  /** The client, when it also authenticated (optional for the assertion grants, RFC 7521 section 4.2). */
  client: AuthenticatedClient | undefined;
  /** Request headers (lower-case names) and the verified TLS client certificate, if any. */
  request: {
    /** A request header by lower-case name; `undefined` when absent. */
    header(name: string): string | undefined;
    /** The verified TLS client certificate, if any. */
    clientCertificate: X509Certificate | undefined;
  };
}

/**
 * A grant handler's verdict: whom to issue the token to.
 *
 * @example
 * ```ts
 * const outcome: GrantOutcome = { subject: 'alice@idp.example' };
 * ```
 */
export interface GrantOutcome {
  /** Whom to issue the token to; passed to `issueToken` as {@link TokenIssueRequest.subject}. */
  subject: string;
}

/**
 * Checks an additional grant (section 5.6). Return the subject to issue a token to, `null` for a
 * rejected grant (answered `invalid_grant`), or throw {@link TokenEndpointError} for another error.
 *
 * @example
 * ```ts
 * const jwtBearer: GrantHandler = async ({ assertion }) => {
 *   const claims = await verifyJwt(assertion!); // your IdP's verification
 *   if (claims.exp * 1000 < Date.now()) throw new TokenEndpointError('invalid_grant', 'the assertion has expired');
 *   return { subject: claims.sub };
 * };
 * createTokenHandler({ verifyApiKey, issueToken, grants: { 'urn:ietf:params:oauth:grant-type:jwt-bearer': jwtBearer } });
 * ```
 */
export type GrantHandler = (context: GrantContext) => GrantOutcome | null | Promise<GrantOutcome | null>;

/**
 * What `issueToken` is asked to issue.
 *
 * @example
 * ```ts
 * const issueToken = ({ subject, grantType }: TokenIssueRequest) => store.issue(`${grantType}:${subject}`);
 * ```
 */
export interface TokenIssueRequest {
  /** The `grant_type` accepted, such as `client_credentials`. */
  grantType: string;
  /** Whom the token is for: the client id for `client_credentials`, a grant handler's subject otherwise. */
  subject: string;
  /** The client that authenticated, if one did (always for `client_credentials`). */
  client: AuthenticatedClient | undefined;
}

/**
 * What `issueToken` returns. Only `access_token` and `expires_in` reach the client: any other
 * member, `refresh_token` included (section 5.3.6), is dropped.
 *
 * @example
 * ```ts
 * import { randomBytes } from 'node:crypto';
 * import type { IssuedToken } from 'teapurl/tea';
 * const issued: IssuedToken = { access_token: randomBytes(32).toString('base64url'), expires_in: 3600 };
 * ```
 */
export interface IssuedToken {
  /** Opaque to clients (5.3.2); must be RFC 6750 `b64token` characters so it fits a Bearer header. */
  access_token: string;
  /** Lifetime in seconds (5.3.4). */
  expires_in: number;
  [other: string]: unknown;
}

/**
 * Options for {@link createTokenHandler}.
 *
 * @example
 * ```ts
 * const options: TokenHandlerOptions = {
 *   verifyApiKey: apiKeyVerifier(keys),
 *   issueToken: ({ subject }) => store.issue(subject),
 *   acceptBodyCredentials: false,
 *   maxBodyBytes: 16 * 1024,
 *   throttle: { freeFailuresPerKey: 5, maxDelaySeconds: 60 },
 * };
 * ```
 */
export interface TokenHandlerOptions {
  /** Whether an API key is valid. Use {@link apiKeyVerifier} or compare secrets in constant time yourself. */
  verifyApiKey(keyId: string, secret: string): boolean | Promise<boolean>;
  /**
   * Issues the access token once the client or grant is accepted. Give this or `tokens`, not both.
   */
  issueToken?(request: TokenIssueRequest): IssuedToken | Promise<IssuedToken>;
  /**
   * The token service that issues the tokens, called as `tokens.issue(subject, request)`: a
   * {@link MemoryTokenStore}, {@link SignedTokens} or your own `TokenService`. Give the same
   * object to {@link requireBearer}. Give this or `issueToken`, not both.
   */
  tokens?: {
    /** Issues a token for `subject`. */
    issue(subject: string, request: TokenIssueRequest): IssuedToken | Promise<IssuedToken>;
  };
  /** Also accept `client_id`/`client_secret` form parameters (5.2.4). Default false: HTTP Basic only. */
  acceptBodyCredentials?: boolean;
  /** Handlers for additional grant types by `grant_type` (5.6); any other grant is `unsupported_grant_type`. */
  grants?: Record<string, GrantHandler>;
  /**
   * Mutual TLS client authentication (5.6): called with a client certificate that the TLS layer
   * verified against the server's CAs, on a request without other credentials. Return the client
   * id to accept it, or `null`/`false` to refuse (`invalid_client`).
   */
  verifyClientCertificate?(certificate: X509Certificate): string | null | false | Promise<string | null | false>;
  /** Largest request body read, in bytes; larger ones are refused with 413. Default 16 KiB. */
  maxBodyBytes?: number;
  /** Realm of the `Basic` challenge sent with `invalid_client`. Default `tea`. */
  realm?: string;
  /** Told about failures of the callbacks (answered 500). Default: one line on standard error. Never given credentials. */
  onError?(error: unknown): void;
  /**
   * Throttles failed credentials per key id and per client address: past a free allowance each
   * failure doubles a wait during which that key id, or that address, is answered
   * `429 Too Many Requests` with `Retry-After`, whatever it sends. Other key ids and addresses
   * are not slowed, unless the table of failing ones is full (see `maxTracked`): then new ones
   * are refused too, rather than a failing one forgotten. `true` for the defaults of {@link ThrottleOptions}. Default `false` here
   * (`startTeaServer` and `teapurl serve` turn it on); behind a proxy, pass the client's address
   * with the fetch form's `clientAddress`, or every client shares the proxy's.
   */
  throttle?: boolean | ThrottleOptions;
}

/**
 * Extra context for the fetch form: a client certificate your TLS terminator verified.
 *
 * @example
 * ```ts
 * import { X509Certificate } from 'node:crypto';
 * await handler.fetch(request, { clientCertificate: new X509Certificate(verifiedPem), clientAddress: '203.0.113.7' });
 * ```
 */
export interface FetchTokenRequestInfo {
  /** The client certificate, already verified by whoever terminated TLS. */
  clientCertificate?: X509Certificate;
  /** The client's IP address, for throttling failed credentials per address. */
  clientAddress?: string;
}

/**
 * The token endpoint: call it as a `node:http` request listener, or use `.fetch` with a fetch
 * `Request`. It does not look at the path; mount it at `POST /token`.
 *
 * @example
 * ```ts
 * const handler: TokenHandler = createTokenHandler(options);
 * http.createServer((req, res) => {
 *   const target = canonicalRequestPath(req.url ?? '/');
 *   return target.ok && target.path === '/token' ? handler(req, res) : next(req, res);
 * });
 * // fetch style (Deno, Bun, Hono, workers): const response = await handler.fetch(request);
 * ```
 */
export interface TokenHandler {
  /** Answers a `node:http` request as the token endpoint. */
  (req: IncomingMessage, res: ServerResponse): void;
  /** Answers a fetch `Request` as the token endpoint. */
  fetch(request: Request, info?: FetchTokenRequestInfo): Promise<Response>;
}

/**
 * An OAuth 2.0 token endpoint error (RFC 6749 section 5.2) a {@link GrantHandler} may throw to
 * choose the answer, e.g. `invalid_grant` with a description.
 *
 * @example
 * ```ts
 * throw new TokenEndpointError('invalid_grant', 'the assertion has expired');
 * ```
 */
export class TokenEndpointError extends TeapurlError<TokenErrorCode> {
  /** Always `'TokenEndpointError'`. */
  override name = 'TokenEndpointError';
  constructor(
    /** The OAuth 2.0 `error` to answer with: the error's `code`. */
    code: TokenErrorCode,
    /** The `error_description` to answer with. */
    readonly description: string,
  ) {
    super(description, { code });
  }
}

/** The grant types of RFC 7521 assertions, whose `assertion` parameter is required. */
const ASSERTION_GRANTS = new Set(['urn:ietf:params:oauth:grant-type:jwt-bearer', 'urn:ietf:params:oauth:grant-type:saml2-bearer']);

const FORM_TYPE = 'application/x-www-form-urlencoded';
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
// RFC 6750 b64token: what fits after "Bearer " in an Authorization header.
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

type Outcome = { response: KitResponse; close?: boolean } | 'client-gone';

const KNOWN_PARAMETERS = new Set([
  'grant_type',
  'client_id',
  'client_secret',
  'assertion',
  'scope',
  'resource',
  'audience',
  'subject_token',
  'subject_token_type',
  'actor_token',
  'actor_token_type',
  'requested_token_type',
  'client_assertion',
  'client_assertion_type',
]);

function describeName(name: string): string {
  return JSON.stringify(safeDescription(name.slice(0, 40))).replace(/"/g, "'");
}

/** Parses an application/x-www-form-urlencoded body strictly: bad encoding or a repeated name is an error. */
function parseForm(body: Uint8Array): Map<string, string> | string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return 'the body is not valid UTF-8';
  }
  const form = new Map<string, string>();
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = formUrlDecode(eq < 0 ? pair : pair.slice(0, eq));
    const value = formUrlDecode(eq < 0 ? '' : pair.slice(eq + 1));
    if (name === null || value === null) return 'the form body has a malformed percent-encoding';
    // RFC 6749 section 3.2: parameters must not be included more than once.
    // Only a parameter name this endpoint knows is echoed: a bare secret pasted into the body
    // would otherwise come back in the answer.
    if (form.has(name))
      return KNOWN_PARAMETERS.has(name) ? `the parameter ${describeName(name)} appears more than once` : 'a form parameter appears more than once';
    form.set(name, value);
  }
  return form;
}

function isIssuedToken(value: unknown): value is IssuedToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Partial<IssuedToken>;
  return (
    typeof token.access_token === 'string' &&
    B64TOKEN.test(token.access_token) &&
    typeof token.expires_in === 'number' &&
    Number.isFinite(token.expires_in) &&
    token.expires_in >= 0
  );
}

/**
 * Creates the TEA token endpoint (`POST /token`). It exchanges an API key sent with HTTP Basic
 * (each part form-urlencoded before Base64, 5.2.3) for a bearer token with the
 * `client_credentials` grant, optionally accepts body credentials (5.2.4), mutual TLS and
 * additional grants (5.6), and answers errors as RFC 6749 section 5.2 says: `invalid_client`
 * (401 with a `Basic` challenge), `unsupported_grant_type` and `invalid_request` (400).
 * Successful answers are `200 application/json;charset=UTF-8` with `Cache-Control: no-store`
 * and `{ access_token, token_type: "Bearer", expires_in }`, never a refresh token.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:https';
 * const store = new MemoryTokenStore({ ttlSeconds: 3600 });
 * const token = createTokenHandler({
 *   verifyApiKey: apiKeyVerifier([{ keyId: 'ci', secret: 's3cret' }]),
 *   issueToken: ({ subject }) => store.issue(subject),
 * });
 * createServer({ cert, key }, (req, res) => {
 *   const target = canonicalRequestPath(req.url ?? '/');
 *   if (target.ok && target.path === '/token') return token(req, res);
 *   // ...
 * });
 * // or, fetch style: const response = await token.fetch(request);
 * ```
 */
export function createTokenHandler(options: TokenHandlerOptions): TokenHandler {
  if ((options.issueToken === undefined) === (options.tokens === undefined)) {
    throw new TypeError('give issueToken or tokens (a token service such as MemoryTokenStore or SignedTokens), exactly one of them');
  }
  const issueToken: (request: TokenIssueRequest) => IssuedToken | Promise<IssuedToken> =
    options.issueToken ?? ((request) => options.tokens!.issue(request.subject, request));
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const realm = options.realm ?? 'tea';
  const onError =
    options.onError ??
    ((error: unknown) => {
      console.error(`teapurl token endpoint: ${error instanceof Error ? error.message : String(error)}`);
    });
  // A Map, so a grant_type of "__proto__" or "constructor" finds nothing.
  const grants = new Map(Object.entries(options.grants ?? {}));
  if (grants.has('client_credentials')) {
    throw new InvalidArgumentError('grants: client_credentials is the built-in baseline (5.2) and cannot be replaced');
  }

  const error = (status: number, code: TokenErrorCode, description: string, headers: Record<string, string> = {}): KitResponse =>
    jsonResponse(status, { error: code, error_description: safeDescription(description) }, { ...NO_STORE, ...headers });
  const invalidClient = (description: string): KitResponse => error(401, 'invalid_client', description, { 'www-authenticate': `Basic realm=${quoted(realm)}` });

  const throttle = options.throttle ? new FailureThrottle(options.throttle === true ? {} : options.throttle) : undefined;
  const tooManyFailures = (retryAfterMs: number): KitResponse => {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    // RFC 6585 section 4; the error value is RFC 8628's, the closest OAuth has to "wait".
    return jsonResponse(
      429,
      { error: 'slow_down', error_description: `too many failed attempts with this key id or from this address; retry after ${seconds} s` },
      { ...NO_STORE, 'retry-after': String(seconds) },
    );
  };

  /** Checks one API key, throttled; the same steps whether or not the key id exists. */
  async function checkApiKey(
    request: KitRequest,
    keyId: string,
    secret: string,
    method: ClientAuthenticationMethod,
  ): Promise<AuthenticatedClient | KitResponse> {
    const ticket = throttle?.attempt(keyId, request.clientAddress);
    if (ticket && 'retryAfterMs' in ticket) return tooManyFailures(ticket.retryAfterMs);
    let valid: boolean;
    try {
      valid = keyId !== '' && (await options.verifyApiKey(keyId, secret));
    } catch (thrown) {
      ticket?.abandoned();
      throw thrown;
    }
    if (!valid) {
      ticket?.failed();
      return invalidClient('unknown API key or wrong secret');
    }
    ticket?.succeeded();
    return { clientId: keyId, method };
  }

  /** Authenticates the client; `undefined` when it sent no credentials at all. */
  async function authenticate(request: KitRequest, form: Map<string, string>): Promise<AuthenticatedClient | KitResponse | undefined> {
    const authorization = request.header('authorization');
    const bodySecret = form.get('client_secret');
    const bodyId = form.get('client_id');
    if (authorization !== undefined) {
      if (!/^basic(?:[ \t]|$)/i.test(authorization.trim())) {
        return invalidClient('the token endpoint accepts HTTP Basic client authentication only');
      }
      const credentials = decodeBasicCredentials(authorization.trim());
      if (!credentials) {
        throttle?.failedWithoutKey(request.clientAddress);
        return error(400, 'invalid_request', 'the Basic credentials are not Base64 of form-urlencoded key id, colon, secret');
      }
      if (bodySecret !== undefined) {
        return error(400, 'invalid_request', 'credentials were sent both in the Authorization header and in the body');
      }
      if (bodyId !== undefined && bodyId !== credentials.keyId) {
        return error(400, 'invalid_request', 'client_id in the body differs from the key id in the Authorization header');
      }
      return checkApiKey(request, credentials.keyId, credentials.secret, 'client_secret_basic');
    }
    if (bodySecret !== undefined || bodyId !== undefined) {
      if (!options.acceptBodyCredentials) {
        return invalidClient('send the API key with HTTP Basic; this server does not accept client_secret in the body');
      }
      if (!bodyId || bodySecret === undefined) return invalidClient('client_id and client_secret must both be given');
      return checkApiKey(request, bodyId, bodySecret, 'client_secret_post');
    }
    if (request.clientCertificate && options.verifyClientCertificate) {
      const clientId = await options.verifyClientCertificate(request.clientCertificate);
      if (!clientId) return invalidClient('the client certificate is not accepted');
      return { clientId, method: 'tls_client_auth' };
    }
    return undefined;
  }

  async function issue(grantType: string, subject: string, client: AuthenticatedClient | undefined): Promise<KitResponse> {
    const token = await issueToken({ grantType, subject, client });
    if (!isIssuedToken(token)) {
      throw new InvalidArgumentError('issueToken must return { access_token: a non-empty RFC 6750 b64token string, expires_in: seconds >= 0 }');
    }
    // Built member by member: a refresh_token or anything else issueToken returned stays here.
    return jsonResponse(200, { access_token: token.access_token, token_type: 'Bearer', expires_in: token.expires_in }, NO_STORE);
  }

  async function handle(request: KitRequest): Promise<Outcome> {
    if (request.method !== 'POST') {
      return { response: error(405, 'invalid_request', 'the token endpoint accepts POST only', { allow: 'POST' }), close: true };
    }
    const contentType = request.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== FORM_TYPE) {
      return { response: error(400, 'invalid_request', `the request body must be ${FORM_TYPE}`), close: true };
    }
    let body: Uint8Array | typeof TOO_LARGE;
    try {
      body = await request.body(maxBodyBytes);
    } catch {
      return 'client-gone';
    }
    if (body === TOO_LARGE) {
      return { response: error(413, 'invalid_request', `the request body is larger than ${maxBodyBytes} bytes`), close: true };
    }
    const form = parseForm(body);
    if (typeof form === 'string') return { response: error(400, 'invalid_request', form) };
    const grantType = form.get('grant_type');
    if (!grantType) return { response: error(400, 'invalid_request', 'the grant_type parameter is missing') };
    const grant = grants.get(grantType);
    if (grantType !== 'client_credentials' && !grant) {
      return { response: error(400, 'unsupported_grant_type', `this server does not implement the grant type ${describeName(grantType)}`) };
    }

    const client = await authenticate(request, form);
    if (client && 'status' in client) return { response: client };

    if (!grant) {
      // 5.2.5: no unauthenticated client_credentials requests.
      if (!client) return { response: invalidClient('client authentication is required: send the API key with HTTP Basic') };
      return { response: await issue(grantType, client.clientId, client) };
    }
    const assertion = form.get('assertion');
    if (ASSERTION_GRANTS.has(grantType) && !assertion) {
      return { response: error(400, 'invalid_request', 'the assertion parameter is missing') };
    }
    let outcome: GrantOutcome | null;
    try {
      outcome = await grant({
        grantType,
        assertion,
        form,
        client,
        request: { header: (name) => request.header(name), clientCertificate: request.clientCertificate },
      });
    } catch (thrown) {
      if (thrown instanceof TokenEndpointError) {
        return { response: thrown.code === 'invalid_client' ? invalidClient(thrown.description) : error(400, thrown.code, thrown.description) };
      }
      throw thrown;
    }
    if (!outcome || typeof outcome.subject !== 'string' || outcome.subject === '') {
      return { response: error(400, 'invalid_grant', 'the grant was not accepted') };
    }
    return { response: await issue(grantType, outcome.subject, client) };
  }

  async function respond(request: KitRequest): Promise<Outcome> {
    try {
      return await handle(request);
    } catch (thrown) {
      onError(thrown);
      // RFC 6749 has no token endpoint error code for a server failure; server_error is borrowed
      // from its authorization endpoint errors.
      return { response: jsonResponse(500, { error: 'server_error', error_description: 'the token endpoint failed; see the server log' }, NO_STORE) };
    }
  }

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    void respond(fromNode(req)).then((outcome) => {
      if (outcome === 'client-gone') res.destroy();
      else toNode(res, outcome.response, { close: outcome.close ?? false });
    });
  };
  const fetchHandler = async (request: Request, info: FetchTokenRequestInfo = {}): Promise<Response> => {
    const outcome = await respond(fromFetch(request, info.clientCertificate, info.clientAddress));
    if (outcome === 'client-gone')
      return toFetch(jsonResponse(400, { error: 'invalid_request', error_description: 'the request body could not be read' }, NO_STORE));
    return toFetch(outcome.response);
  };
  return Object.assign(listener, { fetch: fetchHandler });
}
