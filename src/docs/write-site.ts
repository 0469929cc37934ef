import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DocsFile, DocsFormat } from './docs-file.js';
import { existingTypePages, sitePath } from './site-folder.js';

/**
 * What {@link writeDocsSite} did.
 *
 * @example
 * ```ts
 * import { writeDocsSite, type WriteDocsResult } from 'teapurl';
 * const result: WriteDocsResult = await writeDocsSite('site', files, 'html');
 * console.log(`${result.written.length} written, ${result.removed.length} removed`);
 * ```
 */
export interface WriteDocsResult {
  /** The site paths written, sorted. */
  readonly written: readonly string[];
  /** Type pages of the chosen format that were there but are no longer generated, sorted. */
  readonly removed: readonly string[];
}

/**
 * Writes generated pages under `outDir` (creating folders as needed) and removes the
 * `types/*` pages of `format` that the generation no longer produces, so a type that was
 * dropped from the definitions leaves no page behind. Other files in `outDir` are left alone.
 *
 * @example
 * ```ts
 * import { generateDocsSite, writeDocsSite, defaultPurlEngine } from 'teapurl';
 * const engine = defaultPurlEngine();
 * const files = generateDocsSite(engine.types().map((t) => engine.definition(t)!), { engine });
 * await writeDocsSite('site', files, 'html'); // { written: ['index.html', 'types/alpm.html', …], removed: [] }
 * ```
 */
export async function writeDocsSite(outDir: string, files: readonly DocsFile[], format: DocsFormat): Promise<WriteDocsResult> {
  const folders = new Set(files.map((file) => path.dirname(sitePath(outDir, file.path))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  await Promise.all(files.map((file) => writeFile(sitePath(outDir, file.path), file.content, 'utf8')));
  const generated = new Set(files.map((file) => file.path));
  const removed = (await existingTypePages(outDir, format)).filter((page) => !generated.has(page));
  await Promise.all(removed.map((page) => rm(sitePath(outDir, page), { force: true })));
  return { written: files.map((file) => file.path).sort(), removed };
}
