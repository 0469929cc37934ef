import type { PurlTypeDefinition } from '../../types/index.js';

/**
 * teapurl's bundled PURL type definition documents, whole (descriptions, notes, examples), sorted
 * by type: the texts {@link defaultPurlEngine} leaves out. They are a module of their own, fetched
 * by this call (a dynamic import), so that `teapurl/purl` carries the types' rules alone; the
 * array and the documents are fresh copies on every call, so a caller may change them.
 *
 * @throws the dynamic import's error when the module cannot be loaded (a bundled chunk cannot be
 * fetched); a later call tries again.
 * @example
 * ```ts
 * import { loadPurlDefinitions, PurlEngine } from 'teapurl/purl';
 * const all = await loadPurlDefinitions();
 * all.find((d) => d.type === 'cargo')?.description; // 'Rust packages managed with Cargo'
 * const strict = PurlEngine.fromDefinitions(all, { strictTypes: true });
 * ```
 */
export async function loadPurlDefinitions(): Promise<PurlTypeDefinition[]> {
  return (await import('./default-definitions.js')).defaultPurlDefinitions();
}
