import type { Artifact } from './artifacts.js';
import { jsonTextModule, readCorpus } from './default-definitions.js';

const BANNER = '/* Generated from corpus/purl-urls/*-urls.json by `npm run generate`. Do not edit by hand. */';

/**
 * The bundled URL documents as one module of JSON text (parsed on first use), sorted by file name.
 * They are checked by the corpus tests and `teapurl validate`, not here: a bad one must not stop
 * the other generated files from being written.
 */
export async function defaultUrlsModule(root: string): Promise<Artifact> {
  const documents = await readCorpus(root, 'purl-urls', '-urls.json');
  return {
    file: 'src/purl/compiled/default-urls.ts',
    content: jsonTextModule(BANNER, `The ${documents.length} bundled URL documents, as JSON text.`, 'DEFAULT_URLS_JSON', documents),
  };
}
