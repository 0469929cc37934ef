import { readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { UsageError } from './usage-error.js';
import { errorCode, fsReason } from '../shared/node/fs-reason.js';
import { quoteArg } from './output/safe-text.js';

/** How a path named on the command line is shown: `--api-keys 'keys.json'`, or `'suite.json'` for an argument. */
function named(value: string, option: string | undefined): string {
  return option === undefined ? quoteArg(value) : `${option} ${quoteArg(value)}`;
}

/** What is at a named path, or why it cannot be used: not there, or not reachable. */
function statArg(value: string, cwd: string, option: string | undefined): Stats | string {
  try {
    return statSync(path.resolve(cwd, value));
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return `${named(value, option)} does not exist`;
    return `${named(value, option)} cannot be reached: ${fsReason(error)}`;
  }
}

/**
 * The reason a path named where a file is wanted cannot be used: it is not there, or it is a
 * folder; `null` when it is a file. `option` names the option (`--api-keys`), or nothing for
 * an argument.
 */
export function fileArgProblem(value: string, cwd: string, option?: string): string | null {
  const info = statArg(value, cwd, option);
  if (typeof info === 'string') return info;
  return info.isDirectory() ? `${named(value, option)} is a folder, not a file` : null;
}

/** Checks that a path named where a folder is wanted is one; its absolute path. */
export function requireFolderArg(value: string, cwd: string, option: string): string {
  const info = statArg(value, cwd, option);
  if (typeof info === 'string') throw new UsageError(info);
  if (!info.isDirectory()) throw new UsageError(`${named(value, option)} is a file, not a folder`);
  return path.resolve(cwd, value);
}

/** Reads a file named by an option (`--api-keys FILE`): not there, a folder, or unreadable is a usage error. */
export function readFileArg(value: string, cwd: string, option: string): string {
  const problem = fileArgProblem(value, cwd, option);
  if (problem !== null) throw new UsageError(problem);
  try {
    return readFileSync(path.resolve(cwd, value), 'utf8');
  } catch (error) {
    throw new UsageError(`${named(value, option)} cannot be read: ${fsReason(error)}`);
  }
}
