import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandGlob, isGlob, readsAsGlob, type GlobFs } from '../../../src/shared/node/expand-glob.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-glob-'));
  for (const folder of ['a/x', 'a/y', 'b', 'c/deep/er', '.hidden', 'locked']) mkdirSync(path.join(dir, folder), { recursive: true });
  for (const file of ['a/x/1.json', 'a/y/2.json', 'b/3.json', 'c/deep/er/4.json', '.hidden/5.json', 'locked/6.json', 'top.json', 'a/x/skip.txt']) {
    writeFileSync(path.join(dir, file), '{}');
  }
  symlinkSync('..', path.join(dir, 'a', 'x', 'parent'));
  symlinkSync(dir, path.join(dir, 'c', 'deep', 'home'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real file system, recording each folder read, with EACCES for the folders named. */
function recordingFs(locked: string[] = []): GlobFs & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readdirSync(folder, options) {
      reads.push(path.relative(dir, folder) || '.');
      if (locked.some((l) => path.join(dir, l) === folder))
        throw Object.assign(new Error(`EACCES: permission denied, scandir '${folder}'`), { code: 'EACCES' });
      return readdirSync(folder, options);
    },
    statSync: (file, options) => statSync(file, options),
  };
}

describe('expandGlob', () => {
  it('matches like fast-glob did: dot files, braces, bases with a ./ or absolute', () => {
    expect(expandGlob('**/*.json', dir).files).toEqual([
      '.hidden/5.json',
      'a/x/1.json',
      'a/y/2.json',
      'b/3.json',
      'c/deep/er/4.json',
      'locked/6.json',
      'top.json',
    ]);
    expect(expandGlob('{a,b}/**/*.json', dir).files).toEqual(['a/x/1.json', 'a/y/2.json', 'b/3.json']);
    expect(expandGlob('./a/*/*.json', dir).files).toEqual(['./a/x/1.json', './a/y/2.json']);
    expect(expandGlob(`${dir}/b/*.json`, '/').files).toEqual([`${dir}/b/3.json`]);
    expect(expandGlob('nope/*.json', dir)).toEqual({ files: [], problems: [] });
    expect(expandGlob('!top.json', dir).files).toEqual([]);
  });

  it('walks each folder once however many links lead to it, and ends', () => {
    const fs = recordingFs();
    const { files, problems } = expandGlob('**/*.json', dir, fs);
    expect(problems).toEqual([]);
    expect(files).toHaveLength(7);
    expect(fs.reads.length).toBe(new Set(fs.reads).size);
    // The walk reached the links (a/x/parent, c/deep/home) but every folder behind them was already read.
    expect(fs.reads.some((r) => r.includes('parent') || r.includes('home'))).toBe(false);
  });

  it('reads only the folders a pattern without ** can match in', () => {
    const fs = recordingFs();
    expect(expandGlob('a/*/1.json', dir, fs).files).toEqual(['a/x/1.json']);
    expect(fs.reads.sort()).toEqual(['a', 'a/x', 'a/y']);
    const braces = recordingFs();
    expect(expandGlob('{b,c}/*.json', dir, braces).files).toEqual(['b/3.json']);
    expect(braces.reads.sort()).toEqual(['.', 'b', 'c']);
  });

  it('reports a folder it cannot read as one problem and walks on', () => {
    const fs = recordingFs(['locked', 'a/y']);
    const { files, problems } = expandGlob('**/*.json', dir, fs);
    expect(problems).toEqual([
      { path: 'a/y', code: 'EACCES', folder: true },
      { path: 'locked', code: 'EACCES', folder: true },
    ]);
    expect(files).toEqual(['.hidden/5.json', 'a/x/1.json', 'b/3.json', 'c/deep/er/4.json', 'top.json']);
    expect(expandGlob('locked/*.json', dir, recordingFs(['locked'])).problems).toEqual([{ path: 'locked', code: 'EACCES', folder: true }]);
  });
});

describe('isGlob and readsAsGlob: how every command reads an argument', () => {
  it('takes a pattern picomatch cannot compile, or reads as text, as a path', () => {
    for (const text of ['[', '[abc', 'd/[', 'brk/v[1.json', '{a', 'a]', 'plain.json']) expect(isGlob(text), text).toBe(false);
    for (const glob of ['*.json', 'a/**/*.json', 'v[12].json', '{a,b}.json', '!x']) expect(isGlob(glob), glob).toBe(true);
  });

  it('takes an existing path as that path even when it is a glob', () => {
    writeFileSync(path.join(dir, 'v[1].json'), '{}');
    expect(readsAsGlob('v[1].json', dir)).toBe(false);
    expect(readsAsGlob('v[2].json', dir)).toBe(true);
    expect(readsAsGlob('[', dir)).toBe(false);
  });

  it('expands a pattern that is no glob to the one file it names, or to nothing, without throwing', () => {
    writeFileSync(path.join(dir, 'v[1.json'), '{}');
    expect(expandGlob('v[1.json', dir)).toEqual({ files: ['v[1.json'], problems: [] });
    expect(expandGlob('[', dir)).toEqual({ files: [], problems: [] });
    expect(expandGlob('x/**/[', dir)).toEqual({ files: [], problems: [] });
  });
});
