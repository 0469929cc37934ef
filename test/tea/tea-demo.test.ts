/**
 * The example inventory `teapurl serve` answers without --content (examples/tea-demo/): shipped
 * in the package, exactly what scripts/make-tea-demo.mjs writes, valid against teapurl's own
 * kinds; and a content folder that is broken (an invalid object, a UUID defined twice, a checksum
 * that does not match its file) stops `serve` with one line naming each.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/serve-command.js';
import { readTeaContent } from '../../src/tea/node/tea-content.js';
import { fakeIo, runInProcess } from '../support/fake-io.js';
import { ROOT } from '../support/paths.js';

const DEMO = path.join(ROOT, 'examples/tea-demo');
const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-demo-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(folder: string, under = ''): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(path.join(folder, under)).sort()) {
    const relative = under === '' ? name : `${under}/${name}`;
    if (statSync(path.join(folder, relative)).isDirectory()) Object.assign(files, tree(folder, relative));
    else files[relative] = readFileSync(path.join(folder, relative), 'utf8');
  }
  return files;
}

describe('the shipped example inventory', () => {
  it('is what scripts/make-tea-demo.mjs writes, and is in the package', () => {
    const made = path.join(scratch, 'made');
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/make-tea-demo.mjs'), made]);
    expect(tree(DEMO)).toEqual(tree(made));
    expect((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files).toContain('examples/tea-demo/');
  });

  it("is valid against teapurl's own kinds: a product, two releases, components, collections in versions, artefacts, CLE documents", async () => {
    const { valid, findings, counts, store } = await readTeaContent(DEMO);
    expect(findings).toEqual([]);
    expect(valid).toBe(true);
    // Eight artefact files and the detached signature of each.
    expect(counts).toEqual({ objects: 23, files: 16 });
    expect(store.teis()).toHaveLength(2);
    const kinds = readdirSync(DEMO)
      .filter((f) => f.endsWith('.json'))
      .map((f) => /\.(tea-[a-z-]+)\.json$/.exec(f)?.[1]);
    expect(new Set(kinds)).toEqual(new Set(['tea-product', 'tea-product-release', 'tea-component', 'tea-component-release', 'tea-collection', 'tea-cle']));
  });
});

describe('the example inventory is signed: the download line serve prints verifies every signature', () => {
  it('serve names the KEYS file; its download line, with --require-signatures, keeps the 6 files of the release, each signed by the test key', async () => {
    const fake = fakeIo(scratch);
    const controller = new AbortController();
    const exit = serveCommand(['--insecure-http', '--port', '0'], fake.io, { signal: controller.signal });
    try {
      let line: string | undefined;
      for (let tries = 0; !(line = /^ +teapurl download (.*)$/m.exec(fake.stdout())?.[1]) && tries < 1000; tries++) {
        const early = await Promise.race([exit, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10))]);
        if (early !== undefined) throw new Error(`serve exited ${early}: ${fake.stderr()}`);
      }
      expect(fake.stdout()).toContain(`  signatures  the artefacts' signing keys are in ${path.join(DEMO, 'KEYS')}`);
      // The line as a user copies it: a quoted TEI, then plain words.
      const args = line!.match(/'[^']*'|\S+/g)!.map((word) => word.replace(/^'(.*)'$/, '$1'));
      expect(args).toContain('--keyring');
      expect(args[args.indexOf('--keyring') + 1]).toBe(path.join(DEMO, 'KEYS'));
      const out = path.join(scratch, 'signed-download');
      const result = await runInProcess(
        ['download', ...args.map((a) => (a === 'tea-demo-artefacts' ? out : a)), '--require-signatures', '--format', 'json'],
        scratch,
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      const { readKey } = await import('openpgp');
      const fingerprint = (await readKey({ armoredKey: readFileSync(path.join(DEMO, 'KEYS'), 'utf8') })).getFingerprint().toUpperCase();
      const report = JSON.parse(result.stdout) as { files: Array<{ path: string; signatureCheck: { verdict: string; fingerprint: string; userId: string } }> };
      expect(report.files).toHaveLength(6);
      for (const file of report.files) {
        expect(file.signatureCheck.verdict, file.path).toBe('verified');
        expect(file.signatureCheck.userId).toContain('TEST KEY');
      }
      expect(new Set(report.files.map((f) => f.signatureCheck.fingerprint))).toEqual(new Set([fingerprint]));
    } finally {
      controller.abort();
      await exit;
    }
  });
});

describe('serve --content refuses a broken folder, naming each file', () => {
  it('an invalid object, a duplicate UUID and a checksum mismatch: exit 1, one line each', async () => {
    const folder = path.join(scratch, 'broken');
    cpSync(DEMO, folder, { recursive: true });
    const collection = path.join(folder, 'widget-cli-2.0.0-collection-1.tea-collection.json');
    writeFileSync(collection, readFileSync(collection, 'utf8').replace('"version": 1,', '"version": "one",'));
    cpSync(path.join(folder, 'widget.tea-product.json'), path.join(folder, 'widget-again.tea-product.json'));
    appendFileSync(path.join(folder, 'files/license/LICENSE.txt'), 'tampered\n');
    const fake = fakeIo(scratch);
    expect(await serveCommand(['--insecure-http', '--content', 'broken'], fake.io)).toBe(1);
    const lines = fake
      .stderr()
      .split('\n')
      .filter((l) => l.startsWith('  '));
    expect(fake.stderr()).toMatch(/^teapurl serve: --content broken holds what cannot be served:\n/);
    expect(lines.some((l) => /widget-cli-2\.0\.0-collection-1\.tea-collection\.json:\d+:\d+: .*version.*\[schema\/type\]/.test(l))).toBe(true);
    expect(
      lines.some((l) =>
        /widget\.tea-product\.json:\d+:\d+: tea-product a3c6e2f0-.* is already defined in .*widget-again\.tea-product\.json \[content\/duplicate\]|widget-again\.tea-product\.json:\d+:\d+: .*already defined in .*widget\.tea-product\.json \[content\/duplicate\]/.test(
          l,
        ),
      ),
    ).toBe(true);
    // The license is listed in three collections: each names the mismatch.
    const mismatches = lines.filter((l) => /\[content\/checksum-mismatch\]$/.test(l));
    expect(mismatches.length).toBeGreaterThanOrEqual(3);
    expect(mismatches[0]).toMatch(/: the SHA-256 of files\/license\/LICENSE\.txt is [0-9a-f]{64}, not [0-9a-f]{64} \[content\/checksum-mismatch\]$/);
  });
});
