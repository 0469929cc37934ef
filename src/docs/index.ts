/**
 * teapurl/docs: `teapurl docs` as a library, for Node. A documentation site for a set of PURL type
 * definitions and their URL templates, generated in memory, written to a folder (only over pages it
 * wrote itself) and checked against one.
 *
 * @module teapurl/docs
 */
export { generateDocsSite, type DocsSiteOptions } from './node/generate-site.js';
export { writeDocsSite, type WriteDocsResult, type WriteDocsOptions } from './node/write-site.js';
export { DocsSiteError, type DocsSiteProblem } from './node/site-folder.js';
export { checkDocsSite, type StaleFile } from './node/check-site.js';
export type { DocsFile, DocsFormat } from './docs-file.js';
// The error contract: every error teapurl throws is a TeapurlError with a string `code`.
export { TeapurlError, isTeapurlError, InvalidArgumentError, type TeapurlErrorOptions, type InvalidArgumentCode } from '../shared/errors.js';
