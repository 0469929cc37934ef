/**
 * Item 5 of issue 10: failed credentials at POST /token are throttled per key id and per client
 * address with a growing back-off (429 + Retry-After); other keys and addresses are not slowed.
 * The fetch form takes the client address and an injectable clock, so no test waits.
 */
import { describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { apiKeyVerifier } from '../../src/tea/server/api-key-verifier.js';
import { addressKey, type ThrottleOptions } from '../../src/tea/server/failure-throttle.js';
import { createTokenHandler, type TokenHandlerOptions } from '../../src/tea/server/token-handler.js';
import { MemoryTokenStore } from '../../src/tea/server/token-store.js';
import { startTeaServer } from '../../src/tea/server/test-server.js';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { testCertificates } from '../support/tls.js';
import { FORM, rawRequest } from './server-kit-helpers.js';
import { InvalidArgumentError } from '../../src/shared/errors.js';

const KEYS = [
  { keyId: 'alice', secret: 'alice secret ü' },
  { keyId: 'bob', secret: 'bob: 100% +' },
];

function setup(extra: Partial<TokenHandlerOptions> = {}, limits: Omit<ThrottleOptions, 'now'> = {}) {
  let now = 1_000_000;
  const store = new MemoryTokenStore({ sweepIntervalSeconds: false });
  const calls: string[] = [];
  const verify = apiKeyVerifier(KEYS);
  const handler = createTokenHandler({
    verifyApiKey: (keyId, secret) => {
      calls.push(keyId);
      return verify(keyId, secret);
    },
    issueToken: ({ subject }) => store.issue(subject),
    throttle: { now: () => now, ...limits },
    ...extra,
  });
  const post = async (keyId: string, secret: string, address = '198.51.100.7') => {
    const response = await handler.fetch(
      new Request('https://tea.example/token', {
        method: 'POST',
        headers: { authorization: encodeBasicCredentials(keyId, secret), 'content-type': FORM },
        body: 'grant_type=client_credentials',
      }),
      { clientAddress: address },
    );
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      cacheControl: response.headers.get('cache-control'),
      body: (await response.json()) as { error: string; error_description: string },
    };
  };
  return { post, calls, advance: (ms: number) => (now += ms) };
}

describe('throttling failed credentials (createTokenHandler throttle)', () => {
  it('a key id gets 5 failures free, then waits 1 s, 2 s, 4 s … up to 60 s, with 429 and Retry-After', async () => {
    const { post, advance } = setup();
    for (let i = 0; i < 5; i++) expect((await post('alice', 'wrong')).status).toBe(401);
    // The 6th failure is answered normally and starts the back-off.
    expect((await post('alice', 'wrong')).status).toBe(401);
    const blocked = await post('alice', 'wrong');
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe('1');
    expect(blocked.cacheControl).toBe('no-store');
    expect(blocked.body.error).toBe('slow_down');
    expect(blocked.body.error_description).toMatch(/retry after 1 s/);
    // While it waits, even the right secret is refused: guessing cannot go on.
    expect((await post('alice', KEYS[0]!.secret)).status).toBe(429);
    const waits: string[] = [];
    for (let i = 0; i < 9; i++) {
      advance(Number((await post('alice', 'wrong')).retryAfter ?? 0) * 1000);
      expect((await post('alice', 'wrong')).status).toBe(401);
      waits.push((await post('alice', 'wrong')).retryAfter!);
    }
    expect(waits).toEqual(['2', '4', '8', '16', '32', '60', '60', '60', '60']);
  });

  it('other keys are not slowed, from the same address or another', async () => {
    const { post } = setup();
    for (let i = 0; i < 8; i++) await post('alice', 'wrong');
    expect((await post('alice', KEYS[0]!.secret)).status).toBe(429);
    expect((await post('bob', KEYS[1]!.secret)).status).toBe(200);
    expect((await post('bob', KEYS[1]!.secret, '203.0.113.9')).status).toBe(200);
  });

  it('an address gets 20 failures free across key ids; then it waits, and other addresses are not slowed', async () => {
    const { post } = setup();
    // A different made-up key id each time, so no key id is throttled: only the address.
    for (let i = 0; i < 21; i++) expect((await post(`guess-${i}`, 'wrong')).status).toBe(401);
    const blocked = await post('bob', KEYS[1]!.secret);
    expect(blocked.status).toBe(429);
    expect(blocked.retryAfter).toBe('1');
    expect((await post('bob', KEYS[1]!.secret, '198.51.100.8')).status).toBe(200);
    // An IPv6 client is throttled by its /64: a neighbour in the same /64 shares the wait.
    for (let i = 0; i < 21; i++) await post(`v6-${i}`, 'wrong', '2001:db8:1:2::a');
    expect((await post('bob', KEYS[1]!.secret, '2001:db8:1:2:ffff::b')).status).toBe(429);
    expect((await post('bob', KEYS[1]!.secret, '2001:db8:1:3::a')).status).toBe(200);
  });

  it('an unknown key id and a wrong secret for a known one are treated alike (same answers, same checks)', async () => {
    const known = setup();
    const unknown = setup();
    const knownAnswers: Array<[number, string | null, string]> = [];
    const unknownAnswers: Array<[number, string | null, string]> = [];
    for (let i = 0; i < 9; i++) {
      const a = await known.post('alice', 'wrong');
      const b = await unknown.post('mallory', 'wrong');
      knownAnswers.push([a.status, a.retryAfter, a.body.error_description.replace('alice', 'ID')]);
      unknownAnswers.push([b.status, b.retryAfter, b.body.error_description.replace('mallory', 'ID')]);
    }
    expect(unknownAnswers).toEqual(knownAnswers);
    // The secret is checked (against a decoy for the unknown id) exactly as often in both runs.
    expect(unknown.calls.length).toBe(known.calls.length);
  });

  it('a success clears the key id’s failures (a typo is not an attack); the address keeps its count', async () => {
    const { post } = setup();
    for (let i = 0; i < 4; i++) await post('alice', 'wrong');
    expect((await post('alice', KEYS[0]!.secret)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post('alice', 'wrong')).status).toBe(401);
    expect((await post('alice', 'wrong')).status).toBe(401);
    expect((await post('alice', 'wrong')).status).toBe(429);
  });

  it('after the free failures, parallel guesses cannot all slip through before the first is counted', async () => {
    const now = 0;
    const slowVerify = apiKeyVerifier(KEYS);
    const handler = createTokenHandler({
      verifyApiKey: async (keyId, secret) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return slowVerify(keyId, secret);
      },
      issueToken: () => ({ access_token: 'x', expires_in: 1 }),
      throttle: { now: () => now },
    });
    const post = (secret: string) =>
      handler.fetch(
        new Request('https://tea.example/token', {
          method: 'POST',
          headers: { authorization: encodeBasicCredentials('alice', secret), 'content-type': FORM },
          body: 'grant_type=client_credentials',
        }),
        { clientAddress: '192.0.2.1' },
      );
    for (let i = 0; i < 5; i++) expect((await post('wrong')).status).toBe(401);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => post('wrong')))).map((r) => r.status).sort();
    expect(statuses).toEqual([401, ...Array<number>(9).fill(429)]);
  });

  it('a malformed Basic header counts against the address', async () => {
    const { post } = setup();
    const handler = createTokenHandler({
      verifyApiKey: apiKeyVerifier(KEYS),
      issueToken: () => ({ access_token: 'x', expires_in: 1 }),
      throttle: { freeFailuresPerAddress: 2 },
    });
    const malformed = () =>
      handler.fetch(
        new Request('https://tea.example/token', {
          method: 'POST',
          headers: { authorization: 'Basic %%%', 'content-type': FORM },
          body: 'grant_type=client_credentials',
        }),
        { clientAddress: '192.0.2.50' },
      );
    for (let i = 0; i < 3; i++) expect((await malformed()).status).toBe(400);
    const right = await handler.fetch(
      new Request('https://tea.example/token', {
        method: 'POST',
        headers: { authorization: encodeBasicCredentials('bob', KEYS[1]!.secret), 'content-type': FORM },
        body: 'grant_type=client_credentials',
      }),
      { clientAddress: '192.0.2.50' },
    );
    expect(right.status).toBe(429);
    expect((await post('bob', KEYS[1]!.secret)).status).toBe(200);
  });

  it('issue 29 item 6: a full table forgets nothing recent; it refuses key ids and addresses it does not hold until one may be forgotten', async () => {
    const { post, advance } = setup({}, { maxTracked: 3, forgetAfterSeconds: 100 });
    for (let i = 0; i < 6; i++) await post('alice', 'wrong', '192.0.2.1');
    expect((await post('alice', 'wrong', '192.0.2.1')).status).toBe(429);
    // Two more key ids fill the table (alice, guess-1, guess-2); a third is refused, not let in.
    expect((await post('guess-1', 'wrong', '192.0.2.2')).status).toBe(401);
    expect((await post('guess-2', 'wrong', '192.0.2.3')).status).toBe(401);
    const refused = await post('guess-3', 'wrong', '192.0.2.2');
    expect(refused.status).toBe(429);
    // Until alice, the least recently failing, may be forgotten: 100 s after her last failure.
    expect(Number(refused.retryAfter)).toBe(100);
    // A valid key the table does not hold is refused too (fail closed); one it holds is not.
    expect((await post('bob', KEYS[1]!.secret, '192.0.2.2')).status).toBe(429);
    // The address table is full as well (192.0.2.1-3): a fourth address is refused, whatever it sends.
    expect((await post('guess-1', 'wrong', '192.0.2.4')).status).toBe(429);
    // alice was not forgotten: once her block runs out, one more failure blocks her again.
    advance(60_000);
    expect((await post('alice', 'wrong', '192.0.2.1')).status).toBe(401);
    expect((await post('alice', 'wrong', '192.0.2.1')).status).toBe(429);
    // 100 s after the last failure of guess-1 and guess-2 they are forgotten, and there is room again.
    advance(41_000);
    expect((await post('bob', KEYS[1]!.secret, '192.0.2.5')).status).toBe(200);
  });

  it('off unless asked for in createTokenHandler', async () => {
    const { post } = setup({ throttle: false });
    for (let i = 0; i < 30; i++) expect((await post('alice', 'wrong')).status).toBe(401);
  });

  it('refuses throttle options that make no sense', () => {
    const base = { verifyApiKey: () => false, issueToken: () => ({ access_token: 'x', expires_in: 1 }) };
    expect(() => createTokenHandler({ ...base, throttle: { freeFailuresPerKey: 0 } })).toThrow(InvalidArgumentError);
    expect(() => createTokenHandler({ ...base, throttle: { initialDelaySeconds: 10, maxDelaySeconds: 1 } })).toThrow(InvalidArgumentError);
  });

  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::9', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, undefined],
  ])('addressKey(%j) is %j', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});

describe('throttling in startTeaServer (and so teapurl serve): on by default, over real HTTPS', () => {
  it('per address: 127.0.0.1 is made to wait, 127.0.0.2 is served', async () => {
    const pems = await testCertificates();
    const server = await startTeaServer({ tls: pems.server, apiKeys: KEYS, logRequests: false });
    const post = async (localAddress: string, keyId: string, secret: string) => {
      const response = await rawRequest(`${server.url}/token`, {
        headers: { authorization: encodeBasicCredentials(keyId, secret), 'content-type': FORM },
        body: 'grant_type=client_credentials',
        localAddress,
      });
      return { status: response.status, retryAfter: response.headers['retry-after'] };
    };
    try {
      for (let i = 0; i < 21; i++) expect((await post('127.0.0.1', `made-up-${i}`, 'wrong')).status).toBe(401);
      const blocked = await post('127.0.0.1', 'bob', KEYS[1]!.secret);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.retryAfter)).toBeGreaterThanOrEqual(1);
      expect((await post('127.0.0.2', 'bob', KEYS[1]!.secret)).status).toBe(200);
      for (let i = 0; i < 6; i++) await post('127.0.0.2', 'alice', 'wrong');
      expect((await post('127.0.0.2', 'alice', 'wrong')).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('throttle: false turns it off', async () => {
    const pems = await testCertificates();
    const server = await startTeaServer({ tls: pems.server, apiKeys: KEYS, throttle: false, logRequests: false });
    const agent = new Agent({ connect: { ca: pems.ca } });
    try {
      for (let i = 0; i < 25; i++) {
        const response = await fetch(`${server.url}/token`, {
          method: 'POST',
          headers: { authorization: encodeBasicCredentials('alice', 'wrong'), 'content-type': FORM },
          body: 'grant_type=client_credentials',
          dispatcher: agent,
        });
        await response.arrayBuffer();
        expect(response.status).toBe(401);
      }
    } finally {
      await agent.close();
      await server.close();
    }
  });
});
