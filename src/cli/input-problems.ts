import { isGlob } from '../shared/node/expand-glob.js';
import type { ValidationResult } from '../validator/index.js';
import { quoteArg } from './output/safe-text.js';
import { statSync } from 'node:fs';
import path from 'node:path';

function isFolder(where: string, cwd: string): boolean {
  try {
    return statSync(path.resolve(cwd, where)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Splits what the file walk found into the items to report and the arguments that named nothing
 * to check: a path that does not exist, a glob that matches no file, a folder named where files
 * are wanted. Those are usage problems (exit 2); the files the other arguments named are still
 * validated and reported. `items` are validation results, or anything that holds one (`resultOf`):
 * `validate --fix` passes its per-file fixes.
 */
export function inputProblems<T>(
  unmatched: readonly string[],
  items: readonly T[],
  resultOf: (item: T) => ValidationResult,
  cwd?: string,
): { kept: T[]; problems: string[] } {
  const problems = unmatched.map((pattern) =>
    isGlob(pattern)
      ? `${quoteArg(pattern)} matches no file`
      : cwd !== undefined && isFolder(pattern, cwd)
        ? `${quoteArg(pattern)} is a folder that holds no document teapurl recognises (by name or content); name the files and pass --kind`
        : `${quoteArg(pattern)} does not exist`,
  );
  const kept: T[] = [];
  for (const item of items) {
    const result = resultOf(item);
    // A folder can only be reached by naming it: a glob's walk yields files.
    if (result.findings.length === 1 && result.findings[0]!.rule === 'file/directory') {
      problems.push(`${quoteArg(result.file)} is a folder, not a file; name the files in it, e.g. ${quoteArg(`${result.file.replace(/\/+$/, '')}/**/*.json`)}`);
    } else {
      kept.push(item);
    }
  }
  return { kept, problems };
}
