/**
 * TEA 1.0's opaque pages (upstream #231, #253), discovery answers (#279, #304) and the one error
 * body (#297) in the validator; the typed client following nextPageToken, bounded, against a
 * server written here (helpers/openapi-server.ts), and `tea get --all` writing nothing when a
 * page is bad.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { validateText } from '../../src/validator/index.js';
import { TeaApi, TeaApiError } from '../../src/tea/client/tea-api.js';
import { CLI } from '../support/paths.js';
import { json, startOpenApiServer, type OpenApiServer } from './helpers/openapi-server.js';

const product = (i: number) => ({ uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: `p${i}`, identifiers: [] });
const open: OpenApiServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function server(): Promise<OpenApiServer> {
  const s = await startOpenApiServer();
  open.push(s);
  return s;
}
const rules = (text: string, kind: string) =>
  validateText(text, { kind: kind as never })
    .findings.filter((f) => f.severity === 'error')
    .map((f) => f.rule);

describe('the validator knows TEA 1.0 pages, discovery answers and the error body', () => {
  it('takes a page with hasNext and nextPageToken, and a last page without a token', () => {
    expect(validateText(JSON.stringify({ hasNext: true, nextPageToken: 'abc', results: [product(1)] }), { kind: 'tea-product-page' }).valid).toBe(true);
    expect(
      validateText(JSON.stringify({ timestamp: '2024-03-20T15:30:00Z', pageSize: 100, hasNext: false, results: [] }), { kind: 'tea-product-page' }).valid,
    ).toBe(true);
  });
  it('refuses a page without hasNext (an offset page), a token on a last page, no token when more follow', () => {
    const offset = JSON.stringify({ timestamp: '2024-03-20T15:30:00Z', pageStartIndex: 0, pageSize: 100, totalResults: 1, results: [product(1)] });
    expect(rules(offset, 'tea-product-page')).toEqual(['schema/required']);
    expect(rules(JSON.stringify({ hasNext: false, nextPageToken: 'abc', results: [] }), 'tea-product-page')).toEqual(['tea/page-token']);
    expect(rules(JSON.stringify({ hasNext: true, results: [] }), 'tea-component-release-page')).toEqual(['tea/page-token']);
    expect(rules(JSON.stringify({ hasNext: true, nextPageToken: '', results: [] }), 'tea-collection-page')).toContain('schema/minLength');
  });
  it('tells a page, a collection page and the error body by their shape', () => {
    expect(validateText(JSON.stringify({ hasNext: false, results: [{ uuid: product(1).uuid, version: 2, artifacts: [] }] })).kind).toBe('tea-collection-page');
    expect(validateText('{"error":"OBJECT_UNKNOWN"}').kind).toBe('tea-error');
    expect(validateText('{"error":"invalid_client"}').kind).toBe('tea-token-error');
  });
  it('a discovery answer is a non-empty list; the error body names one of the seven values', () => {
    expect(rules('[]', 'tea-discovery-info')).toEqual(['schema/minItems']);
    expect(validateText('{"error":"INVALID_PAGE_TOKEN"}', { kind: 'tea-error' }).valid).toBe(true);
    expect(rules('{"error":"not_found"}', 'tea-error')).toEqual(['schema/enum']);
  });
});

describe('TeaApi follows nextPageToken until hasNext is false, bounded', () => {
  it('sends each token back as pageToken, with the same filter, and reads every page', async () => {
    const api = await server();
    const all = Array.from({ length: 7 }, (_, i) => product(i));
    api.routes.set('/v1.0.0/products', (req, res) => {
      const query = new URL(req.url!, 'http://x').searchParams;
      const at = Number(query.get('pageToken')?.slice(1) ?? 0);
      const next = at + 3;
      json(res, 200, { hasNext: next < all.length, ...(next < all.length ? { nextPageToken: `o${next}` } : {}), results: all.slice(at, next) });
    });
    const names: string[] = [];
    for await (const p of new TeaApi({ baseUrl: api.base, allowInsecureHttp: true }).products({ idType: 'PURL', idValue: 'pkg:npm/x', pageSize: 3 }))
      names.push(p.name);
    expect(names).toEqual(all.map((p) => p.name));
    expect(api.seen.map((s) => s.path)).toEqual(
      ['', '&pageToken=o3', '&pageToken=o6'].map((t) => `/v1.0.0/products?idType=PURL&idValue=pkg%3Anpm%2Fx&pageSize=3${t}`),
    );
  });

  it('reads an old offset page and a plain list too, with a warning naming the change', async () => {
    const api = await server();
    api.routes.set('/v1.0.0/products', (_q, res) =>
      json(res, 200, { timestamp: '2024-03-20T15:30:00Z', pageStartIndex: 0, pageSize: 100, totalResults: 1, results: [product(1)] }),
    );
    api.routes.set(`/v1.0.0/component/${product(9).uuid}/releases`, (_q, res) =>
      json(res, 200, [{ uuid: product(2).uuid, version: '1', createdDate: '2024-01-01T00:00:00Z' }]),
    );
    const warnings: string[] = [];
    const client = new TeaApi({ baseUrl: api.base, allowInsecureHttp: true }, { onWarning: (m) => warnings.push(m) });
    const names: string[] = [];
    for await (const p of client.products()) names.push(p.name);
    expect(names).toEqual(['p1']);
    expect((await client.componentReleasesOf(product(9).uuid)).map((r) => r.uuid)).toEqual([product(2).uuid]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(
      /^queryTeaProducts: .* answered an offset page \(pageStartIndex, totalResults\), the form before TEA 1\.0; .*hasNext and nextPageToken.*#231/,
    );
    expect(warnings[1]).toMatch(/^getReleasesByComponentId: .* answered a plain list instead of a page/);
  });

  async function failure(
    route: (i: number, token: string | null) => unknown,
    options: ConstructorParameters<typeof TeaApi>[1] = {},
  ): Promise<{ error: TeaApiError; got: number }> {
    const api = await server();
    let i = 0;
    api.routes.set('/v1.0.0/products', (req, res) => json(res, 200, route(i++, new URL(req.url!, 'http://x').searchParams.get('pageToken'))));
    let got = 0;
    try {
      for await (const _ of new TeaApi({ baseUrl: api.base, allowInsecureHttp: true }, options).products()) got++;
    } catch (error) {
      expect(error).toBeInstanceOf(TeaApiError);
      return { error: error as TeaApiError, got };
    }
    throw new Error('the walk ended without an error');
  }

  it('a page without hasNext: an invalid answer naming the operation, the pointer and the rule', async () => {
    const { error } = await failure(() => ({ results: [product(1)] }));
    expect(error.code).toBe('invalid-answer');
    expect(error.message).toMatch(
      /^queryTeaProducts: http:\/\/127\.0\.0\.1:\d+\/v1\.0\.0\/products answered an invalid tea-product-page: at \/ .*hasNext.*\[schema\/required\]/,
    );
  });

  it('a token that repeats: a loop, stopped', async () => {
    const { error, got } = await failure((i) => ({ hasNext: true, nextPageToken: i < 3 ? `t${i}` : 't1', results: [product(i)] }));
    expect(error.code).toBe('page-loop');
    expect(error.message).toMatch(/^queryTeaProducts: .* answered a nextPageToken it had sent before \(page 4\): the server pages in a loop; stopped$/);
    expect(got).toBe(4);
  });

  it('a server that never ends: stopped at maxPages (10,000 by default), naming the operation', async () => {
    expect(new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' })['maxPages']).toBe(10_000);
    const { error, got } = await failure((i) => ({ hasNext: true, nextPageToken: `t${i}`, results: [] }), { maxPages: 200 });
    expect(error.code).toBe('too-many-pages');
    expect(error.message).toMatch(/^queryTeaProducts: .*\/products went on past 200 pages \(maxPages\); stopped$/);
    expect(got).toBe(0);
  });

  it('too many results: stopped at maxItems before the page that passes it is handed out', async () => {
    const { error, got } = await failure(
      (i) => ({ hasNext: true, nextPageToken: `t${i}`, results: [product(3 * i), product(3 * i + 1), product(3 * i + 2)] }),
      { maxItems: 7 },
    );
    expect(error.code).toBe('too-many-items');
    expect(error.message).toMatch(/^queryTeaProducts: .* brought the listing to 9 results, more than 7 \(maxItems\); stopped$/);
    expect(got).toBe(6);
  });

  it('a page of 1,000,000 items: too large, refused while reading, naming the operation', async () => {
    const api = await server();
    api.routes.set('/v1.0.0/products', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"hasNext":false,"results":[');
      let i = 0;
      const more = () => {
        while (i < 1_000_000) {
          const chunk = Array.from({ length: 1000 }, (_, k) => JSON.stringify(product(i + k))).join(',');
          i += 1000;
          if (!res.write(i < 1_000_000 ? `${chunk},` : `${chunk}]}`)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const walk = async () => {
      for await (const _ of new TeaApi({ baseUrl: api.base, allowInsecureHttp: true }).products());
    };
    await expect(walk()).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/^queryTeaProducts: .* answered more than 16777216 bytes$/),
    });
  });
});

describe('teapurl tea get --all', () => {
  const run = (args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '1' } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });

  it('prints every page as one JSON array; a bad page on the way writes nothing and exits 1', async () => {
    const api = await server();
    api.routes.set('/v1.0.0/products', (req, res) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('pageToken');
      json(res, 200, token === null ? { hasNext: true, nextPageToken: 'two', results: [product(1)] } : { hasNext: false, results: [product(2)] });
    });
    const ok = await run(['tea', 'get', '--all', `${api.base}/products`, '--allow-http', '--format', 'json']);
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout).map((p: { name: string }) => p.name)).toEqual(['p1', 'p2']);

    api.routes.set('/v1.0.0/products', (req, res) => {
      const token = new URL(req.url!, 'http://x').searchParams.get('pageToken');
      json(res, 200, token === null ? { hasNext: true, nextPageToken: 'two', results: [product(1)] } : { results: [product(2)] });
    });
    const bad = await run(['tea', 'get', '--all', `${api.base}/products`, '--allow-http', '--format', 'json']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^teapurl tea get: queryTeaProducts: .*pageToken=two answered an invalid tea-product-page/);
  });

  it('refuses --all on an operation that answers one object (usage error)', async () => {
    const result = await run(['tea', 'get', '--all', `https://tea.example.com/v1.0.0/product/${product(1).uuid}`]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--all reads a listing; '\/product\/0{8}-.*' \(getTeaProductByUuid\) answers one object/);
  });
});
