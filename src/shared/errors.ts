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

/**
 * What every {@link TeapurlError} is made with.
 *
 * @example
 * ```ts
 * import { TeapurlError, type TeapurlErrorOptions } from 'teapurl';
 * const options: TeapurlErrorOptions<'my-code'> = { code: 'my-code', cause: new Error('below') };
 * new TeapurlError('what failed', options).code; // 'my-code'
 * ```
 */
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
 *
 * @example
 * ```ts
 * import { isTeapurlError } from 'teapurl/tea/client';
 * import { parseVers } from 'teapurl/vers';
 * try {
 *   parseVers('vers:npm/>=2.0.0|<1.0.0');
 * } catch (error) {
 *   if (isTeapurlError(error)) console.error(error.code); // 'unsorted'
 * }
 * ```
 */
export function isTeapurlError(value: unknown): value is TeapurlError {
  if (value instanceof TeapurlError) return true;
  if (!(value instanceof Error) || typeof (value as { code?: unknown }).code !== 'string') return false;
  for (let proto = Object.getPrototypeOf(value) as object | null; proto !== null; proto = Object.getPrototypeOf(proto) as object | null) {
    if ((proto as { constructor?: { name?: string } }).constructor?.name === 'TeapurlError') return true;
  }
  return false;
}

/**
 * The codes of {@link InvalidArgumentError}: `invalid-argument`, a value of the wrong type or shape
 * (what a `TypeError` said before); `out-of-range`, a number or size outside what is allowed (a
 * `RangeError` before); `unknown-kind`, a document kind teapurl does not know.
 *
 * @example
 * ```ts
 * import type { InvalidArgumentCode } from 'teapurl';
 * const code: InvalidArgumentCode = 'out-of-range';
 * ```
 */
export type InvalidArgumentCode = 'invalid-argument' | 'out-of-range' | 'unknown-kind';

/**
 * A function or constructor of teapurl was called with an argument it cannot use: an option of
 * the wrong type, a number out of range, an unknown name. The message names the argument.
 *
 * @example
 * ```ts
 * import { InvalidArgumentError } from 'teapurl';
 * import { TeaClient } from 'teapurl/tea/client';
 * try {
 *   new TeaClient({ baseUrl: 'ftp://tea.example.com' });
 * } catch (error) {
 *   if (error instanceof InvalidArgumentError) console.error(error.code, error.message); // invalid-argument …
 * }
 * ```
 */
export class InvalidArgumentError extends TeapurlError<InvalidArgumentCode> {
  /** Always `'InvalidArgumentError'`. */
  override name = 'InvalidArgumentError';

  constructor(message: string, options: Partial<TeapurlErrorOptions<InvalidArgumentCode>> = {}) {
    super(message, { code: options.code ?? 'invalid-argument', cause: options.cause });
  }
}
