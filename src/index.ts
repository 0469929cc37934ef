/**
 * teapurl, the in-memory library: parse, build and canonicalise PURLs with an engine compiled
 * from type definitions, and validate TEA discovery documents, token bodies and PURL type
 * definitions held in memory. Browser-safe: nothing here reaches a Node built-in. Files and
 * folders are read by `teapurl/node`; the TEA kit is `teapurl/tea`; `teapurl/purl` is the PURL
 * engine alone.
 *
 * @module teapurl
 */
export * from './validate/index.js';
export * from './purl/index.js';
// The bundled definitions' texts: not in teapurl/purl, whose default engine carries their rules only.
export { defaultPurlDefinitions, defaultPurlDefinition } from './purl/default-definitions.js';
// The URL mapper's constructor: in teapurl/purl only through loadPurlUrls, for the size budget.
export { createPurlUrls } from './purl/urls/purl-urls.js';
export type * from '../types/index.js';
