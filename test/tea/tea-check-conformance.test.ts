/**
 * `tea check` as a conformance suite: teapurl's own server with the shipped example inventory
 * passes every check; a server broken in one way at a time (offset pages, `200 []` for an unknown
 * TEI, a nextPageToken on a last page, a product without identifiers, a wrong checksum) fails the
 * check that names that defect. The broken servers are a proxy in front of the real one that
 * rewrites one kind of answer.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTeaServer, type TeaCheckResult } from '../../src/tea/client/server-check.js';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { ROOT } from '../support/paths.js';

let real: RunningTeaServer;
beforeAll(async () => {
  const content = await readTeaContent(path.join(ROOT, 'examples/tea-demo'));
  expect(content.findings).toEqual([]);
  real = await startTeaServer({ tls: false, content: content.store, logRequests: false });
});
afterAll(async () => {
  await real.close();
});

/** A proxy to the real server whose JSON answers `rewrite` may change (status and body). */
async function broken(rewrite: (path: string, status: number, body: unknown) => [number, unknown]): Promise<{ base: string; close(): Promise<void> }> {
  const target = new URL(real.url);
  const proxy: Server = createServer((req, res) => {
    const forward = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const raw = Buffer.concat(chunks);
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.includes('json')) return void res.writeHead(answer.statusCode!, answer.headers).end(raw);
        const [status, body] = rewrite(new URL(req.url!, 'http://x').pathname, answer.statusCode!, JSON.parse(raw.toString('utf8')));
        const text = JSON.stringify(body);
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/v1.0.0`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

const failures = (results: TeaCheckResult[]) => results.filter((r) => r.outcome === 'fail');

describe('tea check against the shipped example inventory', () => {
  it('passes every check: objects, pagination, discovery, the error answers, auth rules, checksums', async () => {
    const report = await checkTeaServer({ baseUrl: `${real.url}/v1.0.0`, allowInsecureHttp: true });
    expect(failures(report.results)).toEqual([]);
    expect(report.passed).toBe(true);
    const checks = new Set(report.results.filter((r) => r.outcome === 'pass').map((r) => r.check));
    expect([...checks].sort()).toEqual(['auth', 'checksum', 'discovery', 'errors', 'object', 'pagination']);
    // Every GET operation of the API was reached from the inventory.
    const reached = new Set(report.results.filter((r) => r.check === 'object' && r.outcome === 'pass').map((r) => r.operationId));
    expect(reached.size).toBeGreaterThanOrEqual(19);
    expect(report.results.filter((r) => r.check === 'checksum' && r.outcome === 'pass')).toHaveLength(8);
  });
});

describe('tea check finds each defect of a deliberately broken server', () => {
  async function check(rewrite: Parameters<typeof broken>[0]): Promise<TeaCheckResult[]> {
    const server = await broken(rewrite);
    try {
      const report = await checkTeaServer({ baseUrl: server.base, allowInsecureHttp: true, auth: false });
      expect(report.passed).toBe(false);
      return failures(report.results);
    } finally {
      await server.close();
    }
  }

  it('offset paging (pageStartIndex and totalResults, no hasNext)', async () => {
    const failed = await check((p, status, body) => {
      if (p !== '/v1.0.0/products' || status !== 200) return [status, body];
      const { results } = body as { results: unknown[] };
      return [status, { timestamp: '2025-01-01T00:00:00Z', pageStartIndex: 0, pageSize: 100, totalResults: results.length, results }];
    });
    expect(failed.map((f) => [f.check, f.operationId])).toContainEqual(['pagination', 'queryTeaProducts']);
    expect(failed.find((f) => f.check === 'pagination')!.detail).toMatch(/invalid tea-product-page: at \/ .*hasNext.*\[schema\/required\]/);
  });

  it('200 [] for an unknown TEI', async () => {
    const failed = await check((p, status, body) => (p === '/v1.0.0/discovery' && status === 404 ? [200, []] : [status, body]));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ check: 'discovery', operationId: 'discoveryByTei' });
    expect(failed[0]!.detail).toMatch(/^an unknown TEI answered 200 \[\]; no match is 404 with OBJECT_UNKNOWN/);
  });

  it('a nextPageToken when hasNext is false', async () => {
    const failed = await check((_path, status, body) => {
      const page = body as { hasNext?: boolean };
      return status === 200 && page.hasNext === false ? [status, { ...page, nextPageToken: 'more?' }] : [status, body];
    });
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((f) => /\[tea\/page-token\]/.test(f.detail))).toBe(true);
    expect(new Set(failed.map((f) => f.operationId))).toEqual(
      new Set(['queryTeaProducts', 'queryTeaProductReleases', 'queryTeaComponents', 'queryTeaComponentReleases']),
    );
  });

  it('a product without identifiers', async () => {
    const strip = (product: Record<string, unknown>) => {
      const { identifiers: _, ...rest } = product;
      return rest;
    };
    // In the listing: the listing fails (as an object and its pagination).
    const listed = await check((p, status, body) =>
      p === '/v1.0.0/products' && status === 200
        ? [status, { ...(body as object), results: (body as { results: Array<Record<string, unknown>> }).results.map(strip) }]
        : [status, body],
    );
    expect(new Set(listed.map((f) => `${f.check} ${f.operationId}`))).toEqual(new Set(['object queryTeaProducts', 'pagination queryTeaProducts']));
    // In the object alone: the object fails.
    const alone = await check((p, status, body) =>
      /^\/v1\.0\.0\/product\/[^/]+$/.test(p) && status === 200 ? [status, strip(body as Record<string, unknown>)] : [status, body],
    );
    expect(alone.map((f) => f.operationId)).toEqual(['getTeaProductByUuid']);
    expect(alone[0]!.detail).toMatch(/invalid tea-product: .*identifiers.*\[schema\/required\]/);
  });

  it('a 404 without the error body, and tei with purl answered 200', async () => {
    const failed = await check((p, status, body) => {
      if (status === 404 && p.startsWith('/v1.0.0/product/')) return [404, { message: 'nope' }];
      if (status === 400 && p === '/v1.0.0/discovery') return [200, []];
      return [status, body];
    });
    expect(failed.map((f) => f.check).sort()).toEqual(['discovery', 'discovery', 'errors']);
    expect(failed.find((f) => f.check === 'errors')!.detail).toMatch(/^404, but its body is not TEA's error body/);
  });
});
