import { spawnSync } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI } from '../support/paths.js';

// bin/teapurl.cjs keeps a V8 code cache; these run it with the cache on (runCli turns it off).
const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-cache-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const VERSION = (JSON.parse(readFileSync(path.join(path.dirname(CLI), '..', 'package.json'), 'utf8')) as { version: string }).version;

let counter = 0;
function fresh(): string {
  const dir = path.join(scratch, `case-${counter++}`);
  mkdirSync(dir);
  return dir;
}

/** `teapurl --version` with the cache on; a hang is cut short after 20 s and fails the test. */
function runVersion(env: NodeJS.ProcessEnv, cwd = scratch) {
  const result = spawnSync(process.execPath, [CLI, '--version'], { cwd, encoding: 'utf8', timeout: 20_000, env: { ...process.env, TEAPURL_NO_CACHE: '', ...env } });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

const ok = (run: ReturnType<typeof runVersion>) => expect(run).toEqual({ status: 0, signal: null, stdout: `${VERSION}\n`, stderr: '' });

/** The cache file's name for this bundle and Node, learnt from a run into an empty cache. */
function cacheName(): string {
  const xdg = fresh();
  ok(runVersion({ XDG_CACHE_HOME: xdg }));
  const names = readdirSync(path.join(xdg, 'teapurl'));
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(/\.v8$/);
  return names[0]!;
}

describe('the code cache of bin/teapurl.cjs can only help', () => {
  const name = cacheName();

  it('writes a regular file (mode 0600, folder 0700) and uses it on the next run', () => {
    const xdg = fresh();
    ok(runVersion({ XDG_CACHE_HOME: xdg }));
    const file = path.join(xdg, 'teapurl', name);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(lstatSync(path.join(xdg, 'teapurl')).mode & 0o777).toBe(0o700);
    const before = lstatSync(file).mtimeMs;
    ok(runVersion({ XDG_CACHE_HOME: xdg }));
    // Accepted, so not written again.
    expect(lstatSync(file).mtimeMs).toBe(before);
  });

  /** A cache folder with `make` run on the cache file's path, then the run and what is left. */
  function withCachePath(make: (file: string) => void) {
    const xdg = fresh();
    mkdirSync(path.join(xdg, 'teapurl'));
    const file = path.join(xdg, 'teapurl', name);
    make(file);
    const run = runVersion({ XDG_CACHE_HOME: xdg });
    return { run, file, left: readdirSync(path.join(xdg, 'teapurl')) };
  }

  it('does not wait on a named pipe at the cache path', () => {
    const { run, file, left } = withCachePath((file) => execFileSync('mkfifo', [file]));
    ok(run);
    expect(lstatSync(file).isFIFO()).toBe(true);
    expect(left).toEqual([name]);
  });

  it('does not follow a link at the cache path (to /dev/zero, which never ends)', () => {
    const { run, file, left } = withCachePath((file) => symlinkSync('/dev/zero', file));
    ok(run);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
    expect(left).toEqual([name]);
  });

  it('leaves no temporary file behind when a folder is at the cache path', () => {
    const { run, file, left } = withCachePath((file) => mkdirSync(file));
    ok(run);
    expect(lstatSync(file).isDirectory()).toBe(true);
    expect(left).toEqual([name]);
  });

  it('ignores a cache file that is corrupt or implausibly large, and replaces it', () => {
    const corrupt = withCachePath((file) => writeFileSync(file, 'not V8 code cache data'));
    ok(corrupt.run);
    expect(readFileSync(corrupt.file).length).toBeGreaterThan(1000);
    const huge = withCachePath((file) => {
      writeFileSync(file, '');
      truncateSync(file, 2 ** 33); // sparse: 8 GiB that would exhaust memory if read
    });
    ok(huge.run);
    expect(lstatSync(huge.file).size).toBeLessThan(2 ** 24);
    expect(huge.left).toEqual([name]);
  });

  it('ends at once with the cache under /proc or /sys', () => {
    for (const base of ['/proc', '/proc/self', '/proc/self/fd', '/sys']) ok(runVersion({ XDG_CACHE_HOME: base }));
  });

  it('ignores a relative XDG_CACHE_HOME, as the XDG base directory specification says, and uses ~/.cache', () => {
    const cwd = fresh();
    const home = fresh();
    ok(runVersion({ XDG_CACHE_HOME: 'relative-cache', HOME: home }, cwd));
    expect(readdirSync(cwd)).toEqual([]);
    expect(readdirSync(path.join(home, '.cache', 'teapurl'))).toEqual([name]);
    // A relative HOME is ignored too: no cache at all.
    ok(runVersion({ XDG_CACHE_HOME: '', HOME: 'relative-home' }, cwd));
    expect(readdirSync(cwd)).toEqual([]);
  });
});
