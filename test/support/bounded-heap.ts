import { spawnSync } from 'node:child_process';
import { CLI } from './paths.js';

/**
 * The old-space heap the CLI is given when it streams: 16 MB. Streaming half a million lines
 * needs far less; holding them (about 15 MB of text, with a string header each) runs out of it,
 * and the process dies instead of passing.
 */
export const STREAMING_HEAP_MB = 16;

/** `pkg:npm/package-<i>@1.0.<i>`, one a line. */
export function npmPurlLines(count: number): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`pkg:npm/package-${i}@1.0.${i}\n`);
  return lines.join('');
}

/**
 * Runs the built CLI in a child Node whose old-space heap is capped at {@link STREAMING_HEAP_MB},
 * with `input` on standard input; counts the output lines (`wc -l`, so this process holds none
 * of them). A run that keeps every line exceeds the cap and fails with V8's out-of-memory
 * status, which a heap figure sampled in-process could only hint at.
 */
export function runCliWithCappedHeap(args: readonly string[], input: string): { status: number | null; lines: number; stderr: string } {
  const result = spawnSync(
    'bash',
    ['-c', 'set -o pipefail; "$0" --max-old-space-size="$1" "$2" "${@:3}" | wc -l', process.execPath, String(STREAMING_HEAP_MB), CLI, ...args],
    {
      input,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
      maxBuffer: 1024 * 1024,
      timeout: 120_000,
    },
  );
  return { status: result.status, lines: Number(result.stdout.trim()), stderr: result.stderr };
}
