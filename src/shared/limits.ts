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
