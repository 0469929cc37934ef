/* Generated from schemas/annotated/*.schema.json by `npm run generate`. Do not edit by hand. */
export type * from './tea-discovery.cjs';
export type * from './tea-token-response.cjs';
export type * from './tea-token-error.cjs';
export type * from './purl-type-definition.cjs';
export type * from './purl-type-urls.cjs';
export type * from './vers-type-definition.cjs';
export type * from './vers-types-index.cjs';
export type * from './cyclonedx-bom.cjs';
export type * from './spdx-document.cjs';
export type * from './tea-objects.cjs';
