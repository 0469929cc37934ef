/**
 * A scripted TEA server for client tests: `POST <prefix>/token` and resources under `<prefix>`,
 * written plainly so each test can see (and break) exactly one behaviour. API keys are read with
 * the project's server-side `decodeBasicCredentials`.
 */
import type { ServerResponse } from 'node:http';
import { decodeBasicCredentials } from '../../../src/tea/protocol/basic-credentials.js';
import { sendJson, startHttps, type Handler, type TestServer } from './https-server.js';

export interface StubOptions {
  tls: { cert: string; key: string; ca?: string; requestCert?: boolean };
  /** API base path. Default `/v1.0.0`. */
  prefix?: string;
  /** Accepted API keys. */
  keys?: Array<{ keyId: string; secret: string }>;
  /** Accept a verified client certificate (mutual TLS) at the token endpoint. */
  mtls?: boolean;
  /** No token endpoint: `/token` answers 404. */
  noTokenEndpoint?: boolean;
  /** Which resource paths (after the prefix) need a token. Default: all. */
  protect?: (path: string) => boolean;
  /** `expires_in` sent with tokens; `null` to leave it out. Default 3600. */
  expiresIn?: number | null;
  /** Server-side lifetime in ms. Default: `expiresIn` seconds, or forever. */
  lifetimeMs?: number;
  /** Make the access token from a counter. Default `tok-<n>`. */
  tokenValue?: (n: number) => string;
  /** Extra members in the token response (e.g. a refresh_token). */
  extraTokenFields?: Record<string, unknown>;
  /** Replaces the handling of one path (after the prefix) once authentication passed. */
  routes?: Record<string, Handler>;
}

export interface StubServer extends TestServer {
  /** API base URL: origin + prefix. */
  baseUrl: string;
  /** Requests to the token endpoint. */
  tokenRequests(): TestServer['requests'];
  /** Requests to anything but the token endpoint. */
  resourceRequests(): TestServer['requests'];
  /** Decoded credentials of every token request, in order. */
  credentialsSeen: Array<{ keyId: string; secret: string } | null>;
  /** Makes every token issued so far invalid (as if expired or revoked). */
  revokeAll(): void;
}

function challenge(res: ServerResponse, error?: string, description?: string): void {
  const params = ['realm="tea"'];
  if (error) params.push(`error="${error}"`);
  if (description) params.push(`error_description="${description}"`);
  sendJson(res, 401, { error: error ?? 'unauthorized' }, { 'www-authenticate': `Bearer ${params.join(', ')}` });
}

export async function startStub(options: StubOptions): Promise<StubServer> {
  const prefix = options.prefix ?? '/v1.0.0';
  const expiresIn = options.expiresIn === undefined ? 3600 : options.expiresIn;
  const lifetime = options.lifetimeMs ?? (expiresIn === null ? Number.POSITIVE_INFINITY : expiresIn * 1000);
  const live = new Map<string, number>();
  const credentialsSeen: StubServer['credentialsSeen'] = [];
  let issued = 0;

  const handler: Handler = async (req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    if (path === `${prefix}/token`) {
      if (options.noTokenEndpoint) return sendJson(res, 404, { error: 'not_found' });
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const authorization = req.headers.authorization;
      const decoded = authorization ? decodeBasicCredentials(authorization) : null;
      credentialsSeen.push(decoded);
      const socket = req.socket as typeof req.socket & { authorized?: boolean };
      const byKey = decoded && options.keys?.some((k) => k.keyId === decoded.keyId && k.secret === decoded.secret);
      const byCertificate = !authorization && options.mtls && socket.authorized === true;
      if (!byKey && !byCertificate) {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'unknown API key' }, { 'www-authenticate': 'Basic realm="tea"' });
      }
      const form = new URLSearchParams(req.body);
      if (form.get('grant_type') !== 'client_credentials') return sendJson(res, 400, { error: 'unsupported_grant_type' });
      issued++;
      const token = options.tokenValue?.(issued) ?? `tok-${issued}`;
      live.set(token, Date.now() + lifetime);
      return sendJson(
        res,
        200,
        { access_token: token, token_type: 'Bearer', ...(expiresIn === null ? {} : { expires_in: expiresIn }), ...options.extraTokenFields },
        { 'cache-control': 'no-store' },
      );
    }
    const local = path.startsWith(prefix) ? path.slice(prefix.length) : path;
    const needsToken = options.protect ? options.protect(local) : true;
    if (needsToken) {
      const authorization = req.headers.authorization;
      if (!authorization) return challenge(res);
      const token = /^Bearer (\S+)$/.exec(authorization)?.[1];
      const until = token === undefined ? undefined : live.get(token);
      if (until === undefined) return challenge(res, 'invalid_token', 'the access token is not recognised');
      if (Date.now() >= until) return challenge(res, 'invalid_token', 'the access token has expired');
    }
    const route = options.routes?.[local];
    if (route) return route(req, res);
    if (local === '/forbidden') return sendJson(res, 403, { error: 'forbidden' });
    if (local === '/missing') return sendJson(res, 404, { error: 'not_found' });
    return sendJson(res, 200, { path: local, method: req.method });
  };

  const server = await startHttps(handler, options.tls);
  const tokenPath = `${prefix}/token`;
  return Object.assign(server, {
    baseUrl: `${server.url}${prefix}`,
    tokenRequests: () => server.requests.filter((r) => r.path.split('?')[0] === tokenPath),
    resourceRequests: () => server.requests.filter((r) => r.path.split('?')[0] !== tokenPath),
    credentialsSeen,
    revokeAll: () => live.clear(),
  });
}
