/**
 * The size limit of a file to validate: the one the caller set (`maxBytes`, `--max-bytes`), or by
 * default 16 MiB, and for a kind whose documents may be large (SBOMs) a share of Node's heap
 * limit, as much as validating it may take. The kind is told before the file is read whole: from
 * the kind given, the file name, or the file's first 64 KiB.
 */
import { DEFAULT_MAX_BYTES, HEAP_PER_BYTE } from '../../shared/limits.js';
import { heapShareBytes, heapSizeLimit, LEAST_HEAP_SHARE } from '../../shared/node/heap-size.js';
import { ALL_KINDS } from '../all-kinds.js';
import type { KindDefinition } from '../../validation/kind-definition.js';
import { resolveKind } from '../validate.js';

const MIB = 1024 * 1024;

/** How much of a file is looked at to tell its kind before it is read whole. */
export const HEAD_BYTES = 64 * 1024;

/** One file's limit and, for the message when it is over, where the limit comes from and how to raise it. */
export interface SizeLimit {
  readonly bytes: number;
  /** Words after "over the limit of N bytes". */
  readonly why: string;
}

/** The limits of a run's files. */
export interface SizeLimits {
  /** Every file of at most this many bytes fits, whatever its kind: its head need not be read. */
  readonly floor: number;
  /** The limit of a file, from its name and its first bytes (up to {@link HEAD_BYTES}). */
  of(file: string, head: Uint8Array): SizeLimit;
}

const mib = (bytes: number) => `${Math.floor(bytes / MIB)} MiB`;

/**
 * The floor of every heap-sized set of limits: every file of at most this many bytes fits whatever
 * the heap is, so a run of small files never asks V8 for its heap statistics (see heap-size.ts).
 */
const LEAST_LIMIT = LEAST_HEAP_SHARE;

/** A limit of `1/perByte` of the heap, with the words that say so. */
function heapShare(perByte: number, noun: string): SizeLimit {
  const heap = heapSizeLimit();
  const bytes = heapShareBytes(perByte);
  return {
    bytes,
    why: `(${mib(bytes)}) for ${noun}: 1/${perByte} of Node's heap limit of ${mib(heap)}, what validating it may take; to check a larger file, raise the heap (NODE_OPTIONS=--max-old-space-size=MiB, e.g. ${Math.ceil((heap * 2) / MIB)})`,
  };
}

const LARGE_KINDS = ALL_KINDS.filter((k) => k.large !== undefined);
const LARGE_NOUNS = [...new Set(LARGE_KINDS.map((k) => k.large!.noun))].join(' or ');

/** The limit of a large kind's documents: its share of the heap. */
const largeLimit = (kind: KindDefinition): SizeLimit => heapShare(kind.large!.heapPerByte, kind.large!.noun);

/** The limit of other documents: 16 MiB, or less when the heap cannot hold that much. */
function defaultLimit(): SizeLimit {
  const share = heapShare(HEAP_PER_BYTE, `a document that is not ${LARGE_NOUNS}`);
  if (share.bytes < DEFAULT_MAX_BYTES) return share;
  return {
    bytes: DEFAULT_MAX_BYTES,
    why: `(${mib(DEFAULT_MAX_BYTES)}, the default for a document that is not ${LARGE_NOUNS}); --max-bytes (maxBytes) raises it`,
  };
}

/**
 * The limits for files validated with `maxBytes` (the caller's limit, for every file) and `kind`
 * (the kind every file is read as), or without them.
 */
export function sizeLimits(maxBytes: number | undefined, kind: string | undefined): SizeLimits {
  if (maxBytes !== undefined) {
    const set: SizeLimit = { bytes: maxBytes, why: 'set by --max-bytes (maxBytes)' };
    return { floor: maxBytes, of: () => set };
  }
  const named = resolveKind(kind);
  // The heap-sized limits are worked out only for a file past the floor.
  if (named !== undefined) {
    const definition = ALL_KINDS.find((k) => k.name === named);
    return { floor: LEAST_LIMIT, of: () => (definition?.large === undefined ? defaultLimit() : largeLimit(definition)) };
  }
  return {
    floor: LEAST_LIMIT,
    of(file, head) {
      const byName = LARGE_KINDS.find((k) => k.recognise?.fileName?.(file, undefined) === true);
      if (byName !== undefined) return largeLimit(byName);
      const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, HEAD_BYTES)).toString('latin1');
      const byHead = LARGE_KINDS.find((k) => k.large!.head(text));
      return byHead === undefined ? defaultLimit() : largeLimit(byHead);
    },
  };
}

/** The message of `file/too-large`. */
export function tooLargeMessage(file: string, size: number | null, limit: SizeLimit): string {
  return `${file} is ${size === null ? '' : `${size} bytes, `}over the limit of ${limit.bytes} bytes ${limit.why}`;
}
