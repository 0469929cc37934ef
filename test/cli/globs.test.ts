import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { runCli, unprivilegedRunner } from '../support/run-cli.js';

// These run the built CLI (bin/teapurl.cjs): `npm run build` first, as `npm test` does.
const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-globs-'));
// Searchable by everyone, so an unprivileged run can reach the folders the test locks.
chmodSync(scratch, 0o755);
afterAll(() => {
  if (existsSync(path.join(scratch, 'perm', 'd', 'locked'))) chmodSync(path.join(scratch, 'perm', 'd', 'locked'), 0o755);
  rmSync(scratch, { recursive: true, force: true });
});

const VALID = path.join(ROOT, 'corpus/discovery/valid');
const validDocument = (to: string) => copyFileSync(path.join(VALID, 'minimal.json'), to);

describe('teapurl validate globs', () => {
  it('ends on link cycles: a folder reached twice is walked once and each file is reported once', () => {
    const dir = path.join(scratch, 'cycle');
    mkdirSync(path.join(dir, 'd', 'sub'), { recursive: true });
    validDocument(path.join(dir, 'd', 'sub', 'a.json'));
    symlinkSync('..', path.join(dir, 'd', 'sub', 'up')); // the two cycles
    symlinkSync(dir, path.join(dir, 'd', 'root'));
    symlinkSync('a.json', path.join(dir, 'd', 'sub', 'alias.json')); // the same file under a second name
    mkdirSync(path.join(dir, 'elsewhere'));
    validDocument(path.join(dir, 'elsewhere', 'b.json'));
    symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, 'd', 'linked')); // reachable only through a link
    const run = runCli(['validate', '--format', 'json', 'd/**/*.json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    const files = (JSON.parse(run.stdout) as { file: string }[]).map((r) => r.file);
    expect(files).toEqual(['d/linked/b.json', 'd/sub/a.json']);
  });

  it('names a link loop and a link to nothing as such, not as "matches no file"', () => {
    const dir = path.join(scratch, 'loops');
    mkdirSync(dir);
    symlinkSync('loop.json', path.join(dir, 'loop.json'));
    symlinkSync('nothing.json', path.join(dir, 'dangling.json'));
    const plain = runCli(['validate', 'loop.json'], { cwd: dir });
    expect(plain.status).toBe(1);
    expect(plain.stderr).toBe('');
    expect(plain.stdout).toContain('loop.json is a symbolic link loop (ELOOP)');
    const glob = runCli(['validate', '*.json'], { cwd: dir });
    expect(glob.status).toBe(1);
    expect(glob.stdout).toContain('dangling.json is a symbolic link to a file that does not exist');
    expect(glob.stdout).toContain('loop.json is a symbolic link loop (ELOOP)');
  });

  const unprivileged = unprivilegedRunner();
  if (unprivileged.reason !== null) console.warn(`[teapurl tests] folder permission tests skipped: ${unprivileged.reason}`);
  it.skipIf(unprivileged.reason !== null)('reports an unsearchable folder once and validates the rest; a file inside it is not "matches no file"', () => {
    const dir = path.join(scratch, 'perm');
    mkdirSync(path.join(dir, 'd', 'locked'), { recursive: true });
    mkdirSync(path.join(dir, 'd', 'open'));
    validDocument(path.join(dir, 'd', 'open', 'a.json'));
    writeFileSync(path.join(dir, 'd', 'open', 'bad.json'), '{');
    validDocument(path.join(dir, 'd', 'locked', 'hidden.json'));
    chmodSync(path.join(dir, 'd', 'locked'), 0o000);
    const run = unprivileged.run!(['validate', 'd/**/*.json', 'd/locked/hidden.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('d/locked: error d/locked is a folder that cannot be searched: permission denied (EACCES)'))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('d/open/bad.json:'))).toHaveLength(1);
    expect(run.stdout).toContain('d/locked/hidden.json cannot be reached: a folder on its path cannot be searched: permission denied (EACCES)');
    expect(run.stdout).not.toContain('internal error');
    expect(lines.at(-1)).toMatch(/^✖ 3 of 4 files invalid/);
  });
});

describe('an argument that looks like a glob', () => {
  const dir = path.join(scratch, 'literal');
  mkdirSync(path.join(dir, 'brk'), { recursive: true });
  mkdirSync(path.join(dir, 'd'));
  validDocument(path.join(dir, 'brk', 'v[1.json'));
  validDocument(path.join(dir, '*.json')); // a file literally named *.json
  validDocument(path.join(dir, 'other.json'));
  const DEFINITION = readFileSync(path.join(ROOT, 'corpus/purl-types/maven-definition.json'), 'utf8');
  mkdirSync(path.join(dir, 'ty[pes'));
  writeFileSync(path.join(dir, 'ty[pes', 'maven-definition.json'), DEFINITION);

  it('is the file it names when that file exists, before any glob reading', () => {
    const run = runCli(['validate', '--format', 'json', 'brk/v[1.json', '*.json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { file: string }[]).map((r) => r.file)).toEqual(['brk/v[1.json', '*.json']);
    const fix = runCli(['validate', '--fix', 'brk/v[1.json'], { cwd: dir });
    expect([fix.status, fix.stdout, fix.stderr]).toEqual([0, '✔ 1 file valid\n', '']);
    // A folder of definitions is read the same way: --types with a bracket in its name.
    const types = runCli(['purl', 'canonical', '--types', 'ty[pes', '--strict-types', 'pkg:maven/org.example/a@1'], { cwd: dir });
    expect([types.status, types.stdout, types.stderr]).toEqual([0, 'pkg:maven/org.example/a@1\n', '']);
  });

  it('is a path when picomatch cannot compile it: a missing one is the usual usage error, never an internal error', () => {
    for (const arg of ['[', '[abc', 'd/[', 'brk/v[2.json', '{a']) {
      for (const args of [
        ['validate', arg],
        ['validate', '--fix', arg],
        ['validate', '--fix', '--dry-run', arg],
        ['purl', 'test-suite', arg],
      ]) {
        const run = runCli(args, { cwd: dir });
        const command = args[0] === 'purl' ? 'purl test-suite' : 'validate';
        // (--dry-run's report follows on stderr, standard output being the diff's)
        expect(
          run.stderr.startsWith(`teapurl ${command}: '${arg}' does not exist\nSee 'teapurl ${command} --help'\n`),
          `${args.join(' ')}: ${run.stderr}`,
        ).toBe(true);
        expect(run.stderr).not.toContain('internal error');
        expect(run.status).toBe(2);
      }
    }
  });
});
