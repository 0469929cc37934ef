import type { PurlTypeDefinition } from '../../types/index.js';
import { DEFAULT_DEFINITIONS_JSON } from './compiled/default-definitions.js';

let byType: Map<string, PurlTypeDefinition> | undefined;

/**
 * The bundled PURL type definition documents, whole (descriptions, notes, examples), sorted by
 * type: the texts {@link defaultPurlEngine} leaves out. Kept out of `teapurl/purl` so that the
 * browser bundle carries the types' rules alone; the array and the documents are fresh copies on
 * every call, so a caller may change them.
 *
 * @example
 * ```ts
 * import { defaultPurlDefinitions, PurlEngine } from 'teapurl';
 * const all = defaultPurlDefinitions();
 * all.find((d) => d.type === 'cargo')?.description; // 'Rust packages managed with Cargo'
 * const strict = PurlEngine.fromDefinitions(all, { strictTypes: true });
 * ```
 */
export function defaultPurlDefinitions(): PurlTypeDefinition[] {
  return JSON.parse(DEFAULT_DEFINITIONS_JSON) as PurlTypeDefinition[];
}

/**
 * One bundled PURL type definition document, whole, or `undefined` when `type` (lowercase) is
 * not one of the bundled types. A fresh copy on every call.
 *
 * @example
 * ```ts
 * import { defaultPurlDefinition } from 'teapurl';
 * defaultPurlDefinition('maven')?.namespace_definition.requirement; // 'required'
 * defaultPurlDefinition('nope'); // undefined
 * ```
 */
export function defaultPurlDefinition(type: string): PurlTypeDefinition | undefined {
  byType ??= new Map(defaultPurlDefinitions().map((d) => [d.type, d]));
  const found = byType.get(type);
  return found === undefined ? undefined : (structuredClone(found) as PurlTypeDefinition);
}
