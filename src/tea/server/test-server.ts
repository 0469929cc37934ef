/**
 * A real local TEA server for tests and demos: discovery, the token endpoint, bearer-protected
 * sample resources. `teapurl serve` runs it from the command line.
 *
 * @module
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { apiKeyVerifier, type ApiKey } from './api-key-verifier.js';
import { canonicalRequestPath } from './canonical-path.js';
import type { ThrottleOptions } from './failure-throttle.js';
import { jsonResponse, toNode } from './http-exchange.js';
import picomatch from 'picomatch';
import { pathGlob } from './path-glob.js';
import { requireBearer, type BearerGuard } from './require-bearer.js';
import { answerSample, objectPath, publishedVersions, routeSample, versionSegment, type PublishedVersion, type SampleRoute } from './sample-resources.js';
import { createTokenHandler, type GrantHandler, type TokenHandler } from './token-handler.js';
import { routeContent, type ContentRoute, type TeaContentStore } from './content-store.js';
import { matchOperation } from '../protocol/api-operations.js';
import { MemoryTokenStore, type TokenRecord } from './token-store.js';
import { InvalidArgumentError } from '../../shared/errors.js';
import { discoveryVersions } from '../protocol/discovery-versions.js';
import type { TokenService } from './token-service.js';

export { FORBIDDEN_UUID, MISSING_UUID } from './sample-resources.js';

/**
 * Options for {@link startTeaServer}.
 *
 * @example
 * ```ts
 * const options: TeaServerOptions = { tls: pems.server, apiKeys: [{ keyId: 'ci', secret: 's' }], protect: ['/v*\/artifact/**'], tokenTtl: 1 };
 * ```
 */
export interface TeaServerOptions {
  /**
   * Served at `/.well-known/tea` as `application/json`: an object is serialised, a string is sent
   * as it is (so tests can serve broken JSON), a function is called with the server's URL (so
   * the document can point at the server itself). Absent: `/.well-known/tea` is 404. The API
   * versions its endpoints list are the ones the server serves resources and `/token` under;
   * without a document, `1.0.0`; a document that cannot be read lists none.
   */
  discovery?: unknown;
  /** Present: `POST /token` exchanges these keys for tokens. Absent: `/token` is 404 and nothing is protected (5.1.1). */
  apiKeys?: Array<{
    /** The key id. */
    keyId: string;
    /** The secret. */
    secret: string;
  }>;
  /**
   * Path globs that need a token (5.7), e.g. `['/v*\/artifact/**']`; see {@link pathGlob}. A
   * glob is matched against the path the router reads: for a sample resource its canonical path
   * from `/v<version>` on, the version written as the discovery document lists the one it equals
   * by SemVer precedence (`/x/v1.0.0+build/artifact/<ID>/` is the object
   * `/v1.0.0/artifact/<id>`), for anything else the canonical request path
   * ({@link canonicalRequestPath}). So no other spelling of a protected object's path reaches it
   * without a token, and a version the server does not publish reaches nothing (404). Listings given to a client without
   * a valid token leave out the objects whose own path is protected (5.7.4). A glob whose fixed
   * part names another first segment than `/v…` could never match a resource and is refused.
   * Default with `apiKeys`: every path except `/.well-known/tea` and the token endpoint.
   */
  protect?: string[];
  /** Token lifetime in seconds (fractions allowed) of the built-in {@link MemoryTokenStore}. Default 3600. */
  tokenTtl?: number;
  /**
   * The token service of `POST /token` and the bearer check, such as {@link SignedTokens}, so
   * that several servers given the same key accept each other's tokens. Default: a
   * {@link MemoryTokenStore} of this server's own, with `tokenTtl`, `maxTokensPerKey` and
   * `maxTokens` (which cannot be given with `tokens`: the service has its own settings).
   */
  tokens?: TokenService<TokenRecord>;
  /** Live tokens one API key may hold; one more revokes its oldest. Default 1,000. See {@link MemoryTokenStore}. */
  maxTokensPerKey?: number;
  /** Live tokens the server holds in all; one more revokes the oldest. Default 100,000. */
  maxTokens?: number;
  /**
   * Throttling of failed credentials at `POST /token` (see {@link ThrottleOptions}): on by
   * default; `false` turns it off.
   */
  throttle?: boolean | ThrottleOptions;
  /** Time a client has to send the request headers (and, over TLS, to finish the handshake), in ms. Default 10,000. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, in ms. Default 30,000. */
  requestTimeoutMs?: number;
  /** How long an idle keep-alive connection is kept, in ms. Default 5,000. */
  keepAliveTimeoutMs?: number;
  /** Connections served at once; further ones are closed at once. Default 256. */
  maxConnections?: number;
  /**
   * Requests one connection may pipeline while its earlier answer is being sent (each connection
   * is answered one request at a time); a connection that sends more is closed. Default 16.
   */
  maxQueuedPerConnection?: number;
  /** Pipelined requests waiting on all connections together; past it, the connection that adds one is closed. Default 1,024. */
  maxQueued?: number;
  /**
   * HTTPS with this certificate and key (5.4), or `false` for plain HTTP, which must be asked for.
   * `requestClientCert` asks clients for a certificate; one that chains to `ca` authenticates
   * at `POST /token` without an Authorization header (mutual TLS, 5.6).
   */
  tls:
    | {
        /** The server certificate, PEM. */
        cert: string;
        /** Its private key, PEM. */
        key: string;
        /** The CA (PEM) that client certificates must chain to. */
        ca?: string;
        /** Ask clients for a certificate (mutual TLS); needs `ca`. */
        requestClientCert?: boolean;
      }
    | false;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Also accept `client_id`/`client_secret` in the token request body (5.2.4). Default false. */
  acceptBodyCredentials?: boolean;
  /** Handlers for additional grants (5.6), passed to {@link createTokenHandler}. */
  grants?: Record<string, GrantHandler>;
  /** How many requests `requests` keeps (the oldest are dropped), or `false` to keep none. Default 10000. */
  logRequests?: number | false;
  /**
   * Cross-origin access for pages at these origins (such as `http://127.0.0.1:5173`), so a
   * browser test can run the client against this server. Off by default: without it no CORS
   * header is sent and browsers keep other origins' pages out. A listed origin's preflight is
   * answered 204 before any token check (a preflight carries no credentials), and its requests
   * may send `Authorization` and read `WWW-Authenticate`.
   */
  cors?: {
    /** The page origins allowed, exactly as a browser sends them in `Origin`. */
    origins: readonly string[];
  };
  /**
   * Serve these TEA objects and artefact files (`teapurl serve --content`): the TEA API's GET
   * operations under `[<prefix>]/v<version>/` for each version the discovery document lists,
   * `GET /discovery?tei=` for the product releases whose identifiers name the TEI, and the files
   * at `/files/<path>`. Without it the server answers its sample resources.
   */
  content?: TeaContentStore;
}

/**
 * One request the server received, in arrival order.
 *
 * @example
 * ```ts
 * const sentKeyToResource = server.requests.some((r: LoggedRequest) => r.path !== '/token' && /^basic /i.test(String(r.headers.authorization)));
 * ```
 */
export interface LoggedRequest {
  /** The HTTP method, such as `GET`. */
  method: string;
  /** The request target as sent: path and query. */
  path: string;
  /**
   * Every request header, lower-case names, values included: `Authorization` too, so tests can
   * assert what a client sent where. This is a test server; do not point real credentials at it.
   */
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A started {@link startTeaServer}.
 *
 * @example
 * ```ts
 * const server: RunningTeaServer = await startTeaServer({ tls: pems.server, apiKeys });
 * server.revokeTokens(); // the client's next request meets error="invalid_token"
 * await server.close();
 * ```
 */
export interface RunningTeaServer {
  /** Origin of the server, e.g. `https://127.0.0.1:43121`. */
  url: string;
  /** The port it listens on. */
  port: number;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
  /**
   * Revokes every token issued so far: the next use is answered `error="invalid_token"`. With a
   * `tokens` service given it throws a `TypeError`: a stateless token cannot be revoked (rotate
   * its key instead), and another service's revocation is its own to offer.
   */
  revokeTokens(): void;
  /** The requests received, oldest first (the last 10000 by default; see `logRequests`), for tests to inspect. */
  requests: LoggedRequest[];
  /** The built-in token store, for tests that need finer control. Undefined without `apiKeys`, and when `tokens` was given. */
  tokens: MemoryTokenStore | undefined;
}

function certificateName(subject: string): string | undefined {
  return /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1];
}

/**
 * Section 4 puts every path under the API base URL, which section 9 makes `url + "/v" + version`;
 * so `POST /token` is answered there (`[<prefix>]/v1.0.0/token`) for each published version, and
 * at the root for clients that treat the endpoint `url` itself as the base.
 */
function isTokenPath(path: string, published: PublishedVersion): boolean {
  if (path === '/token') return true;
  const segments = path.split('/');
  return segments[segments.length - 1] === 'token' && versionSegment(segments[segments.length - 2], published) !== undefined;
}

/** The API versions a discovery document lists, from every endpoint; none when it is not a readable document. */
function listedVersions(body: string): string[] {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    return [];
  }
  return discoveryVersions(document);
}

/**
 * A protect glob, refused with a `TypeError` when it could never match a resource (see `protect`).
 *
 * @internal
 */
export function protectGlob(glob: string): (path: string) => boolean {
  const matches = pathGlob(glob);
  // The fixed part of the glob, before its first wildcard: "/v*/artifact/**" has "/".
  const first =
    picomatch
      .scan(glob)
      .base.split('/')
      .find((segment) => segment !== '') ?? '';
  // /files/ holds the artefact files of a content server (`content`).
  if (first !== '' && !first.startsWith('v') && first !== 'files') {
    throw new InvalidArgumentError(
      `protect glob ${JSON.stringify(glob)} could never match a resource: a resource is matched by its canonical path, which starts at /v<version> whatever prefix a request carries (for example /v*/artifact/**), or at /files/ for a content server's artefact files`,
    );
  }
  return matches;
}

/**
 * Adds the CORS headers for a listed page origin and answers its preflight; `true` when the
 * request was a preflight and has been answered.
 */
function crossOrigin(req: IncomingMessage, res: ServerResponse, origins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  res.setHeader('vary', 'Origin');
  if (origin === undefined || !origins.has(origin)) return false;
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('access-control-expose-headers', 'WWW-Authenticate, Retry-After, Location, Content-Length');
  if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return false;
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, HEAD, POST',
    'access-control-allow-headers': 'Authorization, Content-Type, Accept',
    'access-control-max-age': '600',
  });
  res.end();
  return true;
}

/** Streams an artefact file; a file that went away answers 404. */
function serveFile(res: ServerResponse, method: string, file: string): void {
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    toNode(res, jsonResponse(404, { error: 'OBJECT_UNKNOWN' }));
    return;
  }
  const type = /\.json$/i.test(file) ? 'application/json' : /\.xml$/i.test(file) ? 'application/xml' : 'application/octet-stream';
  res.writeHead(200, { 'content-type': type, 'content-length': size });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/**
 * Serves the requests of one connection one at a time: a pipelined request waits until the answer
 * before it has been handed to the socket (`finish`), so a client that pipelines many requests
 * and never reads holds one answer in memory, stalled by the socket's backpressure, not one per
 * request. At most `perConnection` requests wait on one connection and `total` on all; a
 * connection that would exceed either is closed.
 */
function oneAtATime(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  bounds: { perConnection: number; total: number },
): (req: IncomingMessage, res: ServerResponse) => void {
  const queues = new WeakMap<object, { busy: boolean; waiting: Array<() => void> }>();
  let waitingInAll = 0;
  return (req, res) => {
    const socket = req.socket;
    let queue = queues.get(socket);
    if (queue === undefined) {
      const created = { busy: false, waiting: [] as Array<() => void> };
      queues.set(socket, (queue = created));
      socket.once('close', () => {
        waitingInAll -= created.waiting.length;
        created.waiting.length = 0;
      });
    }
    const own = queue;
    const run = () => {
      own.busy = true;
      let done = false;
      const next = () => {
        if (done) return;
        done = true;
        own.busy = false;
        const waiting = own.waiting.shift();
        if (waiting !== undefined) {
          waitingInAll--;
          waiting();
        }
      };
      res.once('finish', next);
      res.once('close', next);
      listener(req, res);
    };
    // The rest of a chunk already parsed from a connection that was closed: nothing to answer.
    if (socket.destroyed) return;
    if (!own.busy) return run();
    if (own.waiting.length >= bounds.perConnection || waitingInAll >= bounds.total) {
      // More pipelined requests than the server holds for one client: it reads no more of them.
      socket.destroy();
      return;
    }
    own.waiting.push(run);
    waitingInAll++;
  };
}

function timeout(value: number | undefined, fallback: number, name: string): number {
  const ms = value ?? fallback;
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new InvalidArgumentError(`${name} must be a positive whole number of milliseconds`, { code: 'out-of-range' });
  return ms;
}

/**
 * Starts a TEA server on loopback: `/.well-known/tea`, `POST /token` when `apiKeys` are given,
 * and sample resources `GET <base>/<product|release|component|collection|artifact>/<uuid>`
 * and their plural listings (`<base>/products`) under the API base `[<prefix>]/v<version>` of
 * each version the discovery document lists (`1.0.0` without one; any other version is 404),
 * 400 for an id that is not a UUID, {@link FORBIDDEN_UUID} → 403,
 * {@link MISSING_UUID} → 404, unknown paths 404 JSON, a target {@link canonicalRequestPath}
 * refuses 400. Paths matching `protect` need a bearer token; elsewhere an `Authorization` header
 * is ignored (5.1.1). Failed credentials are throttled, and every connection is bounded in time
 * and number (`headersTimeoutMs`, `requestTimeoutMs`, `keepAliveTimeoutMs`, `maxConnections`).
 *
 * @example
 * ```ts
 * const server = await startTeaServer({
 *   tls: { cert, key },
 *   discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
 *   apiKeys: [{ keyId: 'ci', secret: 's3cret' }],
 *   protect: ['/v*\/artifact/**'],
 * });
 * // ... requests to server.url ...
 * await server.close();
 * ```
 */
export async function startTeaServer(options: TeaServerOptions): Promise<RunningTeaServer> {
  if (options.tls === undefined) throw new InvalidArgumentError('tls is required: certificates, or false for plain HTTP');
  if (options.protect && !options.apiKeys) {
    throw new InvalidArgumentError('protect needs apiKeys: a server that protects anything implements POST /token (5.1.2)');
  }
  const tls = options.tls;
  if (tls && tls.requestClientCert && !tls.ca) throw new InvalidArgumentError('tls.requestClientCert needs tls.ca to verify client certificates');
  const headersTimeout = timeout(options.headersTimeoutMs, 10_000, 'headersTimeoutMs');
  const requestTimeout = timeout(options.requestTimeoutMs, 30_000, 'requestTimeoutMs');
  const keepAliveTimeout = timeout(options.keepAliveTimeoutMs, 5_000, 'keepAliveTimeoutMs');
  if (requestTimeout < headersTimeout) throw new InvalidArgumentError('requestTimeoutMs must not be less than headersTimeoutMs', { code: 'out-of-range' });
  const maxConnections = options.maxConnections ?? 256;
  if (!Number.isSafeInteger(maxConnections) || maxConnections < 1)
    throw new InvalidArgumentError('maxConnections must be a positive whole number', { code: 'out-of-range' });
  const globs = (options.protect ?? ['/**']).map(protectGlob);
  const corsOrigins = options.cors ? new Set(options.cors.origins) : undefined;

  const requests: LoggedRequest[] = [];
  const logLimit = options.logRequests === false ? 0 : (options.logRequests ?? 10_000);
  if (options.tokens !== undefined) {
    if (!options.apiKeys) throw new TypeError('tokens needs apiKeys: tokens are issued at POST /token in exchange for an API key');
    const store = (['tokenTtl', 'maxTokensPerKey', 'maxTokens'] as const).find((name) => options[name] !== undefined);
    if (store) throw new TypeError(`${store} configures the built-in token store and cannot be given with tokens: set it on the token service`);
  }
  const tokens =
    options.apiKeys && options.tokens === undefined
      ? new MemoryTokenStore({
          ttlSeconds: options.tokenTtl ?? 3600,
          ...(options.maxTokensPerKey !== undefined ? { maxTokensPerSubject: options.maxTokensPerKey } : {}),
          ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        })
      : undefined;
  let tokenHandler: TokenHandler | undefined;
  let guard: BearerGuard<TokenRecord> | undefined;
  const service: TokenService<TokenRecord> | undefined = options.tokens ?? tokens;
  if (service && options.apiKeys) {
    tokenHandler = createTokenHandler({
      verifyApiKey: apiKeyVerifier(options.apiKeys as ApiKey[]),
      tokens: service,
      acceptBodyCredentials: options.acceptBodyCredentials ?? false,
      throttle: options.throttle ?? true,
      ...(options.grants ? { grants: options.grants } : {}),
      ...(tls && tls.requestClientCert ? { verifyClientCertificate: (certificate) => certificateName(certificate.subject) ?? certificate.fingerprint256 } : {}),
    });
    guard = requireBearer({ tokens: service });
  }

  let url = '';
  let discoveryBody: string | undefined;
  const discovery = (): string | undefined => {
    if (discoveryBody !== undefined || options.discovery === undefined) return discoveryBody;
    const value = typeof options.discovery === 'function' ? (options.discovery as (url: string) => unknown)(url) : options.discovery;
    discoveryBody = typeof value === 'string' ? value : JSON.stringify(value);
    return discoveryBody;
  };
  // The versions served are the ones the discovery document lists (1.0.0 when there is none):
  // any other /v<version>/ path is no resource, whoever asks.
  let published: PublishedVersion | undefined;
  const servedVersions = (): PublishedVersion => {
    if (published === undefined) {
      const body = discovery();
      published = publishedVersions(body === undefined ? ['1.0.0'] : listedVersions(body));
    }
    return published;
  };
  const matchesGlob = (path: string) => globs.some((matches) => matches(path));
  let listed: string[] | undefined;
  const listedList = (): string[] => {
    if (listed === undefined) {
      const body = discovery();
      listed = body === undefined ? ['1.0.0'] : listedVersions(body);
    }
    return listed;
  };

  const answerContent = async (
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
    route: ContentRoute | null,
    query: string,
    authenticated: boolean,
  ) => {
    if (route === null || (route.matched === undefined && route.file === undefined)) {
      toNode(res, jsonResponse(404, { error: 'OBJECT_UNKNOWN' }));
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      toNode(res, jsonResponse(405, { error: 'method_not_allowed', error_description: 'the TEA API answers GET and HEAD' }, { allow: 'GET, HEAD' }));
      return;
    }
    if (route.file !== undefined) return serveFile(res, method, route.file);
    // 5.7.4's filtered view: listing items the client may not see without a token are left out, silently.
    const hasToken = authenticated || (guard !== undefined && req.headers.authorization !== undefined && (await guard.check(req)).ok);
    const visible = (path: string) => hasToken || guard === undefined || !matchesGlob(`/v${route.version}${path}`);
    const { needsToken, ...answer } = options.content!.answer(route.matched!, new URLSearchParams(query), {
      origin: url,
      servers: [{ rootUrl: `${url}${route.prefix}`, versions: listedList() as [string, ...string[]] }],
      visible,
    });
    // It embeds an object this client may not see (seed 5.7.2): the answer needs a token too.
    if (needsToken && guard && !hasToken)
      return guard(req, res, () => void answerContent(req, res, method, route, query, true).catch((error: unknown) => res.destroy(error as Error)));
    toNode(res, answer);
  };

  const answerResource = async (req: IncomingMessage, res: ServerResponse, method: string, path: string, route: SampleRoute | null, authenticated: boolean) => {
    let visible = (_uuid: string) => true;
    if (route?.plural && guard && !authenticated) {
      // 5.7.4's filtered view: objects the client may not see without a token are left out, silently.
      const hasToken = req.headers.authorization !== undefined && (await guard.check(req)).ok;
      if (!hasToken) visible = (uuid) => !matchesGlob(objectPath(route.version, route.kind, uuid));
    }
    toNode(res, answerSample(method, path, route, visible));
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const target = req.url ?? '/';
    const method = req.method ?? 'GET';
    if (logLimit > 0) {
      requests.push({ method, path: target, headers: { ...req.headers } });
      if (requests.length > logLimit) requests.splice(0, requests.length - logLimit);
    }
    if (corsOrigins && crossOrigin(req, res, corsOrigins)) return;
    // The one reading of the path: the protection check and the router below both use it.
    const canonical = canonicalRequestPath(target);
    if (!canonical.ok) {
      toNode(res, jsonResponse(400, { error: 'bad_request', error_description: canonical.reason }));
      return;
    }
    const { path } = canonical;
    if (path === '/.well-known/tea') {
      const body = discovery();
      if (body === undefined) toNode(res, jsonResponse(404, { error: 'not_found', error_description: 'this server publishes no discovery document' }));
      else if (method !== 'GET' && method !== 'HEAD')
        toNode(res, jsonResponse(405, { error: 'method_not_allowed', error_description: 'use GET' }, { allow: 'GET, HEAD' }));
      else toNode(res, { status: 200, headers: { 'content-type': 'application/json' }, body });
      return;
    }
    const versions = servedVersions();
    if (isTokenPath(path, versions)) {
      // 4 and 7: a server without a token endpoint answers 404.
      if (tokenHandler) tokenHandler(req, res);
      else toNode(res, jsonResponse(404, { error: 'not_found', error_description: 'this server has no token endpoint' }));
      return;
    }
    const fail = (error: unknown) => {
      console.error(`teapurl test server: ${error instanceof Error ? error.message : String(error)}`);
      toNode(res, jsonResponse(500, { error: 'server_error', error_description: 'the request failed; see the server log' }));
    };
    if (options.content) {
      const content = routeContent(path, options.content, versions, matchOperation);
      // Judged by the path the router serves it by: no other spelling reaches it unchecked.
      if (guard && matchesGlob(content ? content.path : path)) {
        guard(req, res, () => void answerContent(req, res, method, content, canonical.query, true).catch(fail));
        return;
      }
      void answerContent(req, res, method, content, canonical.query, false).catch(fail);
      return;
    }
    const route = routeSample(path, versions);
    // A resource is judged by its own canonical path, the one the router serves it by.
    if (guard && matchesGlob(route ? route.path : path)) {
      guard(req, res, () => void answerResource(req, res, method, path, route, true).catch(fail));
      return;
    }
    // 5.1.1: an Authorization header on an unprotected path is ignored, whatever it holds.
    void answerResource(req, res, method, path, route, false).catch(fail);
  };

  const serial = oneAtATime(listener, { perConnection: options.maxQueuedPerConnection ?? 16, total: options.maxQueued ?? 1024 });
  const limits = {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    // Node checks the two timeouts above only this often (30 s by default).
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
  const server: Server = tls
    ? createHttpsServer(
        {
          cert: tls.cert,
          key: tls.key,
          ...(tls.ca ? { ca: tls.ca } : {}),
          requestCert: tls.requestClientCert ?? false,
          rejectUnauthorized: false,
          // A client that never finishes the handshake gets no more time than one that never sends headers.
          handshakeTimeout: headersTimeout,
          ...limits,
        },
        serial,
      )
    : createHttpServer(limits, serial);
  server.keepAliveTimeout = keepAliveTimeout;
  server.maxConnections = maxConnections;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    port,
    requests,
    tokens,
    revokeTokens: () => {
      if (options.tokens !== undefined) {
        throw new TypeError(
          'revokeTokens works with the built-in token store only: a signed, stateless token cannot be revoked alone; remove its key from the key set instead',
        );
      }
      tokens?.revokeAll();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        tokens?.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
