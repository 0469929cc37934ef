/* Generated from schemas/annotated/vers-types-index.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * The VERS types a registry of definitions holds: a list of type names, each once.
 *
 * @example
 * ```ts
 * import type { VersTypesIndex } from 'teapurl';
 * const versTypesIndex: VersTypesIndex = ['maven', 'npm', 'pypi'];
 * ```
 */
export type VersTypesIndex = string[];
