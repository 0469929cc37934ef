import type { PurlTypeUrls } from '../../../types/index.js';
import type { PurlEngine } from '../engine/purl-engine.js';
import { DEFAULT_URLS_JSON } from '../compiled/default-urls.js';
import { purlUrlsFromCompiled, type PurlUrls } from './purl-urls.js';
import { compileUrlDocument } from './url-document.js';

let mapper: PurlUrls | undefined;

/**
 * The URL mapper over teapurl's own URL documents (`corpus/purl-urls`, checked by the tests and
 * `teapurl validate`, so not again here), built on first call with the engine given (the default
 * engine: the caller passes it, so that this module imports nothing the eager bundle has). Not
 * public API: loadPurlUrls and the `teapurl/node` functions reach it.
 */
export function bundledPurlUrls(engine: PurlEngine): PurlUrls {
  mapper ??= purlUrlsFromCompiled(defaultUrlDocuments().map((document) => compileUrlDocument(document).compiled), engine);
  return mapper;
}

/** teapurl's own URL documents, parsed afresh (the caller may change them). Not public API. */
export function defaultUrlDocuments(): PurlTypeUrls[] {
  return JSON.parse(DEFAULT_URLS_JSON) as PurlTypeUrls[];
}
