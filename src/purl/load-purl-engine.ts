import type { PurlEngine, PurlEngineOptions } from './engine/purl-engine.js';

/**
 * Builds an engine from PURL type definition documents (yours, or {@link loadPurlDefinitions}'s).
 * Each is checked against the PURL type definition schema first; an invalid one, or two for the
 * same type, rejects with a {@link DefinitionSetError} naming the document and the finding, and so
 * does a pattern the engine cannot compile or a fault inside teapurl. Options that cannot be used
 * (a rule id given twice) reject with a `TypeError`. The schema's validator is a module of its
 * own, fetched by this call (a dynamic import), so that `teapurl/purl` stays small for those who
 * parse with the bundled types alone.
 *
 * @example
 * ```ts
 * import { loadPurlEngine } from 'teapurl/purl';
 * const engine = await loadPurlEngine([cargoDefinition, npmDefinition]);
 * const bare = await loadPurlEngine([pypiDefinition], { rules: [], strictTypes: true }); // the definition alone
 * bare.canonicalize('pkg:pypi/Django_Package'); // 'pkg:pypi/django_package'
 * ```
 */
export async function loadPurlEngine(definitions: readonly unknown[], options: PurlEngineOptions = {}): Promise<PurlEngine> {
  return (await import('./engine/engine-from-definitions.js')).engineFromDefinitions(definitions, options);
}
