import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { FORBIDDEN_UUID, MISSING_UUID, startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { pathGlob } from '../../src/tea/server/path-glob.js';
import { validateDocument } from '../../src/validator/index.js';
import { otherCertificates, testCertificates } from '../support/tls.js';
import { FORM, parseChallenge, rawRequest, schemaErrors } from './server-kit-helpers.js';

const KEY = { keyId: 'key:1 ü', secret: 'p%ss+w:rd' };
const PRODUCT = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';
const ARTIFACT = 'b0b3d6a1-5c2e-4f8a-9e7d-1a2b3c4d5e6f';
const selfDiscovery = (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] });

let agent: Agent;
beforeAll(async () => {
  agent = new Agent({ connect: { ca: (await testCertificates()).ca } });
});

function get(server: RunningTeaServer, path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { headers, dispatcher: agent });
}

async function token(server: RunningTeaServer, key = KEY): Promise<string> {
  const response = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { authorization: encodeBasicCredentials(key.keyId, key.secret), 'content-type': FORM },
    body: 'grant_type=client_credentials',
    dispatcher: agent,
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string };
  expect(schemaErrors(body, 'tea-token-response')).toEqual([]);
  return body.access_token;
}

describe('a server without authentication (5.1.1)', () => {
  let server: RunningTeaServer;
  beforeAll(async () => {
    server = await startTeaServer({ tls: { ...(await testCertificates()).server }, discovery: selfDiscovery });
  });
  afterAll(() => server.close());

  it('4 / 7: POST /token answers 404 on a server without a token endpoint', async () => {
    const response = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': FORM },
      body: 'grant_type=client_credentials',
      dispatcher: agent,
    });
    expect(response.status).toBe(404);
    expect((await get(server, '/token')).status).toBe(404);
  });

  it('5.1.1: never answers 401, and ignores an Authorization: Bearer header, valid or not', async () => {
    for (const headers of [
      <Record<string, string>>{},
      { authorization: 'Bearer whatever' },
      { authorization: 'Bearer not a token' },
      { authorization: 'Basic Zm9vOmJhcg==' },
    ]) {
      const response = await get(server, `/v1.0.0/artifact/${ARTIFACT}`, headers);
      expect(response.status).toBe(200);
      expect(response.headers.has('www-authenticate')).toBe(false);
    }
  });

  it('2.1 / 9: serves the discovery document as JSON that names this server', async () => {
    const response = await get(server, '/.well-known/tea');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = await response.json();
    expect(validateDocument(body, { kind: 'tea-discovery' }).valid).toBe(true);
    expect(body).toEqual({ schemaVersion: 1, endpoints: [{ url: server.url, versions: ['1.0.0'] }] });
  });

  it('serves sample resources: objects and listings 200, a non-UUID id 400, unknown paths 404, other methods 405', async () => {
    const product = await get(server, `/v1.0.0/product/${PRODUCT}`);
    expect(product.status).toBe(200);
    expect(await product.json()).toMatchObject({ uuid: PRODUCT, kind: 'product' });
    const listing = await get(server, '/v1.0.0/products');
    expect(listing.status).toBe(200);
    expect(((await listing.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
    expect((await get(server, '/v1.0.0/product/not-a-uuid')).status).toBe(400);
    // An endpoint URL may carry a path (2.2): resources answer under any prefix.
    expect((await get(server, `/tea/api/v1.0.0/release/${PRODUCT}`)).status).toBe(200);
    // Only the versions the discovery document lists (1.0.0) are served.
    for (const path of [
      '/nothing',
      '/v1.0.0/widget/x',
      '/vX/product/' + PRODUCT,
      '/v1.0.0/products/extra',
      `/tea/api/v2.1.0-beta.1/release/${PRODUCT}`,
      '/v1.0.1/products',
    ]) {
      const response = await get(server, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
    }
    // fetch would normalise these paths away; node:https sends them as they are. Each is read
    // the one canonical way, or refused.
    expect((await rawRequest(`${server.url}/./.well-known/tea`, { method: 'GET' })).status).toBe(200);
    expect((await rawRequest(`${server.url}/v1.0.0//product/${PRODUCT}/`, { method: 'GET' })).status).toBe(200);
    expect((await rawRequest(`${server.url}/v1.0.0/..`, { method: 'GET' })).status).toBe(404);
    for (const path of [`/v1.0.0/product%2F${PRODUCT}`, '/v1.0.0/product/%zz', '/v1.0.0/product/x#frag']) {
      const response = await rawRequest(`${server.url}${path}`, { method: 'GET' });
      expect(response.status, path).toBe(400);
      expect(response.text).not.toContain('%zz');
    }
    const post = await fetch(`${server.url}/v1.0.0/product/${PRODUCT}`, { method: 'POST', body: '{}', dispatcher: agent });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('a server that protects only artefacts (5.7)', () => {
  let server: RunningTeaServer;
  beforeAll(async () => {
    server = await startTeaServer({ tls: { ...(await testCertificates()).server }, apiKeys: [KEY], protect: ['/v*/artifact/**'], discovery: selfDiscovery });
  });
  afterAll(() => server.close());

  it('5.7.1: serves products and listings without a token', async () => {
    expect((await get(server, `/v1.0.0/product/${PRODUCT}`)).status).toBe(200);
    expect((await get(server, '/v1.0.0/artifacts')).status).toBe(200);
  });

  it('5.7.2 / 7: answers 401 with the Bearer challenge for an artefact without a token, not a concealing 404', async () => {
    for (const id of [ARTIFACT, MISSING_UUID, FORBIDDEN_UUID]) {
      const response = await get(server, `/v1.0.0/artifact/${id}`);
      expect(response.status).toBe(401);
      expect(parseChallenge(response.headers.get('www-authenticate')!)).toEqual({ scheme: 'Bearer', params: { realm: 'tea' } });
    }
  });

  it('5.3.1 / 5.2.3: a token from POST /token (key with :, %, + and non-ASCII) opens the artefact', async () => {
    const access = await token(server);
    const response = await get(server, `/v1.0.0/artifact/${ARTIFACT}`, { authorization: `Bearer ${access}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ uuid: ARTIFACT, kind: 'artifact' });
  });

  it('5.7.4: an authenticated client may still get 403 or a 404', async () => {
    const access = await token(server);
    expect((await get(server, `/v1.0.0/artifact/${FORBIDDEN_UUID}`, { authorization: `Bearer ${access}` })).status).toBe(403);
    expect((await get(server, `/v1.0.0/artifact/${MISSING_UUID}`, { authorization: `Bearer ${access}` })).status).toBe(404);
  });

  it('5.3.5 / 7: after revokeTokens, an issued token gets error="invalid_token"; a fresh one works', async () => {
    const access = await token(server);
    server.revokeTokens();
    const rejected = await get(server, `/v1.0.0/artifact/${ARTIFACT}`, { authorization: `Bearer ${access}` });
    expect(rejected.status).toBe(401);
    expect(parseChallenge(rejected.headers.get('www-authenticate')!).params).toMatchObject({
      error: 'invalid_token',
      error_description: 'the access token has been revoked',
    });
    const fresh = await token(server);
    expect((await get(server, `/v1.0.0/artifact/${ARTIFACT}`, { authorization: `Bearer ${fresh}` })).status).toBe(200);
  });

  it('5.2.7 / 7: invalid_client and unsupported_grant_type at its token endpoint', async () => {
    const wrong = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { authorization: encodeBasicCredentials(KEY.keyId, 'nope'), 'content-type': FORM },
      body: 'grant_type=client_credentials',
      dispatcher: agent,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await fetch(`${server.url}/token`, { method: 'POST', headers: { 'content-type': FORM }, body: 'grant_type=password', dispatcher: agent });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('logs every request with its headers, so tests can check that resources saw no API key (5.2.6)', async () => {
    const before = server.requests.length;
    const access = await token(server);
    await get(server, `/v1.0.0/artifact/${ARTIFACT}`, { authorization: `Bearer ${access}` });
    const log = server.requests.slice(before);
    expect(log.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /token', `GET /v1.0.0/artifact/${ARTIFACT}`]);
    expect(log[0]?.headers.authorization).toMatch(/^Basic /);
    expect(log[1]?.headers.authorization).toBe(`Bearer ${access}`);
  });
});

describe('default protection and token lifetime', () => {
  it('with apiKeys and no protect, every path but /.well-known/tea and /token needs a token', async () => {
    const server = await startTeaServer({ tls: { ...(await testCertificates()).server }, apiKeys: [KEY], discovery: selfDiscovery });
    try {
      expect((await get(server, '/.well-known/tea')).status).toBe(200);
      expect((await get(server, `/v1.0.0/product/${PRODUCT}`)).status).toBe(401);
      expect((await get(server, '/v1.0.0/products')).status).toBe(401);
      expect((await get(server, '/anything')).status).toBe(401);
      const access = await token(server);
      expect((await get(server, `/v1.0.0/product/${PRODUCT}`, { authorization: `Bearer ${access}` })).status).toBe(200);
      expect((await get(server, '/anything', { authorization: `Bearer ${access}` })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('5.3.4 / 5.3.5: a token expires mid-run (tokenTtl 2 s): expires_in says so, then error="invalid_token"', async () => {
    const server = await startTeaServer({ tls: { ...(await testCertificates()).server }, apiKeys: [KEY], tokenTtl: 2 });
    try {
      const response = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { authorization: encodeBasicCredentials(KEY.keyId, KEY.secret), 'content-type': FORM },
        body: 'grant_type=client_credentials',
        dispatcher: agent,
      });
      const body = (await response.json()) as { access_token: string; expires_in: number };
      expect(body.expires_in).toBe(2);
      const path = `/v1.0.0/product/${PRODUCT}`;
      expect((await get(server, path, { authorization: `Bearer ${body.access_token}` })).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const expired = await get(server, path, { authorization: `Bearer ${body.access_token}` });
      expect(expired.status).toBe(401);
      expect(parseChallenge(expired.headers.get('www-authenticate')!).params).toEqual({
        realm: 'tea',
        error: 'invalid_token',
        error_description: 'the access token has expired',
      });
    } finally {
      await server.close();
    }
  });
});

describe('transport and options (5.4, 5.6)', () => {
  it('5.4: clients verifying the server certificate accept it for 127.0.0.1 and localhost; a client trusting another CA refuses it', async () => {
    const server = await startTeaServer({ tls: { ...(await testCertificates()).server }, discovery: selfDiscovery });
    try {
      expect((await get(server, '/.well-known/tea')).status).toBe(200);
      const viaName = await fetch(`https://localhost:${server.port}/.well-known/tea`, { dispatcher: agent });
      expect(viaName.status).toBe(200);
      const stranger = new Agent({ connect: { ca: (await otherCertificates()).ca } });
      await expect(fetch(`${server.url}/.well-known/tea`, { dispatcher: stranger })).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  it('5.6: with requestClientCert, a client certificate signed by tls.ca authenticates at /token without an Authorization header', async () => {
    const pems = await testCertificates();
    const other = await otherCertificates();
    const server = await startTeaServer({ tls: { ...pems.server, ca: pems.ca, requestClientCert: true }, apiKeys: [KEY] });
    try {
      const request = (client?: { cert: string; key: string }) =>
        rawRequest(`${server.url}/token`, { headers: { 'content-type': FORM }, body: 'grant_type=client_credentials', ...(client ? { client } : {}) });
      const ok = await request(pems.client);
      expect(ok.status).toBe(200);
      const access = (ok.json() as { access_token: string }).access_token;
      expect(server.tokens?.verify(access)).toMatchObject({ valid: true, principal: { subject: 'teapurl test client' } });
      expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
      expect((await request(other.client)).status).toBe(401);
      expect((await request()).status).toBe(401);
      // API keys still work beside mutual TLS.
      expect(server.tokens?.verify(await token(server))).toMatchObject({ valid: true });
    } finally {
      await server.close();
    }
  });

  it('serves a discovery document given as a string as it is, and 404 without one', async () => {
    const pems = await testCertificates();
    const broken = await startTeaServer({ tls: { ...pems.server }, discovery: '{"schemaVersion": 1, ' });
    const none = await startTeaServer({ tls: { ...pems.server } });
    try {
      expect(await (await get(broken, '/.well-known/tea')).text()).toBe('{"schemaVersion": 1, ');
      expect((await get(none, '/.well-known/tea')).status).toBe(404);
    } finally {
      await broken.close();
      await none.close();
    }
  });

  it('plain HTTP only when asked for with tls: false', async () => {
    await expect(startTeaServer({} as never)).rejects.toThrow(/tls is required/);
    const server = await startTeaServer({ tls: false, discovery: selfDiscovery });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${server.url}/.well-known/tea`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('5.1.2: protect without apiKeys is refused (a protecting server implements POST /token)', async () => {
    await expect(startTeaServer({ tls: false, protect: ['/**'] })).rejects.toThrow(/5\.1\.2/);
  });

  it('close() returns with a keep-alive connection still open', async () => {
    const server = await startTeaServer({ tls: { ...(await testCertificates()).server }, discovery: selfDiscovery });
    const keepAlive = new Agent({ connect: { ca: (await testCertificates()).ca }, keepAliveTimeout: 60_000 });
    await (await fetch(`${server.url}/.well-known/tea`, { dispatcher: keepAlive })).text();
    await server.close();
    await keepAlive.close();
  });
});

describe('request log', () => {
  it('keeps the last logRequests entries, or none with false', async () => {
    const pems = await testCertificates();
    const capped = await startTeaServer({ tls: { ...pems.server }, discovery: selfDiscovery, logRequests: 2 });
    const silent = await startTeaServer({ tls: { ...pems.server }, discovery: selfDiscovery, logRequests: false });
    try {
      for (const path of ['/a', '/b', '/c']) {
        await (await get(capped, path)).text();
        await (await get(silent, path)).text();
      }
      expect(capped.requests.map((r) => r.path)).toEqual(['/b', '/c']);
      expect(silent.requests).toEqual([]);
    } finally {
      await capped.close();
      await silent.close();
    }
  });
});

describe('pathGlob: the --protect / protect matcher', () => {
  it.each([
    ['/v*/artifact/**', '/v1.0.0/artifact/abc', true],
    ['/v*/artifact/**', '/v1.0.0/artifact', true],
    ['/v*/artifact/**', '/v1.0.0/artifacts', false],
    ['/v*/artifact/**', '/v1.0.0/product/abc', false],
    ['/v*/artifact/**', '/api/v1.0.0/artifact/abc', false],
    ['/**/artifact/*', '/api/v1.0.0/artifact/abc', true],
    ['/**/artifact/*', '/artifact/abc', true],
    ['/**', '/anything/at/all', true],
    ['/v?.0.0/product/*', '/v1.0.0/product/a', true],
    ['/v?.0.0/product/*', '/v1.0.0/product/a/b', false],
    ['/v1.0.0/product/*', '/v1x0x0/product/a', false],
  ])('%s matches %s: %s', (glob, path, expected) => {
    expect(pathGlob(glob)(path)).toBe(expected);
  });

  it('refuses a relative glob', () => {
    expect(() => pathGlob('v*/artifact')).toThrow(/must start with \//);
  });
});
