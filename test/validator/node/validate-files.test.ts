import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBytes, validateFiles, validateStream } from '../../../src/node/index.js';

const VALID = JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] });
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'teapurl-files-'));
  mkdirSync(path.join(dir, '.well-known'));
  mkdirSync(path.join(dir, 'sub'));
  writeFileSync(path.join(dir, '.well-known/tea'), VALID);
  writeFileSync(path.join(dir, 'good.json'), VALID);
  writeFileSync(path.join(dir, 'empty.json'), '');
  writeFileSync(path.join(dir, 'binary.json'), Buffer.from([0x7b, 0x00, 0x01, 0x7d]));
  writeFileSync(path.join(dir, 'latin1.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x7d]));
  writeFileSync(path.join(dir, 'big.json'), `{"pad": "${'x'.repeat(5000)}"}`);
  writeFileSync(path.join(dir, 'broken.json'), '{"schemaVersion": 1,');
  writeFileSync(path.join(dir, 'odd [name].json'), VALID);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validateFiles', () => {
  it('reports each bad file in one clear finding and still validates the others', async () => {
    const report = await validateFiles(['good.json', 'empty.json', 'binary.json', 'latin1.json', 'big.json', 'broken.json', 'sub', '.well-known/tea'], {
      cwd: dir,
      maxBytes: 1000,
    });
    const byFile = Object.fromEntries(report.results.map((r) => [r.file, r.findings.map((f) => f.rule)]));
    expect(byFile).toEqual({
      'good.json': [],
      'empty.json': ['file/empty'],
      'binary.json': ['file/binary'],
      'latin1.json': ['file/binary'],
      'big.json': ['file/too-large'],
      'broken.json': ['json/syntax'],
      '.well-known/tea': [],
    });
    expect(report.valid).toBe(false);
    // An empty folder names nothing to check.
    expect(report.unmatched).toEqual(['sub']);
  });

  it('reports a path that is not a regular file (a named pipe) without blocking on it', async () => {
    execFileSync('mkfifo', [path.join(dir, 'pipe.json')]);
    const report = await validateFiles(['pipe.json'], { cwd: dir });
    expect(report.results[0]!.findings).toEqual([expect.objectContaining({ rule: 'file/unreadable', message: 'pipe.json is not a regular file' })]);
  });

  it('expands globs, including dot folders, in a stable order without repeats', async () => {
    const report = await validateFiles(['**/tea', 'g*.json', 'good.json'], { cwd: dir });
    expect(report.results.map((r) => r.file)).toEqual(['.well-known/tea', 'good.json']);
    expect(report.valid).toBe(true);
  });

  it('lists patterns and paths that match nothing', async () => {
    const report = await validateFiles(['nothing-*.json', 'missing.json', 'good.json'], { cwd: dir });
    expect(report.unmatched).toEqual(['nothing-*.json', 'missing.json']);
    expect(report.results.map((r) => r.file)).toEqual(['good.json']);
    expect(report.valid).toBe(false);
  });

  it('takes a file whose name contains glob characters literally', async () => {
    const report = await validateFiles(['odd [name].json'], { cwd: dir, kind: 'tea-discovery' });
    expect(report.results).toEqual([expect.objectContaining({ file: 'odd [name].json', valid: true })]);
  });
});

describe('validateBytes and validateStream', () => {
  it('validates bytes, refusing empty, binary and non-UTF-8 input in one finding each', () => {
    expect(validateBytes(Buffer.from(VALID), { file: 'x.json' })).toMatchObject({ valid: true, kind: 'tea-discovery' });
    expect(validateBytes(new Uint8Array(0)).findings[0]!.rule).toBe('file/empty');
    expect(validateBytes(Buffer.from([0x7b, 0x00])).findings[0]!.rule).toBe('file/binary');
    expect(validateBytes(Buffer.from([0x7b, 0xff, 0x7d])).findings[0]!.message).toBe('<input> is not valid UTF-8 text');
  });

  it('reads a stream in chunks and stops at the size limit', async () => {
    async function* chunks(parts: string[]) {
      for (const part of parts) yield Buffer.from(part);
    }
    const half = Math.floor(VALID.length / 2);
    expect(await validateStream(chunks([VALID.slice(0, half), VALID.slice(half)]))).toMatchObject({ file: '<stdin>', valid: true });
    const tooBig = await validateStream(chunks(['{"a": ', '"'.padEnd(100, 'x'), '"}']), { maxBytes: 50 });
    expect(tooBig.findings).toEqual([
      expect.objectContaining({ rule: 'file/too-large', message: '<stdin> is over the limit of 50 bytes set by --max-bytes (maxBytes)' }),
    ]);
  });
});
