/**
 * The TEA consumer's path against a minimal server written here from the OpenAPI description
 * (helpers/openapi-server.ts), not teapurl's own: the walk from a TEI; an artefact host on another
 * origin gets no Authorization header; a redirect to another origin drops the token; a token
 * that expires mid-walk is renewed once; pages followed to the end; hostile answers refused
 * with a message naming the operation; a multi-gigabyte artefact verified in bounded memory.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tlsTransport } from '../../src/tea/node/tls-transport.js';
import { downloadProductRelease } from '../../src/tea/node/download/download-release.js';
import { resolveTei } from '../../src/tea/client/resolve-tei.js';
import { TeaApi, TeaApiError } from '../../src/tea/client/tea-api.js';
import { checkTeaServer } from '../../src/tea/client/server-check.js';
import type { TeaTransport } from '../../src/tea/client/transport.js';
import { CLI } from '../support/paths.js';
import { testCertificates } from '../support/tls.js';
import { json, sha256, startOpenApiServer, type OpenApiServer } from './helpers/openapi-server.js';

const KEY = { id: 'walker', secret: 'walk-s3cret' };
const TEI = 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1';
const PR = '123e4567-e89b-12d3-a456-426614174000';
const COMPONENT = 'b844c9bd-55d6-478c-af59-954a932b6ad3';
const CR = 'da89e38e-95e7-44ca-aa7d-f3b6b34c7fab';
const A1 = '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce';
const A2 = 'dfa35519-9734-4259-bba1-3e825cf4be06';
const A3 = '5f1a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b';

let scratch: string;
let transport: TeaTransport;
const open: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-walk-'));
  transport = tlsTransport({ ca: (await testCertificates()).ca });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await transport.close?.();
  rmSync(scratch, { recursive: true, force: true });
});

async function server(options: Parameters<typeof startOpenApiServer>[0] = {}): Promise<OpenApiServer> {
  const s = await startOpenApiServer({ tls: (await testCertificates()).server, key: KEY, protect: true, ...options });
  open.push(s);
  return s;
}

const release = (components: unknown[]) => ({
  uuid: PR,
  version: '2.24.3',
  createdDate: '2024-12-10T10:51:00Z',
  identifiers: [{ idType: 'TEI', idValue: TEI }],
  components,
});
const artefact = (uuid: string, url: string, body: string) => ({
  uuid,
  type: 'BOM',
  formats: [{ mediaType: 'application/json', url, checksums: [{ algType: 'SHA-256', algValue: sha256(body) }] }],
});

describe('the walk from a TEI, against a server written from the OpenAPI description', () => {
  it('resolves the TEI, reads the collections, downloads and verifies: no token to another origin, none after a cross-origin redirect, an expired token renewed once', async () => {
    const api = await server();
    // The artefact host: another origin (localhost, not 127.0.0.1), no authentication.
    const host = await startOpenApiServer({ tls: (await testCertificates()).server });
    open.push(host);
    const hostOrigin = host.origin.replace('127.0.0.1', 'localhost');
    const bodies = { a1: '{"sbom": 1}', a2: '{"vex": 2}', a3: '{"attestation": 3}' };
    host.routes.set('/a1.json', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bodies.a1));
    host.routes.set('/a3.json', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bodies.a3));

    api.routes.set('/v1.0.0/discovery', (_q, res) => json(res, 200, [{ productReleaseUuid: PR, servers: [{ rootUrl: api.origin, versions: ['1.0.0'] }] }]));
    api.routes.set(`/v1.0.0/productRelease/${PR}`, (_q, res) => json(res, 200, release([{ uuid: COMPONENT, release: CR }])));
    api.routes.set(`/v1.0.0/productRelease/${PR}/collection/latest`, (_q, res) => {
      json(res, 200, { uuid: PR, version: 1, belongsTo: 'PRODUCT_RELEASE', artifacts: [artefact(A1, `${hostOrigin}/a1.json`, bodies.a1)] });
      // The token expires mid-walk: the next request meets invalid_token.
      api.expireTokens();
    });
    api.routes.set(`/v1.0.0/componentRelease/${CR}`, (_q, res) =>
      json(res, 200, {
        release: { uuid: CR, version: '2.24.3', createdDate: '2024-12-10T10:51:00Z' },
        latestCollection: {
          uuid: CR,
          version: 1,
          artifacts: [artefact(A2, `${api.base}/blobs/a2`, bodies.a2), artefact(A3, `${api.base}/moved/a3`, bodies.a3)],
        },
      }),
    );
    api.routes.set('/v1.0.0/blobs/a2', (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(bodies.a2));
    api.routes.set('/v1.0.0/moved/a3', (_q, res) => res.writeHead(302, { location: `${hostOrigin}/a3.json` }).end());

    const resolution = await resolveTei(TEI, { discoveryOrigin: api.origin, transport, credentials: { keyId: KEY.id, secret: KEY.secret } });
    expect(resolution.matches.map((m) => m.productReleaseUuid)).toEqual([PR]);
    expect(resolution.matches[0]!.servers.map((s) => s.baseUrl)).toEqual([api.base]);
    const { api: client, productRelease } = await resolution.matches[0]!.open();
    const out = path.join(scratch, 'walk');
    const report = await downloadProductRelease(client, productRelease.uuid, { out });
    expect(report.failures).toEqual([]);
    expect(report.files.map((f) => f.artifact.uuid).sort()).toEqual([A1, A2, A3].sort());
    expect(readdirSync(out).sort()).toEqual([A1, A2, A3, 'teapurl-download.json'].sort());

    // The artefact host never saw a token, whether asked directly or reached by a redirect.
    expect(host.seen.map((s) => [s.path, s.authorization])).toEqual([
      ['/a1.json', undefined],
      ['/a3.json', undefined],
    ]);
    // The same-origin blob and the redirecting path got the token.
    expect(api.seen.find((s) => s.path === '/v1.0.0/blobs/a2')?.authorization).toMatch(/^Bearer t\d$/);
    expect(api.seen.find((s) => s.path === '/v1.0.0/moved/a3')?.authorization).toMatch(/^Bearer t\d$/);
    // One token, then one renewal after invalid_token; the key went to /token only.
    expect(api.issued).toEqual(['t1', 't2']);
    expect(api.seen.filter((s) => s.authorization?.startsWith('Basic ')).map((s) => s.path)).toEqual(['/v1.0.0/token', '/v1.0.0/token']);
    expect(api.seen.map((s) => s.path)).toContain(`/v1.0.0/discovery?tei=${encodeURIComponent(TEI)}`);
  });

  it('follows pages to the end, and stops at an empty page whatever totalResults says', async () => {
    const api = await server({ protect: false });
    const products = Array.from({ length: 7 }, (_, i) => ({ uuid: `00000000-0000-4000-8000-00000000000${i}`, name: `p${i}`, identifiers: [] }));
    api.routes.set('/v1.0.0/products', (req, res) => {
      const offset = Number(new URL(req.url!, 'http://x').searchParams.get('pageOffset') ?? 0);
      json(res, 200, { timestamp: '2024-03-20T15:30:00Z', pageStartIndex: offset, pageSize: 3, totalResults: 7, results: products.slice(offset, offset + 3) });
    });
    const names: string[] = [];
    for await (const product of new TeaApi({ baseUrl: api.base, transport }).products({ idType: 'PURL', idValue: 'pkg:npm/x' })) names.push(product.name);
    expect(names).toEqual(products.map((p) => p.name));
    // An offset page (before TEA 1.0) is read too: the first request asks for no offset, the next ones by pageOffset.
    expect(api.seen.map((s) => s.path)).toEqual(
      ['', '&pageOffset=3', '&pageOffset=6'].map((offset) => `/v1.0.0/products?idType=PURL&idValue=pkg%3Anpm%2Fx${offset}`),
    );

    api.routes.set('/v1.0.0/components', (_q, res) =>
      json(res, 200, { timestamp: '2024-03-20T15:30:00Z', pageStartIndex: 0, pageSize: 3, totalResults: 1_000_000, results: [] }),
    );
    const none: unknown[] = [];
    for await (const component of new TeaApi({ baseUrl: api.base, transport }).components()) none.push(component);
    expect(none).toEqual([]);
  });

  it('refuses hostile answers, each a TeaApiError naming the operation (and the pointer and rule of an invalid one)', async () => {
    const api = await server({ protect: false });
    const id = '09e8c73b-ac45-4475-acac-33e6a7314e6d';
    api.routes.set(`/v1.0.0/product/${id}`, (_q, res) => json(res, 200, { uuid: id, name: 7, identifiers: [] }));
    api.routes.set(`/v1.0.0/component/${id}`, (_q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
    api.routes.set(`/v1.0.0/productRelease/${id}`, (_q, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('['.repeat(200_000) + ']'.repeat(200_000)),
    );
    api.routes.set(`/v1.0.0/artifact/${id}/latest`, (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // Far more than the limit, sent without a length: the client stops reading at the limit.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const more = () => {
        while (sent < 64 && res.write(chunk)) sent++;
        if (sent < 64) res.once('drain', () => (sent++, more()));
        else res.end('{}');
      };
      more();
    });
    const client = new TeaApi({ baseUrl: api.base, transport }, { maxBytes: 1024 * 1024 });
    const failure = async (call: Promise<unknown>) => {
      try {
        await call;
      } catch (error) {
        return error as TeaApiError;
      }
      throw new Error('expected a failure');
    };
    const schema = await failure(client.product(id));
    expect(schema).toBeInstanceOf(TeaApiError);
    expect(schema).toMatchObject({ code: 'invalid-answer', operationId: 'getTeaProductByUuid', pointer: '/name', rule: 'schema/type' });
    expect(schema.message).toMatch(
      /^getTeaProductByUuid: https:\/\/127\.0\.0\.1:\d+\/v1\.0\.0\/product\/09e8c73b-ac45-4475-acac-33e6a7314e6d answered an invalid tea-product: at \/name \(line 1, column \d+\): .* \[schema\/type\]$/,
    );
    expect(await failure(client.component(id))).toMatchObject({ code: 'content-type', operationId: 'getTeaComponentById' });
    const deep = await failure(client.productRelease(id));
    expect(deep).toMatchObject({ code: 'invalid-answer', operationId: 'getTeaProductReleaseByUuid', rule: 'json/too-deep' });
    expect(await failure(client.latestArtifact(id))).toMatchObject({ code: 'too-large', operationId: 'getLatestArtifact' });
    // tea check says the same, one line each, and carries on.
    api.routes.set('/v1.0.0/products', (_q, res) =>
      json(res, 200, { timestamp: '2024-03-20T15:30:00Z', pageSize: 20, hasNext: false, results: [{ uuid: id, name: 'x', identifiers: [] }] }),
    );
    const report = await checkTeaServer({ baseUrl: api.base, transport });
    expect(report.passed).toBe(false);
    expect(report.results.find((r) => r.check === 'object' && r.operationId === 'getTeaProductByUuid')).toMatchObject({ outcome: 'fail' });
    expect(report.results.find((r) => r.check === 'object' && r.operationId === 'queryTeaProducts')).toMatchObject({ outcome: 'pass' });
  });
});

/** Bytes of the big artefact: TEAPURL_BIG_ARTEFACT_BYTES, or 1 GiB, enough to show that memory stays bounded. */
const BIG = Number(process.env.TEAPURL_BIG_ARTEFACT_BYTES ?? 1024 ** 3);
/** The downloading process's old-space heap: far less than the artefact. */
const HEAP_MB = 48;
/**
 * Its peak resident memory, heap and buffers outside it together: a download that held the file
 * would pass the heap cap (bytes live outside the heap) but not this.
 */
const PEAK_RSS_MB = 400;

describe('a multi-gigabyte artefact', () => {
  it(`is streamed and verified in bounded memory (${(BIG / 1024 ** 3).toFixed(2)} GiB through a ${HEAP_MB} MB heap)`, { timeout: 600_000 }, async () => {
    // A block that varies by position, generated on the fly: the server holds no more than one.
    const block = (i: number) => {
      const bytes = Buffer.alloc(1024 * 1024, i & 0xff);
      bytes.writeUInt32BE(i, 0);
      return bytes;
    };
    const blocks = Math.ceil(BIG / (1024 * 1024));
    const size = (i: number) => (i === blocks - 1 ? BIG - (blocks - 1) * 1024 * 1024 : 1024 * 1024);
    const hash = createHash('sha256');
    for (let i = 0; i < blocks; i++) hash.update(block(i).subarray(0, size(i)));
    const digest = hash.digest('hex');
    const api = await startOpenApiServer();
    open.push(api);
    const BIG_ID = '0b1a2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    api.routes.set(`/v1.0.0/productRelease/${PR}`, (_q, res) => json(res, 200, release([])));
    api.routes.set(`/v1.0.0/productRelease/${PR}/collection/latest`, (_q, res) =>
      json(res, 200, {
        uuid: PR,
        version: 1,
        artifacts: [{ uuid: BIG_ID, type: 'OTHER', formats: [{ url: `${api.base}/big.bin`, checksums: [{ algType: 'SHA-256', algValue: digest }] }] }],
      }),
    );
    api.routes.set('/v1.0.0/big.bin', (_q, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BIG });
      let i = 0;
      const more = () => {
        while (i < blocks) {
          const ok = res.write(block(i).subarray(0, size(i)));
          i++;
          if (!ok) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const out = path.join(scratch, 'big');
    // The child writes its peak resident memory when it exits.
    const peakFile = path.join(scratch, 'peak-rss');
    const preload = path.join(scratch, 'peak-rss.cjs');
    writeFileSync(
      preload,
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.TEAPURL_PEAK_FILE, String(process.resourceUsage().maxRSS)));\n",
    );
    const child = spawn(
      process.execPath,
      [
        `--max-old-space-size=${HEAP_MB}`,
        '--require',
        preload,
        CLI,
        'download',
        `${api.base}/productRelease/${PR}`,
        '--out',
        out,
        '--allow-http',
        '--max-bytes',
        String(BIG + 1),
      ],
      {
        env: { ...process.env, NODE_OPTIONS: '', TEAPURL_PEAK_FILE: peakFile },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    expect(stdout).toMatch(/1 file verified, 0 failed/);
    const file = path.join(out, BIG_ID, 'big.bin');
    expect(statSync(file).size).toBe(BIG);
    const peakMb = Number(readFileSync(peakFile, 'utf8')) / 1024;
    console.log(`[consumer-walk] ${BIG} bytes verified with a peak RSS of ${peakMb.toFixed(0)} MB`);
    expect(peakMb).toBeLessThan(PEAK_RSS_MB);
    rmSync(out, { recursive: true, force: true });
  });
});
