import {
  closeSync,
  constants,
  fchmodSync,
  fchownSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import { replacementHunks, type Replacement } from '../../validation/edit-diff.js';
import { leftToAPerson, refusal, type AppliedFix, type FixTextResult } from '../../validation/fix-text.js';
import { fixText } from '../fix.js';
import type { DocumentKind } from '../all-kinds.js';
import { hasFixPastCap, type ValidationResult } from '../validate.js';
import { passes } from '../../shared/finding.js';
import { documentText, readStream, readWhole, validateFiles, type ValidateFilesOptions } from './validate-files.js';
import { HEAD_BYTES, sizeLimits, type SizeLimits } from './size-limit.js';
import { withNodeGuard } from '../../purl/node/node-pattern-guard.js';
import type { ValidateOptions } from '../validate.js';
import { errorCode, fsReason, isPermissionCode } from '../../shared/node/fs-reason.js';
import { readsAsGlob } from '../../shared/node/expand-glob.js';
import { CREATE_EXCLUSIVE, NO_FOLLOW, temporaryBeside } from '../../shared/node/safe-write.js';

/**
 * Options for {@link fixFiles}.
 *
 * @example
 * ```ts
 * import { fixFiles, type FixFilesOptions } from 'teapurl/node';
 * const options: FixFilesOptions = { cwd: 'types', dryRun: true };
 * const report = await fixFiles(['*.json'], options);
 * ```
 */
export interface FixFilesOptions extends ValidateFilesOptions {
  /** Compute the fixes and their diff, write nothing. */
  dryRun?: boolean;
  /** Write each file's unified diff into {@link FileFix.diff}. Default `true`; `false` leaves it `''` (nothing prints it). */
  diff?: boolean;
}

/**
 * What {@link fixFiles} did to one file.
 *
 * - `fixed`: written with the fixes applied (`would-fix` under `dryRun`);
 * - `unchanged`: nothing to fix, or no fix could be applied;
 * - `refused`: not touched: a syntax error or a repeated key (`note` says which);
 * - `not-written`: fixes found but the file was not written: read-only, outside the working
 *   directory, or changed on disk since it was read (`note` says which). `result` is then the
 *   verdict on the file as it is.
 *
 * @example
 * ```ts
 * import type { FileFixOutcome } from 'teapurl/node';
 * const outcome: FileFixOutcome = 'would-fix';
 * ```
 */
export type FileFixOutcome = 'fixed' | 'would-fix' | 'unchanged' | 'refused' | 'not-written';

/**
 * One file's fixes and what is left.
 *
 * @example
 * ```ts
 * import { fixFiles, type FileFix } from 'teapurl/node';
 * const [first]: FileFix[] = (await fixFiles(['types/maven-definition.json'], { dryRun: true })).files;
 * first.diff; // '--- a/types/maven-definition.json\n+++ b/types/maven-definition.json\n@@ -45,7 +45,7 @@ …'
 * ```
 */
export interface FileFix {
  /** The file as named by the pattern. */
  file: string;
  /** What was done to it. */
  outcome: FileFixOutcome;
  /** The fixes applied (or, under `dryRun`, that would be). */
  applied: AppliedFix[];
  /** The verdict on the file as it now is (under `dryRun`: as it would be); messages say what is left to a person. */
  result: ValidationResult;
  /** A unified diff (`--- a/file`, `+++ b/file`) of the fixes; `''` when nothing changes (or `diff: false`). */
  diff: string;
  /** One line saying why the file was refused or not written, or `null`. */
  note: string | null;
}

/**
 * The outcome of {@link fixFiles}.
 *
 * @example
 * ```ts
 * import { fixFiles, type FixFilesReport } from 'teapurl/node';
 * const report: FixFilesReport = await fixFiles(['types/*.json']);
 * report.valid; // true when every file is valid after fixing and every pattern matched
 * ```
 */
export interface FixFilesReport {
  /** One entry per file, in the order the patterns named them. */
  files: FileFix[];
  /** Patterns that matched no file. */
  unmatched: string[];
  /** `true` when every file is valid as it now is (warnings allowed) and every pattern matched. */
  valid: boolean;
}

/** `real` relative to the folder `base`, or `null` when it lies outside it. */
function inside(base: string, real: string): string | null {
  let folder: string;
  try {
    folder = realpathSync(base);
  } catch {
    folder = path.resolve(base);
  }
  const relative = path.relative(folder, real);
  if (relative === '' || relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return null;
  return relative;
}

/**
 * The file a fix is about, read once: the file itself (a link's target, which is what `--fix`
 * writes and what `patch` can change) and its name for the diff, relative to the working
 * directory with forward slashes, as `git apply` and `patch -p1` read it (`null` outside it:
 * neither can reach it there). The whole is `null` when the file lies outside both the working
 * directory and `namedIn`, the folder the user named it in (`null` for a file a glob found): a
 * link committed to a checkout must not make a fix edit a file elsewhere, while a file the user
 * named by its path, wherever it is, is theirs to fix.
 */
function fixTarget(full: string, cwd: string, namedIn: string | null): { real: string; named: string | null } | null {
  let real: string;
  try {
    real = realpathSync(full);
  } catch {
    real = full;
  }
  const relative = inside(cwd, real);
  if (relative === null && (namedIn === null || inside(namedIn, real) === null)) return null;
  return { real, named: relative === null ? null : relative.split(path.sep).join('/') };
}

/** Characters git quotes in a diff header with its default core.quotePath: controls, `"`, `\\`, DEL and everything past ASCII. */
const GIT_QUOTES = /["\\\u0000-\u001f\u007f-\uffff]/;
// A path segment that starts or ends with white space: git writes it raw, with a tab after the
// name, and GNU patch drops white space before that tab, so it would patch another file.
const EDGE_SPACE = /(?:^|\/)\s|\s(?:\/|$)/;
const C_ESCAPES: Readonly<Record<number, string>> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r', 34: '\\"', 92: '\\\\' };

/**
 * A path in a `---`/`+++` line as git writes it, so that `git apply` and GNU `patch` both read it
 * back: C-quoted (`"a/x\\ty"`, bytes past ASCII in octal) when git would quote it, and also when
 * a segment starts or ends with white space; else as it is, followed by a tab when it holds a
 * space (without one, `patch` reads the name only up to the space).
 */
export function diffHeaderName(name: string): string {
  if (GIT_QUOTES.test(name) || EDGE_SPACE.test(name)) {
    let quoted = '';
    for (const byte of Buffer.from(name, 'utf8')) {
      const named = C_ESCAPES[byte];
      if (named !== undefined) quoted += named;
      else if (byte < 0x20 || byte >= 0x7f) quoted += `\\${byte.toString(8).padStart(3, '0')}`;
      else quoted += String.fromCharCode(byte);
    }
    return `"${quoted}"`;
  }
  return name.includes(' ') ? `${name}\t` : name;
}

/**
 * A unified diff of one file changed by `edits` (the replacements a fix made), headers
 * `--- a/…` and `+++ b/…` (quoted as git quotes them), nothing else (no `Index:` line). The
 * hunks are written from the edits' ranges, so the cost is linear in the file and the fixes.
 */
export function unifiedDiff(name: string, before: string, edits: readonly Replacement[]): string {
  const body = replacementHunks(before, edits);
  if (body === '') return '';
  return `--- ${diffHeaderName(`a/${name}`)}\n+++ ${diffHeaderName(`b/${name}`)}\n${body}`;
}

/** Reads a file's bytes again, or why it cannot be read now (it may have grown past the limit meanwhile). */
function readBytes(full: string, file: string, limits: SizeLimits): Buffer | string {
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return `it cannot be read again: ${fsReason(error)}`;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return 'it is not a regular file';
    if (info.size > limits.floor) {
      const head = Buffer.alloc(Math.min(info.size, HEAD_BYTES));
      const limit = limits.of(file, head.subarray(0, readSync(fd, head, 0, head.length, 0)));
      if (info.size > limit.bytes) return `it is now ${info.size} bytes, over the limit of ${limit.bytes} bytes ${limit.why}`;
    }
    return readWhole(fd, info.size);
  } catch (error) {
    return `it cannot be read again: ${fsReason(error)}`;
  } finally {
    closeSync(fd);
  }
}

const CHANGED = 'it changed on disk since teapurl read it; it was left as it is: run again';
// Signals that end a run (Ctrl+C, a CI job cancelled, a closed terminal): held while a file is
// being replaced, so that it is never left half-written, then delivered.
const HELD_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Holds off the signals that would end the process until `release()`: a listener records them
 * (its presence keeps Node from ending at once), and `release` removes it and raises the first
 * one again, unless someone else listens to it and so has been told already.
 */
function holdSignals(): { release(): Promise<void> } {
  const caught: NodeJS.Signals[] = [];
  const hold = (signal: NodeJS.Signals) => void caught.push(signal);
  for (const signal of HELD_SIGNALS) process.on(signal, hold);
  return {
    async release() {
      // A signal that came during synchronous work reaches its listener on the next turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      for (const signal of HELD_SIGNALS) process.off(signal, hold);
      const first = caught[0];
      if (first !== undefined && process.listenerCount(first) === 0) process.kill(process.pid, first);
    },
  };
}

function writeAll(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, written);
}

/** Whether the open file holds exactly `expected` now. */
function holds(fd: number, expected: Buffer): boolean {
  const info = fstatSync(fd);
  return info.size === expected.length && readWhole(fd, info.size).equals(expected);
}

/** Whether `full` still names the file `like` (the same device and inode), not a link or another file put in its place. */
function stillNames(full: string, like: Stats): boolean {
  const now = lstatSync(full, { throwIfNoEntry: false });
  return now !== undefined && now.isFile() && now.dev === like.dev && now.ino === like.ino;
}

/**
 * A new file beside `full` holding `bytes`, with the mode and owner of `like`, created
 * exclusively (never an existing file, never through a link); `null` when it cannot be made so
 * (a folder teapurl may not write in, an owner it cannot give): the caller then writes in place.
 */
function temporaryCopy(full: string, like: Stats, bytes: Buffer): { path: string; info: Stats } | null {
  const temporary = temporaryBeside(full);
  let fd: number;
  try {
    fd = openSync(temporary, CREATE_EXCLUSIVE, 0o600);
  } catch {
    return null;
  }
  let keep = false;
  try {
    const info = fstatSync(fd);
    if (info.uid !== like.uid || info.gid !== like.gid) fchownSync(fd, like.uid, like.gid);
    fchmodSync(fd, like.mode & 0o7777);
    writeAll(fd, bytes);
    fsyncSync(fd);
    keep = true;
    return { path: temporary, info: fstatSync(fd) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
    if (!keep) unlinkSync(temporary);
  }
}

/**
 * Replaces the file by a complete copy renamed over it (atomic: a reader or a crash sees the old
 * file or the new one, never a mix), when it has one link. The content is compared again just
 * before the rename, and the old file, still open, just after: an edit that landed in between is
 * put back whole and the fixes dropped. `undefined` when no copy could be made.
 */
function replaceByRename(full: string, fd: number, like: Stats, expected: Buffer, next: Buffer): string | null | undefined {
  const copy = temporaryCopy(full, like, next);
  if (copy === null) return undefined;
  if (!stillNames(full, like) || !holds(fd, expected)) {
    unlinkSync(copy.path);
    return CHANGED;
  }
  try {
    renameSync(copy.path, full);
  } catch (error) {
    unlinkSync(copy.path);
    return `writing it failed (${fsReason(error)}); it was left as it was`;
  }
  if (holds(fd, expected)) return null;
  // Edited in the instant between the comparison and the rename: the edit is in the old file,
  // which only this descriptor still reaches. It goes back, unless the new file is already gone.
  const edited = readWhole(fd, fstatSync(fd).size);
  const restored = stillNames(full, copy.info) ? temporaryCopy(full, like, edited) : null;
  if (restored !== null) renameSync(restored.path, full);
  else if (stillNames(full, copy.info)) writeInPlace(full, next, edited);
  return 'it changed on disk while teapurl wrote it; the edit was kept and the fixes were not applied: run again';
}

/** Overwrites an open file and cuts it to length (same inode: hard links, mode and owner stay); puts `before` back if that fails. */
function overwrite(fd: number, before: Buffer, next: Buffer): string | null {
  try {
    writeAll(fd, next);
    ftruncateSync(fd, next.length);
    return null;
  } catch (error) {
    // Put back what was there: a half-written file is worse than an unfixed one.
    try {
      writeAll(fd, before);
      ftruncateSync(fd, before.length);
    } catch {
      return `writing it failed (${fsReason(error)}) and so did restoring it: check the file`;
    }
    return `writing it failed (${fsReason(error)}); it was left as it was`;
  }
}

/** {@link overwrite} through a new descriptor, if `full` still holds `before`. */
function writeInPlace(full: string, before: Buffer, next: Buffer): string | null {
  const fd = openSync(full, constants.O_RDWR | NO_FOLLOW | constants.O_NONBLOCK);
  try {
    return holds(fd, before) ? overwrite(fd, before, next) : CHANGED;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `next` over the file, only if it still holds `expected`; returns why not otherwise. A
 * file with one link is replaced by a copy renamed into place, keeping its mode and owner; a
 * file with several links (or one whose folder teapurl may not write in) is overwritten in place,
 * so that every link sees the fix. Either way the signals that end a run are held off until the
 * file is whole again, and the content is compared immediately before the write. The file is
 * opened without following a link: `full` is the file itself, resolved once by the caller. A file
 * without any write permission bit is left alone even when the process could write it (root):
 * someone made it read-only on purpose.
 */
export async function writeIfUnchanged(full: string, expected: Buffer, next: Buffer): Promise<string | null> {
  let fd: number;
  try {
    fd = openSync(full, constants.O_RDWR | NO_FOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = errorCode(error);
    if (isPermissionCode(code) || code === 'EROFS') return `it is read-only (${code}); it was left as it is`;
    if (code === 'ELOOP') return 'it is a symbolic link now; it was left as it is: run again';
    return `it cannot be opened for writing: ${fsReason(error)}; it was left as it is`;
  }
  const held = holdSignals();
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return 'it is not a regular file; it was left as it is';
    if ((info.mode & 0o222) === 0) return 'it is read-only (no write permission); it was left as it is';
    if (!holds(fd, expected)) return CHANGED;
    if (info.nlink === 1) {
      const replaced = replaceByRename(full, fd, info, expected, next);
      if (replaced !== undefined) return replaced;
    }
    return overwrite(fd, expected, next);
  } catch (error) {
    return `it cannot be written: ${fsReason(error)}; it was left as it is`;
  } finally {
    closeSync(fd);
    await held.release();
  }
}

/** Device and inode of the file a path leads to, or `null` when it cannot be reached. */
function fileIdentity(full: string): string | null {
  try {
    const info = statSync(full, { bigint: true });
    return info.isFile() ? `${info.dev}:${info.ino}` : null;
  } catch {
    return null;
  }
}

function asResult(file: string, fixed: FixTextResult<DocumentKind>): ValidationResult {
  return { file, kind: fixed.kind, valid: fixed.valid, findings: fixed.left };
}

/** What fixing one file would do, worked out before anything is written. */
type FixPlan = FileFix | { bytes: Buffer; text: string; fixed: FixTextResult<DocumentKind> };

/** What fixText is given for one file: the caller's kind, cap, checks, rules and pattern guard. */
function fixTextOptions(file: string, options: Omit<FixFilesOptions, 'cwd'>): ValidateOptions {
  const { dryRun: _dryRun, diff: _diff, maxBytes: _maxBytes, ...setup } = options as FixFilesOptions;
  const { cwd: _cwd, ...rest } = setup;
  return withNodeGuard({ ...rest, file });
}

/** Reads a file that validation found fixable again and works out its fixes; writes nothing. */
function planFix(found: ValidationResult, options: FixFilesOptions, full: string, notWritten: (note: string) => FileFix): FixPlan {
  const { file } = found;
  const bytes = readBytes(full, file, sizeLimits(options.maxBytes, options.kind));
  if (typeof bytes === 'string') return notWritten(bytes);
  const text = documentText(bytes, file);
  if (typeof text !== 'string') return notWritten('it changed on disk since teapurl read it (no longer text); it was left as it is');
  const fixed = fixText(text, fixTextOptions(file, options));
  return { bytes, text, fixed };
}

/**
 * Fixes one file that validation found fixable. The file is read again, and its fixes are
 * worked out from what it holds now: it is written only if it still holds those bytes.
 */
async function fixOneFile(found: ValidationResult, options: FixFilesOptions, cwd: string, namedIn: string | null): Promise<FileFix> {
  const { file } = found;
  const notWritten = (note: string): FileFix => ({
    file,
    outcome: 'not-written',
    applied: [],
    result: { ...found, findings: leftToAPerson(found.findings, 'not fixed: the file was not written') },
    diff: '',
    note,
  });
  // Resolved once: the file planned, diffed and written is this one, whatever links lead to it.
  const target = fixTarget(path.resolve(cwd, file), cwd, namedIn);
  const plan = planFix(found, options, target?.real ?? path.resolve(cwd, file), notWritten);
  if (!('fixed' in plan)) return plan;
  const { bytes, text, fixed } = plan;
  if (fixed.refused) return { file, outcome: 'refused', applied: [], result: asResult(file, fixed), diff: '', note: `not fixed: ${fixed.refused}` };
  if (!fixed.changed) return { file, outcome: 'unchanged', applied: [], result: asResult(file, fixed), diff: '', note: null };
  if (options.dryRun && target?.named == null) {
    return notWritten(
      `not in the diff: it lies outside the working directory, where 'patch -p1' and 'git apply' cannot reach it; run teapurl from a folder that holds it`,
    );
  }
  if (target === null) {
    return notWritten(
      namedIn === null
        ? `not written: a link leads outside the working directory, where a fix of a file a pattern found writes nothing; name the file itself to fix it`
        : `not written: a link leads outside the working directory and outside the folder it was named in, where a fix writes nothing; name the file itself to fix it`,
    );
  }
  // Built only when someone reads it: the CLI prints it under --dry-run alone.
  const diff = options.diff === false || target.named === null ? '' : unifiedDiff(target.named, text, fixed.edits);
  if (options.dryRun) return { file, outcome: 'would-fix', applied: fixed.applied, result: asResult(file, fixed), diff, note: null };
  const problem = await writeIfUnchanged(target.real, bytes, Buffer.from(fixed.text, 'utf8'));
  if (problem) return notWritten(`not written: ${problem}`);
  return { file, outcome: 'fixed', applied: fixed.applied, result: asResult(file, fixed), diff, note: null };
}

/**
 * Validates the files the patterns name (as {@link validateFiles} does) and applies every fix
 * their findings carry (see `fixText` in `teapurl`): only the strings fixed change, every other
 * byte of the file stays as it was. A file with a syntax error or a repeated key is not touched.
 * A file is written only when a fix applies, only when it lies inside `cwd` or, for a file
 * named by its path (not found by a glob), inside the folder it was named in (through a symbolic
 * link, the file it points to is fixed and the link stays; a link that leads outside both is
 * refused; the diff of `dryRun` leaves out a file outside `cwd`), and only when its content is still what was
 * read, compared again just before the write. It is replaced atomically by a fixed copy renamed
 * into place, keeping its mode and owner; a file with several hard links (or in a folder teapurl
 * cannot write in) is overwritten in place. SIGINT, SIGTERM and SIGHUP are held off while a file
 * is written, and delivered once it is whole. A read-only file is left alone with a note, and
 * the other files are fixed. With `dryRun`, nothing is written and each file's `diff` shows what
 * would change.
 *
 * @example
 * ```ts
 * import { fixFiles } from 'teapurl/node';
 * const report = await fixFiles(['types/*.json']);
 * for (const f of report.files) for (const a of f.applied) console.log(`${f.file}:${a.line}:${a.column}: ${a.before} → ${a.after}`);
 * ```
 */
export async function fixFiles(patterns: readonly string[], options: FixFilesOptions = {}): Promise<FixFilesReport> {
  const cwd = options.cwd ?? process.cwd();
  const report = await validateFiles(patterns, options);
  // A file named by its path may be fixed in the folder it was named in; one a glob found, in cwd only.
  const named = new Set(patterns.filter((pattern) => !readsAsGlob(pattern, cwd)));
  const files: FileFix[] = [];
  const seen = new Set<string>();
  for (const found of report.results) {
    // Two arguments that name one file (a link and its target) fix it, and diff it, once.
    const id = fileIdentity(path.resolve(cwd, found.file));
    if (id !== null) {
      if (seen.has(id)) continue;
      seen.add(id);
    }
    const refused = refusal(found.findings);
    const left = { ...found, findings: leftToAPerson(found.findings) };
    if (refused) files.push({ file: found.file, outcome: 'refused', applied: [], result: left, diff: '', note: `not fixed: ${refused}` });
    // Nothing to fix, in the list or past its cap: the file is not read or validated again.
    else if (!found.findings.some((f) => f.fix) && !hasFixPastCap(found))
      files.push({ file: found.file, outcome: 'unchanged', applied: [], result: left, diff: '', note: null });
    else files.push(await fixOneFile(found, options, cwd, named.has(found.file) ? path.dirname(path.resolve(cwd, found.file)) : null));
  }
  return { files, unmatched: report.unmatched, valid: report.unmatched.length === 0 && files.every((f) => passes(f.result.findings)) };
}

/**
 * What {@link fixStream} made of a stream.
 *
 * @example
 * ```ts
 * import { fixStream, type FixedStream } from 'teapurl/node';
 * const { fix, text }: FixedStream = await fixStream(process.stdin, { kind: 'purl-type' });
 * ```
 */
export interface FixedStream {
  /** The fixes, the findings left and the diff, as for a file. */
  fix: FileFix;
  /** The fixed document (the input itself when nothing was fixed), or `null` when the input is not text. */
  text: string | null;
}

/**
 * {@link fixFiles} for a document read from a stream (standard input): nothing is written; `text`
 * is the fixed document (the input itself when nothing was fixed), or `null` when the input is not
 * text (too large, binary, not UTF-8).
 *
 * @example
 * ```ts
 * import { fixStream } from 'teapurl/node';
 * const { text, fix } = await fixStream(process.stdin);
 * if (text !== null) process.stdout.write(text);
 * ```
 */
export async function fixStream(
  stream: AsyncIterable<Uint8Array | string>,
  options: Omit<FixFilesOptions, 'cwd'> & { file?: string } = {},
): Promise<FixedStream> {
  const file = options.file ?? '<stdin>';
  const refused = (result: ValidationResult): FixedStream => ({
    fix: {
      file,
      outcome: 'refused',
      applied: [],
      result: { ...result, findings: leftToAPerson(result.findings) },
      diff: '',
      note: `not fixed: ${result.findings[0]?.message ?? 'it is not text'}`,
    },
    text: null,
  });
  const bytes = await readStream(stream, file, sizeLimits(options.maxBytes, options.kind));
  if (!Buffer.isBuffer(bytes)) return refused(bytes);
  const text = documentText(bytes, file);
  if (typeof text !== 'string') return refused(text);
  const fixed = fixText(text, fixTextOptions(file, options));
  const result = asResult(file, fixed);
  if (fixed.refused) return { fix: { file, outcome: 'refused', applied: [], result, diff: '', note: `not fixed: ${fixed.refused}` }, text };
  const outcome: FileFixOutcome = !fixed.changed ? 'unchanged' : options.dryRun ? 'would-fix' : 'fixed';
  return {
    fix: { file, outcome, applied: fixed.applied, result, diff: options.diff === false ? '' : unifiedDiff(file, text, fixed.edits), note: null },
    text: fixed.text,
  };
}
