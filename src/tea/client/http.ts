/**
 * The HTTP helpers shared by discovery, the client and the checkers, browser-safe: bounded body
 * reads, content types, UTF-8, origins. Requests themselves go through a `TeaTransport`.
 */
import { readLimitedBody } from '../protocol/read-limited-body.js';

/** A body was larger than allowed. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly limit: number) {
    super(`the response body is larger than ${limit} bytes`);
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
