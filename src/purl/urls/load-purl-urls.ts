import type { PurlComponentsInput } from '../purl-components.js';
import { defaultPurlEngine } from '../default-engine.js';
import type { PurlUrls, PurlUrlsResult } from './purl-urls.js';

let loaded: PurlUrls | null = null;
let loading: Promise<PurlUrls> | null = null;

/**
 * Loads teapurl's URL mapper: its URL documents for the registered types (`corpus/purl-urls`)
 * over the default engine, with url-template and the reverse matcher. They are a module of their
 * own, fetched by this call (a dynamic import), so that `teapurl/purl` stays small; later calls
 * return the same promise. Once it has resolved, {@link purlToUrls} and {@link urlToPurl} answer
 * synchronously. In `teapurl/node` the mapper is loaded with the package and this resolves at once.
 *
 * @throws Error (the dynamic import's) when the module cannot be loaded, e.g. a bundled chunk cannot be fetched; a later call tries again.
 * @example
 * ```ts
 * import { loadPurlUrls } from 'teapurl/purl';
 * const urls = await loadPurlUrls();
 * urls.purlToUrls('pkg:npm/%40babel/core@7.24.0').download; // 'https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz'
 * ```
 */
export function loadPurlUrls(): Promise<PurlUrls> {
  // A failed import is not remembered, so that a later call tries again (a network fault).
  return (loading ??= import('./lazy-chunk.js').then(
    (module) => (loaded = module.bundledPurlUrls(defaultPurlEngine())),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));
}

/**
 * Hands over a mapper loaded otherwise: `teapurl/node` loads the same one with the package, and
 * shares this module's state with `teapurl` and `teapurl/purl` (the entries share chunks), so
 * that their purlToUrls and urlToPurl answer at once after `teapurl/node` has been imported. Not
 * public API; unused by the browser entries, which a bundler then leaves it out of.
 */
export function providePurlUrls(urls: PurlUrls): void {
  loaded ??= urls;
  loading ??= Promise.resolve(loaded);
}

function mapper(): PurlUrls {
  if (loaded === null) throw new Error('await loadPurlUrls() first');
  return loaded;
}

/**
 * The repository page and download URL of a PURL, from teapurl's URL documents; see
 * {@link PurlUrls.purlToUrls}. Works once {@link loadPurlUrls} has resolved.
 *
 * @throws Error `await loadPurlUrls() first` before {@link loadPurlUrls} has resolved; {@link PurlError} for an invalid PURL.
 * @example
 * ```ts
 * import { loadPurlUrls, purlToUrls } from 'teapurl/purl';
 * await loadPurlUrls();
 * purlToUrls('pkg:npm/left-pad@1.3.0');
 * // { repository: 'https://www.npmjs.com/package/left-pad', download: 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz' }
 * ```
 */
export function purlToUrls(purl: string | PurlComponentsInput): PurlUrlsResult {
  return mapper().purlToUrls(purl);
}

/**
 * The canonical PURL a registry, download or forge URL names, or `null`, from teapurl's URL
 * documents; see {@link PurlUrls.urlToPurl}. Works once {@link loadPurlUrls} has resolved.
 *
 * @throws Error `await loadPurlUrls() first` before {@link loadPurlUrls} has resolved; never for the URL itself.
 * @example
 * ```ts
 * import { loadPurlUrls, urlToPurl } from 'teapurl/purl';
 * await loadPurlUrls();
 * urlToPurl('https://repo1.maven.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.pom');
 * // 'pkg:maven/org.apache.commons/commons-lang3@3.12.0?type=pom'
 * ```
 */
export function urlToPurl(url: string): string | null {
  return mapper().urlToPurl(url);
}
