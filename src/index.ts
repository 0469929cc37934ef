/**
 * teapurl: validate TEA discovery documents, token bodies and PURL type definitions; parse,
 * build and canonicalise PURLs with an engine compiled from type definitions.
 *
 * @packageDocumentation
 */
export * from './validate/index.js';
export * from './purl/index.js';
export type * from '../types/index.js';
