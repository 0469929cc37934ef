/**
 * The consumer's whole path against `teapurl serve --content`'s server: a TEI resolved through
 * /.well-known/tea and GET /discovery?tei=, the product release's and its component release's
 * latest collections, every artefact downloaded and verified (all protected: the token flow runs),
 * a manifest; a tampered artefact (exit 1, nothing of it left, the message names it); `tea get`
 * and `tea check`; `serve --content` refusing a folder with a bad file.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { startTeaServer, type RunningTeaServer } from '../../src/tea/server/test-server.js';
import { ROOT } from '../support/paths.js';
import { testCertificates } from '../support/tls.js';
import { runInProcess } from '../support/fake-io.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/tea-content');
const TEI = 'urn:tei:uuid:products.example.com:d4d9f54a-abcf-11ee-ac79-1a52914d44b1';
const RELEASE = '123e4567-e89b-12d3-a456-426614174000';
const KEY = { keyId: 'reader', secret: 's3cret' };

let scratch: string;
let caFile: string;
const servers: RunningTeaServer[] = [];

async function contentServer(folder: string, extra: Partial<Parameters<typeof startTeaServer>[0]> = {}): Promise<RunningTeaServer> {
  const { store, valid, findings } = await readTeaContent(folder);
  expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  expect(valid).toBe(true);
  const server = await startTeaServer({
    tls: (await testCertificates()).server,
    content: store,
    apiKeys: [KEY],
    discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
    ...extra,
  });
  servers.push(server);
  return server;
}

/** The CLI in-process, with the API key's secret in its environment. */
const cli = (args: string[]) => runInProcess(args, scratch, [], { TEAPURL_API_SECRET: KEY.secret });

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-download-'));
  caFile = path.join(scratch, 'ca.pem');
  writeFileSync(caFile, (await testCertificates()).ca);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(scratch, { recursive: true, force: true });
});

/** Every file under a folder, relative. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('teapurl download against serve --content', () => {
  it('resolves a TEI, downloads and verifies every artefact, writes the manifest (exit 0); the key goes to /token only', async () => {
    const server = await contentServer(FIXTURE);
    const out = path.join(scratch, 'out-1');
    const result = await cli(['download', TEI, '--out', out, '--discovery-origin', server.url, '--ca', caFile, '--key-id', KEY.keyId]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Apache Log4j 2 2\.24\.3 \(123e4567-e89b-12d3-a456-426614174000\): 3 files verified, 0 failed/);
    expect(filesUnder(out)).toEqual([
      '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/log4j-core.cdx.json',
      '5f1a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b/release-notes.txt',
      'dfa35519-9734-4259-bba1-3e825cf4be06/log4j.vex.json',
      'teapurl-download.json',
    ]);
    expect(readFileSync(path.join(out, '1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/log4j-core.cdx.json'))).toEqual(
      readFileSync(path.join(FIXTURE, 'files/sbom/log4j-core.cdx.json')),
    );
    const manifest = JSON.parse(readFileSync(path.join(out, 'teapurl-download.json'), 'utf8'));
    expect(manifest.productRelease).toEqual({ uuid: RELEASE, version: '2.24.3', name: 'Apache Log4j 2' });
    const sbom = manifest.files.find((f: { artifact: { type: string } }) => f.artifact.type === 'BOM');
    expect(sbom).toMatchObject({ object: { kind: 'component-release', version: '2.24.3' }, collection: { version: 1 }, verified: true });
    expect(sbom.checksums.map((c: { algType: string }) => c.algType)).toEqual(['SHA-256', 'SHA-1', 'MD5', 'SHA3-512', 'BLAKE3', 'BLAKE2b-256']);
    // The latest collection of the product release (version 2) has the VEX; version 1 did not.
    expect(manifest.files.find((f: { artifact: { type: string } }) => f.artifact.type === 'VULNERABILITIES').collection).toEqual({ uuid: RELEASE, version: 2 });
    const withKey = server.requests.filter((r) => /^basic /i.test(String(r.headers.authorization)));
    expect(withKey.map((r) => r.path)).toEqual(['/v1.0.0/token']);
    // Everything was protected, and every file came with the token from the same origin.
    expect(server.requests.filter((r) => r.path.startsWith('/files/')).every((r) => String(r.headers.authorization).startsWith('Bearer '))).toBe(true);

    // Again into the same folder: the files are there with the same content, and kept.
    const again = await cli(['download', TEI, '--out', out, '--discovery-origin', server.url, '--ca', caFile, '--key-id', KEY.keyId, '--type', 'BOM']);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/1 file verified, 0 failed/);
  });

  it('a tampered artefact: exit 1, no file of it left, the message names the artefact, URL, algorithm and both digests', async () => {
    const folder = path.join(scratch, 'tampered');
    cpSync(FIXTURE, folder, { recursive: true });
    const server = await contentServer(folder);
    // Changed after the server checked it at start (serve refuses a folder whose checksums do not match).
    writeFileSync(path.join(folder, 'files/vex/log4j.vex.json'), '{"tampered": true}\n');
    const out = path.join(scratch, 'out-tampered');
    const result = await cli(['download', `${server.url}/v1.0.0/productRelease/${RELEASE}`, '--out', out, '--ca', caFile, '--key-id', KEY.keyId]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^teapurl download: artefact dfa35519-9734-4259-bba1-3e825cf4be06 \\(Vulnerability Disclosure Report\\): ${server.url.replace(/[.]/g, '\\.')}/files/vex/log4j\\.vex\\.json: the SHA-256 checksum does not match: expected [0-9a-f]{64}, got [0-9a-f]{64}; the file was deleted$`,
        'm',
      ),
    );
    const files = filesUnder(out);
    // Not even its folder is left.
    expect(existsSync(path.join(out, 'dfa35519-9734-4259-bba1-3e825cf4be06'))).toBe(false);
    expect(files.some((f) => f.includes('teapurl-part'))).toBe(false);
    // The others were verified and kept; the manifest lists the failure.
    expect(files).toContain('1cb47b95-8bf8-3bad-a5a4-0d54d86e10ce/log4j-core.cdx.json');
    expect(JSON.parse(readFileSync(path.join(out, 'teapurl-download.json'), 'utf8')).failures).toHaveLength(1);
  });

  it('refuses a file that is already there with other content, and leaves it alone', async () => {
    const server = await contentServer(FIXTURE);
    const out = path.join(scratch, 'out-occupied');
    const mine = path.join(out, '5f1a7c1e-2b3d-4e5f-8a9b-0c1d2e3f4a5b/release-notes.txt');
    cpSync(caFile, mine, { recursive: true });
    const result = await cli([
      'download',
      `${server.url}/v1.0.0/productRelease/${RELEASE}`,
      '--out',
      out,
      '--ca',
      caFile,
      '--key-id',
      KEY.keyId,
      '--type',
      'RELEASE_NOTES',
    ]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/release-notes\.txt is already there with other content; teapurl does not overwrite it/);
    expect(readFileSync(mine, 'utf8')).toBe(readFileSync(caFile, 'utf8'));
  });

  it('tea get prints a validated object as JSON; tea check passes every request against the content server', async () => {
    const server = await contentServer(FIXTURE, { protect: ['/v*/artifact/**', '/files/**'] });
    // The collection holds protected artefacts: it needs a token too (seed 5.7.2), which the key gets.
    const get = await cli(['tea', 'get', `${server.url}/v1.0.0/productRelease/${RELEASE}/collection/latest`, '--ca', caFile, '--key-id', KEY.keyId]);
    expect(get.status).toBe(0);
    expect(JSON.parse(get.stdout)).toMatchObject({ uuid: RELEASE, version: 2 });
    // The content origin is rewritten to the server's own.
    expect(get.stdout).toContain(`"url": "${server.url}/files/vex/log4j.vex.json"`);
    const check = await cli(['tea', 'check', `${server.url}/v1.0.0`, '--ca', caFile, '--key-id', KEY.keyId]);
    expect(check.stderr).toBe('');
    expect(check.stdout).not.toMatch(/^FAIL/m);
    expect(check.status).toBe(0);
    for (const operation of [
      'queryTeaProducts',
      'getTeaProductByUuid',
      'getCleByProductId',
      'getReleasesByProductId',
      'getTeaProductReleaseByUuid',
      'getLatestCollectionForProductRelease',
      'getCollectionForProductRelease',
      'getComponentReleaseById',
      'getLatestArtifact',
      'getArtifactByVersion',
      'discoveryByTei',
    ]) {
      expect(check.stdout).toMatch(new RegExp(`^PASS  (?:object|discovery) +${operation} `, 'm'));
    }
    // Without a key: the protected collections are skipped, not failed.
    const anonymous = await cli(['tea', 'check', `${server.url}/v1.0.0`, '--ca', caFile]);
    expect(anonymous.status).toBe(0);
    expect(anonymous.stdout).toMatch(/^SKIP {2}object +getLatestCollectionForProductRelease /m);
  });

  it('serve --content refuses a folder with a bad file, naming file, line and column, and a URL naming a missing file', async () => {
    const folder = path.join(scratch, 'bad-content');
    cpSync(FIXTURE, folder, { recursive: true });
    rmSync(path.join(folder, 'files/release-notes.txt'));
    const product = JSON.parse(readFileSync(path.join(folder, 'log4j.tea-product.json'), 'utf8'));
    product.identifiers[1].idValue = 'pkg:vcpkg/boost/asio';
    writeFileSync(path.join(folder, 'log4j.tea-product.json'), JSON.stringify(product, null, 2));
    const result = await cli(['serve', '--content', folder, '--insecure-http']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^teapurl serve: --content .* holds what cannot be served:$/m);
    expect(result.stderr).toMatch(
      /log4j\.tea-product\.json:11:18: identifiers\[1\]\.idValue "pkg:vcpkg\/boost\/asio" is not a valid PURL: the namespace is wrong: .* \[tea\/purl-identifier\]/,
    );
    expect(result.stderr).toMatch(
      /log4j-2\.24\.3-collection-1\.tea-collection\.json:\d+:\d+: artifacts\[0\]\.formats\[0\]\.url names files\/release-notes\.txt, which is not in the content folder \[content\/missing-file\]/,
    );
    expect(existsSync(folder)).toBe(true);
  });
});
