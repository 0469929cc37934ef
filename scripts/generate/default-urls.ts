import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from './artifacts.js';

const BANNER = '/* Generated from corpus/purl-urls/*-urls.json by `npm run generate`. Do not edit by hand. */';

/**
 * The bundled URL documents as one module of JSON text (parsed on first use), sorted by file name.
 * They are checked by the corpus tests and `teapurl validate`, not here: a bad one must not stop
 * the other generated files from being written.
 */
export async function defaultUrlsModule(root: string): Promise<Artifact> {
  const directory = path.join(root, 'corpus/purl-urls');
  const files = (await readdir(directory)).filter((f) => f.endsWith('-urls.json')).sort();
  const documents: unknown[] = [];
  for (const file of files) {
    try {
      documents.push(JSON.parse(await readFile(path.join(directory, file), 'utf8')));
    } catch (error) {
      throw new Error(`corpus/purl-urls/${file}: ${(error as Error).message}`);
    }
  }
  const content = [BANNER, '', `/** The ${documents.length} bundled URL documents, as JSON text. */`, `export const DEFAULT_URLS_JSON: string = ${JSON.stringify(JSON.stringify(documents))};`, ''].join('\n');
  return { file: 'src/purl/compiled/default-urls.ts', content };
}
