/**
 * The HTTP helpers shared by discovery, the client and the checkers, browser-safe: bounded body
 * reads, content types, UTF-8, origins. Requests themselves go through a `TeaTransport`.
 */
import { readLimitedBody } from '../protocol/read-limited-body.js';
import { MAX_DEPTH } from '../../shared/limits.js';
import { TeapurlError } from '../../shared/errors.js';

/** A body was larger than allowed; `code` is always `'too-large'`. */
export class BodyTooLargeError extends TeapurlError<'too-large'> {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`the response body is larger than ${limit} bytes`, { code: 'too-large' });
  }
}

/**
 * Reads a response body, stopping (and cancelling the rest) as soon as it passes `limit` bytes,
 * so a hostile server cannot make us buffer without end.
 */
export async function readBody(response: Response, limit: number): Promise<Uint8Array> {
  const body = await readLimitedBody(response, limit);
  if (body === null) throw new BodyTooLargeError(limit);
  return body;
}

/** A JSON body nested deeper than teapurl reads. */
export class JsonTooDeepError extends TeapurlError<'too-deep'> {
  override name = 'JsonTooDeepError';
  constructor(readonly limit: number) {
    super(`the answer nests arrays and objects more than ${limit} levels deep; teapurl reads at most ${limit}`, { code: 'too-deep' });
  }
}

/**
 * {@link readBody} for a JSON answer, with its nesting measured as the bytes arrive: reading stops
 * (and the rest is cancelled) once arrays and objects nest deeper than `maxDepth`, before anything
 * is parsed, so a hostile `[[[[…` costs a few hundred bytes, not a parse of the whole body.
 * Throws {@link BodyTooLargeError} past `limit` bytes and {@link JsonTooDeepError} past `maxDepth`.
 */
export async function readJsonBody(response: Response, limit: number, maxDepth = MAX_DEPTH): Promise<Uint8Array> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  const body = await readLimitedBody(response, limit, (chunk) => {
    // Brackets, quotes and backslashes are ASCII: no byte of a multi-byte UTF-8 character is one.
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === 0x5c) escaped = true;
        else if (byte === 0x22) inString = false;
      } else if (byte === 0x22) inString = true;
      else if (byte === 0x5b || byte === 0x7b) {
        if (++depth > maxDepth) throw new JsonTooDeepError(maxDepth);
      } else if (byte === 0x5d || byte === 0x7d) depth--;
    }
  });
  if (body === null) throw new BodyTooLargeError(limit);
  return body;
}

/** Discards a body we do not need, so the connection can be reused. */
export async function discardBody(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** `true` for `application/json` and any `+json` type, whatever the parameters. */
export function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const type = value.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9!#$&^_.+-]+\+json$/.test(type);
}

/** Decodes a body as UTF-8 (dropping a byte order mark); `null` for bytes that are not UTF-8. */
export function utf8(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

/** The origin of a URL, `null` for something that is not an absolute URL. */
export function originOf(url: string | URL): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** `bytes` random bytes as lowercase hex, from the platform's `crypto.getRandomValues` (Node 20+, browsers). */
export function randomHex(bytes: number): string {
  const values = globalThis.crypto.getRandomValues(new Uint8Array(bytes));
  let hex = '';
  for (const value of values) hex += value.toString(16).padStart(2, '0');
  return hex;
}

/** How long reading one answer's body may take. */
export interface BodyTimeouts {
  /** The longest wait for the next bytes, in ms. */
  readonly idleMs: number;
  /** The longest time for the whole body, from the first read, in ms. */
  readonly totalMs: number;
}

/**
 * `response` with a body whose reads fail with a `TimeoutError` (a `DOMException`, as
 * `AbortSignal.timeout` gives) when no bytes come for `idleMs`, or when reading it all takes
 * longer than `totalMs`; `onTimeout` is then called with that error (to close the connection).
 * A timer runs only while a read waits, so a body nobody reads holds no timer.
 */
export function timedBody(response: Response, limits: BodyTimeouts, onTimeout: (reason: unknown) => void): Response {
  const body = response.body;
  if (body === null) return response;
  const reader = body.getReader();
  let started: number | undefined;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        started ??= Date.now();
        const left = limits.totalMs - (Date.now() - started);
        const idle = limits.idleMs <= left;
        const reason = new DOMException(
          idle ? `no bytes of the answer for ${limits.idleMs} ms` : `the answer took longer than ${limits.totalMs} ms to read`,
          'TimeoutError',
        );
        let timer: ReturnType<typeof setTimeout> | undefined;
        const expired = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(reason), Math.max(0, idle ? limits.idleMs : left));
        });
        try {
          const { done, value } = await Promise.race([reader.read(), expired]);
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (error === reason) {
            onTimeout(reason);
            reader.cancel(reason).catch(() => undefined);
          }
          controller.error(error);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  let timed: Response;
  try {
    timed = new Response(stream, { status: response.status, statusText: response.statusText, headers: response.headers });
  } catch {
    // A status that may carry no body (the platform would not make one): nothing to bound.
    reader.releaseLock();
    return response;
  }
  Object.defineProperty(timed, 'url', { value: response.url });
  return timed;
}
