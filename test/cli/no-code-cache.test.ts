/**
 * Item 7 of issue 29: the launcher kept a V8 code cache under $XDG_CACHE_HOME/teapurl and handed
 * any file found there to V8, which does not check it. The cache is gone: a run writes nothing
 * into the user's home or cache folder, and a cache file left there (even a corrupted one, even at
 * the exact name the launcher used) is never read.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../support/paths.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-no-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Every file and folder under `dir`, relative to it, sorted. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

function run(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT) {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 30_000, env: { ...process.env, NO_COLOR: '1', ...env } });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

describe('bin/teapurl.cjs keeps no code cache', () => {
  it('writes nothing into a fresh HOME or XDG_CACHE_HOME', () => {
    const home = path.join(scratch, 'home');
    const cache = path.join(scratch, 'cache');
    mkdirSync(home);
    mkdirSync(cache);
    for (const env of [
      { HOME: home, XDG_CACHE_HOME: cache },
      { HOME: home, XDG_CACHE_HOME: '' },
    ]) {
      expect(run(['--version'], env)).toEqual({ status: 0, signal: null, stdout: `${VERSION}\n`, stderr: '' });
      expect(run(['validate', 'corpus/purl-types/npm-definition.json'], env)).toMatchObject({ status: 0, signal: null });
      expect(run(['purl', 'canonical', 'pkg:NPM/lodash@4.17.21'], env)).toMatchObject({ status: 0, stdout: 'pkg:npm/lodash@4.17.21\n' });
    }
    expect(tree(home)).toEqual([]);
    expect(tree(cache)).toEqual([]);
  });

  it('never reads a cache file planted in ~/.cache/teapurl, corrupted or not, at the name the old launcher used', () => {
    const home = path.join(scratch, 'planted');
    const folder = path.join(home, '.cache', 'teapurl');
    mkdirSync(folder, { recursive: true });
    const bundle = statSync(path.join(ROOT, 'dist', 'teapurl.cjs'));
    // The name the removed launcher looked for; it read the file and, when V8 rejected it, replaced it.
    const exact = path.join(folder, `${process.version}-${process.arch}-${bundle.size}-${Math.trunc(bundle.mtimeMs)}.v8`);
    const other = path.join(folder, 'planted.v8');
    const corrupt = Buffer.alloc(64 * 1024, 0xa5);
    writeFileSync(exact, corrupt);
    writeFileSync(other, corrupt);
    const before = [statSync(exact).mtimeMs, statSync(other).mtimeMs];
    for (let i = 0; i < 3; i++) {
      expect(run(['--version'], { HOME: home, XDG_CACHE_HOME: '' })).toEqual({ status: 0, signal: null, stdout: `${VERSION}\n`, stderr: '' });
    }
    expect(readFileSync(exact).equals(corrupt)).toBe(true);
    expect(readFileSync(other).equals(corrupt)).toBe(true);
    expect([statSync(exact).mtimeMs, statSync(other).mtimeMs]).toEqual(before);
    expect(tree(home)).toEqual(
      ['.cache', path.join('.cache', 'teapurl'), path.join('.cache', 'teapurl', path.basename(exact)), path.join('.cache', 'teapurl', 'planted.v8')].sort(),
    );
  });
});
