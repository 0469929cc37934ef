import type { Finding } from '../../shared/finding.js';
import { TeapurlError } from '../../shared/errors.js';

/**
 * Why a URL document was refused: a folder or file could not be read, or the documents are not
 * an array (`unreadable`), a document breaks the schema or a template rule (`invalid-document`),
 * or two documents are about one type (`duplicate-type`).
 *
 * @example
 * ```ts
 * import type { UrlDocumentFailure } from 'teapurl/purl';
 * const failure: UrlDocumentFailure = 'invalid-document';
 * ```
 */
export type UrlDocumentFailure = 'unreadable' | 'invalid-document' | 'duplicate-type';

/**
 * A URL document (`schemas/purl-type-urls.schema.json`) that a URL mapper cannot be built from;
 * names the document, the JSON Pointer of the first problem, and what is wrong; `code` says why.
 *
 * @example
 * ```ts
 * import { loadPurlUrls, UrlDocumentError } from 'teapurl/purl';
 * try {
 *   await loadPurlUrls({ documents: [{ type: 'npm', repository: [{ template: 'https://www.npmjs.com/package/{nme}' }], examples: [] }] });
 * } catch (error) {
 *   if (error instanceof UrlDocumentError) console.log(error.source, error.pointer); // 'document #0' '/examples'
 * }
 * ```
 */
export class UrlDocumentError extends TeapurlError<UrlDocumentFailure> {
  /** Always `'UrlDocumentError'`. */
  override name = 'UrlDocumentError';

  /**
   * @param source - the file, or `document #<index>` for in-memory documents
   * @param pointer - JSON Pointer to the first problem (`''` is the whole document)
   * @param findings - every problem found in the document (errors only)
   * @param options - why (default: `invalid-document` with findings, else `unreadable`), and the error this one wraps
   */
  constructor(
    readonly source: string,
    readonly pointer: string,
    message: string,
    readonly findings: readonly Finding[] = [],
    options: { readonly code?: UrlDocumentFailure; readonly cause?: unknown } = {},
  ) {
    super(message, { code: options.code ?? (findings.length > 0 ? 'invalid-document' : 'unreadable'), cause: options.cause });
  }
}
