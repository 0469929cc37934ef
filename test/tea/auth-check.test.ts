import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCheck } from '../../src/tea/client/auth-check/auth-check.js';
import { AUTH_CHECK_RULES, type AuthCheckReport, type AuthCheckRuleId } from '../../src/tea/client/auth-check/rules.js';
import { decodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { NetworkError } from '../../src/tea/client/network-error.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { testCertificates, type TestCertificates } from '../support/tls.js';
import { closedPort, sendJson, startHttps, type Handler, type TestServer } from './helpers/https-server.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';

let certs: TestCertificates;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  certs = await testCertificates();
});
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

const KEY = { keyId: 'auditor', secret: 'pa:ss%wörd+1' };
const UUID = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';

function outcomes(report: AuthCheckReport): Record<AuthCheckRuleId, string> {
  return Object.fromEntries(report.results.map((r) => [r.id, r.outcome])) as Record<AuthCheckRuleId, string>;
}

function failing(report: AuthCheckReport): AuthCheckRuleId[] {
  return report.results.filter((r) => r.outcome === 'fail').map((r) => r.id);
}

/** The rules a conforming server with authentication passes when probed with a key and a protected resource. */
const AUTH_RULES: AuthCheckRuleId[] = [
  'challenge',
  'challenge-shape',
  'token-endpoint',
  'invalid-client',
  'token-json',
  'token-no-store',
  'token-bearer',
  'token-expires-in',
  'no-refresh-token',
  'bearer-accepted',
  'unsupported-grant',
  'invalid-token',
  'no-x-api-key',
];

describe('authCheck against the project test server (startTeaServer)', () => {
  let server: RunningTeaServer;
  let openServer: RunningTeaServer;

  beforeAll(async () => {
    server = await startTeaServer({ tls: certs.server, apiKeys: [KEY] });
    openServer = await startTeaServer({ tls: certs.server });
    open.push(server, openServer);
  });

  it('passes every rule of a server with authentication', async () => {
    const report = await authCheck(server.url, { transport: tlsTransport({ ca: certs.ca }), credentials: KEY, resource: `/v1.0.0/product/${UUID}` });
    expect(failing(report)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.authentication).toBe('required');
    const passed = report.results.filter((r) => r.outcome === 'pass').map((r) => r.id);
    expect(passed).toEqual(AUTH_RULES);
    expect(report.results.map((r) => r.id)).toEqual(AUTH_CHECK_RULES.map((r) => r.id));
  });

  it('reads a server without authentication correctly: /token 404 is "no authentication", a pass', async () => {
    const report = await authCheck(openServer.url, { transport: tlsTransport({ ca: certs.ca }), resource: `/v1.0.0/product/${UUID}` });
    expect(report.authentication).toBe('none');
    expect(report.passed).toBe(true);
    expect(outcomes(report)['no-authentication']).toBe('pass');
    expect(outcomes(report)['ignores-bearer']).toBe('pass');
    expect(report.results.find((r) => r.id === 'no-authentication')!.detail).toMatch(/POST \/token answered 404: this server requires no authentication/);
    expect(report.results.filter((r) => r.outcome === 'skip')).toHaveLength(AUTH_RULES.length);
  });

  it('without a key the token probes are skipped, the others still run', async () => {
    const report = await authCheck(server.url, { transport: tlsTransport({ ca: certs.ca }), resource: `/v1.0.0/product/${UUID}` });
    expect(report.passed).toBe(true);
    expect(outcomes(report)).toMatchObject({
      challenge: 'pass',
      'invalid-client': 'pass',
      'invalid-token': 'pass',
      'token-json': 'skip',
      'no-x-api-key': 'pass',
    });
  });

  it('an open resource on a server with authentication: the challenge probes say to name a protected one', async () => {
    const partial = await startTeaServer({ tls: certs.server, apiKeys: [KEY], protect: ['/v*/artifact/**'] });
    open.push(partial);
    const report = await authCheck(partial.url, { transport: tlsTransport({ ca: certs.ca }), credentials: KEY, resource: `/v1.0.0/product/${UUID}` });
    expect(report.passed).toBe(true);
    expect(report.results.find((r) => r.id === 'challenge')).toMatchObject({
      outcome: 'skip',
      detail: expect.stringMatching(/not protected; name a protected one with the resource option/),
    });
    const artefact = await authCheck(partial.url, { transport: tlsTransport({ ca: certs.ca }), credentials: KEY, resource: `/v1.0.0/artifact/${UUID}` });
    expect(failing(artefact)).toEqual([]);
    expect(outcomes(artefact).challenge).toBe('pass');
  });
});

type Break =
  | 'challenge'
  | 'challenge-shape'
  | 'token-endpoint'
  | 'invalid-client'
  | 'token-json'
  | 'token-no-store'
  | 'token-bearer'
  | 'token-expires-in'
  | 'no-refresh-token'
  | 'bearer-accepted'
  | 'unsupported-grant'
  | 'invalid-token'
  | 'no-x-api-key'
  | null;

/** A small TEA server that follows sections 4 and 5, except for the one rule `broken` names. */
function referenceHandler(broken: Break): Handler {
  const tokens = new Set<string>();
  let counter = 0;
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/api/v1.0.0/token') {
      if (broken === 'token-endpoint') return sendJson(res, 404, { error: 'not_found' });
      const credentials = decodeBasicCredentials(req.headers.authorization ?? '');
      if (!credentials || credentials.keyId !== KEY.keyId || credentials.secret !== KEY.secret) {
        if (broken === 'invalid-client') return sendJson(res, 400, { error: 'invalid_request' });
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'unknown key' }, { 'www-authenticate': 'Basic realm="tea"' });
      }
      const grant = new URLSearchParams(req.body).get('grant_type');
      if (grant !== 'client_credentials') {
        if (broken === 'unsupported-grant') return sendJson(res, 400, { error: 'invalid_grant' });
        return sendJson(res, 400, { error: 'unsupported_grant_type' });
      }
      const token = `t${++counter}`;
      if (broken !== 'bearer-accepted') tokens.add(token);
      const body: Record<string, unknown> = { access_token: token, token_type: broken === 'token-bearer' ? 'mac' : 'Bearer' };
      if (broken !== 'token-expires-in') body.expires_in = 300;
      if (broken === 'no-refresh-token') body.refresh_token = 'r1';
      const headers: Record<string, string> = {};
      if (broken !== 'token-no-store') headers['cache-control'] = 'no-store';
      if (broken === 'token-json') {
        res.writeHead(200, { ...headers, 'content-type': 'text/plain' });
        return res.end(JSON.stringify(body));
      }
      return sendJson(res, 200, body, headers);
    }
    if (!path?.startsWith('/api/v1.0.0/product/')) return sendJson(res, 404, {});
    // auth-check sends a random decoy, never the key (5.2.6): this break takes any X-API-Key.
    if (broken === 'no-x-api-key' && req.headers['x-api-key'] !== undefined) return sendJson(res, 200, { product: 1 });
    const authorization = req.headers.authorization;
    if (!authorization) {
      if (broken === 'challenge') return sendJson(res, 401, {}, { 'www-authenticate': 'Basic realm="tea"' });
      if (broken === 'challenge-shape') return sendJson(res, 401, {}, { 'www-authenticate': 'Bearer scope="read"' });
      return sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' });
    }
    const token = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!token || !tokens.has(token)) {
      if (broken === 'invalid-token') return sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' });
      return sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea", error="invalid_token", error_description="unknown token"' });
    }
    return sendJson(res, 200, { product: 1 });
  };
}

async function probe(handler: Handler, options: { credentials?: typeof KEY } = { credentials: KEY }): Promise<AuthCheckReport> {
  const server: TestServer = await startHttps(handler, certs.server);
  open.push(server);
  return authCheck(`${server.url}/api/v1.0.0`, { transport: tlsTransport({ ca: certs.ca }), ...options, resource: `/product/${UUID}` });
}

describe('authCheck against deliberately broken servers: exactly the broken rule fails', () => {
  it('the reference server passes everything (so each break below is the only difference)', async () => {
    const report = await probe(referenceHandler(null));
    expect(failing(report)).toEqual([]);
    expect(report.results.filter((r) => r.outcome === 'pass').map((r) => r.id)).toEqual(AUTH_RULES);
  });

  it.each<[Exclude<Break, null>, string, RegExp]>([
    ['challenge', '5.5.3, 5.7.2, 7', /401 without a Bearer challenge: WWW-Authenticate: Basic realm="tea"/],
    ['challenge-shape', '5.3.5', /no realm parameter/],
    ['token-endpoint', '5.1.2', /requires a token but POST .*\/token answered 404/],
    ['invalid-client', '5.2.7, 7', /answered 400 with error "invalid_request", not "invalid_client"/],
    ['token-json', '4', /content type "text\/plain", not application\/json/],
    ['token-no-store', '4', /no Cache-Control header/],
    ['token-bearer', '2.3', /not a token response: .*token_type/],
    ['token-expires-in', '2.3, 5.3.4', /no expires_in/],
    ['no-refresh-token', '5.3.6', /carries a refresh_token/],
    ['bearer-accepted', '5.3.1', /answered 401 to the token just issued/],
    ['unsupported-grant', '5.2.7, 7', /error "invalid_grant", not "unsupported_grant_type"/],
    ['invalid-token', '5.3.5, 7', /error null, not "invalid_token"/],
    ['no-x-api-key', '5.8', /X-API-Key header \(a random decoy\) was answered 200/],
  ])('%s (section %s)', async (rule, section, detail) => {
    const report = await probe(referenceHandler(rule));
    expect(failing(report)).toEqual([rule]);
    expect(report.passed).toBe(false);
    const result = report.results.find((r) => r.id === rule)!;
    expect(result.section).toBe(section);
    expect(result.detail).toMatch(detail);
  });

  it('ignores-bearer (5.1.1): a server without authentication that rejects a Bearer header', async () => {
    const report = await probe((req, res) => {
      if (req.url?.endsWith('/token')) return sendJson(res, 404, {});
      if (req.headers.authorization) return sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea", error="invalid_token"' });
      return sendJson(res, 200, {});
    });
    expect(report.authentication).toBe('none');
    expect(failing(report)).toEqual(['ignores-bearer']);
  });

  it('no-authentication (4): an open server whose /token answers 405 instead of 404', async () => {
    const report = await probe((req, res) => (req.url?.endsWith('/token') ? sendJson(res, 405, {}) : sendJson(res, 200, {})));
    expect(failing(report)).toEqual(['no-authentication']);
    expect(report.results.find((r) => r.id === 'no-authentication')!.detail).toMatch(
      /POST \/token answered 405: a server without a token endpoint answers 404/,
    );
  });

  it('a concealing 404 on the probed resource is pointed out (5.7.2)', async () => {
    const report = await probe((req, res) => (req.url?.endsWith('/token') ? sendJson(res, 401, { error: 'invalid_client' }) : sendJson(res, 404, {})), {});
    expect(report.results.find((r) => r.id === 'challenge')!.detail).toMatch(/concealing 404 \(5\.7\.2\)/);
  });

  it('an unreachable server is a NetworkError', async () => {
    await expect(authCheck(`https://127.0.0.1:${await closedPort()}`, { transport: tlsTransport({ ca: certs.ca }) })).rejects.toBeInstanceOf(NetworkError);
  });

  it('5.4: an http:// base URL is refused unless allowed', async () => {
    await expect(authCheck('http://127.0.0.1:1')).rejects.toThrow(/TLS only \(section 5\.4\)/);
  });
});
