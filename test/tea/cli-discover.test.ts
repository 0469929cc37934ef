import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/io.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { CLI, ROOT } from '../support/paths.js';
import { otherCertificates, testCertificates, type TestCertificates } from '../support/tls.js';
import { closedPort, sendJson, startHttps, type TestServer } from './helpers/https-server.js';

let certs: TestCertificates;
let caFile: string;
let otherCaFile: string;
let server: TestServer;
let teaServer: RunningTeaServer;
let openTeaServer: RunningTeaServer;
const KEY = { keyId: 'cli', secret: 's3:cr%t' };
const UUID = '6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';

beforeAll(async () => {
  certs = await testCertificates();
  const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-cli-'));
  caFile = path.join(dir, 'ca.pem');
  otherCaFile = path.join(dir, 'other-ca.pem');
  writeFileSync(caFile, certs.ca);
  writeFileSync(otherCaFile, (await otherCertificates()).ca);
  server = await startHttps((req, res) => {
    if (req.url === '/.well-known/tea') {
      return sendJson(res, 200, {
        schemaVersion: 1,
        endpoints: [
          { url: 'https://backup.example.com/tea', versions: ['1.0.0'], priority: 0.5 },
          { url: 'https://tea.example.com', versions: ['1.0.0', '1.1.0-rc.1'] },
        ],
      });
    }
    sendJson(res, 404, {});
  }, certs.server);
  teaServer = await startTeaServer({ tls: certs.server, apiKeys: [KEY] });
  openTeaServer = await startTeaServer({ tls: certs.server });
});
afterAll(async () => {
  await Promise.all([server.close(), teaServer.close(), openTeaServer.close()]);
});

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: (async function* () {})(),
    env: { ...env },
    cwd: ROOT,
  };
  const status = await run(args, io);
  return { status, stdout, stderr };
}

/** The bundled CLI in a child process, without blocking this process (the servers live here). */
function bundled(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

describe('teapurl discover', () => {
  it('prints the chosen base URL first, then the ranked list', async () => {
    const result = await cli(['discover', server.url, '--ca', caFile, '--client-versions', '1.0.0,1.1.0-rc.1']);
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('https://tea.example.com/v1.1.0-rc.1');
    expect(result.stdout).toContain(`Endpoints from ${server.url}/.well-known/tea, most preferred first:`);
    expect(result.stdout).toMatch(/1\. https:\/\/tea\.example\.com\/v1\.1\.0-rc\.1 +version 1\.1\.0-rc\.1, priority 1\n/);
    expect(result.stdout).toMatch(/2\. https:\/\/backup\.example\.com\/tea\/v1\.0\.0 +version 1\.0\.0, priority 0\.5\n/);
  });

  it('--format json gives the selected entry and the ranked list', async () => {
    const result = await cli(['discover', `localhost:${server.port}`, '--ca', caFile, '--format', 'json']);
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout) as { selected: { baseUrl: string }; ranked: unknown[]; url: string };
    expect(json.selected.baseUrl).toBe('https://tea.example.com/v1.0.0');
    expect(json.ranked).toHaveLength(2);
    expect(json.url).toBe(`https://localhost:${server.port}/.well-known/tea`);
  });

  it.each([
    [['discover'], /name a host, an https:\/\/ URL or a TEI/],
    [['discover', 'a', 'b'], /exactly one target/],
    [['discover', 'x.example.com', '--client-versions', 'v1'], /"v1" is not a semantic version/],
    [['discover', 'x.example.com', '--format', 'xml'], /--format must be text or json/],
    [['discover', 'x.example.com', '--ca', '/nonexistent/ca.pem'], /--ca '\/nonexistent\/ca.pem' does not exist/],
    [['discover', 'x.example.com', '--nope'], /unknown option '--nope'/],
    // A target that cannot be discovered at all is a mistake in the command, found before any request.
    [['discover', 'not a host'], /"not a host" is not a host name, an https:\/\/ URL or a TEI/],
    [['discover', 'http://tea.example.com'], /uses http:\/\/; TEA servers are reached over TLS only/],
    [['discover', 'urn:tei:uuid'], /has no domain: expected urn:tei:<type>:<domain>:<identifier>/],
    [['discover', 'tei://tea.example.com/purl/pkg:vcpkg/boost/asio'], /carries an invalid PURL: vcpkg PURLs have no namespace/],
    [['discover', 'tei://tea.example.com:8443/uuid/d4d9f54a-abcf-11ee-ac79-1a52914d44b1'], /a TEI domain has no port/],
  ])('usage error %j exits 2: one line naming the problem, then where the help is', async (args, message) => {
    const result = await cli(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^teapurl discover: /);
    expect(lines[1]).toBe("See 'teapurl discover --help'");
    expect(result.stdout).toBe('');
  });

  it.each([
    ['an unknown CA', () => ['discover', server.url, '--ca', otherCaFile], /TLS handshake or certificate verification failed/],
    ['no shared version', () => ['discover', server.url, '--ca', caFile, '--client-versions', '2.0.0'], /no API version is shared: the client speaks 2\.0\.0/],
  ])('%s: one clear line, exit 1', async (_name, args, message) => {
    const result = await cli(await args());
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
    // One line for the failure; a hint line of its own may follow (an untrusted certificate: --ca).
    expect(
      result.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.includes(': hint: ')),
    ).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('issue 23 item 4: a refused connection says nothing listens there, and what to check (exit 1)', async () => {
    const port = await closedPort();
    const result = await cli(['discover', `https://127.0.0.1:${port}`]);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^teapurl discover: cannot read https://127\\.0\\.0\\.1:${port}/\\.well-known/tea: the connection was refused: nothing listens on that host and port \\(ECONNREFUSED: .*\\)$`,
        ),
      ),
      `teapurl discover: hint: nothing listens on 127.0.0.1:${port}; check the host and the port (teapurl serve prints the URL it listens on)`,
      '',
    ]);
  });

  it('issue 23 item 4: https to teapurl serve --insecure-http says the server speaks plain HTTP, in one line each, with the command to try', async () => {
    const plain = await startTeaServer({
      tls: false,
      apiKeys: [KEY],
      discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
    });
    try {
      const host = plain.url.slice('http://'.length);
      for (const [command, target] of [
        ['discover', host],
        ['auth-check', `https://${host}/v1.0.0`],
        ['tea', `https://${host}/v1.0.0`],
      ] as const) {
        const args = command === 'tea' ? ['tea', 'check', target] : [command, target, '--allow-http'];
        const result = await cli(args);
        const name = command === 'tea' ? 'tea check' : command;
        expect(result.status, command).toBe(1);
        const lines = result.stderr.split('\n');
        expect(lines[0], command).toMatch(
          new RegExp(`^teapurl ${name}: .*the server answered in plain HTTP, not TLS \\(ERR_SSL_WRONG_VERSION_NUMBER: [^\\\\]*\\)$`),
        );
        // No escaped line break from OpenSSL's message.
        expect(result.stderr, command).not.toContain('\\n');
        const fix = command === 'discover' ? `http://${host}` : `http://${host}/v1.0.0`;
        expect(lines[1], command).toBe(
          `teapurl ${name}: hint: the server at ${host} speaks plain HTTP (such as teapurl serve --insecure-http); for a local test try: teapurl ${name} ${fix} --allow-http`,
        );
      }
      // And the command it proposes works.
      expect((await cli(['discover', `http://${host}`, '--allow-http'])).status).toBe(0);
    } finally {
      await plain.close();
    }
  });

  it('--help exits 0', async () => {
    const result = await cli(['discover', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: teapurl discover/);
  });

  it('works from the bundled CLI', async () => {
    const result = await bundled(['discover', server.url, '--ca', caFile]);
    expect(result).toMatchObject({ status: 0, stderr: '' });
    expect(result.stdout.split('\n')[0]).toBe('https://tea.example.com/v1.0.0');
  });
});

describe('teapurl auth-check', () => {
  const resource = `/v1.0.0/product/${UUID}`;

  it('prints a pass table with section numbers and exits 0 against startTeaServer', async () => {
    const result = await cli(['auth-check', teaServer.url, '--ca', caFile, '--key-id', KEY.keyId, '--secret', KEY.secret, '--resource', resource]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^PASS {2}5\.5\.3, 5\.7\.2, 7 +a protected resource answers 401 with a Bearer challenge$/m);
    expect(result.stdout).toMatch(/^PASS {2}5\.8 +an X-API-Key header is not taken in place of a bearer token$/m);
    expect(result.stdout).toMatch(/13 passed, 0 failed, 2 skipped\n$/);
    expect(result.stdout).not.toContain(KEY.secret);
  });

  it('takes the secret from TEAPURL_API_SECRET', async () => {
    const result = await cli(['auth-check', teaServer.url, '--ca', caFile, '--key-id', KEY.keyId, '--resource', resource, '--format', 'json'], {
      TEAPURL_API_SECRET: KEY.secret,
    });
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as { passed: boolean; results: Array<{ id: string; outcome: string }> };
    expect(report.passed).toBe(true);
    expect(report.results.find((r) => r.id === 'token-json')!.outcome).toBe('pass');
  });

  it('a server without authentication passes as "no authentication"', async () => {
    const result = await cli(['auth-check', openTeaServer.url, '--ca', caFile, '--resource', resource]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^PASS {2}4, 5\.1\.1 +a server without authentication answers 404 at POST \/token$/m);
    expect(result.stdout).toMatch(/\(no authentication\)\n$/);
  });

  it('issue 23 item 5: a wrong secret is the key refused, not a failed rule of the server (exit 1)', async () => {
    const result = await cli(['auth-check', teaServer.url, '--ca', caFile, '--key-id', KEY.keyId, '--secret', 'wrong', '--resource', resource]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(
      /^SKIP {2}4 +POST \/token answers 200 with a JSON content type\n +the key was refused: invalid_client; check --key-id and the secret$/m,
    );
    expect(result.stdout).not.toMatch(/^FAIL/m);
    expect(result.stdout).toMatch(/ 0 failed, /);
    expect(result.stderr).toBe('teapurl auth-check: the key was refused: invalid_client; check --key-id and the secret\n');
  });

  it('a failing rule exits 1 and shows FAIL', async () => {
    // A Basic challenge where a Bearer one belongs.
    const basic = await startHttps((req, res) => {
      if (req.url?.endsWith('/token')) return sendJson(res, 401, { error: 'invalid_client' });
      sendJson(res, 401, {}, { 'www-authenticate': 'Basic realm="x"' });
    }, certs.server);
    try {
      const result = await cli(['auth-check', `${basic.url}/v1.0.0`, '--ca', caFile]);
      expect(result.status).toBe(1);
      expect(result.stdout).toMatch(/^FAIL {2}5\.5\.3, 5\.7\.2, 7 +a protected resource answers 401 with a Bearer challenge$/m);
    } finally {
      await basic.close();
    }
  });

  it('an unreachable server: the failure and what to check, exit 1', async () => {
    const result = await cli(['auth-check', `https://127.0.0.1:${await closedPort()}`]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/connection was refused/),
      expect.stringMatching(/^teapurl auth-check: hint: nothing listens on /),
    ]);
  });

  it.each([
    [['auth-check'], /name the API base URL/],
    [['auth-check', 'not a url'], /is not an absolute URL/],
    [['auth-check', 'http://127.0.0.1:1'], /--allow-http is for local tests/],
    [['auth-check', 'https://x.example.com', '--key-id', 'a'], /--key-id needs --secret/],
    [['auth-check', 'https://x.example.com', '--secret', 'a'], /--secret needs --key-id/],
    [['auth-check', 'https://x.example.com', '--format', 'yaml'], /--format must be text or json/],
  ])('usage error %j exits 2', async (args, message) => {
    const result = await cli(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });

  it('works from the bundled CLI', async () => {
    const result = await bundled(['auth-check', teaServer.url, '--ca', caFile, '--key-id', KEY.keyId, '--secret', KEY.secret, '--resource', resource]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('13 passed, 0 failed, 2 skipped');
  });
});
