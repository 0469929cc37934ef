import type { PurlTypeUrls } from '../../../types/index.js';
import { purlTypeUrls } from '../kinds/compiled/purl-type-urls.js';
import { documentSchemaErrors } from '../../validation/schema-findings.js';
import { firstFindingMessage } from '../../shared/messages.js';
import type { PurlEngine } from '../engine/purl-engine.js';
import { compileUrlDocument, type CompiledUrlDocument } from './url-document.js';
import { purlUrlsFromCompiled, type PurlUrls } from './purl-urls.js';
import { UrlDocumentError } from '../document-errors.js';

/** Checks and compiles documents, refusing the first bad one with a {@link UrlDocumentError}. */
function compileUrlDocuments(documents: readonly unknown[], sources: readonly string[] = []): CompiledUrlDocument[] {
  const compiled: CompiledUrlDocument[] = [];
  const seen = new Map<string, string>();
  documents.forEach((document, index) => {
    const source = sources[index] ?? `document #${index}`;
    const findings = documentSchemaErrors(purlTypeUrls, document, source).filter((f) => f.severity === 'error');
    if (findings.length === 0) {
      const result = compileUrlDocument(document as PurlTypeUrls);
      for (const problem of result.problems)
        findings.push({ file: source, pointer: problem.pointer, line: null, column: null, severity: 'error', rule: problem.rule, message: problem.message });
      if (findings.length === 0) {
        const previous = seen.get(result.compiled.type);
        if (previous !== undefined)
          throw new UrlDocumentError(source, '/type', `${source}: type "${result.compiled.type}" already has a URL document: ${previous}`, [], {
            code: 'duplicate-type',
          });
        seen.set(result.compiled.type, source);
        compiled.push(result.compiled);
      }
    }
    const first = findings[0];
    if (first) throw new UrlDocumentError(source, first.pointer, firstFindingMessage(source, findings), findings);
  });
  return compiled;
}

/**
 * Builds a URL mapper over URL documents (`schemas/purl-type-urls.schema.json`, one per type)
 * and an engine. Each document is checked against the schema and its templates parsed; the first
 * bad one is refused with a {@link UrlDocumentError} naming it and the JSON Pointer of the
 * problem. The public way in is `loadPurlUrls({ documents })`; the Node adapter and the command
 * line, which have the module at hand, call this directly.
 *
 * @throws {@link UrlDocumentError} for an invalid document, or two for the same type.
 */
export function createPurlUrls(documents: readonly unknown[], engine: PurlEngine, sources: readonly string[] = []): PurlUrls {
  if (!Array.isArray(documents)) throw new UrlDocumentError('<input>', '', 'the URL documents must be an array');
  return purlUrlsFromCompiled(compileUrlDocuments(documents, sources), engine);
}
