import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { maxBytesCeiling, parseMaxBytes } from '../../src/cli/max-bytes.js';
import { CLI } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';

describe('teapurl validate --max-bytes', () => {
  it('is capped at a share of the heap this process has', () => {
    const ceiling = maxBytesCeiling();
    expect(ceiling).toBe(Math.max(2 ** 20, Math.floor(getHeapStatistics().heap_size_limit / 128 / 2 ** 20) * 2 ** 20));
    expect(parseMaxBytes(String(ceiling))).toBe(ceiling);
    expect(() => parseMaxBytes(String(ceiling + 1))).toThrow(/more than this process can hold/);
    // Without --max-bytes each file has its own default (16 MiB, an SBOM a share of the heap).
    expect(parseMaxBytes(undefined)).toBeUndefined();
  });

  it('refuses a limit above what the process can hold with a usage message that says how to raise it', () => {
    const run = runCli(['validate', '--max-bytes', '200000000', 'corpus/discovery/valid/minimal.json']);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^teapurl validate: --max-bytes 200000000 is more than this process can hold: at most \d+ \(\d+ MiB\) with Node's heap limit of \d+ MiB\. To check larger files, raise the heap, e\.g\. NODE_OPTIONS=--max-old-space-size=\d+\n/,
    );
    expect(run.stdout).toBe('');
    // A bigger heap allows a bigger limit.
    const bigger = runCli(['validate', '--max-bytes', '200000000', 'corpus/discovery/valid/minimal.json'], {
      env: { NODE_OPTIONS: '--max-old-space-size=30000' },
    });
    expect(bigger.status, bigger.stderr).toBe(0);
  });

  it('keeps its exit status when the reader of its output goes away (EPIPE)', () => {
    // Far more output than a pipe holds (64 KiB), so the write after head leaves fails with EPIPE.
    const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-epipe-'));
    const broken = JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['v1'] }] });
    for (let i = 0; i < 2000; i++) writeFileSync(path.join(dir, `broken-${i}.json`), broken);
    const result = spawnSync('bash', ['-c', 'set -o pipefail; "$0" "$1" validate --kind discovery "*.json" | head -c 1 >/dev/null', process.execPath, CLI], {
      cwd: dir,
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(1);
  });
});
