import type { PurlComponentsInput } from '../purl/purl-components.js';
import { defaultPurlEngine } from '../purl/default-engine.js';
import { bundledPurlUrls } from '../purl/urls/default-urls.js';
import type { PurlUrls, PurlUrlsResult } from '../purl/urls/purl-urls.js';
import { providePurlUrls } from '../purl/urls/load-purl-urls.js';

const defaultPurlUrls = (): PurlUrls => bundledPurlUrls(defaultPurlEngine());
// teapurl/node has the URL data at hand, so teapurl's and teapurl/purl's functions (their state is
// one copy, in a chunk the entries share) need not wait for loadPurlUrls. Built on first use, as
// here, so that importing teapurl/node does not compile the documents and the engine.
providePurlUrls({
  purlToUrls: (purl) => defaultPurlUrls().purlToUrls(purl),
  urlToPurl: (url) => defaultPurlUrls().urlToPurl(url),
  document: (type) => defaultPurlUrls().document(type),
  types: () => defaultPurlUrls().types(),
});

/**
 * teapurl's URL mapper (its URL documents over the default engine). In `teapurl/node` it is
 * loaded with the package, so this resolves at once; it exists so that code written for
 * `teapurl/purl` (where the mapper loads on demand) runs unchanged.
 *
 * @example
 * ```ts
 * import { loadPurlUrls } from 'teapurl/node';
 * (await loadPurlUrls()).types().includes('npm'); // true
 * ```
 */
export function loadPurlUrls(): Promise<PurlUrls> {
  return Promise.resolve(defaultPurlUrls());
}

/**
 * The repository page and download URL of a PURL, from teapurl's URL documents; see
 * {@link PurlUrls.purlToUrls}. An invalid PURL throws a `PurlError` (exported by `teapurl/purl`
 * and `teapurl`).
 *
 * @example
 * ```ts
 * import { purlToUrls } from 'teapurl/node';
 * purlToUrls('pkg:maven/org.apache.commons/commons-lang3@3.12.0').download;
 * // 'https://repo.maven.apache.org/maven2/org/apache/commons/commons-lang3/3.12.0/commons-lang3-3.12.0.jar'
 * ```
 */
export function purlToUrls(purl: string | PurlComponentsInput): PurlUrlsResult {
  return defaultPurlUrls().purlToUrls(purl);
}

/**
 * The canonical PURL a registry, download or forge URL names, or `null`; never throws.
 *
 * @example
 * ```ts
 * import { urlToPurl } from 'teapurl/node';
 * urlToPurl('https://www.npmjs.com/package/left-pad'); // 'pkg:npm/left-pad'
 * ```
 */
export function urlToPurl(url: string): string | null {
  return defaultPurlUrls().urlToPurl(url);
}
