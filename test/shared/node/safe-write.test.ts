/** The one safe-write module (src/shared/node/safe-write.ts) that fix-files, the docs site and downloads use. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createExclusive, linkIfAbsent, NO_FOLLOW, temporaryBeside, writeFileAtomic } from '../../../src/shared/node/safe-write.js';

const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-safe-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('safe-write', () => {
  it('names a hidden temporary file beside its target, a new one each time', () => {
    const target = path.join(dir, 'a.json');
    const [one, two] = [temporaryBeside(target), temporaryBeside(target)];
    expect(path.dirname(one)).toBe(dir);
    expect(path.basename(one)).toMatch(/^\.a\.json\.[0-9a-f]{12}\.teapurl-part$/);
    expect(one).not.toBe(two);
  });

  it('createExclusive refuses an existing file and a link, and never writes through the link', async () => {
    const existing = path.join(dir, 'existing');
    writeFileSync(existing, 'kept');
    await expect(createExclusive(existing)).rejects.toMatchObject({ code: 'EEXIST' });
    const link = path.join(dir, 'link');
    symlinkSync(existing, link);
    await expect(createExclusive(link)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(existing, 'utf8')).toBe('kept');
  });

  it.skipIf(NO_FOLLOW === 0)('NO_FOLLOW makes opening a link fail', async () => {
    const target = path.join(dir, 'target');
    writeFileSync(target, 'x');
    const link = path.join(dir, 'followed');
    symlinkSync(target, link);
    await expect(open(link, NO_FOLLOW)).rejects.toMatchObject({ code: 'ELOOP' });
  });

  it('linkIfAbsent gives the name only when it is free, and leaves a file already there alone', async () => {
    const target = path.join(dir, 'artefact');
    const first = temporaryBeside(target);
    writeFileSync(first, 'one');
    expect(await linkIfAbsent(first, target)).toBe(true);
    const second = temporaryBeside(target);
    writeFileSync(second, 'two');
    expect(await linkIfAbsent(second, target)).toBe(false);
    expect(readFileSync(target, 'utf8')).toBe('one');
    rmSync(second);
    expect(readdirSync(dir).filter((f) => f.endsWith('.teapurl-part'))).toEqual([]);
  });

  it('writeFileAtomic replaces a file whole and leaves no temporary file, also when it fails', async () => {
    const target = path.join(dir, 'manifest.json');
    writeFileSync(target, 'old');
    await writeFileAtomic(target, 'new');
    expect(readFileSync(target, 'utf8')).toBe('new');
    await expect(writeFileAtomic(path.join(dir, 'absent-folder', 'x.json'), 'x')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(readdirSync(dir).filter((f) => f.endsWith('.teapurl-part'))).toEqual([]);
  });
});
