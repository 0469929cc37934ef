/**
 * The one base class of every error teapurl throws: `error instanceof TeapurlError` tells
 * teapurl's errors from any other, and `code` says which failure it is, as a stable string that
 * each subclass documents as a union. Messages name what failed in the library's own words (never
 * a command-line flag: the command line adds its own hints).
 *
 * @example
 * ```ts
 * import { TeapurlError } from 'teapurl';
 * import { parsePurl } from 'teapurl/purl';
 * try {
 *   parsePurl('not a purl');
 * } catch (error) {
 *   error instanceof TeapurlError; // true
 *   typeof (error as TeapurlError).code; // 'string'
 * }
 * ```
 */
export class TeapurlError<Code extends string = string> extends Error {
  /** Which failure this is: stable across releases, documented per class. */
  readonly code: Code;

  constructor(message: string, options: TeapurlErrorOptions<Code>) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    // Subclasses keep their own name in stack traces and messages without repeating this line.
    this.name = new.target.name;
  }
}

/** What every {@link TeapurlError} is made with. */
export interface TeapurlErrorOptions<Code extends string = string> {
  /** The error's stable code. */
  readonly code: Code;
  /** The error this one wraps, if any. */
  readonly cause?: unknown;
}

/**
 * Whether a value is one of teapurl's errors, across copies of the package (a bundle and an
 * install side by side each have their own class): the class, or the shape, a `code` string on an
 * `Error` whose prototype chain names `TeapurlError`.
 */
export function isTeapurlError(value: unknown): value is TeapurlError {
  if (value instanceof TeapurlError) return true;
  if (!(value instanceof Error) || typeof (value as { code?: unknown }).code !== 'string') return false;
  for (let proto = Object.getPrototypeOf(value) as object | null; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'TeapurlError') return true;
  }
  return false;
}
