/**
 * The error of the typed TEA client, apart from tea-api.ts so that the reading of an answer
 * (read-answer.ts, loaded with the TEA objects' validator) throws it without importing tea-api.ts.
 */
import type { Finding } from '../../shared/finding.js';
import { TeapurlError } from '../../shared/errors.js';

/**
 * Why a typed call gave no object: the server answered 404, 403 or 401 (after the token flow),
 * another status, or an answer that is not the object the operation promises.
 *
 * @example
 * ```ts
 * import { TeaApiError, type TeaApiFailure } from 'teapurl/tea/client';
 * const failure: TeaApiFailure = new TeaApiError('not-found', 'getTeaProductByUuid', 'https://tea.example.com/v1.0.0/product/x', 404, 'absent').code;
 * ```
 */
export type TeaApiFailure =
  | 'not-found'
  | 'forbidden'
  | 'unauthorized'
  | 'http-status'
  | 'content-type'
  | 'too-large'
  | 'invalid-answer'
  /** A listing went on past `maxPages` pages. */
  | 'too-many-pages'
  /** A listing held more than `maxItems` results. */
  | 'too-many-items'
  /** A listing's `nextPageToken` repeated an earlier one: the server pages in a loop. */
  | 'page-loop';

/**
 * A typed call that gave no object. The message names the operation and the URL; for an answer
 * that fails its schema, also the JSON Pointer, the line and column, and the rule of the first
 * problem (`findings` has them all).
 *
 * @example
 * ```ts
 * import { TeaApi, TeaApiError } from 'teapurl/tea/client';
 * const api = new TeaApi({ baseUrl: 'https://tea.example.com/v1.0.0' });
 * try {
 *   await api.product('09e8c73b-ac45-4475-acac-33e6a7314e6d');
 * } catch (e) {
 *   if (e instanceof TeaApiError && e.code === 'invalid-answer') console.error(e.operationId, e.pointer, e.rule);
 *   else throw e;
 * }
 * ```
 */
export class TeaApiError extends TeapurlError<TeaApiFailure> {
  /** Always `'TeaApiError'`. */
  override name = 'TeaApiError';
  /** The rule of the first problem of an invalid answer, such as `schema/required`; else `null`. */
  readonly rule: string | null;
  /** The JSON Pointer of the first problem of an invalid answer; else `null`. */
  readonly pointer: string | null;

  constructor(
    /** Why no object was given: the error's `code`. */
    code: TeaApiFailure,
    /** The OpenAPI `operationId` of the call. */
    readonly operationId: string,
    /** The URL asked. */
    readonly url: string,
    /** The HTTP status of the answer. */
    readonly status: number,
    message: string,
    /** Every finding of an invalid answer, with line and column. */
    readonly findings: readonly Finding[] = [],
  ) {
    super(message, { code });
    const first = findings.find((f) => f.severity === 'error');
    this.rule = first?.rule ?? null;
    this.pointer = first === undefined ? null : first.pointer || '/';
  }
}
