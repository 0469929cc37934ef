import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { formatExtensions, TYPES_FOLDER, type DocsFormat } from './docs-file.js';

/** `outDir` plus a `/`-separated site path, in the platform's form. */
export function sitePath(outDir: string, file: string): string {
  return path.join(outDir, ...file.split('/'));
}

/**
 * The type pages of `format` already in `outDir/types` (`types/x.html`, `types/x.md`), sorted;
 * none when the folder does not exist. Only these can go stale: other files are left alone.
 */
export async function existingTypePages(outDir: string, format: DocsFormat): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(sitePath(outDir, TYPES_FOLDER), { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const extensions = formatExtensions(format);
  return entries
    .filter((entry) => entry.isFile() && extensions.some((ext) => entry.name.endsWith(ext) && entry.name.length > ext.length))
    .map((entry) => `${TYPES_FOLDER}/${entry.name}`)
    .sort();
}
