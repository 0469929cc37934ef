import type { PurlTypeUrls } from '../../../types/index.js';
import { createPurlUrls } from '../urls/create-purl-urls.js';
import type { PurlUrls } from '../urls/purl-urls.js';
import type { PurlEngine } from '../engine/purl-engine.js';
import { defaultPurlEngine } from '../default-engine.js';
import { UrlDocumentError } from '../document-errors.js';
import { readJsonFolder } from '../../shared/node/read-json-folder.js';
import { purlValidator } from '../kinds/purl-validator.js';
import type { Finding } from '../../shared/finding.js';
import { firstFindingMessage } from '../../shared/messages.js';

/** URL documents read from files, and the file each came from (for `createPurlUrls`'s `sources`). */
export interface UrlDocumentFiles {
  readonly documents: PurlTypeUrls[];
  readonly sources: string[];
}

/** Findings that make a document unusable: JSON, schema and template errors; wrong examples do not (the validator reports them). */
function blocksMapper(finding: Finding): boolean {
  return finding.severity === 'error' && (!finding.rule.startsWith('purl-urls/') || TEMPLATE_RULES.has(finding.rule));
}
const TEMPLATE_RULES = new Set(['purl-urls/template-syntax', 'purl-urls/unknown-variable', 'purl-urls/reserved-expansion']);

/**
 * Every URL document (`*.json`, purl-type-urls format) under `directory`, in file-name order,
 * read and validated, so that a refusal names the file, line and column: a folder that cannot be
 * searched, no documents, an unreadable file, malformed JSON, a schema or template error are each
 * a {@link UrlDocumentError}. Wrong examples do not stop a document being used.
 */
export async function readUrlDocuments(directory: string): Promise<UrlDocumentFiles> {
  const refuse = (source: string, message: string): never => {
    throw new UrlDocumentError(source, '', message);
  };
  const files = await readJsonFolder(directory, { plural: 'URL documents', set: 'the URL documents' }, refuse);
  const documents: PurlTypeUrls[] = [];
  for (const { source, text } of files) {
    const { result, value } = purlValidator.validateTextValue(text, { kind: 'purl-type-urls', file: source, maxFindings: Infinity });
    const blocking = result.findings.filter(blocksMapper);
    const first = blocking[0];
    if (first) throw new UrlDocumentError(source, first.pointer, firstFindingMessage(source, blocking), blocking);
    documents.push(value as PurlTypeUrls);
  }
  return { documents, sources: files.map((f) => f.source) };
}

/**
 * Options of {@link purlUrlsFromDirectory}.
 *
 * @example
 * ```ts
 * import { purlEngineFromDirectory, purlUrlsFromDirectory, type PurlUrlsFromDirectoryOptions } from 'teapurl/node';
 * const options: PurlUrlsFromDirectoryOptions = { engine: await purlEngineFromDirectory('my-purl-types') };
 * const urls = await purlUrlsFromDirectory('my-purl-urls', options);
 * ```
 */
export interface PurlUrlsFromDirectoryOptions {
  /** The engine that parses PURLs and builds the canonical ones read back; the default engine when absent. */
  readonly engine?: PurlEngine;
}

/**
 * Builds a URL mapper from every `*.json` URL document under `directory` (purl-type-urls
 * format, one per type), in file-name order, over `options.engine` (default: the bundled
 * engine). The folder walk is the validator's: a folder reached twice through symbolic links is
 * read once. Any problem rejects the promise with one {@link UrlDocumentError} naming the file
 * (or the document and the place in it).
 *
 * This is the file-reading twin of `loadPurlUrls({ documents })` (teapurl/purl): it lives in the
 * Node entry so that `teapurl/purl` stays free of Node built-ins.
 *
 * @example
 * ```ts
 * import { purlUrlsFromDirectory } from 'teapurl/node';
 * const urls = await purlUrlsFromDirectory('my-purl-urls');
 * urls.purlToUrls('pkg:npm/left-pad@1.3.0').download; // 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz'
 * ```
 */
export async function purlUrlsFromDirectory(directory: string, options: PurlUrlsFromDirectoryOptions = {}): Promise<PurlUrls> {
  const { documents, sources } = await readUrlDocuments(directory);
  return createPurlUrls(documents, options.engine ?? defaultPurlEngine(), sources);
}
