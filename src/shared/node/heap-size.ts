/**
 * V8's heap limit, which the size limits of files and TEA answers are sized from.
 *
 * `node:v8` is loaded on the first call, not imported: loading it loads Node's streams with it,
 * about a third of what `teapurl validate` costs on one small file beyond Node's own start-up, and
 * a run whose files are all small never needs the figure.
 */

/**
 * The most bytes this process's V8 heap may grow to (`heap_size_limit`), read when asked.
 *
 * @example
 * ```ts
 * import { heapSizeLimit } from './heap-size.js';
 * const mib = Math.floor(heapSizeLimit() / 1024 / 1024); // e.g. 4144 with Node's default on a large machine
 * ```
 */
export function heapSizeLimit(): number {
  return process.getBuiltinModule('node:v8').getHeapStatistics().heap_size_limit;
}

/** The least share of the heap {@link heapShareBytes} gives: every file this size or smaller fits whatever the heap. */
export const LEAST_HEAP_SHARE = 1024 * 1024;

/**
 * `1/perByte` of the heap limit, in whole MiB and at least {@link LEAST_HEAP_SHARE}: the most
 * bytes of a document that validating it may take the heap for, at `perByte` bytes of heap a byte.
 *
 * @example
 * ```ts
 * import { heapShareBytes } from './heap-size.js';
 * const limit = heapShareBytes(128); // 32 MiB with a 4 GiB heap
 * ```
 */
export function heapShareBytes(perByte: number): number {
  const mib = 1024 * 1024;
  return Math.max(LEAST_HEAP_SHARE, Math.floor(heapSizeLimit() / perByte / mib) * mib);
}
