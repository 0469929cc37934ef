import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch, type Agent } from 'undici';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { bearerToken, requireBearer, type TokenVerdict } from '../../src/tea/server/require-bearer.js';
import { MemoryTokenStore, type TokenRecord } from '../../src/tea/server/token-store.js';
import { parseChallenge, rawRequest, startHttps, trustingAgent, type HttpsFixture } from './server-kit-helpers.js';
import { InvalidArgumentError } from '../../src/shared/errors.js';

describe('bearerToken: RFC 6750 Authorization header syntax', () => {
  it('reads the b64token after a case-insensitive Bearer', () => {
    expect(bearerToken('Bearer abc.DEF-123_~+/==')).toBe('abc.DEF-123_~+/==');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('BEARER abc')).toBe('abc');
    expect(bearerToken('Bearer   abc')).toBe('abc');
  });

  it('says "no token" for a missing header or another scheme, "malformed" for bad Bearer credentials', () => {
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Basic Zm9vOmJhcg==')).toBeUndefined();
    expect(bearerToken('Bearerabc')).toBeUndefined();
    for (const bad of ['Bearer', 'Bearer ', 'Bearer a b', 'Bearer ä', 'Bearer a=b', 'Bearer "abc"', 'Bearer abc,def']) {
      expect(bearerToken(bad), bad).toBeNull();
    }
  });
});

describe('requireBearer as node:http middleware over HTTPS', () => {
  let now = Date.now();
  const store = new MemoryTokenStore({ ttlSeconds: 60, now: () => now });
  const guard = requireBearer<TokenRecord>({ verifyToken: (token) => store.verify(token) });
  let https: HttpsFixture;
  let agent: Agent;
  beforeAll(async () => {
    https = await startHttps((req, res) =>
      guard(req, res, () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ subject: guard.principalOf(req)?.subject }));
      }),
    );
    agent = await trustingAgent();
  });
  afterAll(() => https.close());

  const get = (headers: Record<string, string> = {}) => fetch(`${https.url}/v1.0.0/artifact/x`, { headers, dispatcher: agent });

  it('5.5.3 / 7: no token: 401 with WWW-Authenticate: Bearer realm="tea" and no error code', async () => {
    const response = await get();
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="tea"');
  });

  it('5.3.1: a valid token passes and the handler sees whose it is', async () => {
    const { access_token } = store.issue('ci-bot');
    for (const scheme of ['Bearer', 'bearer', 'BEARER']) {
      const response = await get({ authorization: `${scheme} ${access_token}` });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ subject: 'ci-bot' });
    }
  });

  it('5.3.5 / 7: an expired token: 401 Bearer realm="tea", error="invalid_token", error_description', async () => {
    const { access_token } = store.issue('ci-bot');
    expect((await get({ authorization: `Bearer ${access_token}` })).status).toBe(200);
    now += 61_000; // the token expires mid-run
    try {
      const response = await get({ authorization: `Bearer ${access_token}` });
      expect(response.status).toBe(401);
      const challenge = parseChallenge(response.headers.get('www-authenticate')!);
      expect(challenge).toEqual({ scheme: 'Bearer', params: { realm: 'tea', error: 'invalid_token', error_description: 'the access token has expired' } });
    } finally {
      now -= 61_000;
    }
  });

  it('5.3.5 / 7: revoked, unknown and malformed tokens get error="invalid_token" too', async () => {
    const { access_token } = store.issue('ci-bot');
    store.revoke(access_token);
    const cases: Array<[string, string]> = [
      [`Bearer ${access_token}`, 'the access token has been revoked'],
      ['Bearer never-issued-token', 'the access token is not recognised'],
      ['Bearer not a token', 'the access token is malformed'],
      ['Bearer', 'the access token is malformed'],
    ];
    for (const [authorization, description] of cases) {
      const response = await get({ authorization });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`Bearer realm="tea", error="invalid_token", error_description="${description}"`);
      expect(await response.json()).toEqual({ error: 'invalid_token', error_description: description });
    }
  });

  it('5.2.6: an API key sent to a resource with Basic is not a credential there', async () => {
    const response = await get({ authorization: encodeBasicCredentials('ci-bot', 'secret') });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="tea"');
  });

  it('5.8: X-API-Key is ignored: it neither authenticates nor gets in the way of a bearer token', async () => {
    const alone = await get({ 'x-api-key': 'ci-bot:secret' });
    expect(alone.status).toBe(401);
    expect(alone.headers.get('www-authenticate')).toBe('Bearer realm="tea"');
    const { access_token } = store.issue('ci-bot');
    const both = await get({ 'x-api-key': 'garbage', authorization: `Bearer ${access_token}` });
    expect(both.status).toBe(200);
  });

  it('hostile: a very long or binary Authorization header gets a clean 401', async () => {
    const long = await get({ authorization: `Bearer ${'a'.repeat(8000)}` });
    expect(long.status).toBe(401);
    const binary = await rawRequest(`${https.url}/x`, { method: 'GET', headers: { authorization: 'Bearer \u00ff\u00fe' } });
    expect(binary.status).toBe(401);
    expect(binary.headers['www-authenticate']).toContain('error="invalid_token"');
  });
});

describe('requireBearer options and fetch form', () => {
  it('uses the realm given, escaped for a quoted string', async () => {
    const guard = requireBearer({ realm: 'my "tea"', verifyToken: () => ({ valid: false, reason: 'unknown' }) });
    const handler = guard.wrapFetch(() => new Response('ok'));
    const response = await handler(new Request('https://tea.test/x'));
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="my \\"tea\\""');
    expect(parseChallenge(response.headers.get('www-authenticate')!).params.realm).toBe('my "tea"');
  });

  it('keeps a custom error_description inside its quoted string (RFC 6750 characters only)', async () => {
    const guard = requireBearer({ verifyToken: (): TokenVerdict => ({ valid: false, reason: 'revoked', description: 'key "ci" was\r\nrevoked \\ today' }) });
    const result = await guard.check(new Request('https://tea.test/x', { headers: { authorization: 'Bearer abc' } }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const header = result.headers['www-authenticate']!;
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(parseChallenge(header).params).toEqual({ realm: 'tea', error: 'invalid_token', error_description: 'key ?ci? was??revoked ? today' });
  });

  it('wrapFetch calls the handler with the principal only for a valid token', async () => {
    const guard = requireBearer({
      verifyToken: (token): TokenVerdict<string> => (token === 'good' ? { valid: true, principal: 'alice' } : { valid: false, reason: 'unknown' }),
    });
    const handler = guard.wrapFetch((_request, principal) => Response.json({ principal }));
    const ok = await handler(new Request('https://tea.test/x', { headers: { authorization: 'Bearer good' } }));
    expect(await ok.json()).toEqual({ principal: 'alice' });
    const bad = await handler(new Request('https://tea.test/x', { headers: { authorization: 'Bearer bad' } }));
    expect(bad.status).toBe(401);
    const none = await handler(new Request('https://tea.test/x', { headers: { 'x-api-key': 'good' } }));
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="tea"');
  });

  it('answers 500 and reports it when verifyToken throws, without echoing the token', async () => {
    const errors: unknown[] = [];
    const guard = requireBearer({
      verifyToken: () => {
        throw new Error('token database down');
      },
      onError: (error) => errors.push(error),
    });
    const result = await guard.check(new Request('https://tea.test/x', { headers: { authorization: 'Bearer sekrit-token' } }));
    expect(result).toMatchObject({ ok: false, status: 500 });
    if (!result.ok) expect(result.body).not.toContain('sekrit-token');
    expect(errors).toHaveLength(1);
  });
});

describe('MemoryTokenStore', () => {
  it('5.3.2: issues opaque random b64token handles that fit a Bearer header', () => {
    const store = new MemoryTokenStore();
    const tokens = new Set(Array.from({ length: 100 }, () => store.issue('x').access_token));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(bearerToken(`Bearer ${token}`)).toBe(token);
  });

  it('5.3.3 / 5.3.5: tells expired from revoked from unknown; revokeAll revokes everything issued so far', () => {
    let now = 1_000_000;
    const store = new MemoryTokenStore({ ttlSeconds: 10, now: () => now });
    const a = store.issue('a').access_token;
    const b = store.issue('b').access_token;
    expect(store.verify(a)).toMatchObject({ valid: true, principal: { subject: 'a' } });
    now += 10_000;
    expect(store.verify(a)).toEqual({ valid: false, reason: 'expired' });
    const c = store.issue('c').access_token;
    store.revokeAll();
    expect(store.verify(c)).toEqual({ valid: false, reason: 'revoked' });
    // b had already expired: the store keeps no record of it, expired or revoked.
    expect(store.verify(b)).toEqual({ valid: false, reason: 'unknown' });
    expect(store.verify(a)).toEqual({ valid: false, reason: 'unknown' });
    expect(store.verify('nonsense')).toEqual({ valid: false, reason: 'unknown' });
    const d = store.issue('d').access_token;
    expect(store.verify(d)).toMatchObject({ valid: true });
    expect(store.revoke(d)).toBe(true);
    expect(store.revoke(d)).toBe(false);
    expect(() => new MemoryTokenStore({ ttlSeconds: 0 })).toThrow(InvalidArgumentError);
    store.close();
  });
});
