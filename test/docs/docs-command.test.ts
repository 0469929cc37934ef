import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPurlEngine } from '../../src/purl/index.js';
import { defaultPurlDefinition } from '../../src/purl/default-definitions.js';
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
  for (const type of types) writeFileSync(path.join(dir, `${type}-definition.json`), JSON.stringify(defaultPurlDefinition(type)));
  return dir;
}

/** The scripts of an HTML site's live PURL box. */
const ASSETS = ['assets/purl-box.js', 'assets/purl-definitions.js', 'assets/purl-urls.js'];

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

  it("writes the bundled corpus by default: one page per type plus the index and the live box's scripts, html only", () => {
    const out = freshDir('default');
    const run = runCli(['docs', '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toBe(`wrote ${TYPES.length + 1 + ASSETS.length} files to ${out} (${TYPES.length} types, html)\n`);
    expect(readdirSync(out).sort()).toEqual(['.teapurl-docs.json', 'assets', 'index.html', 'types']);
    const manifest = JSON.parse(readFileSync(path.join(out, '.teapurl-docs.json'), 'utf8')) as { generator: string; pages: Record<string, string> };
    expect(manifest.generator).toBe('teapurl docs');
    // The scripts are recorded like the pages: teapurl owns them, so a later run may replace them.
    expect(Object.keys(manifest.pages)).toEqual([...ASSETS, 'index.html', ...TYPES.map((t) => `types/${t}.html`)].sort());
    // Each with the SHA-256 of what was written.
    expect(manifest.pages['index.html']).toBe(
      createHash('sha256')
        .update(readFileSync(path.join(out, 'index.html')))
        .digest('hex'),
    );
    expect(readFileSync(path.join(out, 'assets/purl-box.js'), 'utf8')).toBe(readFileSync(path.join(ROOT, 'dist/assets/purl-box.js'), 'utf8'));
    expect(readdirSync(path.join(out, 'types')).sort()).toEqual(TYPES.map((t) => `${t}.html`).sort());
  });

  it('writes Markdown only with --format md, and both kinds with --format both', () => {
    const md = freshDir('md');
    expect(runCli(['docs', '--out', md, '--format', 'md']).status).toBe(0);
    const mdFiles = [...readdirSync(md), ...readdirSync(path.join(md, 'types'))];
    expect(mdFiles.filter((f) => f.endsWith('.html'))).toEqual([]);
    expect(mdFiles.filter((f) => f.endsWith('.md')).length).toBe(TYPES.length + 1);
    // Markdown pages have no live box, so no scripts.
    expect(existsSync(path.join(md, 'assets'))).toBe(false);

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
    const files = ['index.html', 'index.md', ...ASSETS, ...readdirSync(path.join(a, 'types')).map((f) => `types/${f}`)];
    expect(readdirSync(path.join(b, 'types')).length).toBe(files.length - 2 - ASSETS.length);
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
    expect(afterEdit.stderr).toContain(`${path.join(out, 'types', 'npm.html')}: differs from what would be generated (and from what teapurl docs wrote there)`);
    // An edited page is overwritten only with --force: the hint says so.
    expect(afterEdit.stderr).toContain(`teapurl docs --out ${out} --format both --force`);
    // Checking writes nothing.
    expect(readFileSync(edited, 'utf8')).toContain(' edited</h1>');
    const refused = runCli(['docs', '--out', out, '--format', 'both']);
    expect(refused.stderr).toContain(`${edited} changed since teapurl docs wrote it`);
    expect(refused.status).toBe(1);
    expect(readFileSync(edited, 'utf8')).toContain(' edited</h1>');

    expect(runCli(['docs', '--out', out, '--format', 'both', '--force']).status).toBe(0);
    unlinkSync(path.join(out, 'types', 'cargo.md'));
    const afterDelete = runCli(['docs', '--out', out, '--format', 'both', '--check']);
    expect(afterDelete.status).toBe(1);
    expect(afterDelete.stderr).toContain(`${path.join(out, 'types', 'cargo.md')}: missing`);

    expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    // An extra page is one an earlier run wrote for a type that is gone; files of the user's are not looked at.
    const fewer = typesDir(TYPES.filter((t) => t !== 'pypi'));
    writeFileSync(path.join(out, 'types', 'notes.html'), '<p>my own page</p>');
    writeFileSync(path.join(out, 'notes.txt'), 'not a page: left alone');
    const afterExtra = runCli(['docs', '--types', fewer, '--out', out, '--format', 'both', '--check']);
    expect(afterExtra.status).toBe(1);
    expect(afterExtra.stderr).toContain(`${path.join(out, 'types', 'pypi.html')}: extra`);
    expect(afterExtra.stderr).toContain(`${path.join(out, 'types', 'pypi.md')}: extra`);
    expect(afterExtra.stderr).not.toContain('notes');
    // The definitions the live box reads have lost pypi too.
    expect(afterExtra.stderr).toContain(`${path.join(out, 'assets', 'purl-definitions.js')}: differs`);
    // So has the box's URL documents, when pypi has one.
    const pypiUrls = existsSync(path.join(ROOT, 'corpus/purl-urls/pypi-urls.json'));
    if (pypiUrls) expect(afterExtra.stderr).toContain(`${path.join(out, 'assets', 'purl-urls.js')}: differs`);
    // Only the extra pages, the index (which lists pypi no more) and the box's data are stale, then the summary.
    expect(afterExtra.stderr.trim().split('\n'), afterExtra.stderr).toHaveLength(pypiUrls ? 7 : 6);

    // The box's script is checked like a page.
    expect(runCli(['docs', '--out', out, '--format', 'both']).status).toBe(0);
    writeFileSync(path.join(out, 'assets', 'purl-box.js'), 'alert(1)\n');
    const afterScript = runCli(['docs', '--out', out, '--format', 'both', '--check']);
    expect(afterScript.status).toBe(1);
    expect(afterScript.stderr).toContain(`${path.join(out, 'assets', 'purl-box.js')}: differs`);
  });

  it('--check of one format ignores the pages of the other', () => {
    const out = freshDir('check-format');
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm', 'pypi']), '--out', out, '--format', 'md']).status).toBe(0);
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out]).status).toBe(0);
    // types/pypi.md is a recorded Markdown page of a type that is gone: stale for md only.
    const cargoNpm = typesDir(['cargo', 'npm']);
    expect(runCli(['docs', '--types', cargoNpm, '--out', out, '--check']).status).toBe(0);
    const md = runCli(['docs', '--types', cargoNpm, '--out', out, '--format', 'md', '--check']);
    expect(md.status).toBe(1);
    expect(md.stderr).toContain(`${path.join(out, 'types', 'pypi.md')}: extra`);
  });

  it('removes the page of a type that is gone, and only pages of the chosen format', () => {
    const out = freshDir('stale');
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm', 'pypi']), '--out', out, '--format', 'both']).status).toBe(0);
    const run = runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`removed ${path.join(out, 'types', 'pypi.html')}`);
    expect(run.stdout).toContain(`wrote ${3 + ASSETS.length} files`);
    expect(readdirSync(path.join(out, 'types')).sort()).toEqual(['cargo.html', 'cargo.md', 'npm.html', 'npm.md', 'pypi.md']);
  });

  it('refuses a --types folder that is missing, empty or holds an invalid definition as purl --types does (a usage error, exit 2), in one line naming it once', () => {
    const missing = path.join(scratch, 'no-such-folder');
    const gone = runCli(['docs', '--types', missing, '--out', freshDir('x')]);
    expect(gone.status).toBe(2);
    expect(gone.stderr).toBe(`teapurl docs: --types '${missing}' does not exist\nSee 'teapurl docs --help'\n`);

    const emptyDir = freshDir('empty');
    mkdirSync(emptyDir);
    const empty = runCli(['docs', '--types', emptyDir, '--out', freshDir('x')]);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toBe(`teapurl docs: --types '${emptyDir}': no *.json type definitions found\nSee 'teapurl docs --help'\n`);
    expect(runCli(['purl', 'parse', '--types', emptyDir, 'pkg:npm/a']).stderr).toBe(
      `teapurl purl: --types '${emptyDir}': no *.json type definitions found\nSee 'teapurl purl --help'\n`,
    );

    const invalid = runCli(['docs', '--types', 'test/fixtures/docs-invalid-types', '--out', freshDir('x')]);
    expect(invalid.status).toBe(2);
    expect(invalid.stderr).toContain(path.join('test/fixtures/docs-invalid-types', 'gadget-definition.json'));
    expect(invalid.stderr).toContain('namespace_definition');
    expect(invalid.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^teapurl docs: --types /), "See 'teapurl docs --help'"]);
    noStackTrace(invalid.stderr);
  });

  it('a file named as --out, or in the way of it, is a usage error, exit 2', () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'in the way');
    const run = runCli(['docs', '--out', path.join(file, 'site')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(`teapurl docs: --out '${path.join(file, 'site')}' cannot be a folder: '${file}' is a file\nSee 'teapurl docs --help'\n`);
    const named = runCli(['docs', '--out', file]);
    expect(named.status).toBe(2);
    expect(named.stderr).toBe(`teapurl docs: --out '${file}' is a file, not a folder\nSee 'teapurl docs --help'\n`);
  });
});

describe('teapurl docs writes only what it owns', () => {
  /** Every file under a folder with its content, links shown as links: what "nothing changed" compares. */
  function snapshot(dir: string): Record<string, string> {
    const files: Record<string, string> = {};
    const walk = (rel: string) => {
      for (const name of readdirSync(path.join(dir, rel))) {
        const file = path.join(rel, name);
        const info = lstatSync(path.join(dir, file));
        if (info.isSymbolicLink()) files[file] = '<link>';
        else if (info.isDirectory()) walk(file);
        else files[file] = readFileSync(path.join(dir, file), 'utf8');
      }
    };
    walk('');
    return files;
  }

  /** The folder: a home page and notes of the user's, no teapurl record. */
  function usersFolder(): string {
    const out = freshDir('users');
    mkdirSync(path.join(out, 'types'), { recursive: true });
    writeFileSync(path.join(out, 'types', 'notes.html'), 'x\n');
    writeFileSync(path.join(out, 'types', 'README.md'), 'x\n');
    writeFileSync(path.join(out, 'index.html'), '<h1>home</h1>\n');
    return out;
  }

  it('writes nothing into a non-empty folder it did not write, and says how to proceed', () => {
    const out = usersFolder();
    const before = snapshot(out);
    const run = runCli(['docs', '--out', out, '--format', 'both']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${out} is not empty and teapurl docs did not write it`);
    expect(run.stderr).toContain('--force');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stdout).toBe('');
    expect(snapshot(out)).toEqual(before);
  });

  it('with --force writes its pages into such a folder and removes none of the files it did not write, ever', () => {
    const out = usersFolder();
    const forced = runCli(['docs', '--types', typesDir(['cargo', 'npm', 'pypi']), '--out', out, '--format', 'both', '--force']);
    expect(forced.status, forced.stderr).toBe(0);
    expect(forced.stdout).not.toContain('removed');
    expect(readFileSync(path.join(out, 'index.html'), 'utf8')).not.toContain('<h1>home</h1>');
    expect(readFileSync(path.join(out, 'types', 'notes.html'), 'utf8')).toBe('x\n');
    // The folder is teapurl's now: later runs need no --force, and remove only pages it recorded.
    const later = runCli(['docs', '--types', typesDir(['cargo']), '--out', out, '--format', 'both']);
    expect(later.status, later.stderr).toBe(0);
    expect(later.stdout).toContain(`removed ${path.join(out, 'types', 'npm.html')}`);
    expect(readdirSync(path.join(out, 'types')).sort()).toEqual(['README.md', 'cargo.html', 'cargo.md', 'notes.html']);
    const manifest = JSON.parse(readFileSync(path.join(out, '.teapurl-docs.json'), 'utf8')) as { pages: Record<string, string> };
    expect(Object.keys(manifest.pages)).toEqual([...ASSETS, 'index.html', 'index.md', 'types/cargo.html', 'types/cargo.md']);
  });

  it('writes into an empty folder, and keeps the pages of the other format on record', () => {
    const out = freshDir('empty-out');
    mkdirSync(out);
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out, '--format', 'md']).status).toBe(0);
    const html = runCli(['docs', '--types', typesDir(['cargo']), '--out', out]);
    expect(html.status, html.stderr).toBe(0);
    // The Markdown pages are still teapurl's: a later md run may remove types/npm.md.
    const md = runCli(['docs', '--types', typesDir(['cargo']), '--out', out, '--format', 'md']);
    expect(md.stdout).toContain(`removed ${path.join(out, 'types', 'npm.md')}`);
    expect(readdirSync(path.join(out, 'types')).sort()).toEqual(['cargo.html', 'cargo.md']);
  });

  it('refuses a page path that holds a file it did not write, naming it; --force overwrites it', () => {
    const out = freshDir('conflict');
    expect(runCli(['docs', '--types', typesDir(['cargo']), '--out', out]).status).toBe(0);
    writeFileSync(path.join(out, 'types', 'npm.html'), 'mine\n');
    const before = snapshot(out);
    const bigger = typesDir(['cargo', 'npm']);
    const run = runCli(['docs', '--types', bigger, '--out', out]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join(out, 'types', 'npm.html')} was not written by teapurl docs`);
    expect(snapshot(out)).toEqual(before);
    expect(runCli(['docs', '--types', bigger, '--out', out, '--force']).status).toBe(0);
    expect(readFileSync(path.join(out, 'types', 'npm.html'), 'utf8')).toContain('<!doctype html>');
  });

  it('never writes through a symbolic link inside the folder: a linked page or folder is an error naming it', () => {
    const outside = freshDir('outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'precious.txt'), 'keep me\n');
    const out = freshDir('links');
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out]).status).toBe(0);
    const page = path.join(out, 'types', 'npm.html');
    unlinkSync(page);
    symlinkSync(path.join(outside, 'precious.txt'), page);
    for (const args of [[], ['--check']]) {
      const run = runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out, ...args]);
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(
        `teapurl docs: ${page} is a symbolic link; teapurl docs never writes or reads through a link inside its folder: replace it with a real file or folder, or choose another folder\n`,
      );
    }
    // --force does not make a link writable.
    expect(runCli(['docs', '--types', typesDir(['cargo', 'npm']), '--out', out, '--force']).status).toBe(1);
    expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('keep me\n');

    const linkedFolder = freshDir('linked-folder');
    mkdirSync(linkedFolder);
    symlinkSync(outside, path.join(linkedFolder, 'types'));
    const folderRun = runCli(['docs', '--types', typesDir(['cargo']), '--out', linkedFolder, '--force']);
    expect(folderRun.status).toBe(1);
    expect(folderRun.stderr).toContain(`${path.join(linkedFolder, 'types')} is a symbolic link`);
    expect(readdirSync(outside)).toEqual(['precious.txt']);
  });

  it('refuses a record that lists a path outside the folder, removing nothing', () => {
    const out = freshDir('forged');
    mkdirSync(out);
    const victim = path.join(scratch, 'victim.html');
    writeFileSync(victim, 'keep me\n');
    writeFileSync(path.join(out, '.teapurl-docs.json'), JSON.stringify({ generator: 'teapurl docs', pages: ['../victim.html'] }));
    const run = runCli(['docs', '--types', typesDir(['cargo']), '--out', out]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join(out, '.teapurl-docs.json')} is not a record teapurl docs wrote`);
    expect(run.stderr).toContain('"../victim.html"');
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    expect(readdirSync(out)).toEqual(['.teapurl-docs.json']);
  });

  it('refuses the home directory and the file-system root, also with --force', () => {
    const home = freshDir('home');
    mkdirSync(home);
    for (const out of [home, path.join(home, 'x', '..')]) {
      const run = runCli(['docs', '--out', out, '--force'], { env: { HOME: home } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('is the home directory; teapurl docs writes only into a folder of its own');
    }
    expect(readdirSync(home)).toEqual([]);
    // The account's home directory counts too when HOME says otherwise (sudo, a changed HOME).
    const account = userInfo().homedir;
    guardedRun(account, () => runCli(['docs', '--out', account, '--force'], { env: { HOME: home } }));
    // A broken refusal would write into /: run only where that would be noticed and undone.
    guardedRun('/', () => {
      const root = runCli(['docs', '--out', '/', '--force']);
      expect(root.stderr).toContain('/ is the file-system root');
      return root;
    });
  });

  /**
   * Runs a refusal that, were it broken, would write a site into `folder`: only where no site
   * files are there already, and whatever it wrote is removed again.
   */
  function guardedRun(folder: string, run: () => { status: number | null; stderr: string }): boolean {
    const names = ['index.html', 'types', '.teapurl-docs.json'].map((name) => path.join(folder, name));
    if (names.some((name) => existsSync(name))) {
      console.warn(`[teapurl tests] ${folder} already holds index.html, types or .teapurl-docs.json: its refusal test is not run`);
      return false;
    }
    try {
      const result = run();
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toMatch(/is the (home directory|file-system root); teapurl docs writes only into a folder of its own/);
    } finally {
      for (const name of names) rmSync(name, { recursive: true, force: true });
    }
    return true;
  }

  it('--check of a folder without a record lists the record as missing and adds --force to the hint', () => {
    const out = usersFolder();
    const run = runCli(['docs', '--out', out, '--check']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${path.join(out, '.teapurl-docs.json')}: missing (the record of the pages teapurl docs wrote)`);
    expect(run.stderr).toContain(`refresh it with: teapurl docs --out ${out} --force`);
    expect(runCli(['docs', '--out', out, '--check', '--force']).status).toBe(2);
  });
});
