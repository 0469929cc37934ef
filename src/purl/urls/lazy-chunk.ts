/**
 * What {@link loadPurlUrls} loads with a dynamic import, and the eager `teapurl/purl` entry does
 * not: url-template, the templates' compiler and reverse matcher, and the bundled URL documents,
 * so that a bundler puts them in a chunk of their own. Nothing here imports a module the entry
 * has (the engine is passed in), so the entry stays one file.
 */
export { bundledPurlUrls } from './default-urls.js';
export { createPurlUrls } from './create-purl-urls.js';
