/* Generated from schemas/annotated/*.schema.json by `npm run generate`. Do not edit by hand. */
export type * from './tea-discovery.js';
export type * from './tea-token-response.js';
export type * from './tea-token-error.js';
export type * from './purl-type-definition.js';
export type * from './purl-type-urls.js';
export type * from './vers-type-definition.js';
export type * from './vers-types-index.js';
export type * from './cyclonedx-bom.js';
export type * from './spdx-document.js';
export type * from './tea-objects.js';
