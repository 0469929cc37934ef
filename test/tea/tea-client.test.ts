import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TeaClient, RedirectError } from '../../src/tea/client/tea-client.js';
import { TokenRequestError } from '../../src/tea/client/token-request.js';
import { NetworkError } from '../../src/tea/client/network-error.js';
import { otherCertificates, testCertificates, type TestCertificates } from '../support/tls.js';
import { loopbackTransport, sendJson, startHttp, startHttps, type TestServer } from './helpers/https-server.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';
import { fetchTransport, type TeaTransport } from '../../src/tea/client/transport.js';
import { startStub, type StubOptions, type StubServer } from './helpers/tea-stub.js';
import { InvalidArgumentError } from '../../src/shared/errors.js';

let certs: TestCertificates;
let other: TestCertificates;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  [certs, other] = await Promise.all([testCertificates(), otherCertificates()]);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const KEY = { keyId: 'ci-reader', secret: 's3cret' };

async function stub(options: Partial<StubOptions> = {}): Promise<StubServer> {
  const server = await startStub({ tls: certs.server, keys: [KEY], ...options });
  open.push(server);
  return server;
}

async function server(handler: Parameters<typeof startHttps>[0], tls = certs.server): Promise<TestServer> {
  const s = await startHttps(handler, tls);
  open.push(s);
  return s;
}

/** A transport trusting the test CA, presenting `clientCertificate` when given; closed after the test. */
function transport(options: Parameters<typeof tlsTransport>[0] = {}): TeaTransport {
  const t = tlsTransport({ ca: certs.ca, ...options });
  open.push({ close: () => t.close!() });
  return t;
}

function client(baseUrl: string, options: Partial<ConstructorParameters<typeof TeaClient>[0]> = {}): TeaClient {
  return new TeaClient({ baseUrl, credentials: KEY, transport: transport(), ...options });
}

/** A client whose transport presents `certificate` (mutual TLS) and that holds no API key. */
function certificateClient(baseUrl: string, certificate: { cert: string; key: string }, ca = certs.ca): TeaClient {
  return client(baseUrl, { credentials: undefined, transport: transport({ ca, clientCertificate: certificate }) });
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const PRODUCT = '/product/09e8c73b-ac45-4475-acac-33e6a7314e6d';

describe('5.5 client flow when the need for authentication is unknown', () => {
  it('5.5.1 + 5.5.2: first call without a token; a 200 is done, no /token call', async () => {
    const s = await stub({ protect: () => false });
    const result = await client(s.baseUrl).request(PRODUCT);
    expect(result).toMatchObject({ outcome: 'ok', status: 200, ok: true, authenticated: false, url: `${s.baseUrl}${PRODUCT}` });
    expect(await result.response.json()).toEqual({ path: PRODUCT, method: 'GET' });
    expect(s.requests.map((r) => r.path)).toEqual([`/v1.0.0${PRODUCT}`]);
    expect(s.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('5.5.3 + 5.5.4 + 5.5.5 / section 7 (token required): a 401 Bearer challenge leads to POST /token, then the request again with the token', async () => {
    const s = await stub();
    const result = await client(s.baseUrl).request(PRODUCT);
    expect(result).toMatchObject({ outcome: 'ok', authenticated: true });
    expect(s.requests.map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? '-'}`)).toEqual([
      `GET /v1.0.0${PRODUCT} -`,
      `POST /v1.0.0/token ${'Basic ' + Buffer.from('ci-reader:s3cret').toString('base64')}`,
      `GET /v1.0.0${PRODUCT} Bearer tok-1`,
    ]);
  });

  it('5.5.5: keeps presenting the same token: one /token call for many requests, concurrent ones included', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    const first = await Promise.all(Array.from({ length: 8 }, (_, i) => c.request(`/product/${i}`)));
    const later = await Promise.all(Array.from({ length: 4 }, (_, i) => c.request(`/release/${i}`)));
    expect([...first, ...later].every((r) => r.outcome === 'ok')).toBe(true);
    expect(s.tokenRequests()).toHaveLength(1);
    // After the token is held, requests carry it from the start: no more challenges.
    expect(
      s
        .resourceRequests()
        .filter((r) => r.path.startsWith('/v1.0.0/release'))
        .map((r) => r.headers.authorization),
    ).toEqual(Array(4).fill('Bearer tok-1'));
  });

  it('5.5.6 + 5.3.5 / section 7 (token expired or revoked): on 401 invalid_token, a fresh token and one retry', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    await c.request(PRODUCT);
    s.revokeAll();
    const result = await c.request(PRODUCT);
    expect(result.outcome).toBe('ok');
    expect(s.tokenRequests()).toHaveLength(2);
    expect(
      s
        .resourceRequests()
        .slice(-2)
        .map((r) => r.headers.authorization),
    ).toEqual(['Bearer tok-1', 'Bearer tok-2']);
  });

  it('section 8 / 5.3.5: the invalid_token retry happens once per request, never twice', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    await c.request(PRODUCT);
    // Every token is rejected from now on.
    s.revokeAll();
    const revoking = setInterval(() => s.revokeAll(), 1);
    const tokensBefore = s.tokenRequests().length;
    const resourcesBefore = s.resourceRequests().length;
    const result = await c.request(PRODUCT).finally(() => clearInterval(revoking));
    expect(result).toMatchObject({ outcome: 'unauthorized', status: 401, unauthorizedReason: 'token-rejected' });
    expect(result.challenge?.params.error).toBe('invalid_token');
    expect(s.tokenRequests().length - tokensBefore).toBe(1);
    expect(s.resourceRequests().length - resourcesBefore).toBe(2);
  });

  it('5.3.5: a 401 for a presented token without error="invalid_token" is not retried, and the token is dropped', async () => {
    let reject = false;
    const s = await stub({
      routes: {
        '/picky': (_req, res) =>
          reject ? sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea", error="insufficient_scope"' }) : sendJson(res, 200, {}),
      },
    });
    const c = client(s.baseUrl);
    await c.request('/picky');
    reject = true;
    const result = await c.request('/picky');
    expect(result).toMatchObject({ outcome: 'unauthorized', unauthorizedReason: 'token-rejected' });
    expect(s.tokenRequests()).toHaveLength(1);
    // 5.5.5: a rejected token is not presented again; the next request gets a fresh one.
    reject = false;
    await c.request(PRODUCT);
    expect(s.resourceRequests().at(-1)!.headers.authorization).toBe('Bearer tok-2');
    expect(s.tokenRequests()).toHaveLength(2);
  });

  it('5.5 rules: a 401 without a Bearer challenge does not make the client probe /token', async () => {
    const s = await server((_req, res) => sendJson(res, 401, {}, { 'www-authenticate': 'Basic realm="legacy"' }));
    const result = await client(`${s.url}/v1.0.0`).request(PRODUCT);
    expect(result).toMatchObject({ outcome: 'unauthorized', unauthorizedReason: 'no-bearer-challenge', challenge: null });
    expect(s.requests.map((r) => r.path)).toEqual([`/v1.0.0${PRODUCT}`]);
  });

  it('5.5 rules: a 401 with no WWW-Authenticate at all is returned as is', async () => {
    const s = await server((_req, res) => sendJson(res, 401, {}));
    const result = await client(`${s.url}/v1.0.0`).request(PRODUCT);
    expect(result.unauthorizedReason).toBe('no-bearer-challenge');
    expect(s.requests).toHaveLength(1);
  });

  it('5.5.3: finds the Bearer challenge among several challenges and header lines (RFC 7235)', async () => {
    const multi = await server(async (req, res) => {
      if (req.url === '/v1.0.0/token') return sendJson(res, 200, { access_token: 'abc', token_type: 'bearer', expires_in: 60 });
      if (req.headers.authorization === 'Bearer abc') return sendJson(res, 200, { ok: true });
      res.setHeader('www-authenticate', ['Negotiate', 'Basic realm="x", bearer realm="tea"']);
      sendJson(res, 401, {});
    });
    const result = await client(`${multi.url}/v1.0.0`).request(PRODUCT);
    expect(result.outcome).toBe('ok');
    expect(multi.requests.map((r) => r.path)).toEqual([`/v1.0.0${PRODUCT}`, '/v1.0.0/token', `/v1.0.0${PRODUCT}`]);
  });

  it('5.5 rules: never probes /token without a challenge, even with credentials', async () => {
    const s = await stub({ protect: (p) => p.startsWith('/artifact') });
    const c = client(s.baseUrl);
    for (const path of ['/product/1', '/products', '/release/2']) expect((await c.request(path)).outcome).toBe('ok');
    expect(s.tokenRequests()).toHaveLength(0);
  });

  it('5.5 rules: eagerToken gets a token before the first request', async () => {
    const s = await stub();
    const result = await client(s.baseUrl, { eagerToken: true }).request(PRODUCT);
    expect(result.outcome).toBe('ok');
    expect(s.requests.map((r) => r.path)).toEqual(['/v1.0.0/token', `/v1.0.0${PRODUCT}`]);
    expect(s.requests[1]!.headers.authorization).toBe('Bearer tok-1');
  });

  it('5.5 rules: fetchToken() is the explicit way to call the token endpoint first', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    const token = await c.fetchToken();
    expect(token).toMatchObject({ accessToken: 'tok-1', expiresIn: 3600 });
    await c.request(PRODUCT);
    expect(s.requests.map((r) => r.path)).toEqual(['/v1.0.0/token', `/v1.0.0${PRODUCT}`]);
  });

  it('a challenge without credentials is returned as unauthorized, no /token call', async () => {
    const s = await stub();
    const result = await client(s.baseUrl, { credentials: undefined }).request(PRODUCT);
    expect(result).toMatchObject({
      outcome: 'unauthorized',
      unauthorizedReason: 'no-credentials',
      challenge: { schemeLower: 'bearer', params: { realm: 'tea' } },
    });
    expect(s.tokenRequests()).toHaveLength(0);
  });

  it('section 7 / 5.5 rules: /token answering 404 after a challenge is a clear error (server misconfigured)', async () => {
    const s = await stub({ noTokenEndpoint: true });
    const error = await rejection(client(s.baseUrl).request(PRODUCT));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'not-implemented', status: 404, url: `${s.baseUrl}/token` });
    expect(error.message).toMatch(/answered 404: the server asks for a bearer token but has no token endpoint, so it is misconfigured/);
  });
});

describe('5.1 applicability', () => {
  it('5.1.1: against a server with no authentication the client sends only plain requests', async () => {
    const s = await server((req, res) => (req.url?.endsWith('/token') ? sendJson(res, 404, {}) : sendJson(res, 200, { ok: 1 })));
    const c = client(`${s.url}/v1.0.0`);
    for (let i = 0; i < 3; i++) expect((await c.request(`/product/${i}`)).outcome).toBe('ok');
    expect(s.requests.every((r) => !r.path.endsWith('/token') && r.headers.authorization === undefined)).toBe(true);
  });

  it('5.1.3: the same client code works against an open server and a protected one', async () => {
    const openServer = await stub({ protect: () => false });
    const protectedServer = await stub();
    for (const s of [openServer, protectedServer]) expect((await client(s.baseUrl).request(PRODUCT)).outcome).toBe('ok');
  });
});

describe('5.2 API key exchange', () => {
  it('5.2.2 + 5.2.4: POST /token with HTTP Basic, a form content type and only grant_type=client_credentials in the body', async () => {
    const s = await stub();
    await client(s.baseUrl).request(PRODUCT);
    const [token] = s.tokenRequests();
    expect(token).toMatchObject({ method: 'POST', path: '/v1.0.0/token', body: 'grant_type=client_credentials' });
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token!.headers.authorization).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
  });

  it.each([
    ['a colon', { keyId: 'team:ci', secret: 'pa:ss:word' }, 'team%3Aci:pa%3Ass%3Aword'],
    ['a percent sign', { keyId: 'id%41', secret: '100%' }, 'id%2541:100%25'],
    ['a plus and a space', { keyId: 'a+b c', secret: '+ +' }, 'a%2Bb+c:%2B+%2B'],
    ['non-ASCII', { keyId: 'clé-ü', secret: 'пароль🔑' }, 'cl%C3%A9-%C3%BC:%D0%BF%D0%B0%D1%80%D0%BE%D0%BB%D1%8C%F0%9F%94%91'],
  ])('5.2.3: credentials with %s are form-urlencoded before Base64, and the server decodes them', async (_name, key, encoded) => {
    const s = await stub({ keys: [key] });
    const result = await client(s.baseUrl, { credentials: key }).request(PRODUCT);
    expect(result.outcome).toBe('ok');
    const header = s.tokenRequests()[0]!.headers.authorization!;
    expect(Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8')).toBe(encoded);
    expect(s.credentialsSeen).toEqual([key]);
  });

  it('5.2.6: the API key never goes to a resource endpoint', async () => {
    const s = await stub({ keys: [{ keyId: 'visible-id', secret: 'top-secret-value' }] });
    const c = client(s.baseUrl, { credentials: { keyId: 'visible-id', secret: 'top-secret-value' } });
    await c.request(PRODUCT);
    s.revokeAll();
    await c.request(PRODUCT);
    await c.request('/missing');
    const basic = `Basic ${Buffer.from('visible-id:top-secret-value').toString('base64')}`;
    for (const request of s.resourceRequests()) {
      const everything = JSON.stringify(request.headers) + request.body + request.path;
      expect(everything).not.toContain('top-secret-value');
      expect(everything).not.toContain(basic);
      expect(request.headers.authorization ?? 'Bearer').toMatch(/^Bearer/);
    }
    expect(s.tokenRequests().every((r) => r.headers.authorization === basic)).toBe(true);
  });

  it('5.2.7 / section 7: a bad API key is a TokenRequestError invalid_client with the description', async () => {
    const s = await stub();
    const error = await rejection(client(s.baseUrl, { credentials: { keyId: 'ci-reader', secret: 'wrong' } }).request(PRODUCT));
    expect(error).toBeInstanceOf(TokenRequestError);
    expect(error).toMatchObject({ code: 'oauth-error', error: 'invalid_client', description: 'unknown API key', status: 401 });
    expect(error.message).toContain('invalid_client (401): unknown API key');
    expect(error.message).not.toContain('wrong');
  });

  it('5.2.7 / section 7: a grant the server does not implement is a TokenRequestError unsupported_grant_type', async () => {
    const s = await server((req, res) =>
      req.url === '/v1.0.0/token'
        ? sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'only jwt-bearer here' })
        : sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' }),
    );
    const error = await rejection(client(`${s.url}/v1.0.0`).request(PRODUCT));
    expect(error).toMatchObject({ name: 'TokenRequestError', error: 'unsupported_grant_type', description: 'only jwt-bearer here', status: 400 });
  });

  it('5.6 / 5.2.5: mutual TLS: the certificate authenticates, no Authorization header on /token', async () => {
    const s = await stub({ keys: [], mtls: true, tls: { ...certs.server, ca: certs.ca, requestCert: true } });
    const c = certificateClient(s.baseUrl, certs.client);
    expect((await c.request(PRODUCT)).outcome).toBe('ok');
    const [token] = s.tokenRequests();
    expect(token!.headers.authorization).toBeUndefined();
    expect(token!.clientCertificate).toBe('teapurl test client');
    expect(token!.body).toBe('grant_type=client_credentials');
  });

  it('5.6: a separate certificate per service; neither is offered to the other service', async () => {
    const a = await stub({ keys: [], mtls: true, tls: { ...certs.server, ca: certs.ca, requestCert: true } });
    const b = await stub({ keys: [], mtls: true, tls: { ...other.server, ca: other.ca, requestCert: true } });
    const clientA = certificateClient(a.baseUrl, certs.client);
    const clientB = certificateClient(b.baseUrl, other.client, other.ca);
    expect((await clientA.request(PRODUCT)).outcome).toBe('ok');
    expect((await clientB.request(PRODUCT)).outcome).toBe('ok');
    expect(a.tokenRequests()[0]!.clientCertificate).toBe('teapurl test client');
    expect(b.tokenRequests()[0]!.clientCertificate).toBe('unrelated test client');
  });

  it('5.6: a certificate from another CA is refused with invalid_client', async () => {
    const s = await stub({ keys: [], mtls: true, tls: { ...certs.server, ca: certs.ca, requestCert: true } });
    const error = await rejection(certificateClient(s.baseUrl, other.client).request(PRODUCT));
    expect(error).toMatchObject({ name: 'TokenRequestError', error: 'invalid_client' });
  });
});

describe('5.3 using the access token', () => {
  it('5.3.1: the token goes in Authorization: Bearer on every later request', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    await c.request('/product/1');
    await c.request('/release/2', { method: 'HEAD' });
    expect(
      s
        .resourceRequests()
        .slice(1)
        .map((r) => [r.method, r.headers.authorization]),
    ).toEqual([
      ['GET', 'Bearer tok-1'],
      ['HEAD', 'Bearer tok-1'],
    ]);
  });

  it('5.3.2: the token is opaque: sent exactly as received, whatever its shape', async () => {
    const weird = 'eyJ.a~b_c-d+e/f==';
    const s = await stub({ tokenValue: () => weird });
    await client(s.baseUrl).request(PRODUCT);
    expect(s.resourceRequests().at(-1)!.headers.authorization).toBe(`Bearer ${weird}`);
  });

  it('5.3.4: renews ahead of expires_in, without waiting for a 401', async () => {
    let now = 1_000_000;
    const s = await stub({ expiresIn: 120, lifetimeMs: 3_600_000 });
    const c = client(s.baseUrl, { now: () => now, renewBeforeSeconds: 30 });
    await c.request(PRODUCT);
    now += 80_000; // 40 s left: more than the 30 s margin
    await c.request(PRODUCT);
    expect(s.tokenRequests()).toHaveLength(1);
    now += 15_000; // 25 s left: inside the margin
    await c.request(PRODUCT);
    expect(s.tokenRequests()).toHaveLength(2);
    expect(s.resourceRequests().map((r) => r.headers.authorization)).toEqual([undefined, 'Bearer tok-1', 'Bearer tok-1', 'Bearer tok-2']);
    expect(s.resourceRequests().every((r, i) => i === 0 || r.headers.authorization !== undefined)).toBe(true);
  });

  it('5.3.4: the margin is at most half the lifetime, so short-lived tokens are still reused', async () => {
    let now = 0;
    const s = await stub({ expiresIn: 10, lifetimeMs: 3_600_000 });
    const c = client(s.baseUrl, { now: () => now, renewBeforeSeconds: 30 });
    await c.request(PRODUCT);
    now += 4_000;
    await c.request(PRODUCT);
    expect(s.tokenRequests()).toHaveLength(1);
    now += 2_000;
    await c.request(PRODUCT);
    expect(s.tokenRequests()).toHaveLength(2);
  });

  it('tokens expiring mid-run (real clock, no expires_in): rejected with invalid_token, renewed, run completes', async () => {
    // A lifetime far above one request's time (a slow machine may take a few hundred ms for a TLS
    // round trip), and pauses that outlive it within the run.
    const s = await stub({ expiresIn: null, lifetimeMs: 1_000 });
    const c = client(s.baseUrl);
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      outcomes.push((await c.request(`/product/${i}`)).outcome);
      await new Promise((r) => setTimeout(r, 450));
    }
    expect(outcomes).toEqual(Array(6).fill('ok'));
    expect(s.tokenRequests().length).toBeGreaterThanOrEqual(2);
    const rejected = s
      .resourceRequests()
      .filter((r, i, all) => r.headers.authorization && all[i + 1]?.path === r.path && all[i + 1]?.headers.authorization !== r.headers.authorization);
    expect(rejected.length).toBeGreaterThanOrEqual(1);
  });

  it('tokens expiring mid-run (real clock, honest expires_in): renewed ahead, never rejected', async () => {
    const s = await stub({ expiresIn: 2, lifetimeMs: 2_000 });
    const c = client(s.baseUrl);
    for (let i = 0; i < 5; i++) {
      expect((await c.request(`/product/${i}`)).outcome).toBe('ok');
      await new Promise((r) => setTimeout(r, 600));
    }
    expect(s.tokenRequests().length).toBeGreaterThanOrEqual(2);
    // Only the very first request went without a token: no 401 after that.
    expect(s.resourceRequests().filter((r) => r.headers.authorization === undefined)).toHaveLength(1);
  });

  it('5.3.6: a refresh token in the response is ignored; renewal uses client_credentials again', async () => {
    const s = await stub({ extraTokenFields: { refresh_token: 'rt-1' } });
    const c = client(s.baseUrl);
    await c.request(PRODUCT);
    s.revokeAll();
    await c.request(PRODUCT);
    expect(s.tokenRequests().map((r) => r.body)).toEqual(['grant_type=client_credentials', 'grant_type=client_credentials']);
    expect(JSON.stringify(s.requests)).not.toContain('rt-1');
  });

  it.each<[string, unknown, RegExp]>([
    ['token_type is not Bearer', { access_token: 'x', token_type: 'mac', expires_in: 60 }, /not with a token response: .*token_type/],
    ['access_token is missing', { token_type: 'Bearer' }, /not with a token response/],
    ['access_token is empty', { access_token: '', token_type: 'Bearer' }, /not with a token response/],
    ['expires_in is a string', { access_token: 'x', token_type: 'Bearer', expires_in: '60' }, /not with a token response/],
    ['access_token has a line break', { access_token: 'a\nb', token_type: 'Bearer' }, /cannot be sent in an Authorization header/],
    ['the body is not JSON', 'not json', /the body is not JSON/],
  ])('the token response is validated (tea-token-response): %s', async (_name, body, message) => {
    const s = await server((req, res) => {
      if (req.url === '/v1.0.0/token') {
        if (typeof body === 'string') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(body);
        } else sendJson(res, 200, body);
        return;
      }
      sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' });
    });
    const error = await rejection(client(`${s.url}/v1.0.0`).request(PRODUCT));
    expect(error).toMatchObject({ name: 'TokenRequestError', code: 'bad-response' });
    expect(error.message).toMatch(message);
    expect(s.requests.filter((r) => r.path === `/v1.0.0${PRODUCT}`)).toHaveLength(1);
  });

  it('an oversized token response is refused', async () => {
    const s = await server((req, res) =>
      req.url === '/v1.0.0/token'
        ? sendJson(res, 200, { access_token: 'x', token_type: 'Bearer', pad: 'y'.repeat(100_000) })
        : sendJson(res, 401, {}, { 'www-authenticate': 'Bearer realm="tea"' }),
    );
    await expect(client(`${s.url}/v1.0.0`).request(PRODUCT)).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/larger than 65536 bytes/),
    });
  });
});

describe('5.4 transport', () => {
  it('5.4: an http:// base URL is refused', () => {
    expect(() => new TeaClient({ baseUrl: 'http://tea.example.com/v1.0.0' })).toThrow(/http:\/\/.*TLS only \(section 5\.4\)/);
  });

  it('5.4: a server certificate from an unknown CA is a NetworkError (tls), nothing is sent', async () => {
    const s = await stub({ tls: other.server });
    const error = await rejection(client(s.baseUrl).request(PRODUCT));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).kind).toBe('tls');
    expect(s.requests).toHaveLength(0);
  });

  it('5.4: without the private CA in the transport it is not trusted (verification is never off)', async () => {
    const s = await stub();
    const error = await rejection(client(s.baseUrl, { transport: fetchTransport() }).request(PRODUCT));
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'tls' });
  });

  it('5.4: the server identity is checked (RFC 9525): a certificate for localhost does not do for tea.example.com', async () => {
    const s = await stub();
    // Connections go to the stub, but TLS checks the name asked for, which the certificate does not carry.
    const loopback = loopbackTransport(s.port, certs.ca);
    open.push(loopback);
    const error = await rejection(client('https://tea.example.com/v1.0.0', { transport: loopback }).request(PRODUCT));
    expect(error).toMatchObject({ name: 'NetworkError', code: 'tls', kind: 'tls', systemCode: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(s.requests).toHaveLength(0);
  });

  it('5.4: a redirect from https to http is refused', async () => {
    const plain = await startHttp((_req, res) => sendJson(res, 200, {}));
    open.push(plain);
    const s = await stub({ routes: { '/moved': (_req, res) => (res.writeHead(302, { location: `${plain.url}/x` }), res.end()) } });
    const c = client(s.baseUrl, { eagerToken: true });
    const error = await rejection(c.request('/moved'));
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ code: 'insecure-redirect', location: `${plain.url}/x` });
    expect(plain.requests).toHaveLength(0);
  });

  it('a connection refused is a NetworkError', async () => {
    const s = await stub();
    await s.close();
    const error = await rejection(client(s.baseUrl).request(PRODUCT));
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'connection-refused' });
  });

  it('a server that never answers times out', async () => {
    const s = await server(() => undefined);
    const error = await rejection(client(`${s.url}/v1.0.0`, { timeoutMs: 300 }).request(PRODUCT));
    expect(error).toMatchObject({ name: 'NetworkError', kind: 'timeout' });
  });
});

describe('redirects', () => {
  it('a same-origin redirect keeps the token', async () => {
    const s = await stub({ routes: { '/old': (_req, res) => (res.writeHead(301, { location: '/v1.0.0/new' }), res.end()) } });
    const result = await client(s.baseUrl).request('/old');
    expect(result).toMatchObject({ outcome: 'ok', url: `${s.baseUrl}/new`, authenticated: true });
    expect(s.resourceRequests().at(-1)!.headers.authorization).toBe('Bearer tok-1');
  });

  it('a cross-origin redirect drops Authorization (and the client certificate)', async () => {
    const elsewhere = await startHttps((_req, res) => sendJson(res, 200, { elsewhere: true }), { ...certs.server, ca: certs.ca, requestCert: true });
    open.push(elsewhere);
    const cdn = elsewhere.url.replace('127.0.0.1', 'localhost');
    const s = await stub({
      keys: [],
      mtls: true,
      tls: { ...certs.server, ca: certs.ca, requestCert: true },
      routes: { '/artifact/1': (_req, res) => (res.writeHead(307, { location: `${cdn}/blob/1` }), res.end()) },
    });
    const result = await certificateClient(s.baseUrl, certs.client).request('/artifact/1');
    expect(result).toMatchObject({ outcome: 'ok', url: `${cdn}/blob/1`, authenticated: false });
    expect(s.resourceRequests().at(-1)!.headers.authorization).toBe('Bearer tok-1');
    expect(elsewhere.requests).toHaveLength(1);
    expect(elsewhere.requests[0]!.headers.authorization).toBeUndefined();
    expect(elsewhere.requests[0]!.clientCertificate).toBeUndefined();
  });

  it('redirects are bounded', async () => {
    const s = await stub({ protect: () => false, routes: { '/loop': (_req, res) => (res.writeHead(302, { location: '/v1.0.0/loop' }), res.end()) } });
    const error = await rejection(client(s.baseUrl, { maxRedirects: 3 }).request('/loop'));
    expect(error).toMatchObject({ name: 'RedirectError', code: 'too-many-redirects' });
    expect(s.requests).toHaveLength(4);
  });

  it('303 turns a POST into a GET without the body', async () => {
    const s = await stub({ protect: () => false, routes: { '/submit': (_req, res) => (res.writeHead(303, { location: '/v1.0.0/result' }), res.end()) } });
    const result = await client(s.baseUrl).request('/submit', {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(result.outcome).toBe('ok');
    expect(s.requests.map((r) => [r.method, r.path, r.body, r.headers['content-type']])).toEqual([
      ['POST', '/v1.0.0/submit', 'a=1', 'application/x-www-form-urlencoded'],
      ['GET', '/v1.0.0/result', '', undefined],
    ]);
  });
});

describe('5.7 servers that protect only some objects', () => {
  it('5.7.1 + 5.7.3: open listings without a token; the protected artefact is fetched after its own challenge', async () => {
    const s = await stub({ protect: (p) => p.startsWith('/artifact/') });
    const c = client(s.baseUrl);
    expect((await c.request('/products')).authenticated).toBe(false);
    expect((await c.request('/product/1')).authenticated).toBe(false);
    expect(s.tokenRequests()).toHaveLength(0);
    const artefact = await c.request('/artifact/1');
    expect(artefact).toMatchObject({ outcome: 'ok', authenticated: true });
    expect(s.tokenRequests()).toHaveLength(1);
    // 5.7.3 the other way round: being challenged once does not break the open objects.
    expect((await c.request('/product/2')).outcome).toBe('ok');
  });

  it('5.7.4 / section 7: 403 is a forbidden result and is not retried', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    const result = await c.request('/forbidden');
    expect(result).toMatchObject({ outcome: 'forbidden', status: 403, ok: false, authenticated: true });
    expect(s.resourceRequests().filter((r) => r.path === '/v1.0.0/forbidden')).toHaveLength(2); // unauthenticated, then with the token
    expect(s.tokenRequests()).toHaveLength(1);
  });

  it('5.7.4 / section 7: 404 is a not-found result (absent or withheld) and is not retried', async () => {
    const s = await stub({ protect: () => false });
    const result = await client(s.baseUrl).request('/missing');
    expect(result).toMatchObject({ outcome: 'not-found', status: 404 });
    expect(s.requests).toHaveLength(1);
  });

  it('other statuses come back as client-error and server-error', async () => {
    const s = await stub({
      protect: () => false,
      routes: { '/bad': (_q, res) => sendJson(res, 400, {}), '/down': (_q, res) => sendJson(res, 503, {}) },
    });
    const c = client(s.baseUrl);
    expect((await c.request('/bad')).outcome).toBe('client-error');
    expect((await c.request('/down')).outcome).toBe('server-error');
    expect(s.requests).toHaveLength(2);
  });
});

describe('5.8 excluded mechanism', () => {
  it('5.8: X-API-Key is never sent, to the token endpoint or anywhere else', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    await c.request(PRODUCT);
    s.revokeAll();
    await c.request(PRODUCT);
    expect(s.requests.length).toBeGreaterThan(3);
    expect(s.requests.every((r) => r.headers['x-api-key'] === undefined)).toBe(true);
  });

  it('5.8 / 5.2.6: a caller cannot slip X-API-Key or Authorization into a request', async () => {
    const s = await stub();
    const c = client(s.baseUrl);
    await expect(c.request(PRODUCT, { headers: { 'X-API-Key': 'k' } })).rejects.toThrow(/X-API-Key header is managed by TeaClient/);
    await expect(c.request(PRODUCT, { headers: [['authorization', 'Basic abc']] })).rejects.toThrow(/authorization header is managed/);
    expect(s.requests).toHaveLength(0);
  });
});

describe('TeaClient options', () => {
  it.each([
    [{ baseUrl: 'not a url' }, /not an absolute URL/],
    [{ baseUrl: 'ftp://x.example.com' }, /not an https:\/\/ URL/],
    [{ baseUrl: 'https://u:p@x.example.com' }, /user information/],
    [{ baseUrl: 'https://x.example.com/v1.0.0?q=1' }, /query/],
    // Issue 29 item 8: a bare "?" or "#" leaves URL's search and hash empty, yet moves every path after it.
    [{ baseUrl: 'https://x.example.com/v1.0.0?' }, /query \(\?\) or a fragment \(#\)/],
    [{ baseUrl: 'https://x.example.com/v1.0.0#' }, /query \(\?\) or a fragment \(#\)/],
    [{ baseUrl: 'https://x.example.com/v1.0.0#x' }, /query \(\?\) or a fragment \(#\)/],
    [{ baseUrl: 'https://x.example.com/v1.0.0/?#' }, /query \(\?\) or a fragment \(#\)/],
    [{ baseUrl: 'https://x.example.com', credentials: { keyId: '', secret: 's' } }, /non-empty string keyId/],
    [{ baseUrl: 'https://x.example.com', credentials: { cert: 1 } }, /a client certificate is a property of the transport/],
  ])('refuses %j', (options, message) => {
    expect(() => new TeaClient(options as never)).toThrow(message);
  });

  it('token URL is POST /token relative to the API base URL (section 4)', () => {
    expect(new TeaClient({ baseUrl: 'https://x.example.com/api/v1.0.0/' }).tokenUrl).toBe('https://x.example.com/api/v1.0.0/token');
  });

  it('fetchToken without credentials is an InvalidArgumentError', async () => {
    await expect(new TeaClient({ baseUrl: 'https://x.example.com' }).fetchToken()).rejects.toThrow(InvalidArgumentError);
  });
});

describe('TeaClient against the project test server (startTeaServer)', () => {
  // Fails while startTeaServer serves the token endpoint at the origin's /token: the client posts to
  // {baseUrl}/token, the API base URL for the version (section 4: paths are relative to the API base
  // URL). Client and server must agree; the lead settles which (see the client helper's report).
  it('section 4 integration: the whole section 5.5 flow with a discovery base URL', async () => {
    const { startTeaServer } = await import('../../src/tea/server/test-server.js');
    const key = { keyId: 'ci:reader', secret: 'pä%ss+word' };
    const s = await startTeaServer({
      tls: certs.server,
      apiKeys: [key],
      protect: ['/v*/artifact/**'],
      discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
    });
    open.push(s);
    const c = client(`${s.url}/v1.0.0`, { credentials: key });
    const uuid = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';
    expect((await c.request(`/product/${uuid}`)).outcome).toBe('ok');
    const artefact = await c.request(`/artifact/${uuid}`);
    expect(artefact).toMatchObject({ outcome: 'ok', authenticated: true });
    s.revokeTokens();
    expect((await c.request(`/artifact/${uuid}`)).outcome).toBe('ok');
    expect((await c.request('/product/00000000-0000-4000-8000-000000000403')).outcome).toBe('forbidden');
    expect(s.requests.some((r) => r.headers['x-api-key'] !== undefined)).toBe(false);
  });
});

describe('time limits', () => {
  it('timeoutMs limits the wait for the answer and each pause in the body, not the reading of a slow body', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.write('first;');
      // The body takes 3 s in all, in steps of 750 ms: longer than timeoutMs, each pause shorter.
      let left = 4;
      const timer = setInterval(() => {
        if (--left > 0) return void res.write('.');
        clearInterval(timer);
        res.end('last');
      }, 750);
    });
    // 2 s covers a TLS handshake and the first byte on a slow machine; the body ends after 3 s.
    const result = await client(`${s.url}/v1.0.0`, { timeoutMs: 2_000 }).request('/artifact/1');
    expect(result.outcome).toBe('ok');
    expect(await result.response.text()).toBe('first;...last');
  });
});
