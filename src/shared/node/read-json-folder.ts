import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expandGlob } from './expand-glob.js';
import { fsReason } from './fs-reason.js';

/** One file of a folder of JSON documents: its name as messages show it, and its text. */
export interface FolderFile {
  readonly source: string;
  readonly text: string;
}

/** What the documents of a folder are, for messages: `type definitions` / `the definition set`. */
export interface FolderNouns {
  readonly plural: string;
  readonly set: string;
}

/** How a file is named in a message: relative to the working folder when that is shorter. */
export function shownPath(file: string): string {
  return path.relative(process.cwd(), file) || file;
}

/**
 * Every `*.json` file under `directory`, in file-name order, read as text: the loaders of type
 * definitions and of URL documents. The walk is the validator's, so a folder reached twice
 * through symbolic links is read once. A folder that cannot be searched, a folder without
 * documents and an unreadable file each go to `refuse` (which throws the loader's own error),
 * naming the file.
 */
export async function readJsonFolder(directory: string, nouns: FolderNouns, refuse: (source: string, message: string) => never): Promise<FolderFile[]> {
  const walk = expandGlob('**/*.json', directory);
  const problem = walk.problems[0];
  if (problem !== undefined) {
    const shown = shownPath(path.resolve(directory, problem.path));
    refuse(
      shown,
      `${shown}: ${problem.folder ? 'a folder that cannot be searched' : 'cannot be read'}: ${fsReason(problem.code)}; ${nouns.set} would be incomplete`,
    );
  }
  if (walk.files.length === 0) refuse(directory, `${directory}: no *.json ${nouns.plural} found`);
  const files: FolderFile[] = [];
  for (const file of walk.files.map((f) => path.resolve(directory, f))) {
    const source = shownPath(file);
    try {
      files.push({ source, text: await readFile(file, 'utf8') });
    } catch (error) {
      refuse(source, `${source}: cannot be read: ${fsReason(error)}`);
    }
  }
  return files;
}
