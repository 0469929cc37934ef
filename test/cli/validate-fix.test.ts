/**
 * `teapurl validate --fix` and `--fix --dry-run` on temporary copies of the published PURL type
 * definitions (../shared/purl-spec/types) and on small files made here.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { HAS_PURL_SPEC, PURL_SPEC } from '../support/paths.js';
import { writeIfUnchanged } from '../../src/validator/node/fix-files.js';
import { widgetDefinition } from '../support/widget-definition.js';

/** The published findings that have exactly one correct rewrite (file, pointer). */
const FIXABLE = [
  ['cocoapods', '/examples/3'],
  ['docker', '/examples/2'],
  ['generic', '/examples/1'],
  ['julia', '/examples/3'],
  ['maven', '/examples/3'],
  ['mlflow', '/examples/1'],
  ['oci', '/examples/0'],
  ['oci', '/examples/1'],
  ['oci', '/examples/2'],
  ['otp', '/examples/0'],
  ['otp', '/examples/2'],
  ['rpm', '/examples/1'],
] as const;

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder holding a writable copy of the published definitions under types/. */
function copyOfTypes(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-fix-'));
  scratch.push(dir);
  cpSync(path.join(PURL_SPEC, 'types'), path.join(dir, 'types'), { recursive: true });
  for (const name of readdirSync(path.join(dir, 'types'))) chmodSync(path.join(dir, 'types', name), 0o644);
  return dir;
}

function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(path.join(dir, 'types')).sort()) files.set(name, readFileSync(path.join(dir, 'types', name)));
  return files;
}

interface JsonFile {
  file: string;
  valid: boolean;
  findings: { rule: string; pointer: string; message: string; fix?: unknown }[];
}

function findingsOf(dir: string): string[] {
  const r = runCli(['validate', '--format', 'json', 'types/*.json'], { cwd: dir });
  return (JSON.parse(r.stdout) as JsonFile[]).flatMap((f) => f.findings.map((x) => `${path.basename(f.file, '-definition.json')} ${x.rule} ${x.pointer}`));
}

const gitAvailable = spawnSync('git', ['--version']).status === 0;

describe.skipIf(!HAS_PURL_SPEC)('teapurl validate --fix on the published definitions', () => {
  let dir: string;
  let before: Map<string, Buffer>;
  let run: ReturnType<typeof runCli>;
  beforeAll(() => {
    dir = copyOfTypes();
    before = snapshot(dir);
    run = runCli(['validate', '--fix', 'types/*.json'], { cwd: dir });
  });

  it('fixes every example with one correct spelling, and reports each fix with its place', () => {
    const fixedLines = run.stdout.split('\n').filter((l) => / fixed examples\[\d+\]: /.test(l));
    expect(fixedLines.map((l) => l.replace(/^types\/(.+)-definition\.json:\d+:5: fixed examples\[(\d+)\]: .*$/, '$1 /examples/$2'))).toEqual(
      FIXABLE.map(([type, pointer]) => `${type} ${pointer}`),
    );
    expect(fixedLines[0]).toMatch(
      /^types\/cocoapods-definition\.json:34:5: fixed examples\[3\]: "pkg:cocoapods\/GoogleUtilities@7\.5\.2#NSData\+zlib" {2}→ {2}"pkg:cocoapods\/GoogleUtilities@7\.5\.2#NSData%2Bzlib"$/,
    );
    expect(run.stdout).toContain('\nfixed 12 findings in 9 files\n');
  });

  it('leaves the findings that need a person, says so, and exits as validation of the result', () => {
    const after = findingsOf(dir);
    expect(after.filter((f) => f.includes('example-canonical'))).toEqual([
      'opam purl-type/example-canonical /examples/1',
      'yocto purl-type/example-canonical /examples/1',
      'yocto purl-type/example-canonical /examples/2',
      'yocto purl-type/example-canonical /examples/3',
    ]);
    expect(after.filter((f) => !f.includes('example-canonical'))).toEqual([
      'chrome-extension purl-type/id-file-name /$id',
      'huggingface purl-type/id-file-name /$id',
      'pub purl-type/pattern-anchored /name_definition/permitted_characters',
      'pub purl-type/case-insensitive-pattern /name_definition/permitted_characters',
    ]);
    const left = run.stdout.split('\n').filter((l) => / (error|warning) /.test(l));
    expect(left).toHaveLength(8);
    // Said once, in the summary, not after each finding.
    for (const line of left) expect(line).not.toContain('not fixable automatically');
    expect(run.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      '✖ 4 of 42 files invalid (6 errors and 2 warnings)',
      '8 findings left are not fixable automatically: each needs a person',
    ]);
    expect(run.status).toBe(1);
  });

  it('changes only the example lines, in files that had something to fix', () => {
    const after = snapshot(dir);
    const changedFiles = [...after.keys()].filter((name) => !after.get(name)!.equals(before.get(name)!));
    expect(changedFiles).toEqual([...new Set(FIXABLE.map(([type]) => `${type}-definition.json`))]);
    for (const name of changedFiles) {
      const old = before.get(name)!.toString('utf8').split('\n');
      const now = after.get(name)!.toString('utf8').split('\n');
      expect(now).toHaveLength(old.length);
      const changed = now.map((line, i) => [old[i]!, line] as const).filter(([a, b]) => a !== b);
      for (const [was, is] of changed) {
        expect(is.match(/^\s*/)![0]).toBe(was.match(/^\s*/)![0]);
        expect(was).toMatch(/^\s*"pkg:[^"]*",?$/);
        expect(is).toMatch(/^\s*"pkg:[^"]*",?$/);
        expect(is.endsWith(',')).toBe(was.endsWith(','));
      }
    }
  });

  it('exits 0 when a file had only fixable problems', () => {
    const single = copyOfTypes();
    const r = runCli(['validate', '--fix', 'types/maven-definition.json'], { cwd: single });
    expect(r.stdout).toMatch(/^types\/maven-definition\.json:48:5: fixed examples\[3\]: .*\nfixed 1 finding in 1 file\n✔ 1 file valid\n$/);
    expect(r.status).toBe(0);
    expect(runCli(['validate', 'types/maven-definition.json'], { cwd: single }).status).toBe(0);
  });

  it('--dry-run writes nothing, prints a diff that git apply and patch turn into the --fix result, and exits as the fixed result would', () => {
    const dry = copyOfTypes();
    const untouched = snapshot(dry);
    const r = runCli(['validate', '--fix', '--dry-run', 'types/*.json'], { cwd: dry });
    expect(r.status).toBe(1);
    expect(snapshot(dry)).toEqual(untouched);
    expect(r.stdout.startsWith('--- a/types/cocoapods-definition.json\n+++ b/types/cocoapods-definition.json\n@@ ')).toBe(true);
    expect(r.stdout.match(/^\+\+\+ b\//gm)).toHaveLength(9);
    // The report goes to standard error, so that standard output is the patch alone.
    expect(r.stderr).toContain('types/maven-definition.json:48:5: would fix examples[3]: ');
    expect(r.stderr).toContain('would fix 12 findings in 9 files');
    expect(r.stderr.trimEnd().split('\n').slice(-2)).toEqual([
      '✖ 4 of 42 files invalid (6 errors and 2 warnings)',
      '8 findings left are not fixable automatically: each needs a person',
    ]);

    const patchFile = path.join(dry, 'fix.patch');
    writeFileSync(patchFile, r.stdout);
    const viaPatch = spawnSync('patch', ['-p1', '-s', '-i', patchFile], { cwd: dry, encoding: 'utf8' });
    if (viaPatch.error) {
      console.warn('[validate-fix] patch(1) is not installed: the diff is checked with git apply only');
    } else {
      expect(viaPatch.status, viaPatch.stderr).toBe(0);
      expect(snapshot(dry)).toEqual(snapshot(dir));
    }
    if (gitAvailable) {
      const again = copyOfTypes();
      const applied = spawnSync('git', ['apply', '--unsafe-paths', patchFile], { cwd: again, encoding: 'utf8' });
      expect(applied.status, applied.stderr).toBe(0);
      expect(snapshot(again)).toEqual(snapshot(dir));
    } else {
      console.warn('[validate-fix] git is not installed: the diff is checked with patch only');
    }
    expect(viaPatch.error && !gitAvailable, 'neither patch nor git can apply the diff here').toBeFalsy();
  });

  it('--format json carries each fix, and each remaining finding its fix when it has one', () => {
    const json = copyOfTypes();
    const plain = JSON.parse(runCli(['validate', '--format', 'json', 'types/rpm-definition.json'], { cwd: json }).stdout) as JsonFile[];
    expect(plain[0]!.findings[0]!.fix).toEqual({
      pointer: '/examples/1',
      replacement: 'pkg:rpm/fedora/centerim@4.22.10-1.el6?arch=i686&distro=fedora-25&epoch=1',
    });
    const r = runCli(['validate', '--fix', '--dry-run', '--format', 'json', 'types/rpm-definition.json', 'types/opam-definition.json'], { cwd: json });
    const files = JSON.parse(r.stdout) as (JsonFile & { outcome: string; fixed: { pointer: string; before: string; after: string }[]; diff: string })[];
    expect(files.map((f) => [f.file, f.outcome, f.valid, f.fixed.length])).toEqual([
      ['types/rpm-definition.json', 'would-fix', true, 1],
      ['types/opam-definition.json', 'unchanged', false, 0],
    ]);
    expect(files[0]!.diff).toMatch(/^--- a\/types\/rpm-definition\.json\n\+\+\+ b\/types\/rpm-definition\.json\n/);
    expect(files[1]!.findings[0]!.fix).toBeUndefined();
    expect(r.status).toBe(1);
  });
});

describe('teapurl validate --fix on files made here', () => {
  let dir: string;
  const WIDGET = widgetDefinition(['pkg:widget/sprocket@1.0?os=linux&arch=arm64']);
  const BROKEN = `${JSON.stringify(WIDGET, null, 2)}\n`;
  const FIXED = BROKEN.replace('os=linux&arch=arm64', 'arch=arm64&os=linux');
  const CLEAN = FIXED;
  const put = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'teapurl-fix-own-'));
    scratch.push(dir);
  });
  const cli = (args: string[], input?: string) => runCli(['validate', ...args], { cwd: dir, ...(input !== undefined ? { input } : {}) });

  it('--dry-run without --fix is a usage error', () => {
    const r = cli(['--dry-run', 'x.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--dry-run goes with --fix/);
    expect(r.stdout).toBe('');
  });

  it('keeps the file mode, and does not write a file that needs no change', () => {
    put('widget-definition.json', BROKEN);
    chmodSync(path.join(dir, 'widget-definition.json'), 0o640);
    const r = cli(['--fix', 'widget-definition.json']);
    expect(r.status).toBe(0);
    expect(read('widget-definition.json')).toBe(FIXED);
    expect(statSync(path.join(dir, 'widget-definition.json')).mode & 0o777).toBe(0o640);

    const old = new Date('2001-02-03T04:05:06Z');
    utimesSync(path.join(dir, 'widget-definition.json'), old, old);
    const again = cli(['--fix', 'widget-definition.json']);
    expect(again).toMatchObject({ status: 0, stdout: '✔ 1 file valid\n' });
    expect(statSync(path.join(dir, 'widget-definition.json')).mtime.getTime()).toBe(old.getTime());
  });

  it('leaves a read-only file with one clear line and fixes the others', () => {
    const sub = mkdtempSync(path.join(dir, 'ro-'));
    const folder = path.basename(sub);
    writeFileSync(path.join(sub, 'widget-definition.json'), BROKEN);
    writeFileSync(path.join(sub, 'copy-definition.json'), BROKEN.replace(/widget/g, 'copy'));
    chmodSync(path.join(sub, 'widget-definition.json'), 0o444);
    const r = cli(['--fix', `${folder}/*.json`]);
    expect(r.stdout).toContain(`${folder}/widget-definition.json: not written: it is read-only`);
    expect(r.stdout.match(/read-only/g)).toHaveLength(1);
    expect(r.stdout).toContain(`${folder}/copy-definition.json:`);
    expect(r.stdout).toMatch(/examples\[0\] .*; not fixed: the file was not written \[/);
    expect(readFileSync(path.join(sub, 'widget-definition.json'), 'utf8')).toBe(BROKEN);
    expect(readFileSync(path.join(sub, 'copy-definition.json'), 'utf8')).toBe(FIXED.replace(/widget/g, 'copy'));
    expect(r.status).toBe(1);
  });

  it('never touches a file with a syntax error or a repeated key, saying so in one line each', () => {
    const syntax = BROKEN.replace('"examples":', '"examples"');
    const repeated = BROKEN.replace('"type": "widget",', '"type": "widget",\n  "type": "widget",');
    put('syntax-definition.json', syntax);
    put('repeated-definition.json', repeated);
    const r = cli(['--fix', 'syntax-definition.json', 'repeated-definition.json']);
    expect(r.stdout.split('\n').filter((l) => l.includes('not fixed: '))).toEqual([
      expect.stringMatching(/^syntax-definition\.json: not fixed: it is not well-formed JSON \(malformed JSON: expected ":" at line \d+, column \d+\)$/),
      expect.stringMatching(/^repeated-definition\.json: not fixed: it repeats a key/),
    ]);
    expect(read('syntax-definition.json')).toBe(syntax);
    expect(read('repeated-definition.json')).toBe(repeated);
    expect(r.status).toBe(1);
  });

  it('gives a diff of a file with CRLF line endings and tabs that patch applies to the --fix result, byte for byte', () => {
    const crlf = `${JSON.stringify(WIDGET, null, '\t').replace(/\n/g, '\r\n')}\r\n`;
    const sub = mkdtempSync(path.join(dir, 'crlf-'));
    writeFileSync(path.join(sub, 'widget-definition.json'), crlf);
    const dry = runCli(['validate', '--fix', '--dry-run', 'widget-definition.json'], { cwd: sub });
    expect(dry.status).toBe(0);
    expect(readFileSync(path.join(sub, 'widget-definition.json'), 'utf8')).toBe(crlf);
    writeFileSync(path.join(sub, 'fix.patch'), dry.stdout);
    // patch(1) when the machine has it, else git apply: either way the diff is applied.
    let patched = spawnSync('patch', ['-p1', '-s', '-i', 'fix.patch'], { cwd: sub, encoding: 'utf8' });
    if (patched.error) patched = spawnSync('git', ['apply', 'fix.patch'], { cwd: sub, encoding: 'utf8' });
    expect(patched.status, patched.stderr).toBe(0);
    const viaPatch = readFileSync(path.join(sub, 'widget-definition.json'));
    writeFileSync(path.join(sub, 'widget-definition.json'), crlf);
    expect(runCli(['validate', '--fix', 'widget-definition.json'], { cwd: sub }).status).toBe(0);
    const viaFix = readFileSync(path.join(sub, 'widget-definition.json'));
    expect(viaPatch.equals(viaFix)).toBe(true);
    expect(viaFix.toString('utf8')).toBe(crlf.replace('os=linux&arch=arm64', 'arch=arm64&os=linux'));
  });

  it('fixes the file a symbolic link points to, and the link stays a link', () => {
    put('target-definition.json', BROKEN.replace(/widget-definition/g, 'target-definition'));
    symlinkSync('target-definition.json', path.join(dir, 'link.json'));
    const r = cli(['--fix', '--kind', 'purl-type', 'link.json']);
    expect(r.stdout).toMatch(/^link\.json:\d+:5: fixed examples\[0\]/);
    expect(lstatSync(path.join(dir, 'link.json')).isSymbolicLink()).toBe(true);
    expect(read('target-definition.json')).toBe(FIXED.replace(/widget-definition/g, 'target-definition'));
  });

  it('with -, writes the fixed document to standard output and the report to standard error', () => {
    const r = cli(['--fix', '--kind', 'purl-type', '-'], BROKEN);
    expect(r.stdout).toBe(FIXED);
    expect(r.stderr).toMatch(/^<stdin>:\d+:5: fixed examples\[0\]: .*\nfixed 1 finding in 1 file\n✔ 1 file valid\n$/);
    expect(r.status).toBe(0);
    const dry = cli(['--fix', '--dry-run', '--kind', 'purl-type', '-'], BROKEN);
    expect(dry.stdout).toMatch(/^--- a\/<stdin>\n\+\+\+ b\/<stdin>\n@@ /);
    expect(cli(['--fix', '--kind', 'purl-type', '-'], CLEAN).stdout).toBe(CLEAN);
  });
});

describe('writeIfUnchanged', () => {
  it('does not overwrite a file edited since it was read', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-fix-race-'));
    scratch.push(dir);
    const file = path.join(dir, 'a.json');
    writeFileSync(file, 'edited by someone else');
    const note = await writeIfUnchanged(file, Buffer.from('as teapurl read it'), Buffer.from('fixed'));
    expect(note).toMatch(/changed on disk since teapurl read it/);
    expect(readFileSync(file, 'utf8')).toBe('edited by someone else');
    expect(await writeIfUnchanged(file, Buffer.from('edited by someone else'), Buffer.from('short'))).toBeNull();
    expect(readFileSync(file, 'utf8')).toBe('short');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });
});

describe('teapurl validate --fix: streams, awkward names, links', () => {
  const BROKEN = `${JSON.stringify(widgetDefinition(['pkg:widget/sprocket@1.0?os=linux&arch=arm64']), null, 2)}\n`;
  const FIXED = BROKEN.replace('os=linux&arch=arm64', 'arch=arm64&os=linux');
  /** A fresh folder with the broken definition at each of `files` (relative paths). */
  function folderWith(files: string[]): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-fix-names-'));
    scratch.push(dir);
    for (const file of files) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), BROKEN);
    }
    return dir;
  }
  /** Applies `diff` in `dir` with patch -p1 or git apply; the tool's own complaint when it refuses. */
  function apply(tool: 'patch' | 'git', diff: string, dir: string): string | null {
    writeFileSync(path.join(dir, '..fix.patch'), diff);
    const r =
      tool === 'patch'
        ? spawnSync('patch', ['-p1', '-s', '-i', '..fix.patch'], { cwd: dir, encoding: 'utf8' })
        : spawnSync('git', ['apply', '..fix.patch'], { cwd: dir, encoding: 'utf8' });
    if (r.error) return null;
    return r.status === 0 ? '' : `${tool}: ${r.stdout}${r.stderr}`;
  }
  const tools = (['patch', 'git'] as const).filter((tool) => spawnSync(tool, ['--version']).status === 0);

  it('--format github and json: standard output holds that format alone, with and without --dry-run', () => {
    const dir = folderWith(['widget-definition.json']);
    const dryGithub = runCli(['validate', '--fix', '--dry-run', '--format', 'github', 'widget-definition.json'], { cwd: dir });
    expect(dryGithub.stdout.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^::notice file=widget-definition\.json,line=\d+,col=5,title=teapurl --fix::would fix examples\[0\]: /),
      '::notice title=teapurl --fix::would fix 1 finding in 1 file',
    ]);
    expect(dryGithub.stderr).toMatch(/^--- a\/widget-definition\.json\n/);
    const dryJson = runCli(['validate', '--fix', '--dry-run', '--format', 'json', 'widget-definition.json'], { cwd: dir });
    expect(dryJson.stderr).toBe('');
    expect(JSON.parse(dryJson.stdout)).toMatchObject([{ outcome: 'would-fix', diff: expect.stringMatching(/^--- a\/widget-definition\.json\n/) }]);
    expect(readFileSync(path.join(dir, 'widget-definition.json'), 'utf8')).toBe(BROKEN);
    const github = runCli(['validate', '--fix', '--format', 'github', 'widget-definition.json'], { cwd: dir });
    expect(
      github.stdout
        .trimEnd()
        .split('\n')
        .every((line) => line.startsWith('::notice ')),
    ).toBe(true);
    expect([github.stderr, github.status]).toEqual(['', 0]);
    expect(readFileSync(path.join(dir, 'widget-definition.json'), 'utf8')).toBe(FIXED);
  });

  it.skipIf(tools.length === 0)(
    'quotes names as git does, so that patch -p1 and git apply take the diff: a space, a quote, a backslash, controls, bidi, white space at either end',
    () => {
      const names = ['sp ace', 'q"uote', 'back\\slash', 'tab\there', 'new\nline', 'bidi\u202eé', 'plain-é', 'trailing ', ' leading'].map(
        (folder) => `${folder}/widget-definition.json`,
      );
      for (const tool of tools) {
        const dir = folderWith(names);
        const dry = runCli(['validate', '--fix', '--dry-run', ...names], { cwd: dir });
        expect(dry.status, dry.stderr).toBe(0);
        expect(dry.stdout).toContain('--- a/sp ace/widget-definition.json\t\n+++ b/sp ace/widget-definition.json\t\n');
        expect(dry.stdout).toContain('--- "a/q\\"uote/widget-definition.json"\n');
        expect(dry.stdout).toContain('--- "a/tab\\there/widget-definition.json"\n');
        expect(dry.stdout).toContain('--- "a/bidi\\342\\200\\256\\303\\251/widget-definition.json"\n');
        expect(dry.stdout).toContain('--- "a/plain-\\303\\251/widget-definition.json"\n');
        // Issue 29 item 11: git writes these raw with a tab after them, and patch -p1 drops the space.
        expect(dry.stdout).toContain('--- "a/trailing /widget-definition.json"\n+++ "b/trailing /widget-definition.json"\n');
        expect(dry.stdout).toContain('--- "a/ leading/widget-definition.json"\n');
        expect(apply(tool, dry.stdout, dir)).toBe('');
        for (const name of names) expect(readFileSync(path.join(dir, name), 'utf8'), `${tool} ${JSON.stringify(name)}`).toBe(FIXED);
      }
    },
  );

  it.skipIf(!tools.includes('patch'))('issue 29 item 11: patch -p1 patches a file whose name ends in a space, not its namesake without one', () => {
    const dir = folderWith(['widget-definition.json ']);
    writeFileSync(path.join(dir, 'widget-definition.json'), 'the namesake, not to be touched\n');
    const dry = runCli(['validate', '--fix', '--dry-run', 'widget-definition.json '], { cwd: dir });
    for (const tool of tools) {
      writeFileSync(path.join(dir, 'widget-definition.json '), BROKEN);
      apply(tool, dry.stdout, dir);
      expect(readFileSync(path.join(dir, 'widget-definition.json'), 'utf8'), tool).toBe('the namesake, not to be touched\n');
      expect(readFileSync(path.join(dir, 'widget-definition.json '), 'utf8'), tool).toBe(FIXED);
    }
    expect(dry.stdout).toMatch(/^--- "a\/widget-definition\.json "\n\+\+\+ "b\/widget-definition\.json "\n/);
  });

  it.skipIf(tools.length === 0)(
    'names the file a link leads to, fixes a file named twice once, and refuses to diff a file outside the working directory',
    () => {
      for (const tool of tools) {
        const dir = folderWith(['real/widget-definition.json']);
        mkdirSync(path.join(dir, 'tw'));
        // (named as its target is, so the file-name check has nothing to say)
        symlinkSync('../real/widget-definition.json', path.join(dir, 'tw', 'widget-definition.json'));
        const dry = runCli(['validate', '--fix', '--dry-run', 'tw/widget-definition.json', 'real/widget-definition.json'], { cwd: dir });
        expect(dry.stdout.match(/^--- .*$/gm)).toEqual(['--- a/real/widget-definition.json']);
        expect(dry.stderr.match(/would fix examples/g)).toHaveLength(1);
        expect(dry.status).toBe(0);
        expect(apply(tool, dry.stdout, dir)).toBe('');
        expect(lstatSync(path.join(dir, 'tw', 'widget-definition.json')).isSymbolicLink()).toBe(true);
        expect(readFileSync(path.join(dir, 'real/widget-definition.json'), 'utf8')).toBe(FIXED);
      }
      const dir = folderWith(['data/widget-definition.json', 'work/keep']);
      const outside = runCli(['validate', '--fix', '--dry-run', '../data/widget-definition.json'], { cwd: path.join(dir, 'work') });
      expect(outside.stdout).toBe('');
      expect(outside.stderr).toContain(
        "../data/widget-definition.json: not in the diff: it lies outside the working directory, where 'patch -p1' and 'git apply' cannot reach it",
      );
      expect(outside.status).toBe(1);
      // Issue 29 item 10, as issue 39 item 5 narrowed it: a link in the working directory that leads
      // outside it is refused, and so is a link named outside it that leads out of its own folder…
      symlinkSync('../data/widget-definition.json', path.join(dir, 'work', 'widget-definition.json'));
      mkdirSync(path.join(dir, 'links'));
      symlinkSync('../data/widget-definition.json', path.join(dir, 'links', 'widget-definition.json'));
      for (const name of ['widget-definition.json', '../links/widget-definition.json']) {
        const fixed = runCli(['validate', '--fix', name], { cwd: path.join(dir, 'work') });
        expect(fixed.stdout).toContain(`${name}: not written: a link leads outside the working directory`);
        expect(fixed.stdout).not.toMatch(/fixed examples/);
        expect(fixed.status).toBe(1);
        expect(readFileSync(path.join(dir, 'data/widget-definition.json'), 'utf8')).toBe(BROKEN);
      }
      // A glob finds the link in the working directory: refused as well.
      const globbed = runCli(['validate', '--fix', '*.json'], { cwd: path.join(dir, 'work') });
      expect(globbed.stdout).toContain(
        'widget-definition.json: not written: a link leads outside the working directory, where a fix of a file a pattern found writes nothing',
      );
      expect(readFileSync(path.join(dir, 'data/widget-definition.json'), 'utf8')).toBe(BROKEN);
      // …while a file named by its own path is fixed wherever it is (issue 39 item 5).
      const named = runCli(['validate', '--fix', path.join(dir, 'data/widget-definition.json')], { cwd: path.join(dir, 'work') });
      expect(named.status, named.stdout + named.stderr).toBe(0);
      expect(named.stdout).toMatch(/fixed examples/);
      expect(readFileSync(path.join(dir, 'data/widget-definition.json'), 'utf8')).toBe(FIXED);
      writeFileSync(path.join(dir, 'data/widget-definition.json'), BROKEN);
      const relative = runCli(['validate', '--fix', '../data/widget-definition.json'], { cwd: path.join(dir, 'work') });
      expect(relative.status).toBe(0);
      expect(readFileSync(path.join(dir, 'data/widget-definition.json'), 'utf8')).toBe(FIXED);
      writeFileSync(path.join(dir, 'data/widget-definition.json'), BROKEN);
      const linked = runCli(['validate', '--fix', '--dry-run', 'widget-definition.json'], { cwd: path.join(dir, 'work') });
      expect([linked.stdout, linked.status]).toEqual(['', 1]);
    },
  );
});
