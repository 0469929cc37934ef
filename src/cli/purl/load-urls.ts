import type { PurlUrls } from '../../purl/urls/purl-urls.js';
import { bundledPurlUrls } from '../../purl/urls/default-urls.js';
import { defaultPurlEngine } from '../../purl/default-engine.js';
import { UrlDocumentError } from '../../purl/document-errors.js';
import { purlUrlsFromDirectory } from '../../purl/node/purl-urls-from-directory.js';
import { UsageError } from '../usage-error.js';
import { requireFolderArg } from '../path-args.js';
import { loadEngine } from './load-engine.js';

/** The option of the `teapurl purl` actions that use URL documents, in `node:util` parseArgs form. */
export const URLS_OPTION = { urls: { type: 'string' } } as const;

/** The options that choose the mapper: `--types`, `--strict-types`, `--urls`. */
export interface UrlMapperChoice {
  readonly types?: string | undefined;
  readonly 'strict-types': boolean;
  readonly urls?: string | undefined;
}

/**
 * The URL mapper a command uses: the bundled one, or one over the bundled URL documents with the
 * engine of `--types`, or over the documents in `--urls DIR`. A folder that cannot be used is a
 * usage error naming the option, the file and the place in it.
 */
export async function loadUrlMapper(choice: UrlMapperChoice, cwd: string): Promise<PurlUrls> {
  if (choice.types === undefined && !choice['strict-types'] && choice.urls === undefined) return bundledPurlUrls(defaultPurlEngine());
  // The folder is checked before the engine is built, so a mistyped --urls is named at once.
  const directory = choice.urls === undefined ? undefined : requireFolderArg(choice.urls, cwd, '--urls');
  const engine = await loadEngine(choice.types, choice['strict-types'], cwd);
  try {
    if (directory !== undefined) return await purlUrlsFromDirectory(directory, { engine });
    return bundledPurlUrls(engine);
  } catch (error) {
    if (error instanceof UrlDocumentError)
      throw new UsageError(`${choice.urls === undefined ? 'the bundled URL documents' : `--urls ${choice.urls}`}: ${error.message}`);
    throw error;
  }
}
