/**
 * A real local TEA server for tests and demos: discovery, the token endpoint, bearer-protected
 * sample resources. `teapurl serve` runs it from the command line.
 *
 * @module
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { apiKeyVerifier, type ApiKey } from './api-key-verifier.js';
import { jsonResponse, toNode } from './http-exchange.js';
import { pathGlob } from './path-glob.js';
import { requireBearer, type BearerGuard } from './require-bearer.js';
import { createTokenHandler, type GrantHandler, type TokenHandler } from './token-handler.js';
import { MemoryTokenStore, type TokenRecord } from './token-store.js';

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
   * the document can point at the server itself). Absent: `/.well-known/tea` is 404.
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
   * Path globs that need a token (5.7), e.g. `['/v*\/artifact/**']`; see {@link pathGlob}.
   * Default with `apiKeys`: every path except `/.well-known/tea` and `/token`.
   */
  protect?: string[];
  /** Token lifetime in seconds (fractions allowed). Default 3600. */
  tokenTtl?: number;
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
  /** Revokes every token issued so far: the next use is answered `error="invalid_token"`. */
  revokeTokens(): void;
  /** The requests received, oldest first (the last 10000 by default; see `logRequests`), for tests to inspect. */
  requests: LoggedRequest[];
  /** The token store, for tests that need finer control. Undefined without `apiKeys`. */
  tokens: MemoryTokenStore | undefined;
}

/**
 * Sample objects with this UUID answer 403 to an authenticated client (5.7.4).
 *
 * @example
 * ```ts
 * await client.request(`/product/${FORBIDDEN_UUID}`); // 403
 * ```
 */
export const FORBIDDEN_UUID = '00000000-0000-4000-8000-000000000403';
/**
 * Sample objects with this UUID answer 404: absent or concealed, the client cannot tell (5.7.4).
 *
 * @example
 * ```ts
 * await client.request(`/product/${MISSING_UUID}`); // 404
 * ```
 */
export const MISSING_UUID = '00000000-0000-4000-8000-000000000404';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Any prefix (an endpoint URL may carry a path, 2.2), then /v<version>/<kind>[s][/<id>].
const RESOURCE = /^(?:\/[^/]+)*?\/v([^/]+)\/(product|release|component|collection|artifact)(s?)(?:\/([^/]+))?$/;
const SAMPLE_IDS = ['6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c', 'b0b3d6a1-5c2e-4f8a-9e7d-1a2b3c4d5e6f', 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6'];

function sampleObject(kind: string, uuid: string, version: string): Record<string, string> {
  return { uuid, kind, name: `Sample ${kind} ${uuid.slice(0, 8)}`, apiVersion: version };
}

/** Answers a sample resource request, after any token check. */
function resource(method: string, path: string): ReturnType<typeof jsonResponse> {
  const match = RESOURCE.exec(path);
  if (!match) return jsonResponse(404, { error: 'not_found', error_description: `no resource at ${path}` });
  if (method !== 'GET' && method !== 'HEAD') {
    return jsonResponse(405, { error: 'method_not_allowed', error_description: 'resources answer GET and HEAD' }, { allow: 'GET, HEAD' });
  }
  const [, version = '', kind = '', plural, id] = match;
  if (!SEMVER.test(version)) return jsonResponse(404, { error: 'not_found', error_description: `no API version ${JSON.stringify(version)}` });
  if (plural) {
    if (id !== undefined) return jsonResponse(404, { error: 'not_found', error_description: `no resource at ${path}` });
    return jsonResponse(200, { items: SAMPLE_IDS.map((uuid) => sampleObject(kind, uuid, version)) });
  }
  if (id === undefined) return jsonResponse(404, { error: 'not_found', error_description: `no resource at ${path}` });
  if (!UUID.test(id)) return jsonResponse(400, { error: 'bad_request', error_description: `${kind} id must be a UUID` });
  const uuid = id.toLowerCase();
  if (uuid === FORBIDDEN_UUID) return jsonResponse(403, { error: 'forbidden', error_description: `this client may not see ${kind} ${uuid}` });
  if (uuid === MISSING_UUID) return jsonResponse(404, { error: 'not_found', error_description: `no ${kind} ${uuid}` });
  return jsonResponse(200, sampleObject(kind, uuid, version));
}

function certificateName(subject: string): string | undefined {
  return /(?:^|\n)CN=([^\n]+)/.exec(subject)?.[1];
}

/**
 * Section 4 puts every path under the API base URL, which section 9 makes `url + "/v" + version`;
 * so `POST /token` is answered there (`/v1.0.0/token`), and at the root for clients that treat
 * the endpoint `url` itself as the base.
 */
function isTokenPath(path: string): boolean {
  return path === '/token' || /^\/v[^/]+\/token$/.test(path);
}

/**
 * Starts a TEA server on loopback: `/.well-known/tea`, `POST /token` when `apiKeys` are given,
 * and sample resources `GET /v<version>/<product|release|component|collection|artifact>/<uuid>`
 * and their plural listings (`/v<version>/products`), 400 for an id that is not a UUID,
 * {@link FORBIDDEN_UUID} → 403, {@link MISSING_UUID} → 404, unknown paths 404 JSON. Paths
 * matching `protect` need a bearer token; elsewhere an `Authorization` header is ignored (5.1.1).
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
  if (options.tls === undefined) throw new TypeError('tls is required: certificates, or false for plain HTTP');
  if (options.protect && !options.apiKeys) {
    throw new TypeError('protect needs apiKeys: a server that protects anything implements POST /token (5.1.2)');
  }
  const tls = options.tls;
  if (tls && tls.requestClientCert && !tls.ca) throw new TypeError('tls.requestClientCert needs tls.ca to verify client certificates');

  const requests: LoggedRequest[] = [];
  const logLimit = options.logRequests === false ? 0 : (options.logRequests ?? 10_000);
  const tokens = options.apiKeys ? new MemoryTokenStore({ ttlSeconds: options.tokenTtl ?? 3600 }) : undefined;
  let tokenHandler: TokenHandler | undefined;
  let guard: BearerGuard<TokenRecord> | undefined;
  let isProtected: (path: string) => boolean = () => false;
  if (tokens && options.apiKeys) {
    tokenHandler = createTokenHandler({
      verifyApiKey: apiKeyVerifier(options.apiKeys as ApiKey[]),
      issueToken: ({ subject }) => tokens.issue(subject),
      acceptBodyCredentials: options.acceptBodyCredentials ?? false,
      ...(options.grants ? { grants: options.grants } : {}),
      ...(tls && tls.requestClientCert ? { verifyClientCertificate: (certificate) => certificateName(certificate.subject) ?? certificate.fingerprint256 } : {}),
    });
    guard = requireBearer({ verifyToken: (token) => tokens.verify(token) });
    const globs = (options.protect ?? ['/**']).map(pathGlob);
    isProtected = (path) => path !== '/.well-known/tea' && !isTokenPath(path) && globs.some((matches) => matches(path));
  }

  let url = '';
  let discoveryBody: string | undefined;
  const discovery = (): string | undefined => {
    if (discoveryBody !== undefined || options.discovery === undefined) return discoveryBody;
    const value = typeof options.discovery === 'function' ? (options.discovery as (url: string) => unknown)(url) : options.discovery;
    discoveryBody = typeof value === 'string' ? value : JSON.stringify(value);
    return discoveryBody;
  };

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    const target = req.url ?? '/';
    const method = req.method ?? 'GET';
    if (logLimit > 0) {
      requests.push({ method, path: target, headers: { ...req.headers } });
      if (requests.length > logLimit) requests.splice(0, requests.length - logLimit);
    }
    const path = target.split('?')[0] ?? '';
    if (!path.startsWith('/') || /\/\.{1,2}(?:\/|$)|\/\//.test(path)) {
      toNode(res, jsonResponse(400, { error: 'bad_request', error_description: 'the path must be absolute and normalised' }));
      return;
    }
    if (path === '/.well-known/tea') {
      const body = discovery();
      if (body === undefined) toNode(res, jsonResponse(404, { error: 'not_found', error_description: 'this server publishes no discovery document' }));
      else if (method !== 'GET' && method !== 'HEAD') toNode(res, jsonResponse(405, { error: 'method_not_allowed', error_description: 'use GET' }, { allow: 'GET, HEAD' }));
      else toNode(res, { status: 200, headers: { 'content-type': 'application/json' }, body });
      return;
    }
    if (isTokenPath(path)) {
      // 4 and 7: a server without a token endpoint answers 404.
      if (tokenHandler) tokenHandler(req, res);
      else toNode(res, jsonResponse(404, { error: 'not_found', error_description: 'this server has no token endpoint' }));
      return;
    }
    if (guard && isProtected(path)) {
      guard(req, res, () => toNode(res, resource(method, path)));
      return;
    }
    // 5.1.1: an Authorization header on an unprotected path is ignored, whatever it holds.
    toNode(res, resource(method, path));
  };

  const server: Server = tls
    ? createHttpsServer(
        { cert: tls.cert, key: tls.key, ...(tls.ca ? { ca: tls.ca } : {}), requestCert: tls.requestClientCert ?? false, rejectUnauthorized: false },
        listener,
      )
    : createHttpServer(listener);
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
    revokeTokens: () => tokens?.revokeAll(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
