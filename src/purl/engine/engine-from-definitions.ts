/**
 * Engines from definition documents, checked against the PURL type definition schema first. The
 * schema's compiled validator is most of what this costs in a bundle, so `teapurl/purl` reaches
 * this module through `loadPurlEngine` (a dynamic import); Node code imports it directly.
 */
import type { PurlTypeDefinition } from '../../../types/index.js';
import { checkDefinitions, type SourcedDocument } from '../definitions/check-definitions.js';
import { DefinitionSetError } from '../document-errors.js';
import { DefinitionCompileError } from '../definitions/compile-definition.js';
import { patternSafeLength } from '../definitions/pattern-flagger.js';
import { faultMessage } from '../../shared/messages.js';
import { createEngine, engineSettings, type PurlEngine, type PurlEngineOptions } from './purl-engine.js';
import { InvalidArgumentError } from '../../shared/errors.js';

/** Any failure while loading definitions, as the one error type the loaders throw. */
function asDefinitionSetError(error: unknown, source: string): DefinitionSetError {
  if (error instanceof DefinitionSetError) return error;
  if (error instanceof DefinitionCompileError)
    return new DefinitionSetError(source, `${source}: ${error.message}`, [], { code: 'invalid-pattern', cause: error });
  return new DefinitionSetError(source, `${source}: ${faultMessage('teapurl failed while loading this definition', error, { attach: 'this file' })}`, [], {
    code: 'internal',
    cause: error,
  });
}

/**
 * An engine from documents that carry where they came from and, for files, the findings the
 * validator already gave them (with lines and columns): checked, then every type compiled at once,
 * so that anything wrong is a {@link DefinitionSetError} naming its document. Options that cannot
 * be used (a rule id given twice) are a `TypeError`.
 */
export function engineFromSourcedDocuments(documents: readonly SourcedDocument[], options: PurlEngineOptions = {}): PurlEngine {
  const settings = engineSettings(options, patternSafeLength);
  let definitions: PurlTypeDefinition[];
  try {
    definitions = checkDefinitions(documents);
  } catch (error) {
    throw asDefinitionSetError(error, 'the definitions');
  }
  return createEngine(
    definitions.map((definition, i) => ({ rules: definition, document: definition, source: documents[i]?.source ?? `definition #${i}` })),
    settings,
    asDefinitionSetError,
  );
}

/** An engine from definition documents in memory, named `definition #<index>` in messages. */
export function engineFromDefinitions(documents: readonly unknown[], options: PurlEngineOptions = {}): PurlEngine {
  if (!Array.isArray(documents)) throw new InvalidArgumentError('the definitions must be an array of definition documents');
  return engineFromSourcedDocuments(
    documents.map((document, index) => ({ document, source: `definition #${index}` })),
    options,
  );
}
