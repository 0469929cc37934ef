import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PurlTypeUrls } from '../../types/index.js';
import { createPurlUrls } from '../purl/urls/create-purl-urls.js';
import type { PurlUrls, PurlUrlsOptions } from '../purl/urls/purl-urls.js';
import { UrlDocumentError } from '../purl/urls/url-document-error.js';
import { expandGlob } from './expand-glob.js';

/** How a file is named in a message: relative to the working folder when that is shorter. */
function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

/** URL documents read from files, and the file each came from (for `createPurlUrls`'s `sources`). */
export interface UrlDocumentFiles {
  readonly documents: PurlTypeUrls[];
  readonly sources: string[];
}

/**
 * Every URL document (`*.json`, purl-type-urls format) under `directory`, in file-name order,
 * parsed. A folder that cannot be searched, no documents, an unreadable file and malformed JSON
 * are each a {@link UrlDocumentError} naming the file; what the documents say is checked by
 * `createPurlUrls`, given the sources to name the files.
 */
export async function readUrlDocuments(directory: string): Promise<UrlDocumentFiles> {
  const walk = expandGlob('**/*.json', directory);
  const problem = walk.problems[0];
  if (problem !== undefined) {
    const where = shown(path.resolve(directory, problem.path));
    throw new UrlDocumentError(where, '', `${where}: ${problem.folder ? 'a folder that cannot be searched' : 'cannot be read'} (${problem.code}); the URL documents would be incomplete`);
  }
  if (walk.files.length === 0) throw new UrlDocumentError(directory, '', `${directory}: no *.json URL documents found`);
  const documents: PurlTypeUrls[] = [];
  const sources: string[] = [];
  for (const file of walk.files.map((f) => path.resolve(directory, f))) {
    sources.push(shown(file));
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new UrlDocumentError(shown(file), '', `${shown(file)}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    try {
      // A leading byte order mark is tolerated, as the validator tolerates it.
      documents.push(JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as PurlTypeUrls);
    } catch (error) {
      throw new UrlDocumentError(shown(file), '', `${shown(file)}: not JSON (${(error as Error).message})`);
    }
  }
  return { documents, sources };
}

/**
 * Builds a URL mapper from every `*.json` URL document under `directory` (purl-type-urls
 * format, one per type), in file-name order, over `options.engine` (default: the bundled
 * engine). The folder walk is the validator's: a folder reached twice through symbolic links is
 * read once. Any problem rejects the promise with one {@link UrlDocumentError} naming the file
 * (or the document and the place in it).
 *
 * This is the file-reading loader of `createPurlUrls`: it lives in the Node entry so that
 * `teapurl/purl` stays free of Node built-ins.
 *
 * @example
 * ```ts
 * import { purlUrlsFromDirectory } from 'teapurl/node';
 * const urls = await purlUrlsFromDirectory('my-purl-urls');
 * urls.purlToUrls('pkg:npm/left-pad@1.3.0').download; // 'https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz'
 * ```
 */
export async function purlUrlsFromDirectory(directory: string, options: PurlUrlsOptions = {}): Promise<PurlUrls> {
  const { documents, sources } = await readUrlDocuments(directory);
  return createPurlUrls(documents, { ...options, sources });
}
