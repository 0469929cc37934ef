import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { DocsFile, DocsFormat } from '../docs-file.js';
import { comparePaths, formatExtensions } from '../docs-file.js';
import { assertSafePaths, MANIFEST_FILE, pageHash, readManifest, readNoFollow, sitePath, symlinkError } from './site-folder.js';

/**
 * A page of a written site that does not match what would be generated now: `missing` (should
 * be there and is not), `differs` (its content is not what would be written) or `extra` (a page
 * an earlier run wrote for a type the definitions no longer have). A folder without
 * `.teapurl-docs.json`, the record of the pages teapurl wrote, lists that file as `missing`.
 *
 * @example
 * ```ts
 * import type { StaleFile } from 'teapurl/docs';
 * const stale: StaleFile = { path: 'types/npm.html', reason: 'differs' };
 * ```
 */
export interface StaleFile {
  /** The site path, `/`-separated, relative to the output folder. */
  readonly path: string;
  /** Why it is stale: not there, not what would be written, or a page for a type that is gone. */
  readonly reason: 'missing' | 'differs' | 'extra';
  /**
   * `true` for a page that differs and no longer holds what teapurl wrote there (someone edited
   * it, or the record does not list it): a write overwrites it only with `force`.
   */
  readonly changed?: true;
}

/** The page's text, `null` when it is not there; a link or special file is refused as a write would refuse it. */
async function currentText(outDir: string, page: string): Promise<string | null> {
  const where = sitePath(outDir, page);
  try {
    const info = await lstat(where);
    if (info.isSymbolicLink()) throw symlinkError(where);
    if (!info.isFile()) return info.isDirectory() ? '\0folder' : '\0special';
    return await readNoFollow(where);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/**
 * Compares a folder with freshly generated pages without writing anything: the stale files,
 * sorted by path; none means the folder is up to date. Only pages of `format` that an earlier
 * write recorded, still holding what it wrote, can be `extra`; other files in the folder are not
 * looked at. Like
 * {@link writeDocsSite}, it refuses (with {@link DocsSiteError}) to read through a link inside the
 * folder.
 *
 * @example
 * ```ts
 * import { defaultPurlEngine, defaultPurlDefinitions } from 'teapurl';
 * import { generateDocsSite, checkDocsSite } from 'teapurl/docs';
 * const files = generateDocsSite(defaultPurlDefinitions(), { engine: defaultPurlEngine() });
 * const stale = await checkDocsSite('site', files, 'html');
 * if (stale.length > 0) console.error(stale.map((f) => `${f.path}: ${f.reason}`).join('\n'));
 * ```
 */
export async function checkDocsSite(outDir: string, files: readonly DocsFile[], format: DocsFormat): Promise<StaleFile[]> {
  assertSafePaths(
    outDir,
    files.map((file) => file.path),
  );
  const manifest = await readManifest(outDir);
  const stale: StaleFile[] = manifest === null ? [{ path: MANIFEST_FILE, reason: 'missing' }] : [];
  for (const folder of new Set(files.map((file) => path.posix.dirname(file.path)).filter((dir) => dir !== '.'))) {
    const where = sitePath(outDir, folder);
    if ((await lstat(where).catch(() => null))?.isSymbolicLink()) throw symlinkError(where);
  }
  for (const file of files) {
    const current = await currentText(outDir, file.path);
    if (current === null) stale.push({ path: file.path, reason: 'missing' });
    else if (current !== file.content)
      stale.push({ path: file.path, reason: 'differs', ...(manifest?.get(file.path)?.includes(pageHash(current)) ? {} : { changed: true as const }) });
  }
  const generated = new Set(files.map((file) => file.path));
  const extensions = formatExtensions(format);
  for (const [page, hashes] of manifest ?? []) {
    if (generated.has(page) || !extensions.some((ext) => page.endsWith(ext))) continue;
    // Extra only if a write would remove it: while it holds what teapurl wrote there.
    const current = await currentText(outDir, page);
    if (current !== null && hashes.includes(pageHash(current))) stale.push({ path: page, reason: 'extra' });
  }
  return stale.sort((a, b) => comparePaths(a.path, b.path));
}
