/**
 * A minimal TEA server written in the tests from the OpenAPI description and the seed's
 * authentication rules alone, not from teapurl's server: discovery, POST /token, the handful of
 * GET operations the consumer walk needs, pagination, and an artefact host on another origin.
 * Each test shapes its answers through `routes`.
 */
import { createHash } from 'node:crypto';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
}

export interface OpenApiServer {
  origin: string;
  base: string;
  seen: Seen[];
  /** Tokens issued so far. */
  issued: string[];
  /** Makes every token issued so far expire: the next use gets 401 invalid_token. */
  expireTokens(): void;
  /** Routes under /v1.0.0, by path (query included when the route is written with one). */
  routes: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
  close(): Promise<void>;
}

export const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
}

/**
 * Starts the server (https with `tls`, or plain http) on 127.0.0.1. Everything under /v1.0.0 but
 * /token needs a bearer token when `protect` is set.
 */
export async function startOpenApiServer(
  options: { tls?: { cert: string; key: string }; key?: { id: string; secret: string }; protect?: boolean } = {},
): Promise<OpenApiServer> {
  const seen: Seen[] = [];
  const issued: string[] = [];
  const valid = new Set<string>();
  const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
  let origin = '';
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, authorization: req.headers.authorization });
    if (url.pathname === '/.well-known/tea') return json(res, 200, { schemaVersion: 1, endpoints: [{ url: origin, versions: ['1.0.0'] }] });
    if (url.pathname === '/v1.0.0/token' && req.method === 'POST') {
      const expected = options.key ? `Basic ${Buffer.from(`${options.key.id}:${options.key.secret}`).toString('base64')}` : undefined;
      if (req.headers.authorization !== expected) return json(res, 401, { error: 'invalid_client' }, { 'www-authenticate': 'Basic realm="tea"' });
      const token = `t${issued.length + 1}`;
      issued.push(token);
      valid.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 }, { 'cache-control': 'no-store' });
    }
    if (options.protect && url.pathname.startsWith('/v1.0.0/')) {
      const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (presented === undefined) return json(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' });
      if (!valid.has(presented)) return json(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea", error="invalid_token"' });
    }
    const route = routes.get(`${url.pathname}${url.search}`) ?? routes.get(url.pathname);
    if (route) return route(req, res);
    json(res, 404, { error: 'OBJECT_UNKNOWN' });
  };
  const server = options.tls ? createHttpsServer(options.tls, handler) : createHttpServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    base: `${origin}/v1.0.0`,
    seen,
    issued,
    routes,
    expireTokens: () => valid.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
