import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { fetch, type Agent } from 'undici';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { apiKeyVerifier, constantTimeEqual } from '../../src/tea/server/api-key-verifier.js';
import { createTokenHandler, TokenEndpointError, type TokenHandlerOptions } from '../../src/tea/server/token-handler.js';
import { MemoryTokenStore } from '../../src/tea/server/token-store.js';
import { otherCertificates, testCertificates } from '../support/tls.js';
import { FORM, parseChallenge, rawRequest, schemaErrors, startHttps, trustingAgent, type HttpsFixture } from './server-kit-helpers.js';

const KEYS = [
  { keyId: 'ci-bot', secret: 's3cret-value' },
  { keyId: 'key:with:colons', secret: 'p%ss+w:rd with spaces' },
  { keyId: 'clé-ünïcødé', secret: 'пароль-密码-🔑' },
];
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

interface Fixture {
  https: HttpsFixture;
  agent: Agent;
  store: MemoryTokenStore;
  errors: unknown[];
}

async function fixture(options: Partial<TokenHandlerOptions> = {}, server: { requestClientCert?: boolean } = {}): Promise<Fixture> {
  const store = new MemoryTokenStore({ ttlSeconds: 300 });
  const errors: unknown[] = [];
  const handler = createTokenHandler({
    verifyApiKey: apiKeyVerifier(KEYS),
    issueToken: ({ subject }) => ({ ...store.issue(subject), refresh_token: 'must-never-be-sent', scope: 'all' }),
    onError: (error) => errors.push(error),
    ...options,
  });
  const https = await startHttps((req, res) => handler(req, res), server);
  return { https, agent: await trustingAgent(), store, errors };
}

async function postToken(f: Fixture, init: { authorization?: string; body?: string; contentType?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': init.contentType ?? FORM, ...init.headers };
  if (init.authorization !== undefined) headers.authorization = init.authorization;
  const response = await fetch(`${f.https.url}/token`, {
    method: 'POST',
    headers,
    body: init.body ?? 'grant_type=client_credentials',
    dispatcher: f.agent,
  });
  const text = await response.text();
  return { response, text, body: JSON.parse(text) as Record<string, unknown> };
}

function expectTokenError(
  result: { response: { status: number; headers: { get(name: string): string | null } }; body: Record<string, unknown> },
  status: number,
  error: string,
) {
  expect(result.response.status).toBe(status);
  expect(result.body.error).toBe(error);
  expect(typeof result.body.error_description).toBe('string');
  expect(schemaErrors(result.body, 'tea-token-error')).toEqual([]);
  expect(result.response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
  expect(result.response.headers.get('cache-control')).toBe('no-store');
}

function expectBasicChallenge(result: { response: { headers: { get(name: string): string | null } } }) {
  expect(result.response.headers.get('www-authenticate')).toBe('Basic realm="tea"');
}

describe('POST /token with an API key (node:http form over HTTPS)', () => {
  let f: Fixture;
  beforeAll(async () => {
    f = await fixture();
  });
  afterAll(() => f.https.close());

  it('4 / 2.3: answers 200 application/json;charset=UTF-8, no-store, { access_token, token_type: Bearer, expires_in }', async () => {
    const key = KEYS[0]!;
    const result = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret) });
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(result.response.headers.get('cache-control')).toBe('no-store');
    expect(result.response.headers.get('pragma')).toBe('no-cache');
    expect(schemaErrors(result.body, 'tea-token-response')).toEqual([]);
    expect(result.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 });
    expect(f.store.verify(result.body.access_token as string)).toMatchObject({ valid: true, principal: { subject: 'ci-bot' } });
  });

  it('5.3.6: never sends a refresh token, even when issueToken returns one', async () => {
    const key = KEYS[0]!;
    const result = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret) });
    expect(result.body).not.toHaveProperty('refresh_token');
    expect(result.text).not.toContain('must-never-be-sent');
  });

  it('5.2.3: ids and secrets with :, %, +, spaces and non-ASCII characters work', async () => {
    for (const key of KEYS.slice(1)) {
      const result = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret) });
      expect(result.response.status, key.keyId).toBe(200);
      expect(f.store.verify(result.body.access_token as string)).toMatchObject({ principal: { subject: key.keyId } });
    }
  });

  it('5.2.3: credentials joined without form-urlencoding first are not mistaken for a key', async () => {
    const key = KEYS[1]!;
    const raw = `Basic ${Buffer.from(`${key.keyId}:${key.secret}`).toString('base64')}`;
    const result = await postToken(f, { authorization: raw });
    expect([400, 401]).toContain(result.response.status);
    expect(result.body).not.toHaveProperty('access_token');
  });

  it('5.2.2: the Basic scheme name is case-insensitive', async () => {
    const key = KEYS[0]!;
    const header = encodeBasicCredentials(key.keyId, key.secret).replace('Basic', 'bAsIc');
    expect((await postToken(f, { authorization: header })).response.status).toBe(200);
  });

  it('5.2.7 / 7: a wrong secret is invalid_client, 401 with a Basic challenge', async () => {
    const result = await postToken(f, { authorization: encodeBasicCredentials('ci-bot', 's3cret-valuE') });
    expectTokenError(result, 401, 'invalid_client');
    expectBasicChallenge(result);
    expect(parseChallenge(result.response.headers.get('www-authenticate')!)).toEqual({ scheme: 'Basic', params: { realm: 'tea' } });
  });

  it('5.2.7 / 7: an unknown key id is invalid_client with the same description as a wrong secret', async () => {
    const unknown = await postToken(f, { authorization: encodeBasicCredentials('nobody', 's3cret-value') });
    const wrong = await postToken(f, { authorization: encodeBasicCredentials('ci-bot', 'nope') });
    expectTokenError(unknown, 401, 'invalid_client');
    expectBasicChallenge(unknown);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('5.2.5: a client_credentials request without credentials is refused: invalid_client, 401, Basic challenge', async () => {
    const result = await postToken(f);
    expectTokenError(result, 401, 'invalid_client');
    expectBasicChallenge(result);
  });

  it('5.2.5: another Authorization scheme (a bearer token, say) does not authenticate the client', async () => {
    const result = await postToken(f, { authorization: 'Bearer abcdef' });
    expectTokenError(result, 401, 'invalid_client');
    expectBasicChallenge(result);
  });

  it('5.8: an X-API-Key header is not a credential', async () => {
    const result = await postToken(f, { headers: { 'x-api-key': 'ci-bot:s3cret-value' } });
    expectTokenError(result, 401, 'invalid_client');
  });

  it('5.2.4: body client_id/client_secret are refused unless the server opts in', async () => {
    const result = await postToken(f, { body: 'grant_type=client_credentials&client_id=ci-bot&client_secret=s3cret-value' });
    expectTokenError(result, 401, 'invalid_client');
  });

  it('5.2.7 / 7: an unimplemented grant is unsupported_grant_type (400), whatever the credentials', async () => {
    const key = KEYS[0]!;
    for (const grant of [
      'password',
      'authorization_code',
      'urn:ietf:params:oauth:grant-type:token-exchange',
      JWT_BEARER,
      'urn:ietf:params:oauth:grant-type:saml2-bearer',
    ]) {
      const withKey = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret), body: `grant_type=${encodeURIComponent(grant)}` });
      expectTokenError(withKey, 400, 'unsupported_grant_type');
      const withoutKey = await postToken(f, { body: `grant_type=${encodeURIComponent(grant)}` });
      expectTokenError(withoutKey, 400, 'unsupported_grant_type');
    }
  });

  it('hostile: grant types named after Object.prototype members are unsupported, not crashes', async () => {
    for (const grant of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const result = await postToken(f, { body: `grant_type=${grant}` });
      expectTokenError(result, 400, 'unsupported_grant_type');
    }
  });

  it('hostile: a __proto__ form parameter is just a parameter', async () => {
    const key = KEYS[0]!;
    const result = await postToken(f, {
      authorization: encodeBasicCredentials(key.keyId, key.secret),
      body: '__proto__=polluted&constructor=x&grant_type=client_credentials',
    });
    expect(result.response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('invalid_request (400) for a missing, empty or repeated grant_type and broken encoding', async () => {
    const key = KEYS[0]!;
    const authorization = encodeBasicCredentials(key.keyId, key.secret);
    for (const body of [
      '',
      'grant_type=',
      'scope=x',
      'grant_type=client_credentials&grant_type=client_credentials',
      'grant_type=client%2',
      'grant_type=client_credentials&x=%ff%fe',
    ]) {
      const result = await postToken(f, { authorization, body });
      expectTokenError(result, 400, 'invalid_request');
    }
  });

  it('invalid_request (400) for a body that is not application/x-www-form-urlencoded', async () => {
    const key = KEYS[0]!;
    const authorization = encodeBasicCredentials(key.keyId, key.secret);
    for (const contentType of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const result = await postToken(f, { authorization, contentType, body: '{"grant_type":"client_credentials"}' });
      expectTokenError(result, 400, 'invalid_request');
    }
    const withCharset = await postToken(f, { authorization, contentType: 'Application/X-WWW-Form-Urlencoded; charset=UTF-8' });
    expect(withCharset.response.status).toBe(200);
  });

  it('invalid_request (400) for Basic credentials that are not Base64 of id:secret', async () => {
    for (const authorization of [
      'Basic !!!',
      'Basic ' + Buffer.from('no-colon').toString('base64'),
      'Basic ' + Buffer.from('id:%zz').toString('base64'),
      'Basic',
    ]) {
      const result = await postToken(f, { authorization });
      expectTokenError(result, 400, 'invalid_request');
    }
  });

  it('4: other methods get 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${f.https.url}/token`, { method, dispatcher: f.agent });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(schemaErrors(await response.json(), 'tea-token-error')).toEqual([]);
    }
  });

  it('hostile: a body over the limit is refused with 413, by Content-Length or as it streams', async () => {
    const big = `grant_type=client_credentials&pad=${'x'.repeat(20 * 1024)}`;
    const declared = await rawRequest(`${f.https.url}/token`, { headers: { 'content-type': FORM, 'content-length': Buffer.byteLength(big) }, body: big });
    expect(declared.status).toBe(413);
    expect(schemaErrors(declared.json(), 'tea-token-error')).toEqual([]);
    const chunks = Array.from({ length: 40 }, () => Buffer.from('x'.repeat(1024)));
    const streamed = await rawRequest(`${f.https.url}/token`, { headers: { 'content-type': FORM, 'transfer-encoding': 'chunked' }, chunks }).catch(
      (error: NodeJS.ErrnoException) => ({ status: -1, code: error.code }),
    );
    // The server answers 413 and closes; the client may see the answer or the reset of its upload.
    expect([413, -1]).toContain(streamed.status);
    // The server is still up and well.
    const key = KEYS[0]!;
    expect((await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret) })).response.status).toBe(200);
  });
});

describe('POST /token options', () => {
  it('5.2.4: accepts client_id/client_secret in the body when enabled, and refuses both mechanisms at once', async () => {
    const f = await fixture({ acceptBodyCredentials: true });
    try {
      const key = KEYS[2]!;
      const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: key.keyId, client_secret: key.secret }).toString();
      const ok = await postToken(f, { body });
      expect(ok.response.status).toBe(200);
      expect(f.store.verify(ok.body.access_token as string)).toMatchObject({ principal: { subject: key.keyId } });

      const wrong = await postToken(f, {
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: key.keyId, client_secret: 'x' }).toString(),
      });
      expectTokenError(wrong, 401, 'invalid_client');
      const idOnly = await postToken(f, { body: new URLSearchParams({ grant_type: 'client_credentials', client_id: key.keyId }).toString() });
      expectTokenError(idOnly, 401, 'invalid_client');

      const both = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret), body });
      expectTokenError(both, 400, 'invalid_request');
      const mismatch = await postToken(f, {
        authorization: encodeBasicCredentials(key.keyId, key.secret),
        body: 'grant_type=client_credentials&client_id=someone-else',
      });
      expectTokenError(mismatch, 400, 'invalid_request');
    } finally {
      await f.https.close();
    }
  });

  it('5.6: a registered jwt-bearer grant gets the same token response', async () => {
    const seen: Array<{ assertion: string | undefined; client: unknown }> = [];
    const f = await fixture({
      grants: {
        [JWT_BEARER]: ({ assertion, client }) => {
          seen.push({ assertion, client });
          if (assertion === 'expired') throw new TokenEndpointError('invalid_grant', 'the assertion has expired');
          return assertion === 'good.jwt.assertion' ? { subject: 'alice@idp' } : null;
        },
      },
    });
    try {
      const grant = `grant_type=${encodeURIComponent(JWT_BEARER)}`;
      const ok = await postToken(f, { body: `${grant}&assertion=good.jwt.assertion` });
      expect(ok.response.status).toBe(200);
      expect(ok.response.headers.get('cache-control')).toBe('no-store');
      expect(ok.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 300 });
      expect(f.store.verify(ok.body.access_token as string)).toMatchObject({ principal: { subject: 'alice@idp' } });

      expectTokenError(await postToken(f, { body: `${grant}&assertion=forged` }), 400, 'invalid_grant');
      const expired = await postToken(f, { body: `${grant}&assertion=expired` });
      expectTokenError(expired, 400, 'invalid_grant');
      expect(expired.body.error_description).toBe('the assertion has expired');
      expectTokenError(await postToken(f, { body: grant }), 400, 'invalid_request');

      // Client authentication is optional for assertion grants, but a bad one is still refused.
      const key = KEYS[0]!;
      const withClient = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret), body: `${grant}&assertion=good.jwt.assertion` });
      expect(withClient.response.status).toBe(200);
      expect(seen.at(-1)?.client).toEqual({ clientId: key.keyId, method: 'client_secret_basic' });
      expectTokenError(
        await postToken(f, { authorization: encodeBasicCredentials(key.keyId, 'bad'), body: `${grant}&assertion=good.jwt.assertion` }),
        401,
        'invalid_client',
      );

      // The baseline stays: client_credentials works beside the extension grant (5.6).
      expect((await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret) })).response.status).toBe(200);
      // Other grants are still unsupported.
      expectTokenError(
        await postToken(f, { body: 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Asaml2-bearer&assertion=x' }),
        400,
        'unsupported_grant_type',
      );
    } finally {
      await f.https.close();
    }
  });

  it('5.6: refuses to let a grant handler replace the client_credentials baseline', () => {
    expect(() =>
      createTokenHandler({ verifyApiKey: () => true, issueToken: () => ({ access_token: 'x', expires_in: 1 }), grants: { client_credentials: () => null } }),
    ).toThrow(/baseline/);
  });

  it('5.2.5 / 5.6: a verified client certificate authenticates without an Authorization header when verifyClientCertificate accepts it', async () => {
    const pems = await testCertificates();
    const other = await otherCertificates();
    const accepted: string[] = [];
    const f = await fixture(
      {
        verifyClientCertificate: (certificate) => {
          accepted.push(certificate.subject);
          return certificate.subject.includes('teapurl test client') ? 'mtls-client' : null;
        },
      },
      { requestClientCert: true },
    );
    try {
      const withCert = await rawRequest(`${f.https.url}/token`, {
        headers: { 'content-type': FORM },
        body: 'grant_type=client_credentials',
        client: pems.client,
      });
      expect(withCert.status).toBe(200);
      const body = withCert.json() as { access_token: string };
      expect(f.store.verify(body.access_token)).toMatchObject({ principal: { subject: 'mtls-client' } });

      // A certificate from a CA the server does not trust is never passed on as authentication.
      const before = accepted.length;
      const untrusted = await rawRequest(`${f.https.url}/token`, {
        headers: { 'content-type': FORM },
        body: 'grant_type=client_credentials',
        client: other.client,
      });
      expect(untrusted.status).toBe(401);
      expect(accepted.length).toBe(before);

      const none = await rawRequest(`${f.https.url}/token`, { headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' });
      expect(none.status).toBe(401);
      expect((none.json() as { error: string }).error).toBe('invalid_client');
    } finally {
      await f.https.close();
    }
  });

  it('5.6: a client certificate alone is not enough when the server has no verifyClientCertificate', async () => {
    const pems = await testCertificates();
    const f = await fixture({}, { requestClientCert: true });
    try {
      const result = await rawRequest(`${f.https.url}/token`, {
        headers: { 'content-type': FORM },
        body: 'grant_type=client_credentials',
        client: pems.client,
      });
      expect(result.status).toBe(401);
    } finally {
      await f.https.close();
    }
  });

  it('answers 500 without details when a callback fails or issues an unusable token, and reports it to onError', async () => {
    for (const issueToken of [
      () => {
        throw new Error('database down');
      },
      () => ({ access_token: 'has spaces in it', expires_in: 60 }),
      () => ({ access_token: 'ok', expires_in: Number.NaN }),
    ]) {
      const f = await fixture({ issueToken });
      try {
        const key = KEYS[0]!;
        const result = await postToken(f, { authorization: encodeBasicCredentials(key.keyId, key.secret) });
        expect(result.response.status).toBe(500);
        expect(result.text).not.toContain('database down');
        expect(result.text).not.toContain(key.secret);
        expect(f.errors).toHaveLength(1);
      } finally {
        await f.https.close();
      }
    }
  });

  it('never logs secrets, on success or failure, with the default error reporter', async () => {
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      }),
    );
    const store = new MemoryTokenStore();
    const handler = createTokenHandler({
      verifyApiKey: apiKeyVerifier(KEYS),
      issueToken: ({ subject }) => (subject === 'key:with:colons' ? Promise.reject(new Error('issuer failed')) : store.issue(subject)),
    });
    try {
      for (const key of KEYS) {
        for (const secret of [key.secret, `${key.secret}x`]) {
          await handler.fetch(
            new Request('https://tea.test/token', {
              method: 'POST',
              headers: { authorization: encodeBasicCredentials(key.keyId, secret), 'content-type': FORM },
              body: 'grant_type=client_credentials',
            }),
          );
        }
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(logged.join('\n')).toContain('issuer failed');
    for (const key of KEYS) expect(logged.join('\n')).not.toContain(key.secret);
  });
});

describe('fetch form: createTokenHandler(...).fetch(Request)', () => {
  const store = new MemoryTokenStore({ ttlSeconds: 60 });
  const handler = createTokenHandler({ verifyApiKey: apiKeyVerifier(KEYS), issueToken: ({ subject }) => store.issue(subject), maxBodyBytes: 256 });
  const post = (headers: Record<string, string>, body: string | Uint8Array) =>
    handler.fetch(new Request('https://tea.test/token', { method: 'POST', headers, body }));

  it('4: issues a token with the same headers and body as the node form', async () => {
    const key = KEYS[2]!;
    const response = await post({ authorization: encodeBasicCredentials(key.keyId, key.secret), 'content-type': FORM }, 'grant_type=client_credentials');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json;charset=UTF-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 60 });
  });

  it('5.2.7: invalid_client and unsupported_grant_type', async () => {
    const bad = await post({ authorization: encodeBasicCredentials('ci-bot', 'wrong'), 'content-type': FORM }, 'grant_type=client_credentials');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toBe('Basic realm="tea"');
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await post({ 'content-type': FORM }, 'grant_type=password&username=a&password=b');
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('hostile: a streamed body over maxBodyBytes is 413', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(100).fill(0x78));
        controller.close();
      },
    });
    const response = await handler.fetch(
      new Request('https://tea.test/token', { method: 'POST', headers: { 'content-type': FORM }, body: stream, duplex: 'half' } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('5.6: passes a verified client certificate given by the caller to verifyClientCertificate', async () => {
    const pems = await testCertificates();
    const mtls = createTokenHandler({
      verifyApiKey: () => false,
      issueToken: ({ subject }) => store.issue(subject),
      verifyClientCertificate: (certificate) => (certificate.checkIssued(new X509Certificate(pems.ca)) ? 'by-cert' : null),
    });
    const request = () => new Request('https://tea.test/token', { method: 'POST', headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' });
    expect((await mtls.fetch(request(), { clientCertificate: new X509Certificate(pems.client.cert) })).status).toBe(200);
    expect((await mtls.fetch(request())).status).toBe(401);
  });
});

describe('apiKeyVerifier and constantTimeEqual', () => {
  it('5.2.1: accepts exactly the configured secret for each key id', () => {
    const verify = apiKeyVerifier(KEYS);
    for (const key of KEYS) {
      expect(verify(key.keyId, key.secret)).toBe(true);
      expect(verify(key.keyId, `${key.secret} `)).toBe(false);
      expect(verify(key.keyId, key.secret.slice(0, -1))).toBe(false);
      expect(verify(key.keyId, '')).toBe(false);
    }
    expect(verify('nobody', KEYS[0]!.secret)).toBe(false);
    expect(verify(KEYS[1]!.keyId, KEYS[0]!.secret)).toBe(false);
    expect(verify('__proto__', 'x')).toBe(false);
  });

  it('refuses a key list with empty or repeated ids or empty secrets', () => {
    expect(() => apiKeyVerifier([{ keyId: '', secret: 'x' }])).toThrow(/keyId/);
    expect(() => apiKeyVerifier([{ keyId: 'a', secret: '' }])).toThrow(/secret/);
    expect(() =>
      apiKeyVerifier([
        { keyId: 'a', secret: 'x' },
        { keyId: 'a', secret: 'y' },
      ]),
    ).toThrow(/more than once/);
  });

  it('constantTimeEqual compares strings of any length, including different lengths', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('é', 'e\u0301')).toBe(false);
  });
});
