/**
 * teapurl against a TEA 1.0 server written independently from the merged upstream text
 * (test/support/independent-tea-server.ts, no teapurl code in it): the typed client lists every
 * page and reads every object, `teapurl tea check` passes with 0 failures (open, and with the
 * artefacts protected), and `teapurl download` by TEI and by PURL verifies every artefact,
 * including the formats served by the download endpoint (upstream #262).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeaApi } from '../../src/tea/client/tea-api.js';
import { runInProcess } from '../support/fake-io.js';
import { startIndependentTeaServer, type IndependentTeaServer } from '../support/independent-tea-server.js';

const KEY = { id: 'ci bot:1', secret: 's3cr%t+ with: colons' };
let open: IndependentTeaServer;
let guarded: IndependentTeaServer;
let scratch: string;

beforeAll(async () => {
  [open, guarded] = await Promise.all([startIndependentTeaServer(), startIndependentTeaServer({ keys: [KEY] })]);
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-independent-'));
});
afterAll(async () => {
  await Promise.all([open?.close(), guarded?.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
};

describe('the typed client against the independent server', () => {
  it('lists every page of every listing (a result a page) and reads every object', async () => {
    const api = new TeaApi({ baseUrl: open.base, allowInsecureHttp: true });
    const one = { pageSize: 1 };
    const products = await collect(api.products(one));
    const releases = await collect(api.productReleases(one));
    const components = await collect(api.components(one));
    const componentReleases = await collect(api.componentReleases(one));
    expect(products.map((p) => p.name)).toEqual(['Gadget', 'Gadget Archive', 'Gadget Cloud']);
    expect(releases.map((r) => r.version)).toEqual(['1.0.0', '2.0.0']);
    expect(components.map((c) => c.name)).toEqual(['gadget-core', 'gadget-licence']);
    expect(componentReleases).toHaveLength(3);
    // Each page was asked by the previous page's token, never by an offset.
    expect(open.requests.filter((r) => r.includes('pageOffset'))).toEqual([]);
    expect(open.requests.filter((r) => r.startsWith('GET /v1.0.0/products') && r.includes('pageToken='))).toHaveLength(2);

    const gadget = products.find((p) => p.name === 'Gadget')!;
    expect((await api.product(gadget.uuid)).uuid).toBe(gadget.uuid);
    expect((await api.productCle(gadget.uuid)).events[0]!.id).toBe(2);
    expect((await collect(api.productReleasesOf(gadget.uuid, one))).map((r) => r.uuid).sort()).toEqual(releases.map((r) => r.uuid).sort());
    const artefacts = new Set<string>();
    for (const release of releases) {
      expect((await api.productRelease(release.uuid)).version).toBe(release.version);
      await api.productReleaseCle(release.uuid);
      const latest = await api.productReleaseLatestCollection(release.uuid);
      const all = await api.productReleaseCollections(release.uuid, one);
      expect(all.map((c) => c.version)).toEqual(Array.from({ length: latest.version! }, (_, i) => i + 1));
      for (const c of all) expect((await api.productReleaseCollection(release.uuid, c.version!)).version).toBe(c.version);
      for (const a of latest.artifacts ?? []) artefacts.add(a.uuid);
      const [found] = await api.discoveryByTei(open.releases.find((r) => r.uuid === release.uuid)!.tei);
      expect(found!.productReleaseUuid).toBe(release.uuid);
      expect((await api.discoveryByPurl(open.releases.find((r) => r.uuid === release.uuid)!.purl))[0]!.productReleaseUuid).toBe(release.uuid);
    }
    for (const component of components) {
      expect((await api.component(component.uuid)).name).toBe(component.name);
      for (const r of await api.componentReleasesOf(component.uuid, one)) {
        const { release, latestCollection } = await api.componentRelease(r.uuid);
        expect(release.uuid).toBe(r.uuid);
        expect((await api.componentReleaseLatestCollection(r.uuid)).version).toBe(latestCollection.version);
        for (const c of await api.componentReleaseCollections(r.uuid, one)) await api.componentReleaseCollection(r.uuid, c.version!);
        for (const a of latestCollection.artifacts ?? []) artefacts.add(a.uuid);
      }
    }
    for (const uuid of artefacts) {
      const latest = await api.latestArtifact(uuid);
      expect((await api.artifact(uuid, latest.version ?? 1)).uuid).toBe(uuid);
    }
    expect(artefacts.size).toBe(7);
  });

  it('reads the unknown TEI as not-found (404 OBJECT_UNKNOWN), not as an empty answer', async () => {
    const api = new TeaApi({ baseUrl: open.base, allowInsecureHttp: true });
    await expect(api.discoveryByTei('urn:tei:uuid:gadget.example.org:6c1a2f00-0000-4000-a000-999999999999')).rejects.toMatchObject({ code: 'not-found' });
  });
});

describe('teapurl tea check against the independent server', () => {
  const check = async (server: IndependentTeaServer, extra: string[] = []) => {
    const result = await runInProcess(['tea', 'check', server.base, '--allow-http', '--format', 'json', ...extra], scratch, [], {
      TEAPURL_API_SECRET: KEY.secret,
    });
    const report = JSON.parse(result.stdout) as {
      passed: boolean;
      results: Array<{ check: string; outcome: string; operationId: string; path: string; detail: string }>;
    };
    return { ...result, report };
  };

  it('passes with 0 failures on an open server, every GET operation and each kind of check reached', async () => {
    const { status, report, stderr } = await check(open);
    const failures = report.results.filter((r) => r.outcome === 'fail');
    expect(failures, JSON.stringify(failures, null, 1)).toEqual([]);
    expect(status, stderr).toBe(0);
    const passed = new Set(report.results.filter((r) => r.outcome === 'pass').map((r) => r.operationId));
    for (const op of [
      'getTeaProductByUuid',
      'getReleasesByProductId',
      'getComponentReleaseById',
      'getCollection',
      'getCollectionsByProductReleaseId',
      'getArtifactByVersion',
      'discoveryByTei',
    ])
      expect(passed, op).toContain(op);
    for (const kind of ['object', 'pagination', 'discovery', 'errors', 'checksum'])
      expect(
        report.results.some((r) => r.check === kind && r.outcome === 'pass'),
        kind,
      ).toBe(true);
    // The formats without url were fetched from the download endpoint and hashed.
    expect(report.results.filter((r) => r.check === 'checksum' && r.outcome === 'pass' && r.path.includes('/download?mediaType='))).toHaveLength(2);
  });

  it('passes with 0 failures when the artefacts need a token, the authentication rules included', async () => {
    const { status, report, stderr } = await check(guarded, ['--key-id', KEY.id]);
    const failures = report.results.filter((r) => r.outcome === 'fail');
    expect(failures, JSON.stringify(failures, null, 1)).toEqual([]);
    expect(status, stderr).toBe(0);
    expect(report.results.filter((r) => r.check === 'auth' && r.outcome === 'pass').length).toBeGreaterThan(5);
    expect(report.results.some((r) => r.operationId === 'getLatestArtifact' && r.outcome === 'pass')).toBe(true);
  });
});

describe('teapurl download against the independent server', () => {
  const expectFiles = (out: string, names: string[], server: IndependentTeaServer) => {
    const manifest = JSON.parse(readFileSync(path.join(out, 'teapurl-download.json'), 'utf8')) as {
      files: Array<{ file: string; format: { url: string }; verified: boolean }>;
    };
    expect(manifest.files).toHaveLength(names.length);
    expect(manifest.files.every((f) => f.verified)).toBe(true);
    const contents = manifest.files.map((f) => readFileSync(path.join(out, f.file)).toString('utf8'));
    expect(contents.sort()).toEqual(names.map((n) => server.files.get(n)!.toString('utf8')).sort());
    return manifest;
  };

  it('downloads and verifies every artefact of a product release by its TEI, with the API key', async () => {
    const out = path.join(scratch, 'by-tei');
    const release = guarded.releases.find((r) => r.purl.endsWith('@2.0.0'))!;
    const result = await runInProcess(
      ['download', release.tei, '--out', out, '--discovery-origin', guarded.origin, '--allow-http', '--key-id', KEY.id, '--quiet'],
      scratch,
      [],
      { TEAPURL_API_SECRET: KEY.secret },
    );
    expect(result.status, result.stderr).toBe(0);
    const manifest = expectFiles(
      out,
      ['gadget-2.0.0.cdx.json', 'gadget-2.0.0.vex.json', 'gadget-2.0.0-notes.txt', 'gadget-core-1.1.0.cdx.xml', 'LICENSE.txt'],
      guarded,
    );
    // The two formats without url came from the download endpoint, under the API base.
    expect(manifest.files.filter((f) => f.format.url.startsWith(`${guarded.base}/artifact/`) && f.format.url.includes('/download?mediaType='))).toHaveLength(2);
  });

  it('with --keyring, verifies a signature the API serves by its signature download endpoint (no signatureUrl, upstream #262)', async () => {
    const { makeKey, signDetached } = await import('../support/openpgp-keys.js');
    const producer = await makeKey('Gadget Release Manager');
    const keyring = path.join(scratch, 'gadget-keys.asc');
    writeFileSync(keyring, producer.armored);
    open.signatures.set('gadget-2.0.0.vex.json', String(await signDetached(open.files.get('gadget-2.0.0.vex.json')!, producer.privateKey)));
    const out = path.join(scratch, 'signed');
    const release = open.releases.find((r) => r.purl.endsWith('@2.0.0'))!;
    const result = await runInProcess(
      ['download', release.tei, '--out', out, '--discovery-origin', open.origin, '--allow-http', '--keyring', keyring, '--quiet'],
      scratch,
    );
    expect(result.status, result.stderr).toBe(0);
    const manifest = expectFiles(
      out,
      ['gadget-2.0.0.cdx.json', 'gadget-2.0.0.vex.json', 'gadget-2.0.0-notes.txt', 'gadget-core-1.1.0.cdx.xml', 'LICENSE.txt'],
      open,
    ) as unknown as {
      files: Array<{ file: string; signatureCheck: { verdict: string; url?: string; fingerprint?: string } }>;
    };
    const verdicts = manifest.files.map((f) => f.signatureCheck.verdict).sort();
    expect(verdicts).toEqual(['unsigned', 'unsigned', 'unsigned', 'unsigned', 'verified']);
    const vex = manifest.files.find((f) => f.signatureCheck.verdict === 'verified')!;
    expect(vex.signatureCheck.url).toMatch(
      new RegExp(`^${open.base}/artifact/[0-9a-f-]{36}/2/signature/download\\?mediaType=application%2Fvnd\\.openvex%2Bjson$`),
    );
    expect(vex.signatureCheck.fingerprint).toBe(producer.publicKey.getFingerprint().toUpperCase());
  });

  it('downloads by the PURL TEI of the merged form (tei://<domain>/purl/<Base64URL>, upstream #261)', async () => {
    const release = open.releases.find((r) => r.purlTei !== undefined)!;
    expect(release.purlTei).toMatch(/^tei:\/\/gadget\.example\.org\/purl\/cGtn[A-Za-z0-9_-]+$/);
    const out = path.join(scratch, 'by-purl-tei');
    const result = await runInProcess(['download', release.purlTei!, '--out', out, '--discovery-origin', open.origin, '--allow-http', '--quiet'], scratch);
    expect(result.status, result.stderr).toBe(0);
    expect(open.requests).toContain(`GET /v1.0.0/discovery?${new URLSearchParams({ tei: release.purlTei! }).toString()}`);
  });

  it('downloads by PURL with --discovery-origin (GET /discovery?purl=, upstream #265)', async () => {
    const out = path.join(scratch, 'by-purl');
    const result = await runInProcess(
      ['download', 'pkg:generic/acme/gadget@1.0.0', '--out', out, '--discovery-origin', open.origin, '--allow-http', '--quiet'],
      scratch,
    );
    expect(result.status, result.stderr).toBe(0);
    expectFiles(out, ['gadget-1.0.0.cdx.json', 'gadget-core-1.0.0.cdx.xml'], open);
    expect(open.requests.some((r) => r.startsWith('GET /v1.0.0/discovery?purl='))).toBe(true);
  });
});
