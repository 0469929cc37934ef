import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { passes, type Finding } from './finding.js';
import { resolveKind, validateText, type ValidationResult } from './validate-document.js';
import type { DocumentKind } from './kinds.js';

/** Options for {@link validateFiles}. */
export interface ValidateFilesOptions {
  /** The kind of every document; detected per file when absent. */
  kind?: DocumentKind | string;
  /** Directory that relative paths and globs start from. Default: `process.cwd()`. */
  cwd?: string;
  /** Files larger than this many bytes are refused unread. Default: 16 MiB. */
  maxBytes?: number;
  /** How many files are read at once. Default: 64. */
  concurrency?: number;
}

/** The verdict on a set of files. */
export interface FilesReport {
  /** One result per file, in the order the patterns named them. */
  results: ValidationResult[];
  /** Patterns that matched no file. */
  unmatched: string[];
  /** `true` when every file is valid (warnings allowed) and every pattern matched. */
  valid: boolean;
}

/** Default limit on a document's size: far above any real discovery document or type definition. */
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

const GLOB_MAGIC = /[*?[\]{}()!]/;

function fileProblem(file: string, rule: string, message: string): ValidationResult {
  const finding: Finding = { file, pointer: '', line: null, column: null, severity: 'error', rule, message };
  return { file, kind: null, valid: false, findings: [finding] };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads, decodes and validates one file; every failure becomes a finding. */
async function validateOneFile(file: string, cwd: string, kind: DocumentKind | undefined, maxBytes: number): Promise<ValidationResult> {
  const full = path.resolve(cwd, file);
  let bytes: Buffer;
  try {
    const info = await stat(full);
    if (info.isDirectory()) return fileProblem(file, 'file/directory', `${file} is a directory; name the files in it, e.g. "${file.replace(/\/$/, '')}/**/*.json"`);
    if (!info.isFile()) return fileProblem(file, 'file/unreadable', `${file} is not a regular file`);
    if (info.size > maxBytes) return fileProblem(file, 'file/too-large', `${file} is ${info.size} bytes, over the limit of ${maxBytes} bytes`);
    bytes = await readFile(full);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return fileProblem(file, 'file/not-found', `${file} does not exist`);
    if (code === 'EACCES' || code === 'EPERM') return fileProblem(file, 'file/unreadable', `${file} cannot be read: permission denied`);
    return fileProblem(file, 'file/unreadable', `${file} cannot be read: ${code ?? (error as Error).message}`);
  }
  if (bytes.length === 0) return fileProblem(file, 'file/empty', `${file} is empty`);
  if (bytes.includes(0)) return fileProblem(file, 'file/binary', `${file} is a binary file, not JSON text`);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return fileProblem(file, 'file/binary', `${file} is not valid UTF-8 text`);
  }
  return validateText(text, { file, ...(kind ? { kind } : {}) });
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Expands patterns (plain paths or globs) and validates every file they name. One bad file never
 * hides the results for the others.
 *
 * @example
 * ```ts
 * import { validateFiles } from 'teapurl';
 * const report = await validateFiles(['corpus/discovery/valid/*.json']);
 * for (const r of report.results) console.log(r.file, r.valid);
 * ```
 */
export async function validateFiles(patterns: readonly string[], options: ValidateFilesOptions = {}): Promise<FilesReport> {
  const cwd = options.cwd ?? process.cwd();
  const kind = resolveKind(options.kind);
  const files: string[] = [];
  const seen = new Set<string>();
  const unmatched: string[] = [];
  for (const pattern of patterns) {
    const exists = () => stat(path.resolve(cwd, pattern)).then(() => true, () => false);
    let matched: string[];
    if (!GLOB_MAGIC.test(pattern)) {
      matched = (await exists()) ? [pattern] : [];
    } else {
      // fast-glob is loaded only when a pattern needs it: most hook runs pass plain paths.
      const glob = createRequire(import.meta.url)('fast-glob') as typeof import('fast-glob');
      matched = (await glob(pattern, { cwd, dot: true, onlyFiles: true, followSymbolicLinks: true })).sort();
      // A file whose name merely contains glob characters is still that file.
      if (matched.length === 0 && (await exists())) matched = [pattern];
    }
    if (matched.length === 0) unmatched.push(pattern);
    for (const file of matched) {
      if (!seen.has(file)) {
        seen.add(file);
        files.push(file);
      }
    }
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const results = await mapLimited(files, options.concurrency ?? 64, (file) => validateOneFile(file, cwd, kind, maxBytes));
  return { results, unmatched, valid: unmatched.length === 0 && results.every((r) => passes(r.findings)) };
}
