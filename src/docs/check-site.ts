import { readFile } from 'node:fs/promises';
import type { DocsFile, DocsFormat } from './docs-file.js';
import { comparePaths } from './docs-file.js';
import { existingTypePages, sitePath } from './site-folder.js';

/**
 * A page of a written site that does not match what would be generated now: `missing` (should
 * be there and is not), `differs` (its content is not what would be written) or `extra` (a type
 * page for a type the definitions no longer have).
 *
 * @example
 * ```ts
 * import type { StaleFile } from 'teapurl';
 * const stale: StaleFile = { path: 'types/npm.html', reason: 'differs' };
 * ```
 */
export interface StaleFile {
  /** The site path, `/`-separated, relative to the output folder. */
  readonly path: string;
  /** Why it is stale: not there, not what would be written, or a page for a type that is gone. */
  readonly reason: 'missing' | 'differs' | 'extra';
}

/**
 * Compares a folder with freshly generated pages without writing anything: the stale files,
 * sorted by path; none means the folder is up to date. Only `types/*` pages of `format` can be
 * `extra`; other files in the folder are not looked at.
 *
 * @example
 * ```ts
 * import { generateDocsSite, checkDocsSite, defaultPurlEngine } from 'teapurl';
 * const engine = defaultPurlEngine();
 * const files = generateDocsSite(engine.types().map((t) => engine.definition(t)!), { engine });
 * const stale = await checkDocsSite('site', files, 'html');
 * if (stale.length > 0) console.error(stale.map((f) => `${f.path}: ${f.reason}`).join('\n'));
 * ```
 */
export async function checkDocsSite(outDir: string, files: readonly DocsFile[], format: DocsFormat): Promise<StaleFile[]> {
  const stale: StaleFile[] = [];
  await Promise.all(
    files.map(async (file) => {
      let current: string;
      try {
        current = await readFile(sitePath(outDir, file.path), 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR') stale.push({ path: file.path, reason: 'missing' });
        else if (code === 'EISDIR') stale.push({ path: file.path, reason: 'differs' });
        else throw error;
        return;
      }
      if (current !== file.content) stale.push({ path: file.path, reason: 'differs' });
    }),
  );
  const generated = new Set(files.map((file) => file.path));
  for (const page of await existingTypePages(outDir, format)) {
    if (!generated.has(page)) stale.push({ path: page, reason: 'extra' });
  }
  return stale.sort((a, b) => comparePaths(a.path, b.path));
}
