/**
 * teapurl, the in-memory validator: TEA discovery documents, token bodies, PURL type definitions
 * and URL documents, checked against teapurl's schemas and the rules a schema cannot express,
 * with a line and column for every finding; typed parsing of valid documents, and `fixText`.
 * Browser-safe: nothing here reaches a Node built-in. The PURL engine is `teapurl/purl`; files and
 * folders are `teapurl/node`; the TEA kit is `teapurl/tea/client` and `teapurl/tea/server`.
 *
 * @module teapurl
 */
export * from './validator/index.js';
export type * from '../types/index.js';
