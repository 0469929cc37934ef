import type { Finding } from '../../shared/finding.js';

/**
 * A definition set an engine cannot be built from; names the document and what is wrong.
 *
 * @example
 * ```ts
 * import { loadPurlEngine, loadPurlDefinitions, DefinitionSetError } from 'teapurl/purl';
 * const cargo = (await loadPurlDefinitions()).find((d) => d.type === 'cargo');
 * try {
 *   await loadPurlEngine([cargo, cargo]);
 * } catch (error) {
 *   if (error instanceof DefinitionSetError) console.log(error.source, error.message);
 *   // definition #1  definition #1: type "cargo" is already defined by definition #0
 * }
 * ```
 */
export class DefinitionSetError extends Error {
  /**
   * @param source - the file, or `definition #<index>` for in-memory documents
   * @param findings - the validator's findings (errors only), when the document is invalid
   */
  constructor(
    readonly source: string,
    message: string,
    readonly findings: readonly Finding[] = [],
  ) {
    super(message);
    this.name = 'DefinitionSetError';
  }
}
