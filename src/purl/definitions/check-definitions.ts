import type { PurlTypeDefinition } from '../../../types/index.js';
import { purlTypeDefinition } from '../../schemas/compiled/purl-type-definition.js';
import { documentSchemaErrors } from '../../schemas/schema-findings.js';
import type { Finding } from '../../schemas/finding.js';

/**
 * A definition set an engine cannot be built from; names the document and what is wrong.
 *
 * @example
 * ```ts
 * import { PurlEngine, DefinitionSetError, defaultPurlDefinition } from 'teapurl';
 * const cargo = defaultPurlDefinition('cargo');
 * try {
 *   PurlEngine.fromDefinitions([cargo, cargo]);
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

/** A document and where it came from. */
export interface SourcedDocument {
  readonly document: unknown;
  readonly source: string;
  /** Findings already computed for this document (files are validated with their text, for line numbers). */
  readonly findings?: readonly Finding[];
}

/**
 * Whether a finding stops an engine being built from the document. The `purl-type/…` rules judge
 * a definition's quality (a non-canonical example, an `$id` naming another file, an unanchored
 * pattern): `teapurl validate` reports them, but the definition still says how to parse its type.
 */
export function blocksEngine(finding: Finding): boolean {
  return finding.severity === 'error' && !finding.rule.startsWith('purl-type/');
}


/**
 * Checks every document against the PURL type definition schema and refuses the first invalid
 * one, or a second definition of the same type.
 */
export function checkDefinitions(documents: readonly SourcedDocument[]): PurlTypeDefinition[] {
  const bySource = new Map<string, string>();
  const definitions: PurlTypeDefinition[] = [];
  for (const { document, source, findings } of documents) {
    const errors = (findings ?? documentSchemaErrors(purlTypeDefinition, document, source)).filter(blocksEngine);
    const first = errors[0];
    if (first) {
      const where = first.line === null ? first.pointer || '/' : `${first.line}:${first.column}`;
      const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
      throw new DefinitionSetError(source, `${source}:${where}: ${first.message} (${first.rule})${more}`, errors);
    }
    const definition = document as PurlTypeDefinition;
    const previous = bySource.get(definition.type);
    if (previous !== undefined) {
      throw new DefinitionSetError(source, `${source}: type "${definition.type}" is already defined by ${previous}`);
    }
    bySource.set(definition.type, source);
    definitions.push(definition);
  }
  return definitions;
}
