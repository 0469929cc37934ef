/**
 * Issue 35, the command line against hostile or careless TEA servers:
 * - item 5: the API key goes only to the TEI service's own origins; a product release held on a
 *   server of another origin is asked without it, unless `--key-origin` names that origin;
 * - item 9: text the server chose (U+202E, U+2066, U+2028, DEL, C1) is escaped in every output
 *   format of `tea get` and `download`;
 * - item 10: the reason a collection was refused is kept whole (pointer, rule), the URL shortened;
 * - item 11: `download` of a URL with user:password@ is a usage error (exit 2), as for `tea get`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/fake-io.js';

const PR = '123e4567-e89b-12d3-a456-426614174000';
const TEI = 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1';
const KEY = { keyId: 'reader', secret: 's3cret-round4' };
/** What a terminal must not get raw: RLO, LRI, LINE SEPARATOR, DEL, a C1 control (CSI). */
const HOSTILE = 'Shop\u202eexe.txt\u2066x\u2028y\u007fz\u009b31m';

let a: Server;
let b: Server;
let aOrigin: string;
let bOrigin: string;
/** The root of the API on server B: a long path, so that its URLs are long. */
let bRoot: string;
let scratch: string;
/** The Authorization headers each server's /token saw. */
const tokenCalls: Record<'a' | 'b', string[]> = { a: [], b: [] };

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

const release = {
  uuid: PR,
  version: '1.4.0',
  productName: HOSTILE,
  createdDate: '2024-12-10T10:51:00Z',
  identifiers: [{ idType: 'TEI', idValue: TEI }],
  components: [],
};
/** A collection whose artefact lacks its required type: refused, with a pointer and a rule. */
const badCollection = {
  uuid: PR,
  version: 1,
  date: '2024-12-13T12:52:29Z',
  belongsTo: 'PRODUCT_RELEASE',
  artifacts: [{ uuid: '5f1a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b', formats: [] }],
};

function serverB(req: IncomingMessage & { body?: string }, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', bOrigin);
  const at = url.pathname.indexOf('/v1.0.0/');
  const rest = at < 0 ? url.pathname : url.pathname.slice(at + '/v1.0.0'.length);
  if (rest === '/token') {
    tokenCalls.b.push(req.headers.authorization ?? '');
    return json(res, 200, { access_token: 'tok-b', token_type: 'Bearer', expires_in: 3600 }, { 'cache-control': 'no-store' });
  }
  if (req.headers.authorization !== 'Bearer tok-b') return json(res, 401, { error: 'unauthorized' }, { 'www-authenticate': 'Bearer realm="tea"' });
  if (rest === `/productRelease/${PR}`) return json(res, 200, release);
  if (rest === `/productRelease/${PR}/collection/latest`) return json(res, 200, badCollection);
  return json(res, 404, {});
}

function serverA(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', aOrigin);
  if (url.pathname === '/.well-known/tea') return json(res, 200, { schemaVersion: 1, endpoints: [{ url: aOrigin, versions: ['1.0.0'] }] });
  if (url.pathname === '/v1.0.0/token') {
    tokenCalls.a.push(req.headers.authorization ?? '');
    return json(res, 200, { access_token: 'tok-a', token_type: 'Bearer', expires_in: 3600 });
  }
  if (url.pathname === '/v1.0.0/discovery') return json(res, 200, [{ productReleaseUuid: PR, servers: [{ rootUrl: bRoot, versions: ['1.0.0'] }] }]);
  return json(res, 404, {});
}

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The CLI in-process, with the API key's secret in its environment. */
const cli = (args: string[]) => runInProcess(args, scratch, [], { TEAPURL_API_SECRET: KEY.secret });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-round4-'));
  ({ server: a, origin: aOrigin } = await listen(serverA));
  ({ server: b, origin: bOrigin } = await listen(serverB));
  bRoot = `${bOrigin}/tea/${'deployment-'.repeat(8)}mirror`;
});
afterAll(async () => {
  for (const s of [a, b]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  rmSync(scratch, { recursive: true, force: true });
});
beforeEach(() => {
  tokenCalls.a.length = 0;
  tokenCalls.b.length = 0;
});

/** No raw character of the hostile set, anywhere. */
const RAW = /[\u202e\u2066\u2028\u007f\u009b]/;

describe('item 5: the API key stays with the origins it was given for', () => {
  it('a product release on another origin is asked without the key: its /token never sees it', async () => {
    const r = await cli(['download', TEI, '--discovery-origin', aOrigin, '--out', path.join(scratch, 'no-key-origin'), '--allow-http', '--key-id', KEY.keyId]);
    expect(r.status).toBe(1);
    expect(tokenCalls.b).toEqual([]);
    expect(r.stderr).toMatch(/answered 401 \(no-credentials\)/);
  });

  it('--key-origin names the other origin: the key goes there too', async () => {
    const r = await cli([
      'download',
      TEI,
      '--discovery-origin',
      aOrigin,
      '--out',
      path.join(scratch, 'key-origin'),
      '--allow-http',
      '--key-id',
      KEY.keyId,
      '--key-origin',
      bOrigin,
      '--format',
      'json',
    ]);
    expect(tokenCalls.b).toHaveLength(1);
    expect(Buffer.from(tokenCalls.b[0]!.replace(/^Basic /, ''), 'base64').toString()).toBe(`${KEY.keyId}:${KEY.secret}`);
    // The release was read; its collection is refused (item 10), so the run fails on that alone.
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).productRelease.uuid).toBe(PR);
  });

  it('--key-origin without a key, or with a product release URL, is a usage error', async () => {
    expect((await cli(['download', TEI, '--out', scratch, '--key-origin', bOrigin])).status).toBe(2);
    expect(
      (await cli(['download', `${bRoot}/v1.0.0/productRelease/${PR}`, '--out', scratch, '--allow-http', '--key-id', KEY.keyId, '--key-origin', bOrigin]))
        .status,
    ).toBe(2);
  });
});

describe('item 9: server-chosen text is escaped in every output format', () => {
  it('tea get prints the object with the characters escaped, the same JSON value', async () => {
    const r = await cli(['tea', 'get', `${bRoot}/v1.0.0/productRelease/${PR}`, '--allow-http', '--key-id', KEY.keyId]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(r.stdout).toContain('Shop\\u202eexe.txt\\u2066x\\u2028y\\u007fz\\u009b31m');
    expect(JSON.parse(r.stdout).productName).toBe(HOSTILE);
  });

  it('download --format json and text escape them too', async () => {
    for (const format of ['json', 'text']) {
      const r = await cli([
        'download',
        `${bRoot}/v1.0.0/productRelease/${PR}`,
        '--out',
        path.join(scratch, `escape-${format}`),
        '--allow-http',
        '--key-id',
        KEY.keyId,
        '--format',
        format,
      ]);
      expect(r.status).toBe(1);
      expect(r.stdout + r.stderr).not.toMatch(RAW);
      expect(r.stdout).toContain('Shop\\u202eexe.txt');
      if (format === 'json') expect(JSON.parse(r.stdout).productRelease.name).toBe(HOSTILE);
    }
  });
});

describe('item 10: a failure keeps its whole reason', () => {
  it('the collection refused: pointer and rule are in the report and the manifest, the long URL shortened', async () => {
    const r = await cli([
      'download',
      `${bRoot}/v1.0.0/productRelease/${PR}`,
      '--out',
      path.join(scratch, 'reason'),
      '--allow-http',
      '--key-id',
      KEY.keyId,
      '--format',
      'json',
    ]);
    expect(r.status).toBe(1);
    const [failure] = JSON.parse(r.stdout).failures as Array<{ what: string; message: string }>;
    expect(failure!.message).toMatch(/answered an invalid tea-collection: at \/artifacts\/0 \(line 1, column \d+\): .+ \[schema\/required\]/);
    expect(failure!.message).not.toContain('…: at');
    expect(failure!.message).toContain(`${bOrigin}/…/collection/latest`);
    expect(failure!.message).not.toContain(bRoot);
    expect(r.stderr).toContain('[schema/required]');
    const manifest = JSON.parse(readFileSync(path.join(scratch, 'reason', 'teapurl-download.json'), 'utf8'));
    expect(manifest.failures[0].message).toBe(failure!.message);
  });
});

describe('item 11: download of a URL with user information', () => {
  it('is a usage error, exit 2, without the password', async () => {
    const r = await cli(['download', `https://user:pa55w0rd@tea.example.com/v1.0.0/productRelease/${PR}`, '--out', scratch]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/must not carry user information/);
    expect(r.stderr).not.toContain('pa55w0rd');
  });

  it('so is a --discovery-origin with user information', async () => {
    const r = await cli(['download', TEI, '--discovery-origin', 'https://user:pa55w0rd@tea.example.com', '--out', scratch]);
    expect(r.status).toBe(2);
    expect(r.stderr).not.toContain('pa55w0rd');
  });
});
