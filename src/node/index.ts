/**
 * teapurl for Node: what reads and writes files and folders. Validation of files, globs and
 * standard input, PURL engines built from a folder of type definitions, and the documentation
 * site generator with its writer and checker.
 *
 * @module teapurl/node
 */
export { validateFiles, validateBytes, validateStream, DEFAULT_MAX_BYTES, type ValidateFilesOptions, type FilesReport } from './validate-files.js';
export { fixFiles, fixStream, type FixFilesOptions, type FixFilesReport, type FileFix, type FileFixOutcome, type FixedStream } from './fix-files.js';
export { purlEngineFromDirectory } from './purl-engine-from-directory.js';
export { defaultPurlDefinitions, defaultPurlDefinition } from '../purl/default-definitions.js';
export { loadPurlUrls, purlToUrls, urlToPurl } from './purl-urls.js';
export { createPurlUrls } from '../purl/urls/create-purl-urls.js';
export type { PurlUrls, PurlUrlsResult, PurlUrlsOptions } from '../purl/urls/purl-urls.js';
export { UrlDocumentError } from '../purl/urls/url-document-error.js';
export * from '../docs/index.js';
export { purlUrlsFromDirectory } from './purl-urls-from-directory.js';
