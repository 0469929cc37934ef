/**
 * Item 3 of issue 10: auth-check sends the API key only to the token endpoint, inside Basic
 * credentials, and works with key ids and secrets holding ":", "%", "+", spaces and non-ASCII.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authCheckCommand } from '../../src/cli/auth-check-command.js';
import { fakeIo as sharedFakeIo } from '../support/fake-io.js';
import { serveCommand } from '../../src/cli/serve-command.js';
import { authCheck } from '../../src/tea/client/auth-check/auth-check.js';
import { decodeBasicCredentials, formUrlEncode } from '../../src/tea/protocol/basic-credentials.js';
import { startTeaServer, type LoggedRequest, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { testCertificates } from '../support/tls.js';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';

// Every character class 5.2.3 names, and characters above U+00FF (which no ByteString holds).
const KEY = { keyId: 'ci: bot%2B+ü€', secret: 'p:ss w%rd+ñ 日本 🔑' };
const ARTIFACT = '/v1.0.0/artifact/b0b3d6a1-5c2e-4f8a-9e7d-1a2b3c4d5e6f';

let dir: string;
let caFile: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'teapurl-auth-check-'));
  caFile = path.join(dir, 'ca.pem');
  writeFileSync(caFile, (await testCertificates()).ca);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const fakeIo = (env: NodeJS.ProcessEnv = {}) => sharedFakeIo(dir, env);

/** Every spelling of the secret a careless client might put in a header. */
function secretForms(secret: string): string[] {
  const utf8 = Buffer.from(secret, 'utf8');
  const encoded = formUrlEncode(secret);
  return [
    secret,
    encoded,
    encodeURIComponent(secret),
    utf8.toString('base64'),
    utf8.toString('base64url'),
    Buffer.from(encoded).toString('base64'),
    utf8.toString('latin1'),
  ];
}

/**
 * Checks every header of every logged request: the secret may appear only in Basic credentials
 * of an Authorization header at a token path. Returns how many requests carried it there.
 */
function secretOnlyAtToken(requests: LoggedRequest[], secret: string): number {
  let carried = 0;
  const forms = secretForms(secret);
  for (const request of requests) {
    for (const [name, value] of Object.entries(request.headers)) {
      for (const text of Array.isArray(value) ? value : [value ?? '']) {
        const basic = /^basic /i.test(text) ? decodeBasicCredentials(text) : null;
        if (basic && basic.secret === secret) {
          expect(name, `${request.method} ${request.path}`).toBe('authorization');
          expect(request.path, 'the secret went to a resource').toMatch(/^(?:\/v1\.0\.0)?\/token$/);
          expect(request.method).toBe('POST');
          carried++;
          continue;
        }
        for (const form of forms) expect(text, `${name} at ${request.method} ${request.path}`).not.toContain(form);
      }
    }
  }
  return carried;
}

describe('auth-check and the API key (5.2.6, 5.8, 5.2.3)', () => {
  let server: RunningTeaServer;
  beforeAll(async () => {
    server = await startTeaServer({ tls: (await testCertificates()).server, apiKeys: [KEY], protect: ['/v*/artifact/**'] });
  });
  afterAll(() => server.close());

  it('a full run passes with a non-ASCII key, and the secret reaches only POST /token inside Basic credentials', async () => {
    server.requests.length = 0;
    const report = await authCheck(`${server.url}/v1.0.0`, {
      transport: tlsTransport({ ca: (await testCertificates()).ca }),
      credentials: KEY,
      resource: ARTIFACT.slice('/v1.0.0'.length),
    });
    expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
    expect(report.results.filter((r) => r.outcome === 'skip').map((r) => r.id)).toEqual(['no-authentication', 'ignores-bearer']);
    // Several endpoints were probed: the resource (with and without tokens) and /token.
    expect(new Set(server.requests.map((r) => r.path)).size).toBeGreaterThanOrEqual(2);
    expect(server.requests.some((r) => 'x-api-key' in r.headers)).toBe(true);
    // The token request and the unknown-grant probe: the only two that carry the key.
    expect(secretOnlyAtToken(server.requests, KEY.secret)).toBe(2);
    // Nothing in the report repeats the secret either.
    for (const form of secretForms(KEY.secret)) expect(JSON.stringify(report)).not.toContain(form);
  });

  it('the CLI: same run, text and JSON, exit 0; the secret from TEAPURL_API_SECRET is never printed', async () => {
    server.requests.length = 0;
    for (const format of ['text', 'json']) {
      const fake = fakeIo({ TEAPURL_API_SECRET: KEY.secret });
      const code = await authCheckCommand(
        [`${server.url}/v1.0.0`, '--key-id', KEY.keyId, '--ca', 'ca.pem', '--resource', ARTIFACT.slice('/v1.0.0'.length), '--format', format],
        fake.io,
      );
      expect(fake.stderr()).toBe('');
      expect(code, fake.stdout()).toBe(0);
      if (format === 'text') expect(fake.stdout()).toMatch(/13 passed, 0 failed, 2 skipped/);
      for (const form of secretForms(KEY.secret)) expect(fake.stdout()).not.toContain(form);
    }
    expect(secretOnlyAtToken(server.requests, KEY.secret)).toBe(4);
  });

  it('issue 29 item 8: a base URL with a query or a fragment, even a bare "?" or "#", is refused before any request', async () => {
    const ca = (await testCertificates()).ca;
    for (const base of [
      `${server.url}/v1.0.0#x`,
      `${server.url}/v1.0.0?x`,
      `${server.url}/v1.0.0?`,
      `${server.url}/v1.0.0#`,
      `${server.url}/v1.0.0/?`,
      `${server.url}/v1.0.0?#`,
    ]) {
      server.requests.length = 0;
      await expect(authCheck(base, { transport: tlsTransport({ ca }), credentials: KEY }), base).rejects.toThrow(
        /must not carry a query \(\?\) or a fragment \(#\)/,
      );
      const fake = fakeIo();
      expect(
        await authCheckCommand([base, '--key-id', KEY.keyId, '--secret', KEY.secret, '--ca', 'ca.pem'], fake.io).catch((error: Error) => error.message),
        base,
      ).toMatch(/must not carry a query/);
      expect(server.requests, base).toEqual([]);
    }
  });

  it('issue 29 item 8: the key goes to <base>/token however the base ends, and nowhere else', async () => {
    const ca = (await testCertificates()).ca;
    for (const base of [`${server.url}/v1.0.0`, `${server.url}/v1.0.0/`, `${server.url}/v1.0.0//`]) {
      server.requests.length = 0;
      const report = await authCheck(base, { transport: tlsTransport({ ca }), credentials: KEY, resource: ARTIFACT.slice('/v1.0.0'.length) });
      expect(report.results.filter((r) => r.outcome === 'fail')).toEqual([]);
      const withKey = server.requests.filter((r) => /^basic /i.test(String(r.headers.authorization)));
      expect(withKey.length, base).toBeGreaterThanOrEqual(2);
      expect(new Set(withKey.map((r) => `${r.method} ${r.path}`)), base).toEqual(new Set(['POST /v1.0.0/token']));
    }
  });

  it('the checker itself would notice a leak: the assertion fails for a request that carries the key to a resource', () => {
    const leak: LoggedRequest = { method: 'GET', path: ARTIFACT, headers: { 'x-api-key': KEY.secret } };
    expect(() => secretOnlyAtToken([leak], KEY.secret)).toThrow();
    const basic: LoggedRequest = {
      method: 'GET',
      path: ARTIFACT,
      headers: { authorization: `Basic ${Buffer.from(`${formUrlEncode(KEY.keyId)}:${formUrlEncode(KEY.secret)}`).toString('base64')}` },
    };
    expect(() => secretOnlyAtToken([basic], KEY.secret)).toThrow(/the secret went to a resource/);
  });
});

describe('teapurl auth-check against teapurl serve (the README example), non-ASCII credentials', () => {
  it('passes every rule', async () => {
    const keys = path.join(dir, 'keys.json');
    writeFileSync(keys, JSON.stringify([KEY]));
    const serveIo = fakeIo();
    const controller = new AbortController();
    const exit = serveCommand(['--self-signed', '--ca-out', 'serve-ca.pem', '--api-keys', keys, '--protect', '/v*/artifact/**'], serveIo.io, {
      signal: controller.signal,
    });
    try {
      const deadline = Date.now() + 15_000;
      let url: string | undefined;
      while (!(url = /listening on (\S+)/.exec(serveIo.stdout())?.[1]) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(url, serveIo.stderr()).toBeDefined();
      const fake = fakeIo();
      const code = await authCheckCommand(
        [`${url}/v1.0.0`, '--key-id', KEY.keyId, '--secret', KEY.secret, '--ca', 'serve-ca.pem', '--resource', ARTIFACT.slice('/v1.0.0'.length)],
        fake.io,
      );
      expect(fake.stdout()).toMatch(/13 passed, 0 failed, 2 skipped/);
      expect(code).toBe(0);
      expect(fake.stdout()).not.toContain(KEY.secret);
    } finally {
      controller.abort();
      expect(await exit).toBe(0);
    }
  });
});
