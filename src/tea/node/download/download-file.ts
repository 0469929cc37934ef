/**
 * One artefact file downloaded and verified: streamed in constant memory into a temporary file
 * beside its target, hashed on the way with every algorithm its checksums name, and linked to
 * its name only after every checksum matched. A mismatch, a limit or an error deletes the
 * temporary file; a file already at the target is never overwritten.
 */
import { createReadStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { TeaClient } from '../../client/tea-client.js';
import { discardBody } from '../../client/http.js';
import { toNetworkError } from '../../client/network-error.js';
import { errorCode, fsReason } from '../../../shared/node/fs-reason.js';
import { HASHERS, isChecksumAlgorithm, type Hasher } from './checksum-hashers.js';
import { TeapurlError } from '../../../shared/errors.js';
import { createExclusive, linkIfAbsent, temporaryBeside } from '../../../shared/node/safe-write.js';

/** A checksum as an artefact format lists it. */
export interface ListedChecksum {
  readonly algType: string;
  readonly algValue: string;
}

/**
 * Why an artefact file was not kept.
 *
 * @example
 * ```ts
 * import { TeaDownloadError, type TeaDownloadFailure } from 'teapurl/node';
 * const failure: TeaDownloadFailure = 'checksum-mismatch';
 * ```
 */
export type TeaDownloadFailure =
  | 'no-checksum'
  | 'no-url'
  | 'unknown-algorithm'
  | 'checksum-mismatch'
  | 'http-status'
  | 'too-large'
  | 'timeout'
  | 'exists'
  | 'file-system'
  | 'network';

/**
 * What a {@link TeaDownloadError} is made with.
 *
 * @example
 * ```ts
 * import { TeaDownloadError, type TeaDownloadErrorOptions } from 'teapurl/node';
 * const options: TeaDownloadErrorOptions = { code: 'too-large', artifact: 'artefact 1c4e8a3e', url: 'https://cdn.example.com/a.zip' };
 * new TeaDownloadError('artefact 1c4e8a3e: https://cdn.example.com/a.zip: the file is larger than the limit', options).code; // 'too-large'
 * ```
 */
export interface TeaDownloadErrorOptions {
  /** Why the file was not kept. */
  readonly code: TeaDownloadFailure;
  /** The artefact, as messages name it. */
  readonly artifact: string;
  /** The URL downloaded from. */
  readonly url: string;
  /** For a mismatch: the algorithm. */
  readonly algorithm?: string;
  /** For a mismatch: the digest the format lists. */
  readonly expected?: string;
  /** For a mismatch: the digest of what arrived. */
  readonly actual?: string;
  /** The error this one wraps, if any. */
  readonly cause?: unknown;
}

/**
 * An artefact file that was not kept, and why (`code`, one of {@link TeaDownloadFailure}). For a
 * mismatch, `algorithm`, `expected` and `actual` say which checksum and how; the message names
 * the artefact and the URL too.
 *
 * @example
 * ```ts
 * import { TeaDownloadError } from 'teapurl/node';
 * function explain(error: unknown): string {
 *   return error instanceof TeaDownloadError && error.code === 'checksum-mismatch' ? `${error.algorithm}: ${error.expected} ≠ ${error.actual}` : String(error);
 * }
 * ```
 */
export class TeaDownloadError extends TeapurlError<TeaDownloadFailure> {
  /** Always `'TeaDownloadError'`. */
  override name = 'TeaDownloadError';
  /** The artefact, as messages name it. */
  readonly artifact: string;
  /** The URL downloaded from. */
  readonly url: string;
  /** For a mismatch: the algorithm. */
  readonly algorithm?: string;
  /** For a mismatch: the digest the format lists. */
  readonly expected?: string;
  /** For a mismatch: the digest of what arrived. */
  readonly actual?: string;

  constructor(message: string, options: TeaDownloadErrorOptions);
  /** @deprecated pass `(message, { code, artifact, url, algorithm, expected, actual })`; the positional form goes in the next minor version. */
  constructor(code: TeaDownloadFailure, artifact: string, url: string, message: string, algorithm?: string, expected?: string, actual?: string);
  constructor(first: string, second: TeaDownloadErrorOptions | string, ...rest: Array<string | undefined>) {
    const [message, options] =
      typeof second === 'object'
        ? [first, second]
        : [rest[1] ?? '', { code: first as TeaDownloadFailure, artifact: second, url: rest[0] ?? '', algorithm: rest[2], expected: rest[3], actual: rest[4] }];
    super(message, { code: options.code, cause: options.cause });
    this.artifact = options.artifact;
    this.url = options.url;
    if (options.algorithm !== undefined) this.algorithm = options.algorithm;
    if (options.expected !== undefined) this.expected = options.expected;
    if (options.actual !== undefined) this.actual = options.actual;
  }
}

/** Limits of one file. */
export interface FileLimits {
  /** Largest file, in bytes. */
  readonly maxBytes: number;
  /** Time for the whole file, in ms. */
  readonly timeoutMs: number;
  /** Longest wait for the next bytes, in ms. */
  readonly idleTimeoutMs: number;
  /** Keep a file whose format lists no checksum (it is then not verified). */
  readonly allowNoChecksum: boolean;
  /** Stops the download: the part file is deleted and the call rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** What a caller hears while a file downloads, and checks before it is kept. */
export interface FileHooks {
  /** Bytes so far, and the size the server declared (when it did), as each chunk arrives. */
  readonly onBytes?: (bytes: number, declared: number | undefined) => void;
  /** After every checksum matched, before the file gets its name: throw to refuse it. */
  readonly beforeKeep?: (temporary: string) => Promise<void>;
}

/** What one download gave. */
export interface DownloadedFile {
  /** The file, absolute. */
  readonly file: string;
  readonly bytes: number;
  /** The checksums verified, as listed. */
  readonly verified: readonly ListedChecksum[];
  /** `true` when the file was already there with the same checksums, and kept as it was. */
  readonly alreadyPresent: boolean;
}

/** The hashers for the listed checksums; refuses an algorithm teapurl cannot compute. */
function hashersFor(checksums: readonly ListedChecksum[], artifact: string, url: string): Map<string, Hasher> {
  const hashers = new Map<string, Hasher>();
  for (const { algType } of checksums) {
    if (!isChecksumAlgorithm(algType))
      throw new TeaDownloadError(`${artifact}: ${url}: the checksum algorithm ${JSON.stringify(algType)} is not one teapurl knows`, {
        code: 'unknown-algorithm',
        artifact,
        url,
      });
    if (!hashers.has(algType)) hashers.set(algType, HASHERS[algType]());
  }
  return hashers;
}

/** The first listed checksum the digests contradict, or `null`. */
function mismatch(checksums: readonly ListedChecksum[], digests: ReadonlyMap<string, string>): { checksum: ListedChecksum; actual: string } | null {
  for (const checksum of checksums) {
    const actual = digests.get(checksum.algType)!;
    if (actual !== checksum.algValue.toLowerCase()) return { checksum, actual };
  }
  return null;
}

async function digestsOfFile(file: string, checksums: readonly ListedChecksum[], artifact: string, url: string): Promise<Map<string, string>> {
  const hashers = hashersFor(checksums, artifact, url);
  for await (const chunk of createReadStream(file)) for (const hasher of hashers.values()) hasher.update(chunk as Buffer);
  return new Map([...hashers].map(([name, hasher]) => [name, hasher.hex()]));
}

/**
 * Downloads `url` (through `client`, so a token goes only to the API's origin) to `dir/name`,
 * verifying every listed checksum. Throws a {@link TeaDownloadError}, or a `NetworkError`.
 */
export async function downloadFile(
  client: TeaClient,
  url: string,
  checksums: readonly ListedChecksum[],
  target: { dir: string; name: string; artifact: string },
  limits: FileLimits,
  hooks: FileHooks = {},
): Promise<DownloadedFile> {
  const { artifact } = target;
  const fail = (code: TeaDownloadFailure, why: string) => new TeaDownloadError(`${artifact}: ${url}: ${why}`, { code, artifact, url });
  if (checksums.length === 0 && !limits.allowNoChecksum)
    throw fail('no-checksum', 'the format lists no checksum, so the file cannot be verified; refused (allow it with the allowNoChecksum option)');
  const hashers = hashersFor(checksums, artifact, url);
  const file = path.join(target.dir, target.name);
  const temporary = temporaryBeside(file);
  try {
    await mkdir(path.dirname(file), { recursive: true });
  } catch (error) {
    throw fail('file-system', `cannot make the folder ${path.dirname(file)}: ${fsReason(error)}`);
  }

  const controller = new AbortController();
  const total = setTimeout(() => controller.abort(new DOMException(`the download took longer than ${limits.timeoutMs} ms`, 'TimeoutError')), limits.timeoutMs);
  let idle: ReturnType<typeof setTimeout> | undefined;
  const stillAlive = () => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(new DOMException(`no bytes for ${limits.idleTimeoutMs} ms`, 'TimeoutError')), limits.idleTimeoutMs);
  };
  let handle: Awaited<ReturnType<typeof createExclusive>> | undefined;
  try {
    stillAlive();
    const result = await client.request(url, {
      signal: limits.signal ? AbortSignal.any([controller.signal, limits.signal]) : controller.signal,
      idleTimeoutMs: limits.idleTimeoutMs,
      bodyTimeoutMs: limits.timeoutMs,
    });
    if (!result.ok) {
      await discardBody(result.response);
      throw fail('http-status', `answered ${result.status}${result.outcome === 'unauthorized' ? ` (${result.unauthorizedReason ?? 'unauthorized'})` : ''}`);
    }
    const declared = Number(result.response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxBytes) {
      await discardBody(result.response);
      throw fail('too-large', `the file is ${declared} bytes, more than the limit of ${limits.maxBytes}`);
    }
    try {
      handle = await createExclusive(temporary);
    } catch (error) {
      throw fail('file-system', `cannot write ${temporary}: ${fsReason(error)}`);
    }
    let bytes = 0;
    const size = result.response.headers.has('content-length') && Number.isFinite(declared) ? declared : undefined;
    try {
      for await (const chunk of result.response.body ?? []) {
        stillAlive();
        bytes += chunk.byteLength;
        if (bytes > limits.maxBytes) {
          controller.abort();
          throw fail('too-large', `the file is larger than the limit of ${limits.maxBytes} bytes`);
        }
        for (const hasher of hashers.values()) hasher.update(chunk);
        await handle.write(chunk);
        hooks.onBytes?.(bytes, size);
      }
    } catch (error) {
      if (error instanceof TeaDownloadError) throw error;
      const reason = controller.signal.reason as { name?: string; message?: string } | undefined;
      if (controller.signal.aborted && reason?.name === 'TimeoutError') throw fail('timeout', reason.message ?? 'timed out');
      // The client's own bound on reading the body (idle or total) ended it.
      if ((error as { name?: unknown } | null)?.name === 'TimeoutError') throw fail('timeout', (error as Error).message);
      if (errorCode(error) !== undefined && !(error as { cause?: unknown }).cause) throw fail('file-system', `cannot write ${temporary}: ${fsReason(error)}`);
      throw toNetworkError(error, url);
    }
    await handle.close();
    handle = undefined;
    const digests = new Map([...hashers].map(([name, hasher]) => [name, hasher.hex()]));
    const wrong = mismatch(checksums, digests);
    if (wrong) {
      throw new TeaDownloadError(
        `${artifact}: ${url}: the ${wrong.checksum.algType} checksum does not match: expected ${wrong.checksum.algValue}, got ${wrong.actual}; the file was deleted`,
        {
          code: 'checksum-mismatch',
          artifact,
          url,
          algorithm: wrong.checksum.algType,
          expected: wrong.checksum.algValue,
          actual: wrong.actual,
        },
      );
    }
    await hooks.beforeKeep?.(temporary);
    let linked: boolean;
    try {
      // link, not rename: it never replaces a file that is already there.
      linked = await linkIfAbsent(temporary, file);
    } catch (error) {
      throw fail('file-system', `cannot write ${file}: ${fsReason(error)}`);
    }
    if (linked) return { file, bytes, verified: checksums, alreadyPresent: false };
    // The same name is there: kept when it is this very file, else left alone and refused.
    const present = checksums.length > 0 ? mismatch(checksums, await digestsOfFile(file, checksums, artifact, url)) : { checksum: undefined, actual: '' };
    if (present === null) return { file, bytes, verified: checksums, alreadyPresent: true };
    throw fail('exists', `${file} is already there with other content; teapurl does not overwrite it: remove it or choose another folder (the out option)`);
  } catch (error) {
    if (error instanceof TeaDownloadError) throw error;
    const reason = controller.signal.reason as { name?: string; message?: string } | undefined;
    if (controller.signal.aborted && reason?.name === 'TimeoutError') throw fail('timeout', reason.message ?? 'timed out');
    throw error;
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    await handle?.close().catch(() => undefined);
    // The temporary file goes whatever happened: the kept file is its hard link.
    await unlink(temporary).catch(() => undefined);
  }
}
