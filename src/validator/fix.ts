import { fixTextWith, type FixTextResult } from '../validation/fix-text.js';
import { teapurlValidator, type ValidateOptions } from './validate.js';
import type { DocumentKind } from './all-kinds.js';

/**
 * Applies every fix the findings of a document's text carry: each finding that has exactly one
 * correct rewrite which does not change what the document means (PURL type definition examples
 * and the PURLs of SBOMs not in canonical form, whose old and new spelling parse to equal
 * components; a discovery endpoint url's trailing slash and uppercase scheme, which no server
 * sees). Only the strings fixed change, written in the document's own syntax (JSON, CycloneDX
 * XML, SPDX tag-value); every other character stays as it was. The fixed text is validated again,
 * and a fix that would add a finding is not applied. A text with a syntax error or a repeated key
 * is not touched (`refused` says why). Browser-safe: the text is all it reads.
 *
 * @example
 * ```ts
 * import { fixText } from 'teapurl';
 * const before = JSON.stringify({
 *   $schema: 'https://packageurl.org/schemas/purl-type-definition.schema-1.0.json',
 *   $id: 'https://packageurl.org/types/maven-definition.json',
 *   type: 'maven', type_name: 'Maven', description: 'Maven JARs',
 *   repository: { use_repository: true, default_repository_url: 'https://repo.maven.apache.org/maven2/' },
 *   namespace_definition: { requirement: 'required' }, name_definition: { requirement: 'required' },
 *   examples: ['pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?type=zip&classifier=dist'],
 * }, null, 2);
 * const { text, applied, valid } = fixText(before, { file: 'maven-definition.json' });
 * applied[0].after; // 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=dist&type=zip'
 * valid;            // true
 * ```
 */
export function fixText(text: string, options: ValidateOptions = {}): FixTextResult<DocumentKind> {
  return fixTextWith(teapurlValidator, text, options);
}
