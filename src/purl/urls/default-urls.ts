import type { PurlTypeUrls } from '../../../types/index.js';
import { DEFAULT_URLS_JSON } from '../compiled/default-urls.js';
import { purlUrlsFromCheckedDocuments, type PurlUrls } from './purl-urls.js';

let mapper: PurlUrls | undefined;

/**
 * The URL mapper over teapurl's own URL documents (`corpus/purl-urls`) and the default engine.
 * Built on first call. Not public API: {@link loadPurlUrls} (browser-safe, lazy) and the
 * `teapurl/node` functions reach it.
 */
export function defaultPurlUrls(): PurlUrls {
  mapper ??= purlUrlsFromCheckedDocuments(JSON.parse(DEFAULT_URLS_JSON) as PurlTypeUrls[]);
  return mapper;
}

/** teapurl's own URL documents, parsed afresh (the caller may change them). Not public API. */
export function defaultUrlDocuments(): PurlTypeUrls[] {
  return JSON.parse(DEFAULT_URLS_JSON) as PurlTypeUrls[];
}
