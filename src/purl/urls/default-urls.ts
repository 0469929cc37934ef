import type { PurlTypeUrls } from '../../../types/index.js';
import type { PurlEngine } from '../engine/purl-engine.js';
import { DEFAULT_URLS_JSON } from '../compiled/default-urls.js';
import { purlUrlsFromCompiled, type PurlUrls } from './purl-urls.js';
import { compileUrlDocument, type CompiledUrlDocument } from './url-document.js';

let compiled: CompiledUrlDocument[] | undefined;
const mappers = new WeakMap<PurlEngine, PurlUrls>();

/**
 * The URL mapper over teapurl's own URL documents (`corpus/purl-urls`, checked by the tests and
 * `teapurl validate`, so not again here) with the engine given: the default engine, passed in so
 * that this chunk does not reach the bundled rules (the modules it shares with the eager bundle
 * are the engine's, which the definitions' chunk shares too: one chunk), or the engine of
 * `--types`. The documents
 * are compiled once, whatever the engines. Not public API: loadPurlUrls, the `teapurl/node`
 * functions and the CLI reach it.
 */
export function bundledPurlUrls(engine: PurlEngine): PurlUrls {
  let mapper = mappers.get(engine);
  if (mapper === undefined) {
    compiled ??= defaultUrlDocuments().map((document) => compileUrlDocument(document).compiled);
    mapper = purlUrlsFromCompiled(compiled, engine);
    mappers.set(engine, mapper);
  }
  return mapper;
}

/** teapurl's own URL documents, parsed afresh (the caller may change them). Not public API. */
export function defaultUrlDocuments(): PurlTypeUrls[] {
  return JSON.parse(DEFAULT_URLS_JSON) as PurlTypeUrls[];
}
