/** `teapurl docs` as a library: a documentation site for a set of PURL type definitions. */
export { generateDocsSite, type DocsSiteOptions } from './generate-site.js';
export { writeDocsSite, type WriteDocsResult, type WriteDocsOptions } from './write-site.js';
export { DocsSiteError, type DocsSiteProblem } from './site-folder.js';
export { checkDocsSite, type StaleFile } from './check-site.js';
export type { DocsFile, DocsFormat } from './docs-file.js';
