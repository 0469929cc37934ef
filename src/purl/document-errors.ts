/**
 * The errors of the two document loaders: definitions (`loadPurlEngine`) and URL documents
 * (`loadPurlUrls`). One module for both: the eager entry exports them and each loader's chunk
 * throws one, so a module of each would be a shared chunk of its own that a page loads first.
 */
import type { Finding } from '../shared/finding.js';
import { TeapurlError } from '../shared/errors.js';

/**
 * Why a definition set was refused: a folder or file could not be read (`unreadable`), a
 * document breaks the schema or a rule (`invalid-definition`), two documents define one type
 * (`duplicate-type`), a `permitted_characters` pattern does not compile (`invalid-pattern`), or
 * teapurl itself failed while loading it (`internal`).
 *
 * @example
 * ```ts
 * import type { DefinitionSetFailure } from 'teapurl/purl';
 * const failure: DefinitionSetFailure = 'duplicate-type';
 * ```
 */
export type DefinitionSetFailure = 'unreadable' | 'invalid-definition' | 'duplicate-type' | 'invalid-pattern' | 'internal';

/**
 * A definition set an engine cannot be built from; names the document and what is wrong, and
 * `code` says why.
 *
 * @example
 * ```ts
 * import { loadPurlEngine, loadPurlDefinitions, DefinitionSetError } from 'teapurl/purl';
 * const cargo = (await loadPurlDefinitions()).find((d) => d.type === 'cargo');
 * try {
 *   await loadPurlEngine([cargo, cargo]);
 * } catch (error) {
 *   if (error instanceof DefinitionSetError) console.log(error.code, error.source, error.message);
 *   // duplicate-type definition #1 definition #1: type "cargo" is already defined by definition #0
 * }
 * ```
 */
export class DefinitionSetError extends TeapurlError<DefinitionSetFailure> {
  /** Always `'DefinitionSetError'`. */
  override name = 'DefinitionSetError';

  /**
   * @param source - the file, or `definition #<index>` for in-memory documents
   * @param findings - the validator's findings (errors only), when the document is invalid
   * @param options - why (default: `invalid-definition` with findings, else `unreadable`), and the error this one wraps
   */
  constructor(
    readonly source: string,
    message: string,
    readonly findings: readonly Finding[] = [],
    options: { readonly code?: DefinitionSetFailure; readonly cause?: unknown } = {},
  ) {
    super(message, { code: options.code ?? (findings.length > 0 ? 'invalid-definition' : 'unreadable'), cause: options.cause });
  }
}

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
