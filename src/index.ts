/**
 * teapurl: validate TEA discovery documents, token bodies and PURL type definitions; parse,
 * build and canonicalise PURLs with an engine compiled from type definitions; discover TEA
 * endpoints and authenticate against them, serve and check the authentication profile.
 *
 * @module teapurl
 */
export * from './validate/index.js';
export * from './purl/index.js';
export * from './tea/index.js';
export * from './docs/index.js';
export type * from '../types/index.js';
