import type { Finding } from '../../shared/finding.js';

/**
 * A URL document (`schemas/purl-type-urls.schema.json`) that a URL mapper cannot be built from;
 * names the document, the JSON Pointer of the first problem, and what is wrong.
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
export class UrlDocumentError extends Error {
  /**
   * @param source - the file, or `document #<index>` for in-memory documents
   * @param pointer - JSON Pointer to the first problem (`''` is the whole document)
   * @param findings - every problem found in the document (errors only)
   */
  constructor(
    readonly source: string,
    readonly pointer: string,
    message: string,
    readonly findings: readonly Finding[] = [],
  ) {
    super(message);
    this.name = 'UrlDocumentError';
  }
}
