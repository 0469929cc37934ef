import { HEAP_PER_BYTE } from '../shared/limits.js';
import { heapShareBytes, heapSizeLimit } from '../shared/node/heap-size.js';
import { UsageError } from './usage-error.js';

const MIB = 1024 * 1024;

/** The largest `--max-bytes` this process can hold: a share of V8's heap limit, in whole MiB. */
export function maxBytesCeiling(): number {
  return heapShareBytes(HEAP_PER_BYTE);
}

/** `--max-bytes` as given: a positive whole number of bytes, or `undefined` when it is not given. */
export function readMaxBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const bytes = Number(value);
  if (!Number.isSafeInteger(bytes) || bytes <= 0) throw new UsageError('--max-bytes must be a positive whole number');
  return bytes;
}

/**
 * The size limit `--max-bytes` asks for, or `undefined` without it: each file's default then
 * (`sizeLimits`: 16 MiB, an SBOM's sized from the heap, both lowered for a small heap). Above the
 * ceiling a file would end the run with V8's out-of-memory abort instead of a finding, so that is
 * a usage error that says how to raise the heap.
 */
export function parseMaxBytes(value: string | undefined): number | undefined {
  const bytes = readMaxBytes(value);
  if (bytes === undefined) return undefined;
  const ceiling = maxBytesCeiling();
  if (bytes > ceiling) {
    const heap = Math.round(heapSizeLimit() / MIB);
    throw new UsageError(
      `--max-bytes ${bytes} is more than this process can hold: at most ${ceiling} (${ceiling / MIB} MiB) with Node's heap limit of ${heap} MiB. ` +
        `To check larger files, raise the heap, e.g. NODE_OPTIONS=--max-old-space-size=${Math.ceil((bytes * HEAP_PER_BYTE) / MIB)}`,
    );
  }
  return bytes;
}

/** The TEA client's default answer limit, 16 MiB. */
export const ANSWER_BYTES = 16 * MIB;

/**
 * The largest TEA answer the TEA commands read: 16 MiB, or less when Node's heap is too small to
 * parse and validate that much (the same share of the heap as `validate`'s ceiling), so that a
 * huge answer is refused as too large instead of ending the run out of memory.
 */
export function answerMaxBytes(): number {
  return Math.min(ANSWER_BYTES, maxBytesCeiling());
}
