/**
 * Issue 34 item 4: signed stateless tokens (SignedTokens), the key set reader, and the `tokens`
 * option that createTokenHandler, requireBearer and startTeaServer take. The tokens are checked
 * with jose itself where an independent reading helps (what the header and claims hold) and
 * forged with it where a test needs a token this module would never issue.
 */
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, decodeJwt, jwtVerify } from 'jose';
import { SignedTokens, readTokenKeySet, type TokenSigningKey } from '../../src/tea/server/signed-tokens.js';
import { createTokenHandler } from '../../src/tea/server/token-handler.js';
import { requireBearer } from '../../src/tea/server/require-bearer.js';
import { MemoryTokenStore } from '../../src/tea/server/token-store.js';
import { apiKeyVerifier } from '../../src/tea/server/api-key-verifier.js';
import { startTeaServer } from '../../src/tea/server/test-server.js';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';

const key = (kid: string): TokenSigningKey => ({ kid, secret: randomBytes(32) });
const OLD = key('2026-11');
const NEW = key('2026-12');
const T0 = 1_800_000_000_000;

/** A token signed as SignedTokens signs, with `changes` to header or claims: what a forger could make with the key. */
async function forge(signing: TokenSigningKey, changes: { header?: Record<string, unknown>; claims?: Record<string, unknown>; now?: number } = {}) {
  const now = changes.now ?? T0;
  return new SignJWT({ iss: 'teapurl', aud: 'tea', sub: 'ci', iat: Math.floor(now / 1000), exp: now / 1000 + 3600, jti: 'x', ...changes.claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: signing.kid, ...changes.header } as { alg: string })
    .sign(signing.secret);
}

describe('SignedTokens', () => {
  it('issues a JWS with the kid of the first key in its header and the expiry inside; any instance with the key set accepts it', async () => {
    let now = T0;
    const a = new SignedTokens({ keys: [NEW], ttlSeconds: 600, now: () => now });
    const b = new SignedTokens({ keys: [NEW], ttlSeconds: 600, now: () => now });
    const issued = await a.issue('ci:bot');
    expect(issued.expires_in).toBe(600);
    expect(decodeProtectedHeader(issued.access_token)).toEqual({ alg: 'HS256', typ: 'at+jwt', kid: '2026-12' });
    const claims = decodeJwt(issued.access_token);
    expect(claims).toMatchObject({ iss: 'teapurl', aud: 'tea', sub: 'ci:bot', iat: T0 / 1000, exp: T0 / 1000 + 600 });
    expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // An independent verifier agrees the signature is the key's.
    await expect(jwtVerify(issued.access_token, NEW.secret, { currentDate: new Date(T0) })).resolves.toBeDefined();
    expect(await b.verify(issued.access_token)).toEqual({ valid: true, principal: { subject: 'ci:bot', issuedAt: T0, expiresAt: T0 + 600_000 } });
    // Two tokens for the same subject in the same millisecond still differ (jti).
    expect((await a.issue('ci:bot')).access_token).not.toBe(issued.access_token);
    // Expiry is judged to the millisecond, on every instance alike.
    now = T0 + 599_999;
    expect((await b.verify(issued.access_token)).valid).toBe(true);
    now = T0 + 600_000;
    expect(await b.verify(issued.access_token)).toEqual({ valid: false, reason: 'expired' });
    expect(await a.verify(issued.access_token)).toEqual({ valid: false, reason: 'expired' });
  });

  it('rotation: the first key signs, every key verifies; dropping the old key ends its tokens', async () => {
    const before = new SignedTokens({ keys: [OLD], now: () => T0 });
    const during = new SignedTokens({ keys: [NEW, OLD], now: () => T0 });
    const after = new SignedTokens({ keys: [NEW], now: () => T0 });
    expect(during.signingKeyId).toBe('2026-12');
    expect(during.keyIds).toEqual(['2026-12', '2026-11']);
    const oldToken = (await before.issue('ci')).access_token;
    const newToken = (await during.issue('ci')).access_token;
    expect(decodeProtectedHeader(newToken).kid).toBe('2026-12');
    expect((await during.verify(oldToken)).valid).toBe(true);
    expect((await after.verify(newToken)).valid).toBe(true);
    expect(await after.verify(oldToken)).toEqual({ valid: false, reason: 'unknown' });
    // An instance not yet given the new key refuses its tokens: give every instance the new key before any signs with it.
    expect(await before.verify(newToken)).toEqual({ valid: false, reason: 'unknown' });
  });

  it('refuses every token it did not issue itself: another key (same kid or not), tampered, expired, other audience, type, algorithm or issuer', async () => {
    const tokens = new SignedTokens({ keys: [NEW], now: () => T0 });
    const good = (await tokens.issue('ci')).access_token;
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const rewritten = Buffer.from(JSON.stringify({ ...claims, sub: 'admin' })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const cases: Array<[string, string, string]> = [
      ['another key under the same kid', await forge({ kid: NEW.kid, secret: randomBytes(32) }), 'unknown'],
      ['another key under its own kid', await forge(key('elsewhere')), 'unknown'],
      ['no kid', await forge(NEW, { header: { kid: undefined } }), 'unknown'],
      ['a claim rewritten, signature kept', `${header}.${rewritten}.${signature}`, 'unknown'],
      ['the signature changed', `${header}.${payload}.${flipped}`, 'unknown'],
      ['the signature dropped', `${header}.${payload}.`, 'unknown'],
      ['expired an hour ago', await forge(NEW, { now: T0 - 7_200_000 }), 'expired'],
      ['another audience', await forge(NEW, { claims: { aud: 'another-service' } }), 'unknown'],
      ['another issuer', await forge(NEW, { claims: { iss: 'someone-else' } }), 'unknown'],
      ['not an access token (typ JWT)', await forge(NEW, { header: { typ: 'JWT' } }), 'unknown'],
      ['HS512 with the same key', await forge(NEW, { header: { alg: 'HS512' } }), 'unknown'],
      ['no exp', await forge(NEW, { claims: { exp: undefined } }), 'unknown'],
      ['unsigned (alg none)', `${Buffer.from('{"alg":"none","typ":"at+jwt","kid":"2026-12"}').toString('base64url')}.${payload}.`, 'unknown'],
      ['not a JWS', 'abc.def.ghi', 'malformed'],
      ['a random handle', randomBytes(32).toString('base64url'), 'malformed'],
      ['far too long', `${good}${'A'.repeat(5000)}`, 'malformed'],
    ];
    expect((await tokens.verify(good)).valid).toBe(true);
    for (const [name, token, reason] of cases) expect(await tokens.verify(token), name).toEqual({ valid: false, reason });
  });

  it('a clock tolerance accepts a token that long past its expiry, and no longer', async () => {
    let now = T0;
    const tokens = new SignedTokens({ keys: [NEW], ttlSeconds: 10, clockToleranceSeconds: 5, now: () => now });
    const { access_token: token } = await tokens.issue('ci');
    now = T0 + 14_999;
    expect((await tokens.verify(token)).valid).toBe(true);
    now = T0 + 15_000;
    expect(await tokens.verify(token)).toEqual({ valid: false, reason: 'expired' });
  });

  it('remembers at most verifiedCacheSize verified tokens; a remembered token still expires on time', async () => {
    let now = T0;
    const held = (tokens: SignedTokens) => (tokens as unknown as { verified: Map<string, unknown> }).verified.size;
    const tokens = new SignedTokens({ keys: [NEW], ttlSeconds: 60, verifiedCacheSize: 2, now: () => now });
    const issued = await Promise.all(['a', 'b', 'c'].map(async (subject) => (await tokens.issue(subject)).access_token));
    for (const token of issued) expect((await tokens.verify(token)).valid).toBe(true);
    expect(held(tokens)).toBe(2);
    // Remembered or not, each answers for its own subject.
    for (const [i, token] of issued.entries())
      expect((await tokens.verify(token)).valid && (await tokens.verify(token))).toMatchObject({ principal: { subject: 'abc'[i] } });
    now = T0 + 60_000;
    for (const token of issued) expect(await tokens.verify(token)).toEqual({ valid: false, reason: 'expired' });
    const none = new SignedTokens({ keys: [NEW], verifiedCacheSize: 0, now: () => T0 });
    expect((await none.verify((await none.issue('a')).access_token)).valid).toBe(true);
    expect(held(none)).toBe(0);
    expect(() => new SignedTokens({ keys: [NEW], verifiedCacheSize: -1 })).toThrow(/verifiedCacheSize/);
  });

  it('refuses a key set it cannot use, naming the key and never the secret', () => {
    expect(() => new SignedTokens({ keys: [] })).toThrow(/non-empty/);
    expect(() => new SignedTokens({ keys: [{ kid: 'a', secret: new Uint8Array(31) }] })).toThrow(/at least 32 bytes/);
    expect(() => new SignedTokens({ keys: [NEW, { ...OLD, kid: NEW.kid }] })).toThrow(/appears more than once/);
    expect(() => new SignedTokens({ keys: [{ kid: 'has space', secret: randomBytes(32) }] })).toThrow(/printable ASCII/);
    expect(() => new SignedTokens({ keys: [NEW], ttlSeconds: 0 })).toThrow(/ttlSeconds/);
    expect(() => new SignedTokens({ keys: [NEW], audience: '' })).toThrow(/audience/);
  });

  it('the key material is copied: wiping the caller’s buffer afterwards changes nothing', async () => {
    const secret = randomBytes(32);
    const tokens = new SignedTokens({ keys: [{ kid: 'k', secret }], now: () => T0 });
    const token = (await tokens.issue('ci')).access_token;
    const copy = Buffer.from(secret);
    secret.fill(0);
    expect((await tokens.verify(token)).valid).toBe(true);
    await expect(jwtVerify(token, copy, { currentDate: new Date(T0) })).resolves.toBeDefined();
  });
});

describe('readTokenKeySet', () => {
  const k = randomBytes(32).toString('base64url');
  it('reads a JSON Web Key Set of oct keys, the first first', () => {
    const reading = readTokenKeySet({
      keys: [
        { kty: 'oct', kid: 'b', k, alg: 'HS256', use: 'sig' },
        { kty: 'oct', kid: 'a', k },
      ],
    });
    expect(reading.ok).toBe(true);
    if (reading.ok) {
      expect(reading.keys.map((key) => key.kid)).toEqual(['b', 'a']);
      expect(Buffer.from(reading.keys[0]!.secret).toString('base64url')).toBe(k);
    }
  });

  it('names where each problem is, and never quotes a secret', () => {
    const short = randomBytes(31).toString('base64url');
    const cases: Array<[unknown, string, RegExp]> = [
      [[], '', /JSON Web Key Set/],
      [{}, '', /non-empty array/],
      [{ keys: [] }, '/keys', /non-empty array/],
      [{ keys: [], extra: 1 }, '/extra', /unknown member/],
      [{ keys: ['x'] }, '/keys/0', /expected an object/],
      [{ keys: [{ kty: 'RSA', kid: 'a', k }] }, '/keys/0/kty', /"oct"/],
      [{ keys: [{ kty: 'oct', k }] }, '/keys/0/kid', /"kid"/],
      [{ keys: [{ kty: 'oct', kid: 'a', k: short }] }, '/keys/0/k', /key 0 \("a"\): the key is 31 bytes; at least 32/],
      [{ keys: [{ kty: 'oct', kid: 'a', k: `${k}=` }] }, '/keys/0/k', /not base64url/],
      [{ keys: [{ kty: 'oct', kid: 'a', k: '' }] }, '/keys/0/k', /"k" must be/],
      [{ keys: [{ kty: 'oct', kid: 'a', k, alg: 'HS512' }] }, '/keys/0/alg', /HS256/],
      [{ keys: [{ kty: 'oct', kid: 'a', k, use: 'enc' }] }, '/keys/0/use', /"sig"/],
      [{ keys: [{ kty: 'oct', kid: 'a', k, key_ops: ['sign'] }] }, '/keys/0/key_ops', /unknown member/],
      [
        {
          keys: [
            { kty: 'oct', kid: 'a', k },
            { kty: 'oct', kid: 'a', k },
          ],
        },
        '/keys/1/kid',
        /appears more than once/,
      ],
    ];
    for (const [document, pointer, message] of cases) {
      const reading = readTokenKeySet(document);
      expect(reading.ok, JSON.stringify(document)).toBe(false);
      if (reading.ok) continue;
      expect(reading.pointer).toBe(pointer);
      expect(reading.message).toMatch(message);
      expect(reading.message).not.toContain(k);
      expect(reading.message).not.toContain(short);
    }
  });
});

describe('the tokens option: one token service object for createTokenHandler, requireBearer and startTeaServer', () => {
  const verifyApiKey = apiKeyVerifier([{ keyId: 'ci', secret: 's3cret' }]);
  const tokenRequest = () =>
    new Request('https://tea.example/token', {
      method: 'POST',
      headers: { authorization: encodeBasicCredentials('ci', 's3cret'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });

  it('a token from one handler opens a resource behind another guard given the same key, and no other', async () => {
    const endpointA = createTokenHandler({ verifyApiKey, tokens: new SignedTokens({ keys: [NEW] }) });
    const guardB = requireBearer({ tokens: new SignedTokens({ keys: [NEW, OLD] }) });
    const guardC = requireBearer({ tokens: new SignedTokens({ keys: [key('another')] }) });
    const answer = await endpointA.fetch(tokenRequest());
    expect(answer.status).toBe(200);
    const { access_token: token } = (await answer.json()) as { access_token: string };
    const resource = guardB.wrapFetch((_request, principal) => Response.json({ for: principal?.subject }));
    const ok = await resource(new Request('https://b.example/v1.0.0/artifact/x', { headers: { authorization: `Bearer ${token}` } }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ for: 'ci' });
    const refused = await guardC.check(new Request('https://c.example/', { headers: { authorization: `Bearer ${token}` } }));
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toMatch(/^Bearer realm="tea", error="invalid_token"/);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'invalid_token' });
    }
  });

  it('MemoryTokenStore is a token service too; exactly one of issueToken/tokens and verifyToken/tokens', async () => {
    const store = new MemoryTokenStore({ sweepIntervalSeconds: false });
    const endpoint = createTokenHandler({ verifyApiKey, tokens: store });
    const guard = requireBearer({ tokens: store });
    const { access_token: token } = (await (await endpoint.fetch(tokenRequest())).json()) as { access_token: string };
    expect((await guard.check(new Request('https://x/', { headers: { authorization: `Bearer ${token}` } }))).ok).toBe(true);
    store.revokeAll();
    expect((await guard.check(new Request('https://x/', { headers: { authorization: `Bearer ${token}` } }))).ok).toBe(false);
    expect(() => createTokenHandler({ verifyApiKey })).toThrow(/exactly one/);
    expect(() => createTokenHandler({ verifyApiKey, tokens: store, issueToken: ({ subject }) => store.issue(subject) })).toThrow(/exactly one/);
    expect(() => requireBearer({})).toThrow(/exactly one/);
    expect(() => requireBearer({ tokens: store, verifyToken: (t) => store.verify(t) })).toThrow(/exactly one/);
  });

  it('startTeaServer: tokens replaces the built-in store, whose settings then cannot be given; revokeTokens says it cannot', async () => {
    const apiKeys = [{ keyId: 'ci', secret: 's3cret' }];
    const tokens = new SignedTokens({ keys: [NEW] });
    await expect(startTeaServer({ tls: false, tokens })).rejects.toThrow(/tokens needs apiKeys/);
    await expect(startTeaServer({ tls: false, apiKeys, tokens, tokenTtl: 5 })).rejects.toThrow(/tokenTtl configures the built-in token store/);
    const server = await startTeaServer({ tls: false, apiKeys, tokens, logRequests: false });
    try {
      expect(server.tokens).toBeUndefined();
      expect(() => server.revokeTokens()).toThrow(/cannot be revoked alone/);
      const answer = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { authorization: encodeBasicCredentials('ci', 's3cret'), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const { access_token: token } = (await answer.json()) as { access_token: string };
      expect((await tokens.verify(token)).valid).toBe(true);
    } finally {
      await server.close();
    }
  });
});
