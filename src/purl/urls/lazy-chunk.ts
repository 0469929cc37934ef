/**
 * What {@link loadPurlUrls} loads with a dynamic import, and the eager `teapurl/purl` entry does
 * not: the templates, url-template, the reverse matcher and the bundled URL documents, so that a
 * bundler puts them in a chunk of their own.
 */
export { defaultPurlUrls } from './default-urls.js';
export { createPurlUrls } from './purl-urls.js';
