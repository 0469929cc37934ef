import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { comparePaths } from './docs-file.js';

/**
 * The file in the output folder that records the pages `teapurl docs` wrote there. Only the
 * pages it lists are ever overwritten or removed; a folder without it is not teapurl's.
 */
export const MANIFEST_FILE = '.teapurl-docs.json';
const MANIFEST_GENERATOR = 'teapurl docs';
/** Far above the manifest of any real site (a few dozen bytes per page), far below a memory problem. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
// Windows has no O_NOFOLLOW; there the lstat checks before each write are the only guard.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Why a documentation folder cannot be written or checked: it was not written by teapurl
 * (`not-ours`), a page would replace a file teapurl did not write (`conflict`), a page or folder
 * inside it is a symbolic link (`symlink`) or not a regular file (`not-regular`), the folder is
 * the file-system root or the home directory (`refused-folder`), its `.teapurl-docs.json` is
 * not one teapurl wrote (`bad-manifest`), or a page path would leave the folder (`bad-path`).
 *
 * @example
 * ```ts
 * import type { DocsSiteProblem } from 'teapurl/node';
 * const problem: DocsSiteProblem = 'symlink';
 * ```
 */
export type DocsSiteProblem = 'not-ours' | 'conflict' | 'symlink' | 'not-regular' | 'refused-folder' | 'bad-manifest' | 'bad-path';

/**
 * Thrown by {@link writeDocsSite} and {@link checkDocsSite} before they write or read anything
 * that is not theirs. The message names the file or folder and says how to proceed.
 *
 * @example
 * ```ts
 * import { writeDocsSite, DocsSiteError } from 'teapurl/node';
 * try {
 *   await writeDocsSite('site', files, 'html');
 * } catch (error) {
 *   if (error instanceof DocsSiteError) console.error(`${error.problem}: ${error.message}`); // names error.path
 *   else throw error;
 * }
 * ```
 */
export class DocsSiteError extends Error {
  /** What is wrong. */
  readonly problem: DocsSiteProblem;
  /** The file or folder it is about. */
  readonly path: string;

  constructor(problem: DocsSiteProblem, where: string, message: string) {
    super(message);
    this.name = 'DocsSiteError';
    this.problem = problem;
    this.path = where;
  }
}

/** `outDir` plus a `/`-separated site path, in the platform's form. */
export function sitePath(outDir: string, file: string): string {
  return path.join(outDir, ...file.split('/'));
}

const SAFE_SEGMENT = /^(?!\.\.?$)[^/\\\0]+$/;

/** A relative `/`-separated path that stays inside the folder and is not the manifest. */
function isSafeSitePath(file: string): boolean {
  return file !== MANIFEST_FILE && file.split('/').every((segment) => SAFE_SEGMENT.test(segment));
}

/** Refuses page paths that would leave the output folder (a library caller's own file list). */
export function assertSafePaths(outDir: string, files: readonly string[]): void {
  for (const file of files) {
    if (!isSafeSitePath(file)) throw new DocsSiteError('bad-path', sitePath(outDir, file), `${JSON.stringify(file)} cannot be a page: a page path is relative, uses / and has no . or .. segment`);
  }
}

async function lstatOrNull(file: string): Promise<Stats | null> {
  try {
    return await lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A link where a page or folder goes: refused, never followed. */
export function symlinkError(where: string): DocsSiteError {
  return new DocsSiteError('symlink', where, `${where} is a symbolic link; teapurl docs never writes or reads through a link inside its folder: replace it with a real file or folder, or choose another folder`);
}

function notRegularError(where: string, what: string): DocsSiteError {
  return new DocsSiteError('not-regular', where, `${where} is ${what}, not a page teapurl docs can replace: move it away or choose another folder`);
}

/** What a file system error says, with the path it is about, for the callers' one-line report. */
function fsError(code: string, where: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${message}: ${where}`), { code, path: where });
}

/**
 * Checks each folder between `outDir` and a page: none may be a link (the output folder itself
 * may be: the user named it), and each must be a folder. `known` caches the folders already seen.
 * Returns whether the page's folder exists.
 */
async function checkFolders(outDir: string, file: string, known: Map<string, boolean>): Promise<boolean> {
  const segments = file.split('/').slice(0, -1);
  let exists = true;
  for (let i = 1; i <= segments.length; i++) {
    const folder = sitePath(outDir, segments.slice(0, i).join('/'));
    let present = known.get(folder);
    if (present === undefined) {
      const info = await lstatOrNull(folder);
      if (info?.isSymbolicLink()) throw symlinkError(folder);
      if (info !== null && !info.isDirectory()) throw fsError('ENOTDIR', folder, 'not a folder');
      present = info !== null;
      known.set(folder, present);
    }
    if (!present) exists = false;
  }
  return exists;
}

/** The state of one page path in the folder: absent, a regular file, or an error to throw. */
async function pageState(outDir: string, file: string, folders: Map<string, boolean>): Promise<'absent' | 'file'> {
  if (!(await checkFolders(outDir, file, folders))) return 'absent';
  const where = sitePath(outDir, file);
  const info = await lstatOrNull(where);
  if (info === null) return 'absent';
  if (info.isSymbolicLink()) throw symlinkError(where);
  if (info.isDirectory()) throw fsError('EISDIR', where, 'a folder is in the way of a page');
  if (!info.isFile()) throw notRegularError(where, 'a special file (a pipe, socket or device)');
  return 'file';
}

/**
 * The pages recorded in `outDir/.teapurl-docs.json`, or `null` when there is none. A manifest that
 * is a link, too large, not JSON, or lists a path outside the folder is refused: a forged one must
 * not make teapurl remove files elsewhere.
 */
export async function readManifest(outDir: string): Promise<ReadonlySet<string> | null> {
  const file = path.join(outDir, MANIFEST_FILE);
  const info = await lstatOrNull(file);
  if (info === null) return null;
  if (info.isSymbolicLink()) throw symlinkError(file);
  const bad = (why: string) =>
    new DocsSiteError('bad-manifest', file, `${file} is not a record teapurl docs wrote (${why}); remove it only if the folder holds nothing else of yours, or choose another folder`);
  if (!info.isFile()) throw bad('not a regular file');
  if (info.size > MAX_MANIFEST_BYTES) throw bad(`${info.size} bytes, over ${MAX_MANIFEST_BYTES}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readNoFollow(file));
  } catch (error) {
    if (error instanceof SyntaxError) throw bad('not JSON');
    throw error;
  }
  const record = parsed as { generator?: unknown; pages?: unknown } | null;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) throw bad('not a JSON object');
  if (record.generator !== MANIFEST_GENERATOR) throw bad(`"generator" is not "${MANIFEST_GENERATOR}"`);
  if (!Array.isArray(record.pages)) throw bad('"pages" is not a list');
  for (const page of record.pages as unknown[]) {
    if (typeof page !== 'string' || !isSafeSitePath(page)) throw bad(`it lists ${JSON.stringify(page)}, which is not a page path inside the folder`);
  }
  return new Set(record.pages as string[]);
}

/** The manifest's text for a set of pages: sorted, so it is as deterministic as the pages. */
export function manifestText(pages: Iterable<string>): string {
  const sorted = [...new Set(pages)].sort(comparePaths);
  const record = {
    generator: MANIFEST_GENERATOR,
    about: 'The pages teapurl docs wrote into this folder. It overwrites and removes only these; other files are left alone.',
    pages: sorted,
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Reads a file whole without following a link at its last component. */
export async function readNoFollow(file: string): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | NO_FOLLOW);
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** Writes a file without following a link at its last component (a link there fails with ELOOP). */
export async function writeNoFollow(file: string, content: string): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NO_FOLLOW, 0o666);
  try {
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
}

/** $HOME and the account's home directory in the user database, which may differ (sudo, a changed HOME). */
function homeDirectories(): string[] {
  const homes = [os.homedir()];
  try {
    homes.push(os.userInfo().homedir);
  } catch {
    // no entry for this user id (a container's arbitrary uid)
  }
  return homes.filter((home) => typeof home === 'string' && home !== '');
}

/** The folder a site must never be written into: the file-system root and the home directory. */
async function refusedFolder(outDir: string): Promise<string | null> {
  const resolved = path.resolve(outDir);
  const real = await realpath(resolved).catch(() => resolved);
  for (const candidate of [resolved, real]) {
    if (candidate === path.parse(candidate).root) return 'the file-system root';
  }
  for (const home of homeDirectories()) {
    const realHome = await realpath(home).catch(() => path.resolve(home));
    if (real === realHome || resolved === path.resolve(home)) return 'the home directory';
  }
  return null;
}

/** What a write will do, worked out before anything is written. */
export interface SitePlan {
  /** The pages recorded before this run (empty for a new folder). */
  readonly recorded: ReadonlySet<string>;
  /** Recorded pages of the chosen format that are no longer generated and are still there. */
  readonly stale: readonly string[];
  /** Whether the folder has no manifest (a new folder, or one `--force` lets teapurl write into). */
  readonly unrecorded: boolean;
}

/**
 * Inspects `outDir` for a write of `pages`: refuses the root and home folders, links and special
 * files inside, a non-empty folder without a manifest and pages that would replace files teapurl
 * did not write (these two unless `force`). Throws {@link DocsSiteError} or a file system error.
 */
export async function planSite(outDir: string, pages: readonly string[], extensions: readonly string[], force: boolean): Promise<SitePlan> {
  assertSafePaths(outDir, pages);
  const refused = await refusedFolder(outDir);
  if (refused !== null) {
    throw new DocsSiteError('refused-folder', outDir, `${outDir} is ${refused}; teapurl docs writes only into a folder of its own: choose a new or empty folder such as ${path.join(outDir, 'site')}`);
  }
  const folder = await stat(outDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (folder !== null && !folder.isDirectory()) throw fsError('ENOTDIR', outDir, 'not a folder');
  const manifest = await readManifest(outDir);
  if (manifest === null && !force) {
    const entries = await readdir(outDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    if (entries.length > 0) {
      throw new DocsSiteError(
        'not-ours',
        outDir,
        `${outDir} is not empty and teapurl docs did not write it (it has no ${MANIFEST_FILE}); nothing was written. ` +
          'Choose a new or empty folder, or add --force to write the pages into it anyway (files with other names are left alone)',
      );
    }
  }
  const recorded = manifest ?? new Set<string>();
  const folders = new Map<string, boolean>();
  const conflicts: string[] = [];
  for (const page of pages) {
    if ((await pageState(outDir, page, folders)) === 'file' && !recorded.has(page)) conflicts.push(sitePath(outDir, page));
  }
  if (conflicts.length > 0 && !force) {
    const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more)` : '';
    throw new DocsSiteError(
      'conflict',
      conflicts[0]!,
      `${conflicts[0]}${more} was not written by teapurl docs (${MANIFEST_FILE} does not list it); nothing was written. ` +
        'Move it away, or add --force to overwrite it',
    );
  }
  const generated = new Set(pages);
  const stale: string[] = [];
  for (const page of [...recorded].sort(comparePaths)) {
    if (generated.has(page) || !extensions.some((ext) => page.endsWith(ext))) continue;
    if ((await pageState(outDir, page, folders)) === 'file') stale.push(page);
  }
  return { recorded, stale, unrecorded: manifest === null };
}
