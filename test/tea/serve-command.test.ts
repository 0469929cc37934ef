import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, fetch } from 'undici';
import { run } from '../../src/cli/main.js';
import { fakeIo as sharedFakeIo } from '../support/fake-io.js';
import { serveCommand, SERVE_HELP } from '../../src/cli/serve-command.js';
import { encodeBasicCredentials } from '../../src/tea/protocol/basic-credentials.js';
import { validateDocument } from '../../src/validator/index.js';
import { CLI } from '../support/paths.js';
import { testCertificates } from '../support/tls.js';
import { FORM, rawRequest } from './server-kit-helpers.js';

const PRODUCT = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';
let dir: string;

function file(name: string, content: string): string {
  const full = path.join(dir, name);
  writeFileSync(full, content);
  return full;
}

const fakeIo = () => sharedFakeIo(dir);

/** Starts `teapurl serve` in-process; resolves once it prints its URL. */
async function serve(args: string[]) {
  const fake = fakeIo();
  const controller = new AbortController();
  // These tests are about transport and authentication: the synthetic objects answer any UUID.
  const exit = serveCommand(args.includes('--content') ? args : ['--samples', ...args], fake.io, { signal: controller.signal });
  const deadline = Date.now() + 10_000;
  let url: string | undefined;
  while (!(url = /listening on (\S+)/.exec(fake.stdout())?.[1])) {
    const early = await Promise.race([exit, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10))]);
    if (early !== undefined) throw new Error(`serve exited ${early}: ${fake.stderr()}`);
    if (Date.now() > deadline) throw new Error('serve did not start');
  }
  const stop = async () => {
    controller.abort();
    return exit;
  };
  return { url, stop, ...fake };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'teapurl-serve-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEYS = JSON.stringify([{ keyId: 'ci:bot', secret: 'p%ss+wörd' }]);
const DISCOVERY = (url: string) => JSON.stringify({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }, null, 2);

describe('teapurl serve: arguments', () => {
  it('--help prints its usage', async () => {
    const fake = fakeIo();
    expect(await serveCommand(['--help'], fake.io)).toBe(0);
    expect(fake.stdout()).toBe(SERVE_HELP);
    const root = fakeIo();
    expect(await run(['--help'], root.io)).toBe(0);
    expect(root.stdout()).toContain('serve');
  });

  it('5.4: refuses to start without TLS unless --insecure-http is given; usage errors exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [[], /--insecure-http/],
      [['--tls-cert', 'x.pem'], /go together/],
      [['--self-signed', '--insecure-http'], /exclude each other/],
      [['--insecure-http', '--protect', '/**'], /5\.1\.2/],
      [['--insecure-http', '--port', 'abc'], /--port/],
      [['--insecure-http', '--port', '70000'], /--port/],
      [['--insecure-http', '--api-keys', 'k.json', '--token-ttl', '-1'], /--token-ttl/],
      [['--insecure-http', '--api-keys', 'k.json', '--protect', 'relative/**'], /must start with \//],
      [['--insecure-http', '--api-keys', 'k.json', '--protect', '/tea/v*/artifact/**'], /could never match a resource/],
      [['--insecure-http', '--discovery', 'missing.json'], /--discovery 'missing\.json' does not exist/],
      [['--insecure-http', '--client-ca', 'ca.pem'], /needs TLS/],
      [['--insecure-http', '--bogus'], /bogus/],
    ];
    for (const [args, message] of cases) {
      const fake = fakeIo();
      expect(await run(['serve', ...args], fake.io), args.join(' ')).toBe(2);
      expect(fake.stderr()).toMatch(message);
    }
  });

  it('validates --discovery first: an invalid document exits 1 naming the file, the line and the finding', async () => {
    const bad = file('bad-discovery.json', '{\n  "schemaVersion": 1,\n  "endpoints": [{ "url": "https://tea.example.com/", "versions": ["1.0"] }]\n}\n');
    const fake = fakeIo();
    expect(await serveCommand(['--insecure-http', '--discovery', bad], fake.io)).toBe(1);
    expect(fake.stderr()).toContain(`${bad}:3:`);
    expect(fake.stderr()).toMatch(/versions/);
    expect(fake.stdout()).toBe('');

    const broken = file('broken-discovery.json', '{"schemaVersion": 1,');
    const again = fakeIo();
    expect(await serveCommand(['--insecure-http', '--discovery', broken], again.io)).toBe(1);
    expect(again.stderr()).toContain(broken);
    expect(again.stderr()).not.toMatch(/\n\s+at /); // a finding, not a stack trace
  });

  it('checks the --api-keys file: file, line and column from the project JSON reader, never the file text', async () => {
    const cases: Array<[string, RegExp]> = [
      ['not json TOPSECRET', /keys\.json:1:1: not JSON \(unexpected character\)/],
      ['[{"keyId": "a", "secret": "TOPSECRET"},}]', /keys\.json:1:40: not JSON \(expected a value\)/],
      ['[{"keyId": "a",\n  "secret": "TOPSECRET"},]', /keys\.json:2:26: not JSON/],
      ['[{"keyId": "a", "secret": "TOPSECRET\u0001"}]', /keys\.json:1:\d+: not JSON/],
      ['[{"keyId": "a", "secret": "TOPSECRET"} // TOPSECRET\n]', /keys\.json:1:\d+: not JSON \(comments are not allowed in JSON\)/],
      ['[{"keyId": "a", "secret": "TOP\\uZZZZSECRET"}]', /keys\.json:1:\d+: not JSON \(malformed \\u escape\)/],
      ['[{"keyId": "a", "secret": "TOPSECRET"', /keys\.json:1:\d+: not JSON/],
      ['[{"keyId": "a", "secret": "TOPSECRET", "secret": "TOPSECRET2"}]', /keys\.json:1:40: an object repeats a member name/],
      ['[]', /keys\.json:1:1: expected a non-empty JSON array/],
      ['[{"keyId": "a", "secret": "TOPSECRET",\n "TOPSECRET": "x"}]', /keys\.json:2:2: item 0: unknown member; an API key has only "keyId" and "secret"/],
      ['[{"key_id": "a", "secret": "TOPSECRET"}]', /keys\.json:1:3: item 0: unknown member/],
      ['[{"keyId": "a", "secret": ""}]', /keys\.json:1:27: item 0 \("a"\): "secret" must be a non-empty string/],
      ['[{"keyId": "a", "secret": 12345}]', /item 0 \("a"\): "secret" must be a non-empty string/],
      ['[{"keyId": "a", "secret": "TOPSECRET"},\n {"keyId": "a", "secret": "TOPSECRET"}]', /keys\.json:2:12: item 1: key id "a" appears more than once/],
    ];
    for (const [content, message] of cases) {
      const keys = file('keys.json', content);
      const fake = fakeIo();
      expect(await serveCommand(['--insecure-http', '--api-keys', keys], fake.io), content).toBe(1);
      expect(fake.stderr()).toContain(keys);
      expect(fake.stderr()).toMatch(message);
      expect(fake.stderr()).not.toMatch(/TOPSECRET|12345/);
      expect(fake.stderr().trim().split('\n')).toHaveLength(1);
    }
  });

  it('checks the limits', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--headers-timeout', '0'], /--headers-timeout must be a positive whole number/],
      [['--request-timeout', '1.5'], /--request-timeout must be a positive whole number/],
      [['--headers-timeout', '5000', '--request-timeout', '1000'], /--request-timeout must not be less than --headers-timeout/],
      [['--max-connections', 'many'], /--max-connections/],
      [['--max-tokens', '-1'], /--max-tokens/],
      [['--max-tokens-per-key', '0'], /--max-tokens-per-key/],
    ];
    for (const [args, message] of cases) {
      await expect(serveCommand(['--insecure-http', ...args], fakeIo().io)).rejects.toThrow(message);
    }
  });
});

describe('teapurl serve: running', () => {
  it('--self-signed: prints the URL and a CA file clients can trust; protects what --protect names (5.7); cleans up on stop', async () => {
    const keys = file('keys.json', KEYS);
    const server = await serve(['--self-signed', '--api-keys', keys, '--protect', '/v*/artifact/**', '--token-ttl', '120']);
    const caFile = /CA\s+(\S+)/.exec(server.stdout())?.[1] ?? '';
    expect(existsSync(caFile)).toBe(true);
    try {
      expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      const agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } });
      const discovery = await fetch(`${server.url}/.well-known/tea`, { dispatcher: agent });
      const document = await discovery.json();
      expect(validateDocument(document, { kind: 'tea-discovery' }).valid).toBe(true);
      expect(document).toEqual({ schemaVersion: 1, endpoints: [{ url: server.url, versions: ['1.0.0'] }] });

      expect((await fetch(`${server.url}/v1.0.0/product/${PRODUCT}`, { dispatcher: agent })).status).toBe(200);
      const challenged = await fetch(`${server.url}/v1.0.0/artifact/${PRODUCT}`, { dispatcher: agent });
      expect(challenged.status).toBe(401);
      expect(challenged.headers.get('www-authenticate')).toBe('Bearer realm="tea"');
      // The bypasses of issue 10: other spellings of the same path, and the listing.
      for (const target of [
        `/x/v1.0.0/artifact/${PRODUCT}`,
        `/v1.0.0/v1.0.0/artifact/${PRODUCT}`,
        `/anything/at/all/v1.0.0+x/artifact/${PRODUCT}`,
        `//v1.0.0//artifact/${PRODUCT.toUpperCase()}/`,
      ]) {
        const response = await fetch(`${server.url}${target}`, { dispatcher: agent });
        await response.arrayBuffer();
        expect(response.status, target).toBe(401);
      }
      expect(await (await fetch(`${server.url}/v1.0.0/artifacts`, { dispatcher: agent })).json()).toEqual({ items: [] });
      expect(server.stdout()).toMatch(/failed credentials throttled/);
      expect(server.stdout()).toMatch(/connections at most 256; headers within 10000 ms/);

      const tokenResponse = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { authorization: encodeBasicCredentials('ci:bot', 'p%ss+wörd'), 'content-type': FORM },
        body: 'grant_type=client_credentials',
        dispatcher: agent,
      });
      const token = (await tokenResponse.json()) as { access_token: string; expires_in: number };
      expect(token.expires_in).toBe(120);
      expect(
        (await fetch(`${server.url}/v1.0.0/artifact/${PRODUCT}`, { headers: { authorization: `Bearer ${token.access_token}` }, dispatcher: agent })).status,
      ).toBe(200);
      await agent.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.stdout()).toContain('stopped');
    expect(existsSync(caFile)).toBe(false);
  });

  it('--ca-out writes the CA certificate where asked and keeps it', async () => {
    const caOut = path.join(dir, 'kept-ca.pem');
    const server = await serve(['--self-signed', '--ca-out', caOut]);
    expect(server.stdout()).toContain(caOut);
    expect(await server.stop()).toBe(0);
    expect(readFileSync(caOut, 'utf8')).toContain('BEGIN CERTIFICATE');
  });

  it('--tls-cert/--tls-key with --client-ca: mutual TLS at POST /token (5.6); --discovery is served as given', async () => {
    const pems = await testCertificates();
    const cert = file('server.pem', pems.server.cert);
    const key = file('server-key.pem', pems.server.key);
    const ca = file('ca.pem', pems.ca);
    const keys = file('keys.json', KEYS);
    const discovery = file('discovery.json', DISCOVERY('https://tea.example.com/api'));
    const server = await serve(['--tls-cert', cert, '--tls-key', key, '--client-ca', ca, '--api-keys', keys, '--discovery', discovery, '--port', '0']);
    try {
      expect(server.stdout()).toContain('mutual TLS');
      const agent = new Agent({ connect: { ca: pems.ca } });
      expect(await (await fetch(`${server.url}/.well-known/tea`, { dispatcher: agent })).json()).toEqual(JSON.parse(DISCOVERY('https://tea.example.com/api')));
      await agent.close();
      const mtls = await rawRequest(`${server.url}/token`, { headers: { 'content-type': FORM }, body: 'grant_type=client_credentials', client: pems.client });
      expect(mtls.status).toBe(200);
      const none = await rawRequest(`${server.url}/token`, { headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' });
      expect(none.status).toBe(401);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('--insecure-http serves plain HTTP with a warning; without --api-keys /token is 404 (5.1.1)', async () => {
    const server = await serve(['--insecure-http']);
    try {
      expect(server.url).toMatch(/^http:\/\//);
      expect(server.stdout()).toMatch(/WARNING\s+plain HTTP/);
      expect((await fetch(`${server.url}/token`, { method: 'POST', headers: { 'content-type': FORM }, body: 'grant_type=client_credentials' })).status).toBe(
        404,
      );
      expect((await fetch(`${server.url}/v1.0.0/product/${PRODUCT}`, { headers: { authorization: 'Bearer junk' } })).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('issue 29 item 1: --protect written for /v1.0.0 holds for every spelling of that version; versions not published answer 404', async () => {
    const keys = file('keys.json', KEYS);
    const server = await serve(['--insecure-http', '--api-keys', keys, '--protect', '/v1.0.0/artifact/**']);
    const get = async (target: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${target}`, { headers });
      return { status: response.status, text: await response.text() };
    };
    try {
      for (const target of [`/v1.0.0/artifact/${PRODUCT}`, `/v1.0.0+x/artifact/${PRODUCT}`, `/v1.0.0+build.7/artifact/${PRODUCT}`]) {
        const anonymous = await get(target);
        expect(anonymous.status, target).toBe(401);
        expect(anonymous.text).not.toContain(PRODUCT);
      }
      // Versions the discovery document (1.0.0 only) does not list are no route at all.
      for (const target of [
        `/v1.0.1/artifact/${PRODUCT}`,
        `/v9.9.9/artifact/${PRODUCT}`,
        '/v9.9.9/artifacts',
        `/x/v1.0.0-rc.1/artifact/${PRODUCT}`,
        '/v2.0.0/products',
      ]) {
        const response = await get(target);
        expect(response.status, target).toBe(404);
        expect(JSON.parse(response.text)).toMatchObject({ error: 'not_found' });
      }
      expect(JSON.parse((await get('/v1.0.0+x/artifacts')).text)).toEqual({ items: [] });
      const tokenAt = async (target: string) =>
        fetch(`${server.url}${target}`, {
          method: 'POST',
          headers: { authorization: encodeBasicCredentials('ci:bot', 'p%ss+wörd'), 'content-type': FORM },
          body: 'grant_type=client_credentials',
        });
      expect((await tokenAt('/v9.9.9/token')).status).toBe(404);
      const issued = await tokenAt('/v1.0.0+x/token');
      expect(issued.status).toBe(200);
      const bearer = { authorization: `Bearer ${((await issued.json()) as { access_token: string }).access_token}` };
      const object = await get(`/v1.0.0+x/artifact/${PRODUCT}`, bearer);
      expect(object.status).toBe(200);
      expect(JSON.parse(object.text)).toMatchObject({ uuid: PRODUCT, apiVersion: '1.0.0' });
      expect((await get(`/v9.9.9/artifact/${PRODUCT}`, bearer)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('reports a port in use as exit 1', async () => {
    const first = await serve(['--insecure-http']);
    try {
      const port = new URL(first.url).port;
      const fake = fakeIo();
      expect(await serveCommand(['--insecure-http', '--port', port], fake.io)).toBe(1);
      expect(fake.stderr()).toMatch(/in use/);
    } finally {
      await first.stop();
    }
  });

  it('the built CLI stops cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const child = spawn(process.execPath, [CLI, 'serve', '--self-signed'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed; stderr: ${stderr}`)), 15_000);
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (/listening on/.test(stdout) && /CA\s+\S+/.test(stdout)) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.on('exit', () => reject(new Error(`exited early; stderr: ${stderr}`)));
      });
      const url = /listening on (\S+)/.exec(stdout)?.[1] ?? '';
      const caFile = /CA\s+(\S+)/.exec(stdout)?.[1] ?? '';
      const agent = new Agent({ connect: { ca: readFileSync(caFile, 'utf8') } });
      expect((await fetch(`${url}/.well-known/tea`, { dispatcher: agent })).status).toBe(200);
      await agent.close();
      child.kill(signal);
      expect(await exited).toBe(0);
      expect(existsSync(caFile)).toBe(false);
    }
  });
});

describe('issue 23 item 4: the banner gives ready-made client commands', () => {
  it('prints discover and auth-check lines for this server, which run as printed (secret from the environment, never shown)', async () => {
    const keys = file('banner-keys.json', JSON.stringify([{ keyId: 'ci-bot', secret: 'banner-secret' }]));
    for (const transport of [['--self-signed'], ['--insecure-http']]) {
      const server = await serve([...transport, '--api-keys', keys]);
      try {
        const discoverLine = /^ {2}try {9}teapurl (discover .*)$/m.exec(server.stdout())?.[1];
        const authLine = /^ {14}TEAPURL_API_SECRET=<its secret> teapurl (auth-check .*)$/m.exec(server.stdout())?.[1];
        expect(discoverLine, server.stdout()).toBeDefined();
        expect(authLine, server.stdout()).toBeDefined();
        expect(server.stdout()).not.toContain('banner-secret');
        // The lines as a shell would read them: single quotes around a quoted argument.
        const words = (line: string) => [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!);
        const discover = sharedFakeIo(dir);
        expect(await run(words(discoverLine!), discover.io), discover.stderr()).toBe(0);
        const auth = sharedFakeIo(dir, { TEAPURL_API_SECRET: 'banner-secret' });
        expect(await run(words(authLine!), auth.io), auth.stdout() + auth.stderr()).toBe(0);
        expect(auth.stdout()).toMatch(/ 0 failed, /);
      } finally {
        await server.stop();
      }
    }
  });
});
