import type {
  TeaDiscoveryDocument,
  TokenResponse,
  TokenError,
  PurlTypeDefinition,
  PurlTypeUrls,
  VersTypeDefinition,
  VersTypesIndex,
  CycloneDxBom,
  SpdxDocument,
} from '../../types/index.js';
import type { TeaObjectTypes } from '../tea/kinds/objects/tea-object-types.js';
import type { DocumentKind } from './all-kinds.js';
import { passes, type Finding } from '../shared/finding.js';
import { validateDocument, validateTextValue } from './validate.js';
import { andMore } from '../shared/messages.js';
import { TeapurlError } from '../shared/errors.js';

/**
 * The generated TypeScript type of each document kind.
 *
 * @example
 * ```ts
 * import type { DocumentTypes } from 'teapurl';
 * type Discovery = DocumentTypes['tea-discovery']; // TeaDiscoveryDocument
 * const doc: Discovery = { schemaVersion: 1, endpoints: [{ url: 'https://api.tea.example.com', versions: ['1.0.0'] }] };
 * ```
 */
export interface DocumentTypes extends TeaObjectTypes {
  /** A discovery document, `/.well-known/tea`. */
  'tea-discovery': TeaDiscoveryDocument;
  /** A successful `POST /token` answer. */
  'tea-token-response': TokenResponse;
  /** A failed `POST /token` answer. */
  'tea-token-error': TokenError;
  /** A PURL type definition. */
  'purl-type-definition': PurlTypeDefinition;
  /** A PURL type's URL templates. */
  'purl-type-urls': PurlTypeUrls;
  /** A VERS type definition. */
  'vers-type-definition': VersTypeDefinition;
  /** The list of VERS types a registry of definitions holds. */
  'vers-types-index': VersTypesIndex;
  /** A CycloneDX BOM: for XML, the members teapurl reads, as in the JSON form. */
  'cyclonedx-bom': CycloneDxBom;
  /** An SPDX 2.x document: for tag-value, the members teapurl reads, as in the JSON form. */
  'spdx-document': SpdxDocument;
}

/**
 * Thrown by {@link assertDocument} and {@link parseDocument}: a document that is not valid. The
 * message names the first error with its file, line and column; `code` is always
 * `'invalid-document'`.
 *
 * @example
 * ```ts
 * import { parseDocument, DocumentError } from 'teapurl';
 * try {
 *   parseDocument('{"error": "nope"}', 'tea-token-error', 'error.json');
 * } catch (error) {
 *   if (error instanceof DocumentError) console.log(error.message, error.findings[0]?.rule);
 *   // error.json:1:11: error "nope" is not one of "invalid_request", "invalid_client", … schema/enum
 * }
 * ```
 */
export class DocumentError extends TeapurlError<'invalid-document'> {
  /** Always `'DocumentError'`. */
  override name = 'DocumentError';
  /** Every finding, errors first. */
  readonly findings: readonly Finding[];

  constructor(findings: readonly Finding[]) {
    const errors = findings.filter((f) => f.severity === 'error');
    const first = errors[0] ?? findings[0];
    const where = first ? `${first.file}${first.line === null ? '' : `:${first.line}:${first.column}`}` : '';
    super(first ? `${where}: ${first.message}${andMore(errors.length)}` : 'invalid document', { code: 'invalid-document' });
    this.findings = [...errors, ...findings.filter((f) => f.severity !== 'error')];
  }
}

/**
 * Checks that `value` is a valid document of `kind` and narrows its type; throws a
 * {@link DocumentError} naming the first broken rule otherwise. Warnings do not throw.
 *
 * @example
 * ```ts
 * import { assertDocument } from 'teapurl';
 * const response = await fetch('https://tea.example.com/.well-known/tea');
 * const doc = assertDocument(await response.json(), 'tea-discovery');
 * doc.endpoints[0].url; // typed as TeaDiscoveryDocument
 * ```
 */
export function assertDocument<K extends DocumentKind>(value: unknown, kind: K, file?: string): DocumentTypes[K] {
  const result = validateDocument(value, { kind, ...(file ? { file } : {}) });
  if (!passes(result.findings)) throw new DocumentError(result.findings);
  return value as DocumentTypes[K];
}

/**
 * Parses JSON text as a document of `kind`; throws a {@link DocumentError} with line and column
 * when it is malformed or invalid.
 *
 * @example
 * ```ts
 * import { readFile } from 'node:fs/promises';
 * import { parseDocument } from 'teapurl';
 * const text = await readFile('corpus/purl-types/npm-definition.json', 'utf8');
 * const definition = parseDocument(text, 'purl-type-definition', 'npm-definition.json');
 * definition.name_definition.requirement; // 'required'
 * ```
 */
export function parseDocument<K extends DocumentKind>(text: string, kind: K, file?: string): DocumentTypes[K] {
  const { result, value } = validateTextValue(text, { kind, ...(file ? { file } : {}) });
  if (!passes(result.findings)) throw new DocumentError(result.findings);
  return value as DocumentTypes[K];
}

/**
 * `true` when `value` is a valid document of `kind` (warnings allowed).
 *
 * @example
 * ```ts
 * import { isDocument } from 'teapurl';
 * const body: unknown = JSON.parse('{"access_token": "abc", "token_type": "Bearer"}');
 * if (isDocument(body, 'tea-token-response')) console.log(body.access_token); // 'abc'
 * ```
 */
export function isDocument<K extends DocumentKind>(value: unknown, kind: K): value is DocumentTypes[K] {
  return passes(validateDocument(value, { kind }).findings);
}
