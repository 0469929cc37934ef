import type { PurlTypeUrls } from '../../../types/index.js';
import { purlTypeUrls } from '../../schemas/compiled/purl-type-urls.js';
import { documentSchemaErrors } from '../../schemas/schema-findings.js';
import { defaultPurlEngine } from '../default-engine.js';
import { compileUrlDocument, type CompiledUrlDocument } from './url-document.js';
import { purlUrlsFromCompiled, type PurlUrls, type PurlUrlsOptions } from './purl-urls.js';
import { UrlDocumentError } from './url-document-error.js';


/** Checks and compiles documents, refusing the first bad one with a {@link UrlDocumentError}. */
function compileUrlDocuments(documents: readonly unknown[], sources: readonly string[] = []): CompiledUrlDocument[] {
  const compiled: CompiledUrlDocument[] = [];
  const seen = new Map<string, string>();
  documents.forEach((document, index) => {
    const source = sources[index] ?? `document #${index}`;
    const findings = documentSchemaErrors(purlTypeUrls, document, source).filter((f) => f.severity === 'error');
    if (findings.length === 0) {
      const result = compileUrlDocument(document as PurlTypeUrls);
      for (const problem of result.problems) findings.push({ file: source, pointer: problem.pointer, line: null, column: null, severity: 'error', rule: problem.rule, message: problem.message });
      if (findings.length === 0) {
        const previous = seen.get(result.compiled.type);
        if (previous !== undefined) throw new UrlDocumentError(source, '/type', `${source}: type "${result.compiled.type}" already has a URL document: ${previous}`);
        seen.set(result.compiled.type, source);
        compiled.push(result.compiled);
      }
    }
    const first = findings[0];
    if (first) {
      const more = findings.length > 1 ? ` (and ${findings.length - 1} more)` : '';
      throw new UrlDocumentError(source, first.pointer, `${source}:${first.pointer || '/'}: ${first.message} (${first.rule})${more}`, findings);
    }
  });
  return compiled;
}

/**
 * Builds a URL mapper over URL documents (`schemas/purl-type-urls.schema.json`, one per type):
 * `purlToUrls` gives a PURL's repository page and download URL, `urlToPurl` reads a registry,
 * download or forge URL back into a canonical PURL. Each document is checked against the schema
 * and its templates parsed; the first bad one is refused with a {@link UrlDocumentError} naming
 * it and the JSON Pointer of the problem. teapurl's own documents are loaded by
 * {@link loadPurlUrls}.
 *
 * @throws {@link UrlDocumentError} for an invalid document, or two for the same type.
 * @example
 * ```ts
 * import { createPurlUrls } from 'teapurl';
 * const urls = createPurlUrls([{
 *   type: 'cargo',
 *   repository: [{ template: 'https://crates.io/crates/{name}' }],
 *   download: [{ template: 'https://static.crates.io/crates/{name}/{name}-{version}.crate' }],
 *   examples: [{ purl: 'pkg:cargo/rand@0.8.5', repository: 'https://crates.io/crates/rand', download: 'https://static.crates.io/crates/rand/rand-0.8.5.crate' }],
 * }]);
 * urls.purlToUrls('pkg:cargo/rand@0.8.5').download; // 'https://static.crates.io/crates/rand/rand-0.8.5.crate'
 * urls.urlToPurl('https://crates.io/crates/rand'); // 'pkg:cargo/rand'
 * ```
 */
export function createPurlUrls(documents: readonly unknown[], options: PurlUrlsOptions = {}): PurlUrls {
  if (!Array.isArray(documents)) throw new UrlDocumentError('<input>', '', 'createPurlUrls takes an array of URL documents');
  return purlUrlsFromCompiled(compileUrlDocuments(documents, options.sources), options.engine ?? defaultPurlEngine());
}


