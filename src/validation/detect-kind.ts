import { type DocumentKind, kindBySchemaUrl } from '../validator/kinds.js';
import { sbomKindOfContent, sbomKindOfFile } from '../sbom/kinds/sbom-kinds.js';
import { teaObjectKindByFileName, teaObjectKindByShape } from '../tea/kinds/objects/detect-tea-object.js';

/**
 * How a document's kind was decided, for messages.
 *
 * @example
 * ```ts
 * import { detectKind, type KindEvidence } from 'teapurl';
 * const evidence: KindEvidence | undefined = detectKind({}, 'site/.well-known/tea')?.evidence; // 'file name'
 * ```
 */
export type KindEvidence = 'option' | '$schema' | 'file name' | 'shape';

/**
 * The outcome of kind detection.
 *
 * @example
 * ```ts
 * import { detectKind, type DetectedKind } from 'teapurl';
 * const detected: DetectedKind | null = detectKind({ access_token: 'abc', token_type: 'Bearer' }, undefined);
 * // { kind: 'tea-token-response', evidence: 'shape' }
 * ```
 */
export interface DetectedKind {
  /** The kind the document is taken to be. */
  kind: DocumentKind;
  /** What decided it. */
  evidence: KindEvidence;
}

const WELL_KNOWN_TEA = /(^|[\\/])\.well-known[\\/]tea(\.json)?$/;
const TYPE_DEFINITION_FILE = /-definition\.json$/;
const TYPE_URLS_FILE = /-urls\.json$/;
const VERS_INDEX_FILE = /(^|[\\/])vers-types(-index\.json|[\\/]index\.json)$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** A VERS type definition lists VERS examples where a PURL type definition has component definitions. */
function isVersTypeDefinition(value: unknown): boolean {
  return isObject(value) && (has(value, 'vers_examples') || has(value, 'native_and_vers_equivalent_examples')) && !has(value, 'name_definition');
}

/**
 * Decides which kind a document is, in this order: the explicit kind, a known `$schema` URL, an
 * SBOM's own word (CycloneDX `bomFormat`, SPDX `spdxVersion`), the file name (`.well-known/tea`,
 * `*-definition.json` for a PURL or a VERS type by its content, `*-urls.json`,
 * `vers-types/index.json`, `*.cdx.json`, `bom.xml`, `*.spdx.json`, `*.spdx`), then the document's
 * shape. `null` when nothing tells.
 *
 * @example
 * ```ts
 * import { detectKind } from 'teapurl';
 * detectKind({ $schema: 'https://packageurl.org/schemas/purl-type-definition.schema-1.0.json' }, 'x.json');
 * // { kind: 'purl-type-definition', evidence: '$schema' }
 * detectKind({ access_token: 'abc', token_type: 'Bearer' }, undefined); // { kind: 'tea-token-response', evidence: 'shape' }
 * detectKind({ bomFormat: 'CycloneDX', specVersion: '1.6' }, 'sbom.json');   // { kind: 'cyclonedx-bom', evidence: 'shape' }
 * detectKind([], 'notes.json');                                        // null
 * ```
 */
export function detectKind(value: unknown, file: string | undefined, explicit?: DocumentKind): DetectedKind | null {
  if (explicit) return { kind: explicit, evidence: 'option' };
  if (isObject(value) && typeof value.$schema === 'string') {
    const known = kindBySchemaUrl(value.$schema);
    if (known) return { kind: known.kind, evidence: '$schema' };
  }
  const sbom = isObject(value) ? sbomKindOfContent(value) : null;
  if (sbom) return { kind: sbom, evidence: 'shape' };
  if (file) {
    if (WELL_KNOWN_TEA.test(file)) return { kind: 'tea-discovery', evidence: 'file name' };
    // PURL and VERS type definitions share the file name: the content tells which.
    if (TYPE_DEFINITION_FILE.test(file)) return { kind: isVersTypeDefinition(value) ? 'vers-type-definition' : 'purl-type-definition', evidence: 'file name' };
    if (VERS_INDEX_FILE.test(file)) return { kind: 'vers-types-index', evidence: 'file name' };
    if (TYPE_URLS_FILE.test(file)) return { kind: 'purl-type-urls', evidence: 'file name' };
    const sbomFile = sbomKindOfFile(file);
    if (sbomFile) return { kind: sbomFile, evidence: 'file name' };
    const teaObject = teaObjectKindByFileName(file);
    if (teaObject) return teaObject;
  }
  if (!isObject(value)) return teaObjectKindByShape(value);
  if (has(value, 'endpoints') || has(value, 'schemaVersion')) return { kind: 'tea-discovery', evidence: 'shape' };
  if (isVersTypeDefinition(value)) return { kind: 'vers-type-definition', evidence: 'shape' };
  // A URL document has `type` and `examples` too, but lists of templates where a definition has a
  // `repository` object.
  if (!has(value, 'name_definition') && (Array.isArray(value.download) || Array.isArray(value.repository) || Array.isArray(value.reverse) || has(value, 'default_registry'))) {
    return { kind: 'purl-type-urls', evidence: 'shape' };
  }
  if (has(value, 'name_definition') || has(value, 'namespace_definition') || (has(value, 'type') && has(value, 'examples'))) {
    return { kind: 'purl-type-definition', evidence: 'shape' };
  }
  if (has(value, 'access_token') || has(value, 'token_type')) return { kind: 'tea-token-response', evidence: 'shape' };
  if (has(value, 'error') && !has(value, 'access_token')) return { kind: 'tea-token-error', evidence: 'shape' };
  return teaObjectKindByShape(value);
}
