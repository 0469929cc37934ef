import { lstatSync, readdirSync, statSync, type BigIntStats, type Dirent } from 'node:fs';
import path from 'node:path';
import type picomatchType from 'picomatch';
import { requireFrom } from './require-from.js';

/** A folder a glob could not search, or a matching link that leads nowhere: reported, not fatal. */
export interface GlobProblem {
  /** The folder or link, written the way the pattern writes paths. */
  readonly path: string;
  /** What happened: `EACCES` (folder not searchable), `ELOOP` (link loop), `ENOENT` (dangling link), … */
  readonly code: string;
  /** Whether `path` is a folder that was not searched (else a matching entry that could not be opened). */
  readonly folder: boolean;
}

/** The files one glob names, and what got in the way. */
export interface GlobExpansion {
  /** Regular files (or links to them), sorted, each file once, as `base/relative/path`. */
  readonly files: string[];
  readonly problems: GlobProblem[];
}

/** The file system calls the walk makes; tests inject failures a root-run test cannot cause. */
export interface GlobFs {
  readdirSync(dir: string, options: { withFileTypes: true }): Dirent[];
  statSync(file: string, options: { bigint: true }): BigIntStats;
}

const NODE_FS: GlobFs = { readdirSync, statSync };

let picomatch: typeof picomatchType | undefined;
function loadPicomatch(): typeof picomatchType {
  // Loaded on first use: most pre-commit runs pass plain paths and never need it.
  return (picomatch ??= requireFrom(import.meta.url)('picomatch') as typeof picomatchType);
}

function matcher(glob: string): (test: string) => boolean {
  picomatch = loadPicomatch();
  // The bare expression: picomatch's matcher function adds per-call work (prefix and format
  // handling) that relative paths built by the walk never need.
  const re = picomatch.makeRe(glob, { dot: true });
  return (test) => re.test(test);
}

const identity = (info: BigIntStats) => `${info.dev}:${info.ino}`;

function compareNames(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Whether every bracket, brace and parenthesis opened in a segment closes in it (no `/` inside a group). */
function balanced(segment: string): boolean {
  let depth = 0;
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '\\') i++;
    else if (c === '{' || c === '(' || c === '[') depth++;
    else if (c === '}' || c === ')' || c === ']') depth--;
  }
  return depth === 0;
}

/**
 * How deep a walk must go and which folders can hold matches: the pattern's segments before any
 * `**` must each match the folder at that depth, and without `**` nothing deeper than the
 * pattern's own depth is read.
 */
function folderFilter(glob: string): { maxDepth: number; canEnter: (name: string, depth: number) => boolean } {
  const segments = glob.split('/');
  const globstar = segments.findIndex((s) => s.includes('**'));
  const maxDepth = globstar === -1 ? segments.length : Infinity;
  const anyFolder = { maxDepth, canEnter: (_name: string, depth: number) => depth < maxDepth };
  if (!segments.every(balanced)) return anyFolder;
  let fixed: ((test: string) => boolean)[];
  try {
    fixed = (globstar === -1 ? segments.slice(0, -1) : segments.slice(0, globstar)).map(matcher);
  } catch {
    return anyFolder; // a segment picomatch reads only as part of the whole: filter by depth alone
  }
  return { maxDepth, canEnter: (name, depth) => depth < maxDepth && (depth > fixed.length || fixed[depth - 1]!(name)) };
}

interface Folder {
  readonly abs: string;
  readonly rel: string;
  readonly depth: number;
  readonly info?: BigIntStats;
}

const GLOB_MAGIC = /[*?[\]{}()!]/;

/** The part of a pattern the walk matches (after its fixed folders), and those folders as written. */
function splitPattern(pattern: string): { glob: string; written: string; negated: boolean } {
  const scan = loadPicomatch().scan(pattern);
  const glob = scan.glob !== '' && pattern.endsWith(scan.glob) ? scan.glob : pattern;
  return { glob, written: pattern.slice(0, pattern.length - glob.length), negated: scan.negated };
}

/**
 * Whether a pattern is a glob picomatch can expand: it holds glob characters and picomatch
 * compiles it (`*.json`, `v[12].json`, `!x`). A pattern picomatch cannot compile or reads as
 * plain text (`[`, `v[1.json`, `{a`) is a path, taken literally.
 *
 * @example
 * ```ts
 * isGlob('types/*.json'); // true
 * isGlob('brk/v[1.json'); // false: an unclosed bracket is a character of the name
 * ```
 */
export function isGlob(pattern: string): boolean {
  if (!GLOB_MAGIC.test(pattern)) return false;
  const scan = loadPicomatch().scan(pattern);
  if (scan.negated) return true;
  if (!scan.isGlob || scan.glob === '') return false;
  try {
    loadPicomatch().makeRe(splitPattern(pattern).glob, { dot: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * How a command-line argument is read, the same way by every command: a path that exists is that
 * path, even when it looks like a glob (a file named `v[1].json`); otherwise a pattern that
 * {@link isGlob} accepts is a glob to expand, and anything else is a path (which may be missing).
 *
 * @example
 * ```ts
 * readsAsGlob('types/*.json', process.cwd()); // true, unless a file is literally named `*.json`
 * readsAsGlob('[', process.cwd());            // false: a path, missing or not
 * ```
 */
export function readsAsGlob(argument: string, cwd: string): boolean {
  if (!isGlob(argument)) return false;
  try {
    lstatSync(path.resolve(cwd, argument));
    return false;
  } catch {
    return true;
  }
}

/** A pattern that is no glob names one file, or nothing. */
function literalPath(pattern: string, cwd: string, fs: GlobFs): GlobExpansion {
  try {
    return { files: fs.statSync(path.resolve(cwd, pattern), { bigint: true }).isFile() ? [pattern] : [], problems: [] };
  } catch {
    return { files: [], problems: [] };
  }
}

/**
 * Expands one glob relative to `cwd` with a walk that always ends: every folder is read at most
 * once however many links lead to it (folders are told apart by device and inode), so link cycles
 * cost one visit; folders reached without a link are walked before folders behind links, so a
 * file is named by its own path when it has one; a folder that cannot be read is a problem, and
 * the walk goes on. Matching is picomatch's, with dot files included. Folders named in
 * `options.skipFolders` (`node_modules`, `.git`) are not entered, at any depth.
 */
export function expandGlob(pattern: string, cwd: string, fs: GlobFs = NODE_FS, options: { skipFolders?: readonly string[] } = {}): GlobExpansion {
  if (!isGlob(pattern)) return literalPath(pattern, cwd, fs);
  const skipped = new Set(options.skipFolders ?? []);
  const { glob, written, negated } = splitPattern(pattern);
  if (negated) return { files: [], problems: [] }; // `!x`: an exclusion with nothing to exclude from
  const base = (written.length > 1 ? written.replace(/\/+$/, '') : written).replace(/\\(.)/g, '$1');
  const shownPrefix = base === '' || base.endsWith('/') ? base : `${base}/`;
  const shown = (rel: string) => shownPrefix + rel;
  const matches = matcher(glob);
  const { maxDepth, canEnter } = folderFilter(glob);

  const problems: GlobProblem[] = [];
  const files: string[] = [];
  const linkedFiles: { file: string; id: string }[] = [];
  const visited = new Set<string>();
  const stack: Folder[] = [];
  const behindLinks: Folder[] = [];

  const rootAbs = path.resolve(cwd, base === '' ? '.' : base);
  try {
    const info = fs.statSync(rootAbs, { bigint: true });
    if (!info.isDirectory()) return { files: [], problems: [] };
    visited.add(identity(info));
    stack.push({ abs: rootAbs, rel: '', depth: 0 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    if (code !== 'ENOENT' && code !== 'ENOTDIR') problems.push({ path: base || '.', code, folder: true });
    return { files: [], problems };
  }

  for (;;) {
    let folder = stack.pop();
    if (folder === undefined) {
      folder = behindLinks.shift();
      if (folder === undefined) break;
      const id = identity(folder.info!);
      if (visited.has(id)) continue;
      visited.add(id);
    }
    let entries: Dirent[];
    try {
      entries = fs.readdirSync(folder.abs, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
      if (code !== 'ENOENT' && code !== 'ENOTDIR') problems.push({ path: folder.rel === '' ? base || '.' : shown(folder.rel), code, folder: true });
      continue;
    }
    const subfolders: Folder[] = [];
    const depth = folder.depth + 1;
    const within = depth <= maxDepth;
    const relPrefix = folder.rel === '' ? '' : `${folder.rel}/`;
    for (const entry of entries.sort(compareNames)) {
      const rel = relPrefix + entry.name;
      // The common entry, a file, is matched and named without the closures the rarer ones need.
      if (entry.isFile()) {
        if (within && matches(rel)) files.push(shownPrefix + rel);
        continue;
      }
      const abs = () => path.join(folder.abs, entry.name);
      const isMatch = () => within && matches(rel);
      if (entry.isDirectory()) {
        if (!canEnter(entry.name, depth) || skipped.has(entry.name)) continue;
        let info: BigIntStats;
        try {
          info = fs.statSync(abs(), { bigint: true });
        } catch (error) {
          problems.push({ path: shown(rel), code: (error as NodeJS.ErrnoException).code ?? 'EIO', folder: true });
          continue;
        }
        if (visited.has(identity(info))) continue;
        visited.add(identity(info));
        subfolders.push({ abs: abs(), rel, depth });
      } else if (entry.isSymbolicLink()) {
        let info: BigIntStats;
        const target = abs();
        try {
          info = fs.statSync(target, { bigint: true });
        } catch (error) {
          // A link that leads nowhere matters only where a file was asked for.
          if (isMatch()) problems.push({ path: shown(rel), code: (error as NodeJS.ErrnoException).code ?? 'EIO', folder: false });
          continue;
        }
        if (info.isDirectory()) {
          if (canEnter(entry.name, depth) && !skipped.has(entry.name)) behindLinks.push({ abs: target, rel, depth, info });
        } else if (info.isFile() && isMatch()) {
          linkedFiles.push({ file: shown(rel), id: identity(info) });
        }
      }
      // Pipes, sockets and devices are not documents; a glob passes over them as fast-glob does.
    }
    for (let i = subfolders.length - 1; i >= 0; i--) stack.push(subfolders[i]!);
  }

  if (linkedFiles.length > 0) {
    // A link to a file the walk also found (or another link to it) names that file again.
    const seen = new Set<string>();
    for (const file of files) {
      try {
        seen.add(identity(fs.statSync(path.resolve(cwd, file), { bigint: true })));
      } catch {
        // gone since the walk: the read will say so
      }
    }
    for (const { file, id } of linkedFiles) {
      if (seen.has(id)) continue;
      seen.add(id);
      files.push(file);
    }
  }
  return { files: files.sort(), problems };
}
