/** The PURL kinds: type definitions and URL documents. */
export { PURL_TYPE_DEFINITION_KIND } from './type-definition/type-definition-kind.js';
export { PURL_TYPE_URLS_KIND } from './url-document/url-document-kind.js';
export { purlContextOf, type PurlValidationSetup, type PurlCheckContext } from './purl-check-context.js';
