/**
 * Item 1 of issue 10: one reading of the request path. Every spelling of a protected object's path
 * is 401 without a token and 200 with one, over real HTTPS; listings leave protected objects out
 * for a client without a valid token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Agent, fetch } from 'undici';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { canonicalRequestPath } from '../../src/tea/server/canonical-path.js';
import { pathGlob } from '../../src/tea/server/path-glob.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { testCertificates } from '../support/tls.js';
import { FORM, parseChallenge, rawRequest } from './server-kit-helpers.js';

const KEY = { keyId: 'reviewer', secret: 's3cret: 100% + ü' };
// The sample objects every listing holds; the second is the one protected in the listing tests.
const IDS = ['6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c', 'b0b3d6a1-5c2e-4f8a-9e7d-1a2b3c4d5e6f', 'd1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6'];
const A = IDS[1]!;
const selfDiscovery = (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] });

let agent: Agent;
const servers: RunningTeaServer[] = [];
beforeAll(async () => {
  agent = new Agent({ connect: { ca: (await testCertificates()).ca } });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await agent.close();
});

async function start(protect: string[]): Promise<RunningTeaServer> {
  const server = await startTeaServer({ tls: (await testCertificates()).server, apiKeys: [KEY], protect, discovery: selfDiscovery });
  servers.push(server);
  return server;
}

async function token(server: RunningTeaServer): Promise<string> {
  const response = await fetch(`${server.url}/token`, {
    method: 'POST',
    headers: { authorization: encodeBasicCredentials(KEY.keyId, KEY.secret), 'content-type': FORM },
    body: 'grant_type=client_credentials',
    dispatcher: agent,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('the README example, --protect /v*/artifact/**: every spelling of a protected object', () => {
  let server: RunningTeaServer;
  let bearer: string;
  beforeAll(async () => {
    server = await start(['/v*/artifact/**']);
    bearer = `Bearer ${await token(server)}`;
  });

  const upper = A.toUpperCase();
  const mixed = [...A].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('');
  // [what it tests, the request target as sent on the wire]
  const spellings: Array<[string, (origin: string) => string]> = [
    ['the canonical path', () => `/v1.0.0/artifact/${A}`],
    ['an extra leading segment', () => `/x/v1.0.0/artifact/${A}`],
    ['several leading segments', () => `/anything/at/all/v1.0.0/artifact/${A}`],
    ['build metadata in the version (the same version by precedence)', () => `/v1.0.0+x.2/artifact/${A}`],
    ['a doubled version segment', () => `/v1.0.0/v1.0.0/artifact/${A}`],
    ['doubled slashes', () => `//v1.0.0//artifact//${A}`],
    ['/./ segments', () => `/./v1.0.0/./artifact/./${A}`],
    ['/x/../ before the path', () => `/x/../v1.0.0/artifact/${A}`],
    ['/x/../ inside the path', () => `/v1.0.0/artifact/x/../${A}`],
    ['.. above the root', () => `/../../v1.0.0/artifact/${A}`],
    ['encoded dot segments, any hex case', () => `/x/%2E%2e/v1.0.0/%2e/artifact/${A}`],
    ['a trailing slash', () => `/v1.0.0/artifact/${A}/`],
    ['a query string', () => `/v1.0.0/artifact/${A}?download=1&x=%2F`],
    ['an empty query', () => `/v1.0.0/artifact/${A}?`],
    ['percent-encoded unreserved letters', () => `/v1.0.0/%61rti%66act/${A}`],
    ['uppercase hex in an escape', () => `/v1.0.0/artifact/${A.replace(/-/g, '%2D')}`],
    ['lowercase hex in an escape', () => `/v1.0.0/artifact/${A.replace(/-/g, '%2d')}`],
    ['an escaped version segment', () => `/%76%31.0.0/artifact/${A}`],
    ['an uppercase id', () => `/v1.0.0/artifact/${upper}`],
    ['a mixed-case id', () => `/v1.0.0/artifact/${mixed}`],
    ['an escaped uppercase letter in the id', () => `/v1.0.0/artifact/%42${A.slice(1)}`],
    ['everything at once', () => `//x/./y/..//v1.0.0/%61rtifact//${mixed.replace('-', '%2d')}/?q`],
    ['the absolute form of the target', (origin) => `${origin}/x/v1.0.0/artifact/${A}`],
  ];

  it.each(spellings)('%s: 401 with the Bearer challenge without a token, 200 with one', async (_name, spell) => {
    const target = spell(server.url);
    const anonymous = await rawRequest(server.url, { method: 'GET', target });
    expect(anonymous.status, target).toBe(401);
    expect(parseChallenge(String(anonymous.headers['www-authenticate']))).toEqual({ scheme: 'Bearer', params: { realm: 'tea' } });
    expect(anonymous.text).not.toContain(A);
    const authorized = await rawRequest(server.url, { method: 'GET', headers: { authorization: bearer }, target });
    expect(authorized.status, target).toBe(200);
    expect(authorized.json()).toMatchObject({ uuid: A, kind: 'artifact' });
  });

  it.each([
    ['an encoded slash', `/v1.0.0/artifact%2F${A}`],
    ['an encoded slash, lowercase hex', `/v1.0.0%2fartifact/${A}`],
    ['an encoded slash after ..', `/x/..%2Fv1.0.0/artifact/${A}`],
    ['a malformed escape', `/v1.0.0/artifact/%G0${A}`],
    ['a truncated escape', `/v1.0.0/artifact/${A}%2`],
    ['a fragment', `/v1.0.0/artifact/${A}#top`],
  ])('%s is refused with 400, with or without a token, naming no part of the path', async (_name, target) => {
    for (const headers of [{}, { authorization: bearer }] as Array<Record<string, string>>) {
      const response = await rawRequest(`${server.url}${target}`, { method: 'GET', headers });
      expect(response.status, target).toBe(400);
      expect(response.text).not.toContain(A);
    }
  });

  it('what is not an artefact stays open, under any spelling', async () => {
    for (const target of [`/v1.0.0/product/${A}`, `/x/v1.0.0//product/${A}/`, '/v1.0.0/artifacts', '/./.well-known/tea', '/v1.0.0/../.well-known/tea?x']) {
      expect((await rawRequest(`${server.url}${target}`, { method: 'GET' })).status, target).toBe(200);
    }
  });

  it('the token endpoint is reached under every spelling too, and is never protected', async () => {
    for (const target of ['/token', '/v1.0.0/token', '/x/v1.0.0//token/', '/v1.0.0/./x/../token?y']) {
      const response = await rawRequest(`${server.url}${target}`, {
        headers: { authorization: encodeBasicCredentials(KEY.keyId, KEY.secret), 'content-type': FORM },
        body: 'grant_type=client_credentials',
      });
      expect(response.status, target).toBe(200);
    }
  });
});

describe('issue 29 item 1: the versions the discovery document lists, read by precedence', () => {
  let server: RunningTeaServer;
  let bearer: string;
  beforeAll(async () => {
    server = await startTeaServer({
      tls: (await testCertificates()).server,
      apiKeys: [KEY],
      protect: ['/v1.0.0/artifact/**', '/v2.0.0-rc.1+b7/artifacts'],
      discovery: (url: string) => ({
        schemaVersion: 1,
        endpoints: [
          { url, versions: ['1.0.0', '2.0.0-rc.1+b7'] },
          { url: `${url}/mirror`, versions: ['1.0.0'] },
        ],
      }),
    });
    servers.push(server);
    bearer = `Bearer ${await token(server)}`;
  });

  it('a glob written for a listed version protects every spelling of it (build metadata is ignored)', async () => {
    for (const target of [`/v1.0.0/artifact/${A}`, `/v1.0.0+x/artifact/${A}`, `/mirror/v1.0.0+a.b-c/artifact/${A}`, `/v%31.0.0+x/artifact/${A}`]) {
      const anonymous = await rawRequest(server.url, { method: 'GET', target });
      expect(anonymous.status, target).toBe(401);
      expect(anonymous.text).not.toContain(A);
      const authorized = await rawRequest(server.url, { method: 'GET', target, headers: { authorization: bearer } });
      expect(authorized.status, target).toBe(200);
      expect(authorized.json()).toMatchObject({ uuid: A, apiVersion: '1.0.0' });
    }
    // A listed version's glob written with its own build metadata holds for the other spellings too.
    for (const target of ['/v2.0.0-rc.1/artifacts', '/v2.0.0-rc.1+other/artifacts']) {
      expect((await rawRequest(server.url, { method: 'GET', target })).status, target).toBe(401);
    }
    expect((await rawRequest(server.url, { method: 'GET', target: `/v2.0.0-rc.1/artifact/${A}` })).json()).toMatchObject({ apiVersion: '2.0.0-rc.1+b7' });
  });

  it('a version the document does not list is 404, with or without a token, and lists nothing', async () => {
    for (const target of [
      `/v1.0.1/artifact/${A}`,
      `/v9.9.9/artifact/${A}`,
      '/v9.9.9/artifacts',
      '/v2.0.0/artifacts',
      `/v1.0.0-rc.1/artifact/${A}`,
      `/v2.0.0-rc.2/product/${A}`,
    ]) {
      for (const headers of [{}, { authorization: bearer }] as Array<Record<string, string>>) {
        const response = await rawRequest(server.url, { method: 'GET', target, headers });
        expect(response.status, target).toBe(404);
        expect(response.json()).toMatchObject({ error: 'not_found' });
      }
    }
  });

  it('the token endpoint answers under the listed versions only', async () => {
    const post = (target: string) =>
      rawRequest(server.url, {
        target,
        headers: { authorization: encodeBasicCredentials(KEY.keyId, KEY.secret), 'content-type': FORM },
        body: 'grant_type=client_credentials',
      });
    expect((await post('/v1.0.0+x/token')).status).toBe(200);
    expect((await post('/v2.0.0-rc.1/token')).status).toBe(200);
    expect((await post('/v9.9.9/token')).status).toBe(404);
  });
});

describe('listings (5.7.4): objects whose own path is protected are left out without a valid token', () => {
  let server: RunningTeaServer;
  let bearer: string;
  beforeAll(async () => {
    // One artefact is protected by its exact canonical path; the others are open.
    server = await start([`/v*/artifact/${A}`]);
    bearer = `Bearer ${await token(server)}`;
  });

  const ids = async (target: string, headers: Record<string, string> = {}) => {
    const response = await rawRequest(`${server.url}${target}`, { method: 'GET', headers });
    expect(response.status, target).toBe(200);
    const body = response.json() as Record<string, unknown>;
    // Nothing but the items: no count or marker says that something was left out.
    expect(Object.keys(body)).toEqual(['items']);
    return { ids: (body.items as Array<{ uuid: string }>).map((item) => item.uuid), text: response.text };
  };

  it('without a token, with a garbage or a Basic header: the protected artefact is missing and not mentioned', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer not-a-real-token' },
      { authorization: encodeBasicCredentials(KEY.keyId, KEY.secret) },
      { 'x-api-key': KEY.secret },
    ] as Array<Record<string, string>>) {
      for (const target of ['/v1.0.0/artifacts', '/x/v1.0.0//artifacts/', '/v1.0.0+other/artifacts?all=1']) {
        const listing = await ids(target, headers);
        expect(listing.ids, target).toEqual([IDS[0], IDS[2]]);
        expect(listing.text).not.toContain(A);
      }
    }
    expect((await rawRequest(`${server.url}/v1.0.0/artifact/${A}`, { method: 'GET' })).status).toBe(401);
    expect((await rawRequest(`${server.url}/v1.0.0/artifact/${IDS[0]}`, { method: 'GET' })).status).toBe(200);
  });

  it('with a valid token: every object', async () => {
    expect((await ids('/v1.0.0/artifacts', { authorization: bearer })).ids).toEqual(IDS);
    expect((await ids('/x/v1.0.0/artifacts', { authorization: bearer })).ids).toEqual(IDS);
  });

  it('other kinds are listed whole: their objects are not protected', async () => {
    expect((await ids('/v1.0.0/products')).ids).toEqual(IDS);
  });

  it('a protected listing itself needs a token', async () => {
    const guarded = await start(['/v*/artifacts', '/v*/artifact/**']);
    expect((await rawRequest(`${guarded.url}/x/v1.0.0/artifacts/`, { method: 'GET' })).status).toBe(401);
    const access = await token(guarded);
    const listing = await rawRequest(`${guarded.url}/v1.0.0/artifacts`, { method: 'GET', headers: { authorization: `Bearer ${access}` } });
    expect((listing.json() as { items: unknown[] }).items).toHaveLength(3);
  });

  it('a glob that could never match a resource path is refused when the server starts', async () => {
    await expect(start(['/tea/v*/artifact/**'])).rejects.toThrow(/could never match a resource/);
    await expect(start(['/.well-known/**'])).rejects.toThrow(/could never match a resource/);
  });
});

describe('canonicalRequestPath: the one reading', () => {
  it.each([
    ['/', '/'],
    ['', null],
    ['v1/x', null],
    ['*', null],
    ['/a/b/../../..', '/'],
    ['/a/%7e%5f%2D%2E/b', '/a/~_-./b'],
    ['/a/%3a%40%c3%a9', '/a/%3A%40%C3%A9'],
    ['/a/b"c\\d<e>', '/a/b%22c%5Cd%3Ce%3E'],
    ['/a/%2E%2E/b', '/b'],
    ['/a/.%2E/b', '/b'],
    ['/a/..%2e', '/a/...'],
    ['/a/.%2e', '/'],
    ['/a/...', '/a/...'],
    ['https://tea.example.com:8443', '/'],
    ['https://tea.example.com/a//b/?q', '/a/b'],
    ['/a/%2F', null],
    ['/a/%2f', null],
    ['/a/%', null],
    ['/a/%4', null],
    ['/a/%zz', null],
    ['/a/é', null],
    ['/a b', null],
    ['/a#b', null],
  ])('%j → %j', (target, expected) => {
    const result = canonicalRequestPath(target);
    if (expected === null) {
      expect(result.ok).toBe(false);
    } else {
      expect(result).toMatchObject({ ok: true, path: expected });
    }
  });

  it('keeps the query apart, untouched', () => {
    expect(canonicalRequestPath('/a/./b?x=%2F&y=..')).toEqual({ ok: true, path: '/a/b', query: 'x=%2F&y=..' });
  });

  // Property: any respelling of a canonical path (escapes of unreserved characters in either hex
  // case, empty and dot segments, detours through .., a trailing slash, a query) reads back as it.
  const segment = fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@]{1,8}$/).filter((s) => s !== '.' && s !== '..');
  const respell = (segments: string[], choices: number[]) => {
    let out = '';
    segments.forEach((seg, i) => {
      const choice = choices[i % choices.length]!;
      if (choice % 5 === 1) out += '/';
      if (choice % 7 === 2) out += '/.';
      if (choice % 3 === 0) out += '/detour%2e%2E/..';
      const spelled = [...seg]
        .map((c, j) =>
          /[A-Za-z0-9\-._~]/.test(c) && (choice + j) % 4 === 0 ? `%${c.charCodeAt(0).toString(16)[(choice + j) % 8 < 4 ? 'toUpperCase' : 'toLowerCase']()}` : c,
        )
        .join('');
      out += `/${spelled}`;
    });
    return `${out || '/'}${choices[0]! % 2 ? '/' : ''}${choices[0]! % 3 === 1 ? '?q=/..%2F' : ''}`;
  };

  it('reads every respelling of a path back to that path', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.array(fc.nat(100), { minLength: 1, maxLength: 6 }), (segments, choices) => {
        const canonical = `/${segments.join('/')}`;
        expect(canonicalRequestPath(canonical)).toMatchObject({ ok: true, path: canonical });
        expect(canonicalRequestPath(respell(segments, choices))).toMatchObject({ ok: true, path: canonical });
      }),
      { numRuns: 2000 },
    );
  });
});

describe('pathGlob (picomatch)', () => {
  it.each([
    ['/v*/artifact/**', '/v1.0.0/artifact/abc', true],
    ['/v*/artifact/**', '/v1.0.0/artifact', true],
    ['/v*/artifact/**', '/v1.0.0/artifacts', false],
    ['/v*/artifact/**', '/x/v1.0.0/artifact/abc', false],
    ['/v*/artifact/*', '/v1.0.0/artifact/a/b', false],
    ['/**', '/', true],
    ['/**', '/.well-known/tea', true],
    ['/**/artifact/*', '/artifact/abc', true],
    ['/v{1,2}.*/product/*', '/v2.0.0/product/x', true],
    ['/v[0-9].0.0/product/*', '/vX.0.0/product/x', false],
    ['/v1.0.0/Artifact/*', '/v1.0.0/artifact/x', false],
    ['/a/', '/a', true],
  ])('%s matches %s: %s', (glob, path, expected) => {
    expect(pathGlob(glob)(path)).toBe(expected);
  });
});
