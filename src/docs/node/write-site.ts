import { comparePaths, formatExtensions, type DocsFile, type DocsFormat } from '../docs-file.js';
import { MANIFEST_FILE, manifestText, pageHash, planSite, SiteFolder } from './site-folder.js';

/**
 * What {@link writeDocsSite} did.
 *
 * @example
 * ```ts
 * import { writeDocsSite, type WriteDocsResult } from 'teapurl/docs';
 * const result: WriteDocsResult = await writeDocsSite('site', files, 'html');
 * console.log(`${result.written.length} written, ${result.removed.length} removed`);
 * ```
 */
export interface WriteDocsResult {
  /** The site paths written, sorted. */
  readonly written: readonly string[];
  /** Pages of the chosen format that an earlier run wrote and this one no longer generates, sorted. */
  readonly removed: readonly string[];
  /**
   * Pages an earlier run recorded that this one no longer generates but that were left in place,
   * sorted: they no longer hold what teapurl wrote (someone changed them, or the record is not
   * teapurl's), so they are someone else's now, and no longer recorded.
   */
  readonly kept: readonly string[];
}

/**
 * Options for {@link writeDocsSite}.
 *
 * @example
 * ```ts
 * import { writeDocsSite, type WriteDocsOptions } from 'teapurl/docs';
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
 * `outDir/.teapurl-docs.json`, each with the SHA-256 of what was written. It overwrites and
 * removes only pages that record lists and that still hold what was recorded: a page of the
 * chosen format that an earlier run wrote and this one no longer generates (a type dropped from
 * the definitions) is removed, unless it was changed since (then it is left, in `kept`); every
 * other file is left alone.
 *
 * Before writing anything it refuses (with {@link DocsSiteError}) the file-system root and the
 * home directory, a non-empty folder without a record, a page path holding a file teapurl did not
 * write or that changed since (these two unless `force`), and any symbolic link or special file
 * where a page or folder goes: nothing is written or read through a link inside the folder. Each
 * folder is then written through while held open (see `SiteFolder`), so a folder replaced by a
 * link between those checks and a write cannot redirect it.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine, defaultPurlDefinitions } from 'teapurl';
 * import { generateDocsSite, writeDocsSite } from 'teapurl/docs';
 * const files = generateDocsSite(defaultPurlDefinitions(), { engine: defaultPurlEngine() });
 * await writeDocsSite('site', files, 'html'); // { written: ['assets/purl-box.js', 'assets/purl-definitions.js', 'index.html', 'types/alpm.html', …], removed: [] }
 * ```
 */
export async function writeDocsSite(outDir: string, files: readonly DocsFile[], format: DocsFormat, options: WriteDocsOptions = {}): Promise<WriteDocsResult> {
  const pages = files.map((file) => file.path);
  const plan = await planSite(outDir, pages, formatExtensions(format), options.force === true);
  const record = new Map(plan.recorded);
  for (const page of plan.kept) record.delete(page);
  const site = await SiteFolder.open(outDir);
  try {
    // Recorded before the pages are written, with both the old and the new content's hash, so a
    // run cut short leaves no page teapurl cannot claim.
    for (const file of files) record.set(file.path, [...(record.get(file.path) ?? []), pageHash(file.content)]);
    await site.write(MANIFEST_FILE, manifestText(record));
    await Promise.all(files.map((file) => site.write(file.path, file.content)));
    const removed: string[] = [];
    const kept = [...plan.kept];
    for (const page of plan.stale) {
      const outcome = await site.remove(page, plan.recorded.get(page));
      if (outcome === 'removed') removed.push(page);
      if (outcome === 'changed') kept.push(page);
      record.delete(page);
    }
    for (const file of files) record.set(file.path, [pageHash(file.content)]);
    await site.write(MANIFEST_FILE, manifestText(record));
    return { written: [...pages].sort(), removed, kept: kept.sort(comparePaths) };
  } finally {
    await site.close();
  }
}
