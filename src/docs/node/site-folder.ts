import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, stat, unlink, type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { comparePaths } from '../docs-file.js';
import { TeapurlError } from '../../shared/errors.js';
import { NO_FOLLOW } from '../../shared/node/safe-write.js';

/**
 * The file in the output folder that records the pages `teapurl docs` wrote there, each with the
 * SHA-256 of what it wrote. Only a page it lists, still holding what was written, is ever
 * overwritten or removed; a folder without it is not teapurl's.
 */
export const MANIFEST_FILE = '.teapurl-docs.json';
const MANIFEST_GENERATOR = 'teapurl docs';
/** Far above the manifest of any real site (a few dozen bytes per page), far below a memory problem. */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

/**
 * Why a documentation folder cannot be written or checked: it was not written by teapurl
 * (`not-ours`), a page would replace a file teapurl did not write (`conflict`), a page or folder
 * inside it is a symbolic link (`symlink`) or not a regular file (`not-regular`), the folder is
 * the file-system root or the home directory (`refused-folder`), its `.teapurl-docs.json` is
 * not one teapurl wrote (`bad-manifest`), a page path would leave the folder (`bad-path`), or the
 * live PURL box's built script cannot be found (`missing-asset`).
 *
 * @example
 * ```ts
 * import type { DocsSiteProblem } from 'teapurl/docs';
 * const problem: DocsSiteProblem = 'symlink';
 * ```
 */
export type DocsSiteProblem = 'not-ours' | 'conflict' | 'symlink' | 'not-regular' | 'refused-folder' | 'bad-manifest' | 'bad-path' | 'missing-asset';

/**
 * Thrown by {@link writeDocsSite} and {@link checkDocsSite} before they write or read anything
 * that is not theirs; `code` says what is wrong (one of {@link DocsSiteProblem}). The message
 * names the file or folder and says how to proceed.
 *
 * @example
 * ```ts
 * import { writeDocsSite, DocsSiteError } from 'teapurl/docs';
 * try {
 *   await writeDocsSite('site', files, 'html');
 * } catch (error) {
 *   if (error instanceof DocsSiteError) console.error(`${error.code}: ${error.message}`); // names error.path
 *   else throw error;
 * }
 * ```
 */
export class DocsSiteError extends TeapurlError<DocsSiteProblem> {
  /** Always `'DocsSiteError'`. */
  override name = 'DocsSiteError';
  /** The file or folder it is about. */
  readonly path: string;

  constructor(problem: DocsSiteProblem, where: string, message: string) {
    super(message, { code: problem });
    this.path = where;
  }

  /**
   * What is wrong: the same as `code`.
   *
   * @deprecated use `code`; `problem` goes in the next minor version.
   */
  get problem(): DocsSiteProblem {
    return this.code;
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
    if (!isSafeSitePath(file))
      throw new DocsSiteError(
        'bad-path',
        sitePath(outDir, file),
        `${JSON.stringify(file)} cannot be a page: a page path is relative, uses / and has no . or .. segment`,
      );
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
  return new DocsSiteError(
    'symlink',
    where,
    `${where} is a symbolic link; teapurl docs never writes or reads through a link inside its folder: replace it with a real file or folder, or choose another folder`,
  );
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

/** The hash a page is recorded with: SHA-256 of its UTF-8 text, in hex. */
export function pageHash(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * What `.teapurl-docs.json` records: each page, with the hashes its content may have and still be
 * the one teapurl wrote (one; two while a run rewrites it; none in a record from before hashes,
 * whose pages are then never taken for teapurl's).
 */
export type SiteRecord = ReadonlyMap<string, readonly string[]>;

/**
 * The pages recorded in `outDir/.teapurl-docs.json`, or `null` when there is none. A manifest that
 * is a link, too large, not JSON, or lists a path outside the folder is refused: a forged one must
 * not make teapurl remove files elsewhere. Nor can it make teapurl remove or overwrite a file of
 * someone else's in the folder: a page counts as teapurl's only while it holds what was recorded.
 */
export async function readManifest(outDir: string): Promise<SiteRecord | null> {
  const file = path.join(outDir, MANIFEST_FILE);
  const info = await lstatOrNull(file);
  if (info === null) return null;
  if (info.isSymbolicLink()) throw symlinkError(file);
  const bad = (why: string) =>
    new DocsSiteError(
      'bad-manifest',
      file,
      `${file} is not a record teapurl docs wrote (${why}); remove it only if the folder holds nothing else of yours, or choose another folder`,
    );
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
  let entries: Array<[unknown, unknown]>;
  // A list of page paths is the record of a teapurl from before hashes: pages known, contents not.
  if (Array.isArray(record.pages)) entries = (record.pages as unknown[]).map((page) => [page, []]);
  else if (typeof record.pages === 'object' && record.pages !== null) entries = Object.entries(record.pages);
  else throw bad('"pages" is not an object of pages and their SHA-256');
  const recorded = new Map<string, readonly string[]>();
  for (const [page, hashes] of entries) {
    if (typeof page !== 'string' || !isSafeSitePath(page)) throw bad(`it lists ${JSON.stringify(page)}, which is not a page path inside the folder`);
    const list = typeof hashes === 'string' ? [hashes] : hashes;
    if (!Array.isArray(list) || !list.every((hash) => typeof hash === 'string' && SHA256.test(hash)))
      throw bad(`${JSON.stringify(page)} is not recorded with the SHA-256 of its content`);
    recorded.set(page, list as string[]);
  }
  return recorded;
}

/**
 * The manifest's text for pages and their hashes: sorted, so it is as deterministic as the pages.
 * A page is written with its one hash; with several (a page being rewritten) as a list.
 */
export function manifestText(pages: SiteRecord): string {
  const record = {
    generator: MANIFEST_GENERATOR,
    about:
      'The pages teapurl docs wrote into this folder, with the SHA-256 of each. It overwrites and removes only these, and only while they hold what it wrote; other files are left alone.',
    pages: Object.fromEntries(
      [...pages.keys()].sort(comparePaths).map((page) => {
        const hashes = [...new Set(pages.get(page))];
        return [page, hashes.length === 1 ? hashes[0]! : hashes];
      }),
    ),
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
  /** The pages recorded before this run, with their hashes (empty for a new folder). */
  readonly recorded: SiteRecord;
  /** Recorded pages of the chosen format that are no longer generated and still hold what teapurl wrote: to remove. */
  readonly stale: readonly string[];
  /** Recorded pages of the chosen format that are no longer generated but do not hold what teapurl wrote: left alone, and no longer recorded. */
  readonly kept: readonly string[];
  /** Whether the folder has no manifest (a new folder, or one `--force` lets teapurl write into). */
  readonly unrecorded: boolean;
}

/** The hash of a page's bytes as they are now, read without following a link. */
async function currentHash(file: string): Promise<string> {
  const handle = await open(file, constants.O_RDONLY | NO_FOLLOW);
  try {
    return pageHash(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/** Whether the page at `file` holds what the record says teapurl wrote there. */
async function holdsRecorded(file: string, hashes: readonly string[] | undefined): Promise<boolean> {
  return hashes !== undefined && hashes.length > 0 && hashes.includes(await currentHash(file));
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
    throw new DocsSiteError(
      'refused-folder',
      outDir,
      `${outDir} is ${refused}; teapurl docs writes only into a folder of its own: choose a new or empty folder such as ${path.join(outDir, 'site')}`,
    );
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
          'Choose a new or empty folder, or write with the force option to write the pages into it anyway (files with other names are left alone)',
      );
    }
  }
  const recorded: SiteRecord = manifest ?? new Map();
  const folders = new Map<string, boolean>();
  const conflicts: Array<{ where: string; listed: boolean }> = [];
  for (const page of pages) {
    const where = sitePath(outDir, page);
    if ((await pageState(outDir, page, folders)) === 'file' && !(await holdsRecorded(where, recorded.get(page))))
      conflicts.push({ where, listed: recorded.has(page) });
  }
  if (conflicts.length > 0 && !force) {
    const [first] = conflicts as [{ where: string; listed: boolean }];
    const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more)` : '';
    const why = first.listed
      ? `changed since teapurl docs wrote it (it does not hold what ${MANIFEST_FILE} records)`
      : `was not written by teapurl docs (${MANIFEST_FILE} does not list it)`;
    throw new DocsSiteError(
      'conflict',
      first.where,
      `${first.where}${more} ${why}; nothing was written. Move it away, or write with the force option to overwrite it`,
    );
  }
  const generated = new Set(pages);
  const stale: string[] = [];
  const kept: string[] = [];
  for (const page of [...recorded.keys()].sort(comparePaths)) {
    if (generated.has(page) || !extensions.some((ext) => page.endsWith(ext))) continue;
    if ((await pageState(outDir, page, folders)) !== 'file') continue;
    if (await holdsRecorded(sitePath(outDir, page), recorded.get(page))) stale.push(page);
    else kept.push(page);
  }
  return { recorded, stale, kept, unrecorded: manifest === null };
}

/** One folder of the site, held open while the site is written. */
interface HeldFolder {
  readonly path: string;
  readonly handle: FileHandle;
  readonly info: Stats;
}

/** Whether the path names the same file or folder as `info` (device and inode). */
const same = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;

/**
 * The output folder as it is written: each of its folders is opened once (a link refused), and
 * every page is written and removed through that open folder, not by its path. On Linux the path
 * is `/proc/self/fd/<folder>/<name>`, which the kernel resolves from the folder itself: a folder
 * replaced by a link after the checks cannot send a write or an unlink anywhere else. Elsewhere
 * each operation first checks that the folder's path still leads to the folder opened, and that a
 * file opened is the one in it before anything is written to it. Either way, a folder found
 * replaced stops the run with a {@link DocsSiteError}.
 */
export class SiteFolder {
  readonly #outDir: string;
  readonly #folders = new Map<string, Promise<HeldFolder>>();
  #throughProc = false;

  private constructor(outDir: string) {
    this.#outDir = outDir;
  }

  /** Opens (creating it and the folders above it as needed) the output folder, which may itself be a link: the user named it. */
  static async open(outDir: string): Promise<SiteFolder> {
    const site = new SiteFolder(outDir);
    await mkdir(outDir, { recursive: true });
    const handle = await open(outDir, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0));
    const info = await handle.stat();
    site.#folders.set('', Promise.resolve({ path: outDir, handle, info }));
    const proc = await stat(`/proc/self/fd/${handle.fd}`).catch(() => null);
    site.#throughProc = proc !== null && same(proc, info);
    return site;
  }

  /** Where `name` in `folder` is reached: through the open folder where the system allows it. */
  #entry(folder: HeldFolder, name: string): string {
    return this.#throughProc ? `/proc/self/fd/${folder.handle.fd}/${name}` : path.join(folder.path, name);
  }

  /** The site folder `dir` (`/`-separated, `''` for the output folder), created and opened once. */
  #folder(dir: string): Promise<HeldFolder> {
    let held = this.#folders.get(dir);
    if (held === undefined) {
      held = this.#openFolder(dir);
      this.#folders.set(dir, held);
    }
    return held;
  }

  async #openFolder(dir: string): Promise<HeldFolder> {
    const parent = await this.#folder(path.posix.dirname(dir) === '.' ? '' : path.posix.dirname(dir));
    await this.#check(parent);
    const name = path.posix.basename(dir);
    const where = sitePath(this.#outDir, dir);
    await mkdir(this.#entry(parent, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    let handle: FileHandle;
    try {
      handle = await open(this.#entry(parent, name), constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | NO_FOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ELOOP' && code !== 'ENOTDIR') throw error;
      if ((await lstatOrNull(where))?.isSymbolicLink()) throw symlinkError(where);
      throw fsError('ENOTDIR', where, 'not a folder');
    }
    const folder = { path: where, handle, info: await handle.stat() };
    await this.#check(folder);
    return folder;
  }

  /** Throws unless the folder's path still leads to the folder held open. */
  async #check(folder: HeldFolder): Promise<void> {
    const now = folder.path === this.#outDir ? await stat(folder.path).catch(() => null) : await lstatOrNull(folder.path);
    if (now === null || !now.isDirectory() || !same(now, folder.info)) {
      throw new DocsSiteError(
        'symlink',
        folder.path,
        `${folder.path} was replaced while teapurl docs wrote the site (it is now a link, another folder or gone); nothing was written or removed through it: look at what is there now, then run again`,
      );
    }
  }

  /** Throws unless the file opened is the one `file` names: without /proc, the path could have led elsewhere meanwhile. */
  async #checkFile(handle: FileHandle, file: string): Promise<void> {
    if (this.#throughProc) return;
    const [opened, named] = await Promise.all([handle.stat(), lstatOrNull(file)]);
    if (named === null || !same(opened, named)) throw symlinkError(file);
  }

  /** Writes a page (or the record), replacing what is there, without following a link. */
  async write(page: string, content: string): Promise<void> {
    const folder = await this.#folder(path.posix.dirname(page) === '.' ? '' : path.posix.dirname(page));
    const where = sitePath(this.#outDir, page);
    await this.#check(folder);
    let handle: FileHandle;
    try {
      // Not truncated on opening: nothing is changed until the file is known to be the right one.
      handle = await open(this.#entry(folder, path.posix.basename(page)), constants.O_WRONLY | constants.O_CREAT | NO_FOLLOW, 0o666);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw symlinkError(where);
      throw error;
    }
    try {
      await this.#check(folder);
      await this.#checkFile(handle, where);
      await handle.truncate(0);
      await handle.writeFile(content, 'utf8');
    } finally {
      await handle.close();
    }
  }

  /** Removes a page if it still holds what the record says teapurl wrote: `removed`, else `changed` (left alone) or `gone`. */
  async remove(page: string, hashes: readonly string[] | undefined): Promise<'removed' | 'changed' | 'gone'> {
    const folder = await this.#folder(path.posix.dirname(page) === '.' ? '' : path.posix.dirname(page));
    const where = sitePath(this.#outDir, page);
    const entry = this.#entry(folder, path.posix.basename(page));
    await this.#check(folder);
    let handle: FileHandle;
    try {
      handle = await open(entry, constants.O_RDONLY | NO_FOLLOW);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return 'gone';
      if (code === 'ELOOP') throw symlinkError(where);
      throw error;
    }
    try {
      if (hashes === undefined || !hashes.includes(pageHash(await handle.readFile()))) return 'changed';
      await this.#check(folder);
      await this.#checkFile(handle, where);
    } finally {
      await handle.close();
    }
    await unlink(entry);
    return 'removed';
  }

  /** Closes the folders held open. */
  async close(): Promise<void> {
    const held = await Promise.allSettled(this.#folders.values());
    await Promise.all(held.map((folder) => (folder.status === 'fulfilled' ? folder.value.handle.close() : undefined)));
  }
}
