/**
 * teapurl: validate TEA discovery documents, token bodies and PURL type definitions.
 *
 * @packageDocumentation
 */
export * from './validate/index.js';
export type * from '../types/index.js';
