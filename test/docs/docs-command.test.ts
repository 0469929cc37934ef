import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPurlEngine } from '../../src/index.js';
import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

// These run the built CLI (bin/teapurl.cjs): `npm run build` first, as `npm test` does.
const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-docs-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const CORPUS = path.join(ROOT, 'corpus/purl-types');
const TYPES = defaultPurlEngine().types();
let counter = 0;
const freshDir = (label: string) => path.join(scratch, `${label}-${counter++}`);

/** A small definition folder of our own, so a test can drop a type. */
function typesDir(types: readonly string[]): string {
  const dir = freshDir('types');
  mkdirSync(dir);
  for (const type of types) writeFileSync(path.join(dir, `${type}-definition.json`), JSON.stringify(defaultPurlEngine().definition(type)));
  return dir;
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('teapurl docs', () => {
  it('documents itself in --help and in the command list', () => {
    const help = runCli(['docs', '--help']);
    expect(help.status).toBe(0);
    for (const option of ['--types', '--out', '--format', '--check']) expect(help.stdout).toContain(option);
    expect(runCli(['--help']).stdout).toMatch(/^\s+docs /m);
  });

  it('is a usage error (exit 2) without --out, with an unknown --format, or with a stray argument', () => {
    const noOut = runCli(['docs']);
    expect(noOut.status).toBe(2);
    expect(noOut.stderr).toContain('--out');
    expect(runCli(['docs', '--out', freshDir('x'), '--format', 'pdf']).status).toBe(2);
    expect(runCli(['docs', '--out', freshDir('x'), 'extra']).status).toBe(2);
  });

  it('writes the bundled corpus by default: one page per type plus the index, html only', () => {
    const out = freshDir('default');
    const run = runCli(['docs', '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`wrote ${TYPES.length + 1} pages to ${out} (${TYPES.length} types, html)\n`);
    expect(readdirSync(out).sort()).toEqual(['index.html', 'types']);
    expect(readdirSync(path.join(out, 'types')).sort()).toEqual(TYPES.map((t) => `${t}.html`).sort());
  });

  it('writes Markdown only with --format md, and both kinds with --format both', () => {
    const md = freshDir('md');
    expect(runCli(['docs', '--out', md, '--format', 'md']).status).toBe(0);
    const mdFiles = [...readdirSync(md), ...readdirSync(path.join(md, 'types'))];
    expect(mdFiles.filter((f) => f.endsWith('.html'))).toEqual([]);
    expect(mdFiles.filter((f) => f.endsWith('.md')).length).toBe(TYPES.length + 1);

    const both = freshDir('both');
    const run = runCli(['docs', '--types', CORPUS, '--out', both, '--format', 'both']);
    expect(run.status, run.stderr).toBe(0);
    const bothFiles = readdirSync(path.join(both, 'types'));
    expect(bothFiles.filter((f) => f.endsWith('.html')).length).toBe(TYPES.length);
    expect(bothFiles.filter((f) => f.endsWith('.md')).length).toBe(TYPES.length);
    expect(existsSync(path.join(both, 'index.html')) && existsSync(path.join(both, 'index.md'))).toBe(true);
  });

  it('gives byte-identical output on two runs', () => {
    const [a, b] = [freshDir('same'), freshDir('same')];
    for (const out of [a, b]) expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    const files = ['index.html', 'index.md', ...readdirSync(path.join(a, 'types')).map((f) => `types/${f}`)];
    expect(readdirSync(path.join(b, 'types')).length).toBe(files.length - 2);
    for (const file of files) expect(readFileSync(path.join(b, file)).equals(readFileSync(path.join(a, file))), file).toBe(true);
  });

  it('--check: 0 right after writing; 1 naming the file after an edit, a deletion or an extra page', () => {
    const out = freshDir('check');
    expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    const ok = runCli(['docs', '--out', out, '--format', 'both', '--check']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('up to date');

    const edited = path.join(out, 'types', 'npm.html');
    writeFileSync(edited, readFileSync(edited, 'utf8').replace('</h1>', ' edited</h1>'));
    const afterEdit = runCli(['docs', '--out', out, '--format', 'both', '--check']);
    expect(afterEdit.status).toBe(1);
    expect(afterEdit.stderr).toContain(`${path.join(out, 'types', 'npm.html')}: differs`);
    expect(afterEdit.stderr).toContain(`teapurl docs --out ${out} --format both`);
    // Checking writes nothing.
    expect(readFileSync(edited, 'utf8')).toContain(' edited</h1>');

    expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    unlinkSync(path.join(out, 'types', 'cargo.md'));
    const afterDelete = runCli(['docs', '--out', out, '--format', 'both', '--check']);
    expect(afterDelete.status).toBe(1);
    expect(afterDelete.stderr).toContain(`${path.join(out, 'types', 'cargo.md')}: missing`);

    expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    writeFileSync(path.join(out, 'types', 'retired.html'), '<p>a type that no longer exists</p>');
    writeFileSync(path.join(out, 'notes.txt'), 'not a page: left alone');
    const afterExtra = runCli(['docs', '--out', out, '--format', 'both', '--check']);
    expect(afterExtra.status).toBe(1);
    expect(afterExtra.stderr).toContain(`${path.join(out, 'types', 'retired.html')}: extra`);
    expect(afterExtra.stderr).not.toContain('notes.txt');
    // Only the extra page is stale: one line for it, one for the summary.
    expect(afterExtra.stderr.trim().split('\n').length).toBe(2);
  });

  it('--check of one format ignores the pages of the other', () => {
    const out = freshDir('check-format');
    expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    writeFileSync(path.join(out, 'types', 'retired.md'), 'stale markdown');
    expect(runCli(['docs', '--out', out, '--check']).status).toBe(0);
    expect(runCli(['docs', '--out', out, '--format', 'md', '--check']).status).toBe(1);
  });

  it('removes the page of a type that is gone, and only pages of the chosen format', () => {
    const out = freshDir('stale');
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm', 'pypi']), '--out', out, '--format', 'both']).status).toBe(0);
    const run = runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`removed ${path.join(out, 'types', 'pypi.html')}`);
    expect(run.stdout).toContain('wrote 3 pages');
    expect(readdirSync(path.join(out, 'types')).sort()).toEqual(['cargo.html', 'cargo.md', 'npm.html', 'npm.md', 'pypi.md']);
  });

  it('refuses a --types folder that is missing, empty or holds an invalid definition: exit 1, one line naming it', () => {
    const missing = path.join(scratch, 'no-such-folder');
    const gone = runCli(['docs', '--types', missing, '--out', freshDir('x')]);
    expect(gone.status).toBe(1);
    expect(gone.stderr).toContain(missing);
    noStackTrace(gone.stderr);

    const emptyDir = freshDir('empty');
    mkdirSync(emptyDir);
    const empty = runCli(['docs', '--types', emptyDir, '--out', freshDir('x')]);
    expect(empty.status).toBe(1);
    expect(empty.stderr).toContain(emptyDir);
    expect(empty.stderr).toContain('no *.json type definitions');

    const invalid = runCli(['docs', '--types', 'test/fixtures/docs-invalid-types', '--out', freshDir('x')]);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain(path.join('test/fixtures/docs-invalid-types', 'gadget-definition.json'));
    expect(invalid.stderr).toContain('namespace_definition');
    expect(invalid.stderr.trim().split('\n').length).toBe(1);
    noStackTrace(invalid.stderr);
  });

  it('reports an output path it cannot write in one line, exit 1', () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'in the way');
    const run = runCli(['docs', '--out', file]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^teapurl docs: cannot write .*a-file.*\(E[A-Z]+\)\n$/);
  });
});
