import type { PurlTypeDefinition } from '../../../types/index.js';
import { purlTypeDefinition } from '../kinds/compiled/purl-type-definition.js';
import { documentSchemaErrors } from '../../validation/schema-findings.js';
import type { Finding } from '../../shared/finding.js';
import { firstFindingMessage } from '../../shared/messages.js';
import { DefinitionSetError } from '../document-errors.js';

export { DefinitionSetError };

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
    if (errors.length > 0) throw new DefinitionSetError(source, firstFindingMessage(source, errors), errors);
    const definition = document as PurlTypeDefinition;
    const previous = bySource.get(definition.type);
    if (previous !== undefined) {
      throw new DefinitionSetError(source, `${source}: type "${definition.type}" is already defined by ${previous}`, [], { code: 'duplicate-type' });
    }
    bySource.set(definition.type, source);
    definitions.push(definition);
  }
  return definitions;
}
