/**
 * teapurl/docs: `teapurl docs` as a library, for Node. A documentation site for a set of PURL type
 * definitions and their URL templates, generated in memory, written to a folder (only over pages it
 * wrote itself) and checked against one.
 *
 * @module teapurl/docs
 */
export { generateDocsSite, type DocsSiteOptions } from './generate-site.js';
export { writeDocsSite, type WriteDocsResult, type WriteDocsOptions } from './write-site.js';
export { DocsSiteError, type DocsSiteProblem } from './site-folder.js';
export { checkDocsSite, type StaleFile } from './check-site.js';
export type { DocsFile, DocsFormat } from './docs-file.js';
