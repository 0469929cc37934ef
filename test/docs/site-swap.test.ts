/**
 * Item 2 and item 13 (the forged record) of issue 29. `teapurl docs` checked the folders with
 * lstat, then wrote and unlinked by path, refusing a link only at the last component: a folder
 * swapped for a link in between sent pages into the link's target and deleted stale pages there.
 * The swap is injected deterministically, inside the very call that writes or removes (node:fs
 * promises wrapped), so it lands after every check. And a forged .teapurl-docs.json listing a
 * file made docs delete it: now a page is removed only while it holds what was recorded.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import { defaultPurlEngine } from '../../src/purl/index.js';
import { DocsSiteError, generateDocsSite, writeDocsSite } from '../../src/docs/index.js';

const hook = vi.hoisted(() => ({
  when: null as null | ((call: 'open' | 'unlink', file: string, flags: unknown) => boolean),
  then: null as null | (() => void),
  noProc: false,
}));

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const fire = (call: 'open' | 'unlink', file: unknown, flags?: unknown) => {
    if (hook.when?.(call, String(file), flags)) {
      hook.when = null;
      hook.then?.();
    }
  };
  return {
    ...actual,
    open: (file: Parameters<typeof actual.open>[0], flags?: Parameters<typeof actual.open>[1], mode?: Parameters<typeof actual.open>[2]) => {
      fire('open', file, flags);
      return actual.open(file, flags, mode);
    },
    unlink: (file: Parameters<typeof actual.unlink>[0]) => {
      fire('unlink', file);
      return actual.unlink(file);
    },
    // A system without /proc/self/fd (macOS, Windows): docs falls back to checking paths.
    stat: (file: Parameters<typeof actual.stat>[0]) =>
      hook.noProc && String(file).startsWith('/proc/self/fd/') ? Promise.reject(Object.assign(new Error('ENOENT'), { code: 'ENOENT' })) : actual.stat(file),
  };
});

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-docs-swap-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  hook.when = null;
  hook.then = null;
  hook.noProc = false;
});

function site(types: string[]) {
  return generateDocsSite(
    defaultPurlDefinitions().filter((d) => types.includes(d.type)),
    { format: 'md', engine: defaultPurlEngine() },
  );
}

/** Every file of a folder and its content. */
function contents(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
}

let counter = 0;
/** A site of cargo, npm and pypi in `out`, and another account's folder `victim` holding `victimFiles`. */
async function setUp(victimFiles: Record<string, string>) {
  const dir = path.join(scratch, `case-${counter++}`);
  const out = path.join(dir, 'out');
  const victim = path.join(dir, 'victim');
  mkdirSync(victim, { recursive: true });
  for (const [name, text] of Object.entries(victimFiles)) writeFileSync(path.join(victim, name), text);
  await writeDocsSite(out, site(['cargo', 'npm', 'pypi']), 'md');
  // What an attacker who can write in `out` does between the checks and the write: out/types
  // becomes a link to the victim's folder.
  const swap = () => {
    renameSync(path.join(out, 'types'), path.join(out, 'types-moved'));
    symlinkSync(victim, path.join(out, 'types'));
  };
  return { out, victim, swap };
}

const WRITING = (flags: unknown) => typeof flags === 'number' && (flags & 3) !== 0;

/** Rewrites the site with the swap made inside the first open of a type page for writing; the victim's files after, and what the run threw. */
async function swapDuringFirstWrite(victimFiles: Record<string, string>) {
  const { out, victim, swap } = await setUp(victimFiles);
  hook.when = (call, file, flags) => call === 'open' && WRITING(flags) && file.endsWith('.md') && !file.endsWith('index.md');
  hook.then = swap;
  const error = await writeDocsSite(out, site(['cargo', 'npm']), 'md').then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(hook.when, 'the swap was made').toBeNull();
  return { out, left: contents(victim), error };
}

describe('issue 29 item 2: docs never writes or removes through a folder swapped for a link', () => {
  it('a swap inside the first write of a page: nothing is written into the link’s target, and the run stops with a DocsSiteError', async () => {
    const victimFiles = { 'npm.md': 'the victim’s own npm.md\n', 'notes.md': 'notes\n' };
    const { out, left, error } = await swapDuringFirstWrite(victimFiles);
    expect(left).toEqual(victimFiles);
    expect(error).toBeInstanceOf(DocsSiteError);
    expect(error).toMatchObject({
      problem: 'symlink',
      message: expect.stringContaining(`${path.join(out, 'types')} was replaced while teapurl docs wrote the site`),
    });
  });

  it('without /proc, a file opened through a swapped folder is not written: its content stays, and the run stops', async () => {
    hook.noProc = true;
    const victimFiles = { 'cargo.md': 'the victim’s own cargo.md\n', 'npm.md': 'the victim’s own npm.md\n' };
    const { left, error } = await swapDuringFirstWrite(victimFiles);
    expect(left).toEqual(victimFiles);
    expect(error).toBeInstanceOf(DocsSiteError);
  });

  it('a swap inside the removal of a stale page: the victim’s file of the same name and content stays', async () => {
    const { out, victim, swap } = await setUp({});
    // Even a file identical to the stale page: it is not the one teapurl wrote.
    writeFileSync(path.join(victim, 'pypi.md'), readFileSync(path.join(out, 'types', 'pypi.md')));
    const before = contents(victim);
    hook.when = (call, file) => call === 'unlink' && file.endsWith('pypi.md');
    hook.then = swap;
    await writeDocsSite(out, site(['cargo', 'npm']), 'md').catch((error: unknown) => expect(error).toBeInstanceOf(DocsSiteError));
    expect(hook.when, 'the swap was made').toBeNull();
    expect(contents(victim)).toEqual(before);
  });
});

describe('issue 29 item 13: a forged record cannot make docs remove or overwrite a file it did not write', () => {
  const forged = (pages: unknown) => JSON.stringify({ generator: 'teapurl docs', pages });

  it.each([
    ['a list of pages (as teapurl wrote before hashes)', forged(['types/mine.md', 'types/other.md'])],
    ['pages with made-up hashes', forged({ 'types/mine.md': 'a'.repeat(64), 'types/other.md': ['b'.repeat(64)] })],
  ])('%s: the listed files are left, and reported', async (_name, record) => {
    const out = path.join(scratch, `forged-${counter++}`);
    mkdirSync(path.join(out, 'types'), { recursive: true });
    writeFileSync(path.join(out, '.teapurl-docs.json'), record);
    writeFileSync(path.join(out, 'types', 'mine.md'), 'my own notes\n');
    writeFileSync(path.join(out, 'types', 'other.md'), 'more of my notes\n');
    const result = await writeDocsSite(out, site(['cargo']), 'md');
    expect(result.removed).toEqual([]);
    expect(result.kept).toEqual(['types/mine.md', 'types/other.md']);
    expect(readFileSync(path.join(out, 'types', 'mine.md'), 'utf8')).toBe('my own notes\n');
    expect(readFileSync(path.join(out, 'types', 'other.md'), 'utf8')).toBe('more of my notes\n');
    // No longer recorded: they are the user's.
    expect(Object.keys(JSON.parse(readFileSync(path.join(out, '.teapurl-docs.json'), 'utf8')).pages)).not.toContain('types/mine.md');
  });

  it('a file at a page’s path that a forged record lists is not overwritten without --force', async () => {
    const out = path.join(scratch, `forged-${counter++}`);
    mkdirSync(path.join(out, 'types'), { recursive: true });
    writeFileSync(path.join(out, '.teapurl-docs.json'), forged({ 'types/cargo.md': 'c'.repeat(64) }));
    writeFileSync(path.join(out, 'types', 'cargo.md'), 'my own cargo notes\n');
    await expect(writeDocsSite(out, site(['cargo']), 'md')).rejects.toMatchObject({
      problem: 'conflict',
      message: expect.stringMatching(/changed since teapurl docs wrote it/),
    });
    expect(readFileSync(path.join(out, 'types', 'cargo.md'), 'utf8')).toBe('my own cargo notes\n');
  });

  it('a page teapurl wrote and nobody changed is still removed when its type is gone', async () => {
    const out = path.join(scratch, `forged-${counter++}`);
    await writeDocsSite(out, site(['cargo', 'npm']), 'md');
    const result = await writeDocsSite(out, site(['cargo']), 'md');
    expect(result).toMatchObject({ removed: ['types/npm.md'], kept: [] });
  });
});
