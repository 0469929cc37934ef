import type { PurlTypeDefinition } from '../../types/index.js';
import { DEFAULT_DEFINITIONS_JSON } from './compiled/default-definitions.js';

let byType: Map<string, PurlTypeDefinition> | undefined;

/**
 * The bundled PURL type definition documents, whole, sorted by type, fresh copies on every call.
 * For teapurl's own modules, which have this module at hand; users call `loadPurlDefinitions`.
 */
export function defaultPurlDefinitions(): PurlTypeDefinition[] {
  return JSON.parse(DEFAULT_DEFINITIONS_JSON) as PurlTypeDefinition[];
}

/**
 * One bundled PURL type definition document, whole, or `undefined` when `type` (lowercase) is
 * not one of the bundled types. A fresh copy on every call. For teapurl's own modules and tests.
 */
export function defaultPurlDefinition(type: string): PurlTypeDefinition | undefined {
  byType ??= new Map(defaultPurlDefinitions().map((d) => [d.type, d]));
  const found = byType.get(type);
  return found === undefined ? undefined : (structuredClone(found) as PurlTypeDefinition);
}
