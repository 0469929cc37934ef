/**
 * Default limit on a document's size: far above any real discovery document or type definition.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_BYTES } from 'teapurl/node';
 * DEFAULT_MAX_BYTES; // 16777216 (16 MiB)
 * ```
 */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Heap bytes one byte of a document of most kinds may take while it is parsed twice (positions
 * and values), checked and reported: parsing alone takes about 43 on documents of small values.
 * A reader that sizes its limit from the heap lets a document have this share of it (SBOMs, whose
 * bytes are mostly strings, have their own: `KindDefinition.large`).
 */
export const HEAP_PER_BYTE = 128;

/**
 * Deepest nesting of arrays and objects read. Real documents of teapurl's kinds nest four or five
 * levels; the limit keeps recursive code (positions, checks) far from the stack's end on hostile
 * input. Not part of the public API.
 *
 * @internal
 */
export const MAX_DEPTH = 256;
