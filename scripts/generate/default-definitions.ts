import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Artifact } from './artifacts.js';

/**
 * The bundled corpus as a module, so that importing teapurl reads no files: the definitions in
 * corpus/purl-types/, sorted by file name, embedded as one JSON string (parsed on first use,
 * which is faster than evaluating the same data as an object literal).
 */
export async function defaultDefinitionsModule(root: string): Promise<Artifact> {
  const directory = path.join(root, 'corpus/purl-types');
  const files = (await readdir(directory)).filter((f) => f.endsWith('-definition.json')).sort();
  const definitions: unknown[] = [];
  for (const file of files) {
    const text = await readFile(path.join(directory, file), 'utf8');
    try {
      definitions.push(JSON.parse(text));
    } catch (error) {
      throw new Error(`corpus/purl-types/${file}: ${(error as Error).message}`);
    }
  }
  const content = [
    '/* Generated from corpus/purl-types/*-definition.json by `npm run generate`. Do not edit by hand. */',
    '',
    `/** The ${definitions.length} bundled PURL type definitions, as JSON text. */`,
    `export const DEFAULT_DEFINITIONS_JSON: string = ${JSON.stringify(JSON.stringify(definitions))};`,
    '',
  ].join('\n');
  return { file: 'src/purl/compiled/default-definitions.ts', content };
}
