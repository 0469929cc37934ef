/**
 * The global that `assets/purl-definitions.js` (written by `teapurl docs`) sets to the site's
 * definitions and `assets/purl-box.js` reads. A classic script cannot export, and a page opened
 * from disk cannot fetch a JSON file, so a global is the one channel that works everywhere.
 */
export const DEFINITIONS_GLOBAL = 'teapurlDocsDefinitions';

/** The global that `assets/purl-urls.js` sets to the site's URL documents, for the box's URLs. */
export const URLS_GLOBAL = 'teapurlDocsUrls';
