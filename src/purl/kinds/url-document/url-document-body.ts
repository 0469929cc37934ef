/**
 * What the URL document kind needs only once a URL document is validated: the schema's compiled
 * validator and the checks, with the URL documents' engine (url-template) they use. Functions and
 * lists of checks alone, so that the build can stand in for this module in Node and load it on
 * first use (see src/sbom/kinds/sbom-body.ts).
 */
export { purlTypeUrls } from '../compiled/purl-type-urls.js';
export { PURL_URLS_CHECKS } from './purl-urls-checks.js';
