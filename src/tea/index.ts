/**
 * teapurl/tea: the whole TEA kit, client and server, for those who want both from one import:
 * the union of `teapurl/tea/client` and `teapurl/tea/server`, each name the same thing in all three.
 *
 * @module teapurl/tea
 */
export * from './client/index.js';
export * from './server/index.js';
