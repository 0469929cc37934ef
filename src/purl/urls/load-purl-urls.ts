import { defaultPurlEngine } from '../default-engine.js';
import type { PurlUrls, PurlUrlsOptions } from './purl-urls.js';
import { InvalidArgumentError } from '../../shared/errors.js';

type Chunk = typeof import('./lazy-chunk.js');

// The chunk's module, once imported: the same code for every caller, holding nothing of theirs.
let chunk: Promise<Chunk> | null = null;

function urlChunk(): Promise<Chunk> {
  return (chunk ??= import('./lazy-chunk.js').catch((error: unknown) => {
    // A failed import is not remembered, so that a later call tries again (a network fault).
    chunk = null;
    throw error;
  }));
}

/**
 * Makes a URL mapper: `purlToUrls` gives a PURL's repository page and download URL, `urlToPurl`
 * reads a registry, download or forge URL back into a canonical PURL. Over teapurl's own URL
 * documents (`corpus/purl-urls`) unless `documents` are given, and over the default engine unless
 * `engine` is. The templates' compiler, the reverse matcher and the bundled documents are a module
 * of their own, fetched by this call (a dynamic import), so that `teapurl/purl` stays small; the
 * mapper's methods then answer synchronously. The same call answers the same way from every entry
 * and whatever else the program imported.
 *
 * @throws {@link UrlDocumentError} for an invalid document, or two for the same type; the dynamic
 * import's error when the module cannot be loaded (a bundled chunk cannot be fetched), and then a
 * later call tries again.
 * @example
 * ```ts
 * import { loadPurlUrls } from 'teapurl/purl';
 * const urls = await loadPurlUrls();
 * urls.purlToUrls('pkg:npm/%40babel/core@7.24.0').download; // 'https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz'
 * urls.urlToPurl('https://crates.io/crates/rand'); // 'pkg:cargo/rand'
 *
 * const mine = await loadPurlUrls({
 *   documents: [{
 *     type: 'cargo',
 *     repository: [{ template: 'https://crates.io/crates/{name}' }],
 *     download: [{ template: 'https://static.crates.io/crates/{name}/{name}-{version}.crate' }],
 *     examples: [{ purl: 'pkg:cargo/rand@0.8.5', repository: 'https://crates.io/crates/rand', download: 'https://static.crates.io/crates/rand/rand-0.8.5.crate' }],
 *   }],
 * });
 * ```
 */
export async function loadPurlUrls(options: PurlUrlsOptions = {}): Promise<PurlUrls> {
  if (typeof options !== 'object' || options === null) throw new InvalidArgumentError('loadPurlUrls takes an options object ({ documents, engine, sources })');
  const module = await urlChunk();
  const engine = options.engine ?? defaultPurlEngine();
  return options.documents === undefined ? module.bundledPurlUrls(engine) : module.createPurlUrls(options.documents, engine, options.sources);
}
