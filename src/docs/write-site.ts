import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { formatExtensions, type DocsFile, type DocsFormat } from './docs-file.js';
import { MANIFEST_FILE, manifestText, planSite, sitePath, writeNoFollow } from './site-folder.js';

/**
 * What {@link writeDocsSite} did.
 *
 * @example
 * ```ts
 * import { writeDocsSite, type WriteDocsResult } from 'teapurl/node';
 * const result: WriteDocsResult = await writeDocsSite('site', files, 'html');
 * console.log(`${result.written.length} written, ${result.removed.length} removed`);
 * ```
 */
export interface WriteDocsResult {
  /** The site paths written, sorted. */
  readonly written: readonly string[];
  /** Pages of the chosen format that an earlier run wrote and this one no longer generates, sorted. */
  readonly removed: readonly string[];
}

/**
 * Options for {@link writeDocsSite}.
 *
 * @example
 * ```ts
 * import { writeDocsSite, type WriteDocsOptions } from 'teapurl/node';
 * const options: WriteDocsOptions = { force: true };
 * await writeDocsSite('existing-folder', files, 'html', options);
 * ```
 */
export interface WriteDocsOptions {
  /**
   * Write into a non-empty folder teapurl did not write, and overwrite files teapurl did not
   * write at the pages' paths. Files with other names are still left alone, links inside the
   * folder are still refused, and the root and home folders are still refused.
   */
  readonly force?: boolean;
}

/**
 * Writes generated pages under `outDir` (creating folders as needed) and records them in
 * `outDir/.teapurl-docs.json`. It overwrites and removes only pages that record lists: a page of
 * the chosen format that an earlier run wrote and this one no longer generates (a type dropped
 * from the definitions) is removed; every other file is left alone.
 *
 * Before writing anything it refuses (with {@link DocsSiteError}) the file-system root and the
 * home directory, a non-empty folder without a record, a page path holding a file teapurl did not
 * write (these two unless `force`), and any symbolic link or special file where a page or folder
 * goes: nothing is written or read through a link inside the folder.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine, defaultPurlDefinitions } from 'teapurl';
 * import { generateDocsSite, writeDocsSite } from 'teapurl/node';
 * const files = generateDocsSite(defaultPurlDefinitions(), { engine: defaultPurlEngine() });
 * await writeDocsSite('site', files, 'html'); // { written: ['assets/purl-box.js', 'assets/purl-definitions.js', 'index.html', 'types/alpm.html', …], removed: [] }
 * ```
 */
export async function writeDocsSite(outDir: string, files: readonly DocsFile[], format: DocsFormat, options: WriteDocsOptions = {}): Promise<WriteDocsResult> {
  const pages = files.map((file) => file.path);
  const plan = await planSite(outDir, pages, formatExtensions(format), options.force === true);
  const folders = new Set(files.map((file) => path.dirname(sitePath(outDir, file.path))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  const manifest = path.join(outDir, MANIFEST_FILE);
  // Recorded before the pages are written, so a run cut short leaves no page teapurl cannot claim.
  await writeNoFollow(manifest, manifestText([...plan.recorded, ...pages]));
  await Promise.all(files.map((file) => writeNoFollow(sitePath(outDir, file.path), file.content)));
  for (const page of plan.stale) await unlink(sitePath(outDir, page));
  if (plan.stale.length > 0) {
    const removed = new Set(plan.stale);
    await writeNoFollow(manifest, manifestText([...plan.recorded, ...pages].filter((page) => !removed.has(page))));
  }
  return { written: [...pages].sort(), removed: plan.stale };
}
