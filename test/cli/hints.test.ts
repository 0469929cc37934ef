/**
 * Issue 39 item 2: where a user is stuck, the command line says what to do next, in a `hint:`
 * line of its own after the message: a 401 without credentials names --key-id and
 * TEAPURL_API_SECRET, a certificate the client cannot verify names --ca FILE, "(and N more)"
 * says how to see them all, and "valid, not canonical" says which rule changed which component.
 * The hints are the CLI's: the library's messages never name a flag.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/io.js';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { ROOT } from '../support/paths.js';
import { testCertificates } from '../support/tls.js';
import { failuresHint } from '../../src/cli/tea-failure.js';

const KEY = { keyId: 'reader', secret: 's3cret' };
const TEI = 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1';
const RELEASE = '123e4567-e89b-12d3-a456-426614174000';
let scratch: string;
let caFile: string;
let server: RunningTeaServer;

async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: (async function* () {})(),
    env,
    cwd: scratch,
  };
  return { status: await run(args, io), stdout, stderr };
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-hints-'));
  caFile = path.join(scratch, 'ca.pem');
  writeFileSync(caFile, (await testCertificates()).ca);
  const { store } = await readTeaContent(path.join(ROOT, 'test/fixtures/tea-content'));
  server = await startTeaServer({
    tls: (await testCertificates()).server,
    content: store,
    apiKeys: [KEY],
    discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const hintLines = (stderr: string) => stderr.split('\n').filter((line) => line.includes(': hint: '));

describe('hints where a user is stuck', () => {
  it('a 401 without credentials: pass --key-id and TEAPURL_API_SECRET (tea get, download)', async () => {
    const get = await cli(['tea', 'get', `${server.url}/v1.0.0/productRelease/${RELEASE}`, '--ca', caFile]);
    expect(get.status).toBe(1);
    expect(get.stderr).toMatch(/answered 401 \(no-credentials\)/);
    expect(hintLines(get.stderr)).toEqual([
      "teapurl tea get: hint: the server wants a token and no API key was given: pass --key-id ID and put the key's secret in TEAPURL_API_SECRET",
    ]);
    const download = await cli(['download', TEI, '--out', path.join(scratch, 'o'), '--discovery-origin', server.url, '--ca', caFile]);
    expect(download.status).toBe(1);
    expect(hintLines(download.stderr)).toEqual([expect.stringMatching(/^teapurl download: hint: .*--key-id ID .*TEAPURL_API_SECRET$/)]);
    // With the key, no hint.
    const keyed = await cli(['tea', 'get', `${server.url}/v1.0.0/productRelease/${RELEASE}`, '--ca', caFile, '--key-id', KEY.keyId], {
      TEAPURL_API_SECRET: KEY.secret,
    });
    expect([keyed.status, hintLines(keyed.stderr)]).toEqual([0, []]);
  });

  it('per-file failures of a download share one hint', () => {
    const messages = ['artefact a: https://x/a answered 401 (no-credentials)', 'artefact b: https://x/b answered 401 (no-credentials)'];
    expect(failuresHint(messages, 'download').match(/hint:/g)).toHaveLength(1);
    expect(failuresHint(['artefact a: checksum mismatch'], 'download')).toBe('');
  });

  it.each([
    ['discover', (url: string) => ['discover', url]],
    ['tea check', (url: string) => ['tea', 'check', `${url}/v1.0.0`]],
    ['auth-check', (url: string) => ['auth-check', `${url}/v1.0.0`]],
  ])('a certificate the client cannot verify: %s suggests --ca FILE', async (command, args) => {
    const result = await cli(args(server.url));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE/);
    expect(hintLines(result.stderr)).toEqual([
      `teapurl ${command}: hint: 127.0.0.1:${new URL(server.url).port}'s certificate does not lead to a CA this machine trusts; for a private CA pass --ca FILE, the certificate (PEM) of the CA that signed it (teapurl serve --self-signed writes one: --ca-out)`,
    ]);
  });

  it('"(and N more)" says how to see every problem', async () => {
    const broken = await startTeaServer({
      tls: (await testCertificates()).server,
      discovery: () => ({ schemaVersion: 7, endpoints: [{ url: 'ftp://tea.example.com', versions: ['one'] }] }),
    });
    try {
      const result = await cli(['discover', broken.url, '--ca', caFile]);
      expect(result.status).toBe(1);
      const more = /\(and (\d+) more\)/.exec(result.stderr);
      expect(more, result.stderr).not.toBeNull();
      expect(hintLines(result.stderr)).toEqual([
        `teapurl discover: hint: the message shows the first of ${Number(more![1]) + 1} problems; to see every one, validate the answer: curl -s ${broken.url}/.well-known/tea | teapurl validate --kind tea-discovery -`,
      ]);
    } finally {
      await broken.close();
    }
  });

  it('"valid, not canonical" names the rule that changed each component', async () => {
    const result = await cli(['purl', 'validate', 'pkg:pypi/Django_Rest@1.0', 'pkg:github/Package-Url/purl-spec', 'pkg:PYPI/django?b=2&a=1']);
    expect(result.stdout.split('\n')).toEqual([
      'pkg:pypi/Django_Rest@1.0: valid, not canonical (name "Django_Rest" becomes "django-rest" (rule pypi/name/underscore-to-dash, and pypi names are case-insensitive)); canonical form is pkg:pypi/django-rest@1.0',
      'pkg:github/Package-Url/purl-spec: valid, not canonical (namespace "Package-Url" becomes "package-url" (github namespaces are case-insensitive)); canonical form is pkg:github/package-url/purl-spec',
      'pkg:PYPI/django?b=2&a=1: valid, not canonical (type must be lowercase ("pypi"); qualifiers must be sorted by key); canonical form is pkg:pypi/django?a=1&b=2',
      '',
    ]);
  });

  it("library messages name no flag: the hint is the command line's alone", async () => {
    const { TeaApi } = await import('../../src/tea/client/tea-api.js');
    const { tlsTransport } = await import('../../src/tea/node/tls-transport.js');
    const api = new TeaApi({ baseUrl: `${server.url}/v1.0.0`, transport: tlsTransport({ ca: (await testCertificates()).ca }) });
    const error = await api.productRelease(RELEASE).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/401/);
    expect(error?.message).not.toMatch(/--|TEAPURL_API_SECRET/);
  });
});
