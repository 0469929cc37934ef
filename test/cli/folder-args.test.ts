/**
 * Issue 39 item 4: a folder named to `teapurl validate` stands for every file under it whose name
 * or content says what kind of document it is (an XML or tag-value SBOM as well as JSON), not
 * entering node_modules or .git; the rest are counted as skipped, and --kind checks every file.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateFiles } from '../../src/validator/node/validate-files.js';
import { run } from '../../src/cli/main.js';
import type { CommandIo } from '../../src/cli/io.js';
import { ROOT } from '../support/paths.js';

let dir: string;

async function cli(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CommandIo = {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    stdin: (async function* () {})(),
    env: { NO_COLOR: '1' },
    cwd: dir,
  };
  return { status: await run(args, io), stdout, stderr };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-folder-args-'));
  const sbom = path.join(dir, 'sbom');
  for (const folder of ['nested/deeper', 'node_modules/pkg', '.git/objects', 'nested/node_modules']) mkdirSync(path.join(sbom, folder), { recursive: true });
  copyFileSync(path.join(ROOT, 'corpus/sbom/valid/every-place.cdx.xml'), path.join(sbom, 'bom.xml'));
  copyFileSync(path.join(ROOT, 'corpus/discovery/valid/minimal.json'), path.join(sbom, 'nested/deeper/discovery.json'));
  copyFileSync(path.join(ROOT, 'corpus/discovery/invalid/duplicate-url.json'), path.join(sbom, 'nested/bad-discovery.json'));
  copyFileSync(path.join(ROOT, 'corpus/sbom/valid/packages.spdx'), path.join(sbom, 'app.spdx'));
  writeFileSync(path.join(sbom, 'README.md'), '# notes\n');
  writeFileSync(path.join(sbom, 'nested/settings.json'), '{"theme": "dark"}\n');
  // What a checkout's node_modules and .git hold is never read, however invalid.
  copyFileSync(path.join(ROOT, 'corpus/discovery/invalid/duplicate-url.json'), path.join(sbom, 'node_modules/pkg/x.cdx.json'));
  copyFileSync(path.join(ROOT, 'corpus/discovery/invalid/duplicate-url.json'), path.join(sbom, 'nested/node_modules/tea.json'));
  writeFileSync(path.join(sbom, '.git/objects/bom.xml'), '<not xml');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a folder argument', () => {
  it('validateFiles: every recognised file under it, recursively, node_modules and .git left out; the others listed as unrecognised', async () => {
    const report = await validateFiles(['sbom/'], { cwd: dir });
    expect(report.results.map((r) => [r.file, r.kind])).toEqual([
      ['sbom/app.spdx', 'spdx-document'],
      ['sbom/bom.xml', 'cyclonedx-bom'],
      ['sbom/nested/bad-discovery.json', 'tea-discovery'],
      ['sbom/nested/deeper/discovery.json', 'tea-discovery'],
    ]);
    expect(report.unrecognised).toEqual(['sbom/README.md', 'sbom/nested/settings.json']);
    expect(report.unmatched).toEqual([]);
    expect(report.valid).toBe(false);
  });

  it('teapurl validate sbom: the findings, and one line counting the files skipped as unrecognised', async () => {
    const result = await cli(['validate', 'sbom']);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^sbom\/nested\/bad-discovery\.json:9:14: error .*\(discovery\/duplicate-url\)$/m);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(/1 of 4 files invalid/);
    expect(result.stderr).toBe(
      'teapurl validate: 2 files in the folders named skipped as unrecognised (nothing in the name or content says what kind of document it is; --kind K checks every file as K)\n',
    );
  });

  it('with --kind every file under it is checked as that kind, and none is skipped', async () => {
    const result = await cli(['validate', '--kind', 'discovery', '--format', 'json', 'sbom/nested']);
    expect((JSON.parse(result.stdout) as { file: string }[]).map((r) => r.file)).toEqual([
      'sbom/nested/bad-discovery.json',
      'sbom/nested/deeper/discovery.json',
      'sbom/nested/settings.json',
    ]);
    expect(result.stderr).toBe('');
  });

  it('a file both named and found in a folder is checked once', async () => {
    const report = await validateFiles(['sbom/bom.xml', 'sbom'], { cwd: dir });
    expect(report.results.filter((r) => r.file === 'sbom/bom.xml')).toHaveLength(1);
  });
});
