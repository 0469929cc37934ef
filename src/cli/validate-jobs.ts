import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidationResult } from '../validator/index.js';
import { validateFileList, type FileListRunner } from '../validator/node/validate-files.js';
import { TeapurlError } from '../shared/errors.js';
import { UsageError } from './usage-error.js';

/**
 * Below this many files `teapurl validate` runs on one thread unless `--jobs` says otherwise. A
 * worker costs about 60 ms to start and as much again to warm up its own compiled code (measured:
 * 0.25 s more CPU for one worker over 10,000 documents), while a small document takes about
 * 25 µs: two threads only pay on an idle 2-core machine from about 8,000 files on, and later on a
 * busy one. A pre-commit hook's handful never starts one.
 */
export const JOBS_THRESHOLD = 20_000;

/** The most workers `--jobs` accepts: far above any machine's cores, low enough to refuse a typo. */
const MAX_JOBS = 256;

/** Files handed to a worker at a time: enough to make a message's cost small, few enough to share the work evenly. */
const CHUNK_MIN = 16;
const CHUNK_MAX = 512;

/** The worker's entry, beside the validate bundle in dist/commands/ (scripts/bundle-cli.mjs writes it). */
const WORKER_FILE = './validate-worker.cjs';

/** `--jobs`: a positive whole number, or `auto` (the default). `null` for auto. */
export function parseJobs(value: string | undefined): number | null {
  if (value === undefined || value === 'auto') return null;
  if (!/^[1-9][0-9]*$/.test(value) || Number(value) > MAX_JOBS) {
    throw new UsageError(`--jobs: expected a whole number from 1 to ${MAX_JOBS}, or auto; got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

/** How many threads validate `files` files: `--jobs` when given, else the available parallelism from {@link JOBS_THRESHOLD} files on. */
export function jobCount(requested: number | null, files: number, parallelism?: number): number {
  // node:os is loaded only when the answer depends on it: a run of a few files never loads it.
  const wanted = requested ?? (files >= JOBS_THRESHOLD ? (parallelism ?? process.getBuiltinModule('node:os').availableParallelism()) : 1);
  // No worker is left without a file.
  return Math.max(1, Math.min(wanted, files));
}

/** Where the worker's bundle is, or `null` when this code runs unbundled (from the sources, in tests): one thread then. */
function workerPath(): string | null {
  const file = fileURLToPath(new URL(WORKER_FILE, import.meta.url));
  return existsSync(file) ? file : null;
}

/** What the main thread sends a worker: a chunk of files to validate. */
export interface JobRequest {
  id: number;
  files: readonly string[];
  cwd: string;
  maxBytes?: number;
  kind?: string;
}

/**
 * What a worker answers: the results of one chunk, in its order, each file without a finding
 * given as its kind alone (the main thread has its name): most files have none, and copying
 * 100,000 result objects between threads cost the main thread more than rebuilding them.
 */
export interface JobReply {
  id: number;
  results: JobAnswer[];
}

/** One file's answer in a {@link JobReply}: the kind of a file with no finding, or its whole result. */
export type JobAnswer = ValidationResult | string | null;

/** The answers a worker sends for `results`, the results of `files`. */
export function toAnswers(files: readonly string[], results: readonly ValidationResult[]): JobAnswer[] {
  return results.map((result, i) => (result.findings.length === 0 && result.valid && result.file === files[i] ? result.kind : result));
}

/** The results a {@link JobReply}'s answers stand for, `files` being the chunk's. */
export function fromAnswers(files: readonly string[], answers: readonly JobAnswer[]): ValidationResult[] {
  return answers.map((answer, i) =>
    answer === null || typeof answer === 'string' ? { file: files[i]!, kind: answer as ValidationResult['kind'], valid: true, findings: [] } : answer,
  );
}

/**
 * A {@link FileListRunner} that validates the files on `requested` threads (or as many as
 * {@link jobCount} decides): the main thread and worker threads. `null` when one thread does (the
 * caller validates in place). Files go out in chunks, a thread getting the next as it answers; the
 * results are put back in the files' order, so that the report is the one a single thread makes.
 */
export function workerRunner(requested: number | null, setup: { cwd: string; maxBytes?: number; kind?: string }): FileListRunner | null {
  if (requested === 1) return null;
  const file = workerPath();
  if (file === null) return null;
  return async (files) => {
    const jobs = jobCount(requested, files.length);
    if (jobs === 1) return validateFileList(files, setup.cwd, setup.maxBytes, setup.kind);
    return runOnWorkers(file, files, jobs, setup);
  };
}

/** Chunks a worker holds at once: the next is there when it finishes one, while the main thread is busy with its own. */
const IN_FLIGHT = 2;

/**
 * Validates `files` on `jobs` threads: the main thread and `jobs - 1` workers, each taking the
 * next chunk when it is done with one. The main thread validates too (a worker costs a start-up
 * and a warm-up of its own), and between two of its chunks hands the workers theirs.
 */
async function runOnWorkers(
  file: string,
  files: readonly string[],
  jobs: number,
  setup: { cwd: string; maxBytes?: number; kind?: string },
): Promise<ValidationResult[]> {
  const { Worker } = await import('node:worker_threads');
  const size = Math.min(CHUNK_MAX, Math.max(CHUNK_MIN, Math.ceil(files.length / (jobs * 8))));
  const chunks: (readonly string[])[] = [];
  for (let at = 0; at < files.length; at += size) chunks.push(files.slice(at, at + size));
  const answers: ValidationResult[][] = new Array(chunks.length);
  const workers = Array.from({ length: jobs - 1 }, () => new Worker(file));
  let sent = 0;
  let answered = 0;
  let failure: TeapurlError | null = null;
  let wake: (() => void) | null = null;
  const settle = () => {
    wake?.();
    wake = null;
  };
  const give = (worker: InstanceType<typeof Worker>) => {
    if (sent === chunks.length) return;
    const id = sent++;
    const request: JobRequest = {
      id,
      files: chunks[id]!,
      cwd: setup.cwd,
      ...(setup.maxBytes === undefined ? {} : { maxBytes: setup.maxBytes }),
      ...(setup.kind ? { kind: setup.kind } : {}),
    };
    worker.postMessage(request);
  };
  try {
    for (const worker of workers) {
      worker.on('message', (reply: JobReply) => {
        answers[reply.id] = fromAnswers(chunks[reply.id]!, reply.results);
        answered++;
        give(worker);
        settle();
      });
      worker.on('error', (error) => {
        failure ??= new TeapurlError(`a validation worker failed: ${error.message}`, { code: 'worker-failed', cause: error });
        settle();
      });
      worker.on('exit', (code) => {
        if (answered < chunks.length)
          failure ??= new TeapurlError(`a validation worker stopped (exit code ${code}) before it answered`, { code: 'worker-failed' });
        settle();
      });
      for (let i = 0; i < IN_FLIGHT; i++) give(worker);
    }
    while (failure === null && answered < chunks.length) {
      if (sent < chunks.length) {
        const id = sent++;
        answers[id] = validateFileList(chunks[id]!, setup.cwd, setup.maxBytes, setup.kind);
        answered++;
        // Let the workers' answers in, and give them more.
        await new Promise((resolve) => setImmediate(resolve));
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  if (failure !== null) throw failure;
  return answers.flat();
}
