/**
 * A definition's examples, each parsed by an engine built from that very definition. Built once
 * per document and shared by the checks that need it.
 */
import type { PurlTypeDefinition } from '../../../types/index.js';
import type { PurlComponents } from '../../purl/purl-components.js';
import { PurlEngine, type PurlValidation } from '../../purl/engine/purl-engine.js';
import { definitionType, exampleStrings } from './purl-type-document.js';

/** One example and what the definition's own engine makes of it. */
export interface ParsedExample {
  readonly index: number;
  readonly purl: string;
  /** The type the example names, lowercased; `null` when it names none. */
  readonly type: string | null;
  /** Whether that type is the definition's. Other checks skip an example of another type. */
  readonly ownType: boolean;
  /** The engine's verdict; `null` for an example of another type. */
  readonly validation: PurlValidation | null;
  /** The components of a valid example, else `null`. */
  readonly components: PurlComponents | null;
}

const TYPE_PREFIX = /^pkg:\/*([^/@?#]*)/i;
const cache = new WeakMap<object, readonly ParsedExample[]>();

function engineFor(definition: PurlTypeDefinition): PurlEngine | null {
  try {
    return PurlEngine.fromCheckedDefinitions([definition]);
  } catch {
    // A pattern that does not compile; the schema's `format: regex` reports it.
    return null;
  }
}

/**
 * The examples of a schema-valid definition, parsed; empty when the document is not schema-valid
 * (no engine can be built from it) or its patterns do not compile.
 */
export function examplesOf(document: unknown, schemaValid: boolean): readonly ParsedExample[] {
  if (!schemaValid || typeof document !== 'object' || document === null) return [];
  const cached = cache.get(document);
  if (cached) return cached;
  const definitionTypeName = definitionType(document);
  const engine = engineFor(document as PurlTypeDefinition);
  const parsed: ParsedExample[] = [];
  if (engine && definitionTypeName !== undefined) {
    for (const { index, purl } of exampleStrings(document)) {
      const type = TYPE_PREFIX.exec(purl)?.[1]?.toLowerCase() || null;
      const ownType = type === definitionTypeName;
      const validation = ownType ? engine.validate(purl) : null;
      const components = validation?.valid ? engine.parse(purl) : null;
      parsed.push({ index, purl, type, ownType, validation, components });
    }
  }
  cache.set(document, parsed);
  return parsed;
}
