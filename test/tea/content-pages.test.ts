/**
 * The content server's listings as TEA 1.0 pages (upstream #231, #253): ordered by sortField
 * then UUID, pageSize bounded, an opaque nextPageToken bound to the filter and order it was made
 * for; and its discovery by TEI or PURL (#265, #279, #304), each refusal TEA's error body.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeaContentStore } from '../../src/tea/server/content-store.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const NAMES = ['delta', 'alpha', 'echo', 'bravo', 'charlie'];
let server: RunningTeaServer;
let base: string;

beforeAll(async () => {
  const objects = NAMES.map((name, i) => ({
    file: `${name}.tea-product.json`,
    kind: 'tea-product' as const,
    value: { uuid: uuid(i + 1), name, identifiers: [{ idType: 'PURL', idValue: `pkg:generic/${name}` }] },
  }));
  objects.push({
    file: 'r.tea-product-release.json',
    kind: 'tea-product-release' as never,
    value: {
      uuid: uuid(9),
      product: uuid(1),
      version: '1',
      createdDate: '2025-01-01T00:00:00Z',
      components: [],
      identifiers: [{ idType: 'PURL', idValue: 'pkg:generic/delta@1' }],
    } as never,
  });
  server = await startTeaServer({ tls: false, content: new TeaContentStore({ objects, files: new Map() }), logRequests: false });
  base = `${server.url}/v1.0.0`;
});
afterAll(async () => {
  await server.close();
});

const get = async (path: string) => {
  const response = await fetch(`${base}${path}`);
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown> & { results?: Array<{ name: string }>; nextPageToken?: string; hasNext?: boolean },
  };
};

describe('the content server pages by token', () => {
  it('orders by name (then UUID), two a page, and says hasNext with a token exactly when more follow', async () => {
    const names: string[] = [];
    let path = '/products?pageSize=2';
    const tokens: string[] = [];
    for (;;) {
      const { status, body } = await get(path);
      expect(status).toBe(200);
      names.push(...body.results!.map((p) => p.name));
      expect('nextPageToken' in body).toBe(body.hasNext);
      if (!body.hasNext) break;
      tokens.push(body.nextPageToken!);
      path = `/products?pageSize=2&pageToken=${body.nextPageToken}`;
    }
    expect(names).toEqual([...NAMES].sort());
    expect(tokens).toHaveLength(2);
    const desc = await get('/products?sortField=name&sortOrder=desc');
    expect(desc.body.results!.map((p) => p.name)).toEqual([...NAMES].sort().reverse());
  });

  it("a token keeps its filter and order: left out they are the token's, changed they are refused", async () => {
    const first = await get('/products?pageSize=1&sortOrder=desc');
    const token = first.body.nextPageToken!;
    expect((await get(`/products?pageSize=1&pageToken=${token}`)).body.results!.map((p) => p.name)).toEqual(['delta']);
    expect(await get(`/products?pageSize=1&pageToken=${token}&sortOrder=asc`)).toMatchObject({ status: 400, body: { error: 'INVALID_PAGE_TOKEN' } });
    expect(await get('/products?pageToken=not-a-token!')).toMatchObject({ status: 400, body: { error: 'INVALID_PAGE_TOKEN' } });
  });

  it('a token is bound to its listing: used on another (or for another parent) it is refused (the merged page-token parameter)', async () => {
    const token = (await get('/products?pageSize=1')).body.nextPageToken!;
    expect((await get(`/products?pageToken=${token}`)).status).toBe(200);
    expect(await get(`/components?pageToken=${token}`)).toMatchObject({ status: 400, body: { error: 'INVALID_PAGE_TOKEN' } });
    expect(await get(`/product/${uuid(2)}/releases?pageToken=${token}`)).toMatchObject({ status: 400, body: { error: 'INVALID_PAGE_TOKEN' } });
  });

  it('answers 25 results when no pageSize is asked (the merged default), ties in the order asked', async () => {
    expect((await get('/products')).body.pageSize).toBe(25);
    const twins = NAMES.map((_, i) => ({ uuid: uuid(20 + i), name: 'same' }));
    const sorted = (order: 'asc' | 'desc') => twins.map((t) => t.uuid).sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a)));
    const store = new TeaContentStore({
      objects: twins.map((value, i) => ({ file: `t${i}.tea-product.json`, kind: 'tea-product' as const, value: { ...value, identifiers: [] } })),
      files: new Map(),
    });
    const tied = await startTeaServer({ tls: false, content: store, logRequests: false });
    try {
      for (const order of ['asc', 'desc'] as const) {
        const body = (await (await fetch(`${tied.url}/v1.0.0/products?sortOrder=${order}`)).json()) as { results: Array<{ uuid: string }> };
        expect(
          body.results.map((r) => r.uuid),
          order,
        ).toEqual(sorted(order));
      }
    } finally {
      await tied.close();
    }
  });

  it('refuses a pageSize out of 1 to 100 and an unknown sortField with 400 INVALID_REQUEST', async () => {
    for (const query of ['pageSize=0', 'pageSize=101', 'pageSize=x', 'sortField=color', 'sortField=uuid', 'sortOrder=up']) {
      expect(await get(`/products?${query}`), query).toMatchObject({ status: 400, body: { error: 'INVALID_REQUEST' } });
    }
  });
});

describe('the content server discovers by TEI or PURL', () => {
  it('a PURL of a product release answers it; no match is 404 OBJECT_UNKNOWN; both or neither 400', async () => {
    const found = await fetch(`${base}/discovery?purl=${encodeURIComponent('pkg:generic/delta@1')}`);
    expect(found.status).toBe(200);
    expect(((await found.json()) as Array<{ productReleaseUuid: string }>).map((d) => d.productReleaseUuid)).toEqual([uuid(9)]);
    expect(await get(`/discovery?purl=${encodeURIComponent('pkg:generic/nothing@1')}`)).toMatchObject({ status: 404, body: { error: 'OBJECT_UNKNOWN' } });
    expect(await get('/discovery?tei=urn%3Atei%3Auuid%3Aexample.com%3Ax&purl=pkg%3Ageneric%2Fdelta%401')).toMatchObject({
      status: 400,
      body: { error: 'INVALID_REQUEST' },
    });
    expect(await get('/discovery')).toMatchObject({ status: 400, body: { error: 'INVALID_REQUEST' } });
  });
});
