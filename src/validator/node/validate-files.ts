import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import { expandGlob, readsAsGlob, type GlobProblem } from '../../shared/node/expand-glob.js';
import { passes, type Finding } from '../../shared/finding.js';
import { detectKind, internalErrorFinding, resolveKind, validateText, type ValidationResult, type ValidationSetup } from '../validate.js';
import type { DocumentKind } from '../all-kinds.js';
import type { ValidateOptions } from '../validate.js';
import { withNodeGuard } from '../../purl/node/node-pattern-guard.js';
import { errorCode, fsReason, isPermissionCode } from '../../shared/node/fs-reason.js';
import { HEAD_BYTES, sizeLimits, tooLargeMessage, type SizeLimit, type SizeLimits } from './size-limit.js';

/**
 * Options for {@link validateFiles}.
 *
 * @example
 * ```ts
 * import { validateFiles, type ValidateFilesOptions } from 'teapurl/node';
 * const options: ValidateFilesOptions = { kind: 'purl-type', cwd: 'corpus', maxBytes: 1024 * 1024 };
 * const report = await validateFiles(['purl-types/*.json'], options);
 * ```
 */
export interface ValidateFilesOptions extends ValidationSetup {
  /** The kind of every document; detected per file when absent. */
  kind?: DocumentKind | string;
  /** Directory that relative paths and globs start from. Default: `process.cwd()`. */
  cwd?: string;
  /**
   * Files larger than this many bytes are refused unread. Default: 16 MiB, and for an SBOM (told
   * by `kind`, its file name or its first 64 KiB) 1/32 of Node's heap limit (128 MiB with a heap
   * of 4 GiB), what validating it may take.
   */
  maxBytes?: number;
  /** The most findings listed per file; see {@link ValidateOptions.maxFindings}. */
  maxFindings?: number;
}

/**
 * The verdict on a set of files.
 *
 * @example
 * ```ts
 * import { validateFiles, type FilesReport } from 'teapurl/node';
 * const report: FilesReport = await validateFiles(['corpus/purl-types/*.json', 'missing.json']);
 * report.unmatched; // ['missing.json']
 * report.valid;     // false: a pattern matched nothing
 * ```
 */
export interface FilesReport {
  /** One result per file, in the order the patterns named them. */
  results: ValidationResult[];
  /** Patterns that matched no file. */
  unmatched: string[];
  /**
   * Files inside a folder a pattern named that were left out because nothing (file name or
   * content) says what kind of document they are; without `kind`, only. In path order.
   */
  unrecognised: string[];
  /** `true` when every file is valid (warnings allowed) and every pattern matched. */
  valid: boolean;
}

export { DEFAULT_MAX_BYTES } from '../../shared/limits.js';

function fileProblem(file: string, rule: string, message: string): ValidationResult {
  const finding: Finding = { file, pointer: '', line: null, column: null, severity: 'error', rule, message };
  return { file, kind: null, valid: false, findings: [finding] };
}

// ignoreBOM keeps a byte order mark in the text, so that the file path and validateText read the
// same characters: the parser tolerates one mark, and reports a second.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function directoryProblem(file: string): ValidationResult {
  return fileProblem(file, 'file/directory', `${file} is a directory; name the files in it, e.g. "${file.replace(/\/$/, '')}/**/*.json"`);
}

function describeFsError(file: string, error: unknown): ValidationResult {
  const code = errorCode(error);
  if (code === 'ENOENT') return fileProblem(file, 'file/not-found', `${file} does not exist`);
  if (code === 'EISDIR') return directoryProblem(file);
  if (code === 'ELOOP') return fileProblem(file, 'file/unreadable', `${file} is a symbolic link loop (ELOOP): a link that leads back to itself`);
  return fileProblem(file, 'file/unreadable', `${file} cannot be read: ${fsReason(error)}`);
}

/** Most documents fit in one read of this size, which spares the fstat that sizing them would cost. */
const FIRST_READ = 64 * 1024;
const firstReadBuffer = Buffer.allocUnsafe(FIRST_READ);
// O_NONBLOCK: opening a named pipe must not wait for a writer.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * Reads one file whole, refusing directories, special files and files over `maxBytes` before
 * reading all of them. Synchronous on purpose: for the small files this validator reads, one
 * open/read/close sequence is several times faster than the promise-based equivalent.
 */
function readSmallFile(file: string, full: string, limits: SizeLimits): Buffer | ValidationResult {
  let fd: number;
  try {
    fd = openSync(full, OPEN_FLAGS);
  } catch (error) {
    return describeFsError(file, error);
  }
  try {
    let first: number;
    try {
      first = readSync(fd, firstReadBuffer, 0, FIRST_READ, 0);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'ESPIPE') throw error;
      first = -1; // a pipe, socket or device: fstat below says which
    }
    // A view of the shared buffer: the caller decodes it before the next read.
    if (first >= 0 && first < FIRST_READ && first <= limits.floor) return firstReadBuffer.subarray(0, first);
    const info = fstatSync(fd);
    if (info.isDirectory()) return directoryProblem(file);
    if (!info.isFile()) return fileProblem(file, 'file/unreadable', `${file} is not a regular file`);
    if (info.size > limits.floor) {
      const limit = limits.of(file, firstReadBuffer.subarray(0, Math.max(first, 0)));
      if (info.size > limit.bytes) return fileProblem(file, 'file/too-large', tooLargeMessage(file, info.size, limit));
    }
    return readWhole(fd, info.size);
  } catch (error) {
    return describeFsError(file, error);
  } finally {
    closeSync(fd);
  }
}

/**
 * Validates a document given as raw bytes: empty input, NUL bytes and invalid UTF-8 each become one
 * finding, anything else is validated as text.
 *
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * import { validateBytes } from 'teapurl/node';
 * const result = validateBytes(await readFile('.well-known/tea'), { file: '.well-known/tea' });
 * ```
 */
export function validateBytes(bytes: Uint8Array, options: ValidateOptions = {}): ValidationResult {
  const file = options.file ?? '<input>';
  const text = documentText(bytes, file);
  return typeof text === 'string' ? validateText(text, withNodeGuard({ ...options, file })) : text;
}

/** The text of a document's bytes, or the finding that says why they are not a document's text (empty, binary, not UTF-8). Not public API. */
export function documentText(bytes: Uint8Array, file: string): string | ValidationResult {
  if (bytes.length === 0) return fileProblem(file, 'file/empty', `${file} is empty`);
  if (bytes.includes(0)) return fileProblem(file, 'file/binary', `${file} is a binary file, not text`);
  try {
    return utf8.decode(bytes);
  } catch {
    return fileProblem(file, 'file/binary', `${file} is not valid UTF-8 text`);
  }
}

/** The `size` bytes of an open file from its start (fewer when it shrank meanwhile). Not public API. */
export function readWhole(fd: number, size: number): Buffer {
  const buffer = Buffer.allocUnsafe(size);
  let read = 0;
  while (read < size) {
    const n = readSync(fd, buffer, read, size - read, read);
    if (n === 0) break;
    read += n;
  }
  return read === size ? buffer : buffer.subarray(0, read);
}

/** Reads, decodes and validates one file; every failure becomes a finding. */
function validateOneFile(file: string, cwd: string, limits: SizeLimits, options: ValidateOptions): ValidationResult {
  try {
    // The kernel resolves relative paths against the process's directory; path.resolve per file is measurable.
    const full = path.isAbsolute(file) ? file : cwd === process.cwd() ? file : `${cwd}${path.sep}${file}`;
    const bytes = readSmallFile(file, full, limits);
    if (!Buffer.isBuffer(bytes)) return bytes;
    // `options` already carry the pattern guard (validateBytes would add it once more per file).
    const text = documentText(bytes, file);
    return typeof text === 'string' ? validateText(text, { ...options, file }) : text;
  } catch (error) {
    return { file, kind: resolveKind(options.kind) ?? null, valid: false, findings: [internalErrorFinding(file, error, null)] };
  }
}

/**
 * Reads standard input (or any byte stream) whole and validates it, refusing more than `maxBytes`.
 *
 * @example
 * ```ts
 * import { validateStream } from 'teapurl/node';
 * const result = await validateStream(process.stdin, { file: '<stdin>' });
 * ```
 */
export async function validateStream(
  stream: AsyncIterable<Uint8Array | string>,
  options: ValidateOptions & { maxBytes?: number } = {},
): Promise<ValidationResult> {
  const file = options.file ?? '<stdin>';
  const bytes = await readStream(stream, file, sizeLimits(options.maxBytes, options.kind));
  if (!Buffer.isBuffer(bytes)) return bytes;
  const { maxBytes: _limit, ...validateOptions } = options;
  return validateBytes(bytes, { ...validateOptions, file });
}

/** Reads a byte stream whole, or the finding for one over its limit (told from its first bytes when it passes `limits.floor`). */
export async function readStream(stream: AsyncIterable<Uint8Array | string>, file: string, limits: SizeLimits): Promise<Buffer | ValidationResult> {
  const chunks: Buffer[] = [];
  let size = 0;
  let limit: SizeLimit | undefined;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (size + buf.length > limits.floor) {
      limit ??= limits.of(file, Buffer.concat([...chunks, buf]).subarray(0, HEAD_BYTES));
      if (size + buf.length > limit.bytes) return fileProblem(file, 'file/too-large', tooLargeMessage(file, null, limit));
    }
    size += buf.length;
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Files validated between two returns to the event loop, so a library caller is never starved. */
const BATCH = 512;

/** A file to read, or what is already known about a path (a folder a glob could not search). */
type Item = string | ValidationResult;

async function validateInOrder(files: readonly string[], cwd: string, limits: SizeLimits, options: ValidateOptions): Promise<ValidationResult[]> {
  const results: ValidationResult[] = [];
  for (let i = 0; i < files.length; i++) {
    if (i > 0 && i % BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    results.push(validateOneFile(files[i]!, cwd, limits, options));
  }
  return results;
}

/**
 * Validates the files named (paths relative to `cwd`), in order, with teapurl's own checks and the
 * node pattern guard, synchronously: what one worker of `teapurl validate --jobs N` does with its
 * share. Not public API.
 */
export function validateFileList(files: readonly string[], cwd: string, maxBytes: number | undefined, kind?: string): ValidationResult[] {
  const resolved = resolveKind(kind);
  const options: ValidateOptions = withNodeGuard<ValidateOptions>(resolved ? { kind: resolved } : {});
  const limits = sizeLimits(maxBytes, resolved);
  return files.map((file) => validateOneFile(file, cwd, limits, options));
}

/**
 * What validates the files {@link validateFiles} found, in their order: one result per file, in
 * the same order. Not public API: the CLI's `--jobs` hands them to worker threads.
 */
export type FileListRunner = (files: readonly string[]) => Promise<ValidationResult[]>;

const itemPath = (item: Item) => (typeof item === 'string' ? item : item.file);

/**
 * Whether every item is a path to read. A glob's walk names each file once, so such a list holds
 * no path twice; a problem it reports (a folder it could not search) may share a path with another.
 */
function allFiles(items: readonly Item[]): items is string[] {
  for (const item of items) if (typeof item !== 'string') return false;
  return true;
}
const comparePaths = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const compareItems = (a: Item, b: Item) => comparePaths(itemPath(a), itemPath(b));

/** Items in path order; the sort (stable) is skipped when they already are, as a glob's walk mostly gives them. */
function inPathOrder(items: Item[]): Item[] {
  for (let i = 1; i < items.length; i++) if (compareItems(items[i - 1]!, items[i]!) > 0) return items.sort(compareItems);
  return items;
}

/** One finding for what a glob's walk could not get through; the walk itself went on. */
function globProblem(problem: GlobProblem): ValidationResult {
  const { path: where, code } = problem;
  if (problem.folder) {
    return fileProblem(where, 'file/unreadable', `${where} is a folder that cannot be searched: ${fsReason(code)}; files in it were not checked`);
  }
  if (code === 'ENOENT') return fileProblem(where, 'file/not-found', `${where} is a symbolic link to a file that does not exist`);
  return describeFsError(where, Object.assign(new Error(code), { code }));
}

/**
 * Where a plain path stands: `'ok'` (there: read it), `'missing'` (nothing by that name) or a
 * finding for a path that is there but cannot be reached: a link loop, or a folder on its way
 * that cannot be searched. Those used to read as "matches no file".
 */
function probePath(pattern: string, cwd: string): 'ok' | 'missing' | ValidationResult {
  try {
    statSync(path.resolve(cwd, pattern));
    return 'ok';
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return 'missing';
    if (isPermissionCode(code)) {
      return fileProblem(pattern, 'file/unreadable', `${pattern} cannot be reached: a folder on its path cannot be searched: ${fsReason(code)}`);
    }
    return describeFsError(pattern, error);
  }
}

/**
 * The folders a folder argument's walk does not enter, as a `.gitignore` of a checkout would skip
 * them: installed packages and version control.
 */
const SKIPPED_FOLDERS: readonly string[] = ['node_modules', '.git', '.hg', '.svn'];

/** Whether `path` names a folder (following links); `false` for anything else, or nothing. */
function isFolder(where: string, cwd: string): boolean {
  try {
    return statSync(path.resolve(cwd, where)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Whether a file found in a named folder is a document teapurl knows: its kind was told (from
 * `$schema`, the content or the name), or its name alone tells one though the content is broken.
 */
function recognised(result: ValidationResult): boolean {
  if (result.kind !== null || detectKind(undefined, result.file) !== null) return true;
  // A file the walk found but could not read (permissions, a link to nothing) is still said.
  return result.findings.some((f) => f.rule === 'file/unreadable' || f.rule === 'file/not-found');
}

/**
 * Expands patterns (plain paths or globs) and validates every file they name. A folder stands for
 * every file under it (not entering `node_modules`, `.git`, `.hg` or `.svn`) whose name or content says what kind
 * of document it is; the others are listed in `unrecognised` (with `kind`, every file is checked
 * as that kind). One bad file never
 * hides the results for the others. A glob's walk reads each folder once however many symbolic
 * links lead to it, names each file once, and reports a folder it cannot search as one finding
 * (rule `file/unreadable`) before going on. The checks, PURL rules and pattern guard are the
 * options' (default: teapurl's own, and the pattern guard loaded when a value first needs it).
 *
 * @example
 * ```ts
 * import { validateFiles } from 'teapurl/node';
 * const report = await validateFiles(['corpus/discovery/valid/*.json']);
 * for (const r of report.results) console.log(r.file, r.valid);
 * ```
 */
export async function validateFiles(patterns: readonly string[], options: ValidateFilesOptions = {}): Promise<FilesReport> {
  return validateFilesWith(patterns, options);
}

/** {@link validateFiles}, the files found validated by `runFiles` when given. Not public API. */
export async function validateFilesWith(patterns: readonly string[], options: ValidateFilesOptions, runFiles?: FileListRunner): Promise<FilesReport> {
  const cwd = options.cwd ?? process.cwd();
  const kind = resolveKind(options.kind);
  const items: Item[] = [];
  // Paths already taken, built when a second pattern finds something: one glob's walk names each
  // file once, and hashing 100,000 paths for nothing cost a tenth of the main thread's own work.
  let seen: Set<string> | null = null;
  const unmatched: string[] = [];
  const fromFolders = new Map<string, string>();
  for (const pattern of patterns) {
    let found: Item[];
    if (!readsAsGlob(pattern, cwd) && isFolder(pattern, cwd)) {
      const base = pattern.replace(/[\\/]+$/, '') || pattern;
      const escaped = base.replace(/[\\*?[\]{}()!+@]/g, '\\$&');
      const expansion = expandGlob(base === '.' ? '**' : `${escaped}/**`, cwd, undefined, { skipFolders: SKIPPED_FOLDERS });
      const problems = expansion.problems.map(globProblem);
      for (const file of expansion.files) if (!fromFolders.has(file)) fromFolders.set(file, pattern);
      found = inPathOrder([...expansion.files, ...problems]);
    } else if (!readsAsGlob(pattern, cwd)) {
      const state = probePath(pattern, cwd);
      found = state === 'missing' ? [] : [state === 'ok' ? pattern : state];
    } else {
      const expansion = expandGlob(pattern, cwd);
      const problems = expansion.problems.map(globProblem);
      found = inPathOrder([...expansion.files, ...problems]);
    }
    if (found.length === 0) unmatched.push(pattern);
    else if (items.length === 0 && allFiles(found)) {
      for (const item of found) items.push(item);
    } else {
      seen ??= new Set(items.map(itemPath));
      for (const item of found) {
        const key = itemPath(item);
        if (!seen.has(key)) {
          seen.add(key);
          items.push(item);
        }
      }
    }
  }
  const limits = sizeLimits(options.maxBytes, kind);
  const { cwd: _cwd, maxBytes: _maxBytes, ...setup } = options;
  const onlyFiles = allFiles(items);
  const files = onlyFiles ? (items as string[]) : items.filter((item): item is string => typeof item === 'string');
  const fileResults = runFiles ? await runFiles(files) : await validateInOrder(files, cwd, limits, withNodeGuard({ ...setup, ...(kind ? { kind } : {}) }));
  let next = 0;
  const checked = onlyFiles ? fileResults : items.map((item) => (typeof item === 'string' ? fileResults[next++]! : item));
  const unrecognised: string[] = [];
  const results = kind
    ? checked
    : checked.filter((result) => {
        if (!fromFolders.has(result.file) || recognised(result)) return true;
        unrecognised.push(result.file);
        return false;
      });
  // A folder with no document teapurl recognises names nothing to check, as an empty glob does.
  if (fromFolders.size > 0) {
    const kept = new Set(results.map((r) => fromFolders.get(r.file)));
    for (const folder of new Set(fromFolders.values())) if (!kept.has(folder) && !unmatched.includes(folder)) unmatched.push(folder);
  }
  return { results, unmatched, unrecognised, valid: unmatched.length === 0 && results.every((r) => passes(r.findings)) };
}
