/**
 * Issue 38, item 3: `teapurl validate --jobs N` validates files on worker threads and prints the
 * report --jobs 1 prints, byte for byte, with the same exit status, in every format. The workers
 * run from the built bundle (dist/commands/validate-worker.cjs), so this spawns the built CLI.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../support/paths.js';
import { JOBS_THRESHOLD, jobCount, parseJobs } from '../../src/cli/validate-jobs.js';
import { UsageError } from '../../src/cli/usage-error.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-jobs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(args: string[], cwd = ROOT, input?: string) {
  const result = spawnSync(process.execPath, [CLI, 'validate', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
    ...(input === undefined ? {} : { input }),
  });
  return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

describe('validate --jobs N: the report of one thread, from several', () => {
  it('the worker entry is built beside the validate bundle', () => {
    expect(existsSync(path.join(ROOT, 'dist/commands/validate-worker.cjs'))).toBe(true);
  });

  // The whole corpus, a pattern that matches nothing (exit 2, a usage problem) and standard input.
  const ARGS = ['corpus/', 'corpus/**/*.json', 'corpus/nothing-here-*.json'];
  it.each(['text', 'json', 'sarif', 'github'])('the whole corpus in %s: the same bytes and exit status with 1, 2 and 4 workers', (format) => {
    const one = run(['--jobs', '1', '--format', format, ...ARGS]);
    expect(one.status).toBe(2);
    expect(one.stdout.length).toBeGreaterThan(1000);
    for (const jobs of ['2', '4']) expect(run(['--jobs', jobs, '--format', format, ...ARGS]), `--jobs ${jobs}`).toEqual(one);
  });

  it('valid and invalid files alone: exit 0 and 1 whatever the number of workers, --strict and --quiet kept', () => {
    for (const [args, status] of [
      [['corpus/discovery/valid/'], 0],
      [['--strict', '--quiet', 'corpus/sbom/'], 1],
      [['--kind', 'tea-discovery', 'corpus/discovery/**/*.json'], 1],
    ] as const) {
      const one = run(['--jobs', '1', ...args]);
      expect(one.status, args.join(' ')).toBe(status);
      expect(run(['--jobs', '3', ...args]), args.join(' ')).toEqual(one);
    }
  });

  it('standard input is read by the main thread and reported first, as with one job', () => {
    const text = readFileSync(path.join(ROOT, 'corpus/discovery/valid/minimal.json'), 'utf8');
    const one = run(['--jobs', '1', '--format', 'json', '-', 'corpus/purl-types/'], ROOT, text);
    expect(JSON.parse(one.stdout)[0].file).toBe('<stdin>');
    expect(run(['--jobs', '2', '--format', 'json', '-', 'corpus/purl-types/'], ROOT, text)).toEqual(one);
  });

  it('--fix runs on one thread: with --jobs 2 each file is fixed once, as with --jobs 1', () => {
    const results = ['1', '2'].map((jobs) => {
      const dir = path.join(scratch, `fix-${jobs}`);
      cpSync(path.join(ROOT, 'corpus'), dir, { recursive: true });
      const fixed = run(['--jobs', jobs, '--fix', '--format', 'json', '.'], dir);
      return { fixed, after: readFileSync(path.join(dir, 'discovery/invalid/url-trailing-slash.json'), 'utf8') };
    });
    const report = JSON.parse(results[0]!.fixed.stdout) as { outcome: string }[];
    expect(report.filter((f) => f.outcome === 'fixed').length).toBeGreaterThan(3);
    expect(results[0]!.after).not.toBe(readFileSync(path.join(ROOT, 'corpus/discovery/invalid/url-trailing-slash.json'), 'utf8'));
    expect(results[1]).toEqual(results[0]);
  });

  it('--jobs takes a whole number from 1 to 256, or auto', () => {
    const bad = run(['--jobs', '0', 'corpus/discovery/valid/']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--jobs: expected a whole number from 1 to 256, or auto; got "0"');
    expect(run(['--jobs', 'auto', 'corpus/discovery/valid/']).status).toBe(0);
  });
});

describe('how many workers', () => {
  it('auto: one thread below the threshold, the available parallelism from it on, never more workers than files', () => {
    expect(jobCount(null, 10, 8)).toBe(1);
    expect(jobCount(null, JOBS_THRESHOLD - 1, 8)).toBe(1);
    expect(jobCount(null, JOBS_THRESHOLD, 8)).toBe(8);
    expect(jobCount(null, 100_000, 2)).toBe(2);
    expect(jobCount(4, 3, 8)).toBe(3);
    expect(jobCount(4, 0, 8)).toBe(1);
    expect(jobCount(1, 100_000, 8)).toBe(1);
  });

  it('parses --jobs', () => {
    expect(parseJobs(undefined)).toBeNull();
    expect(parseJobs('auto')).toBeNull();
    expect(parseJobs('3')).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two', '257', '01']) expect(() => parseJobs(bad), bad).toThrow(UsageError);
  });
});
