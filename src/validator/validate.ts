/**
 * teapurl's validator: the one made from every kind ({@link ALL_KINDS}), with the functions and
 * types the `teapurl` entry has always had.
 */
import type { Finding, RawFinding } from '../shared/finding.js';
import {
  createValidator,
  type BaseValidateOptions,
  type BaseValidationSetup,
  type ValidatedText,
  type BaseValidationResult,
  type Validator,
} from '../validation/create-validator.js';
import type { CheckTable } from '../validation/checks/check-table.js';
import type { DetectedKind } from '../validation/detect-kind.js';
import type { PurlValidationSetup } from '../purl/kinds/purl-check-context.js';
import { deepFreeze } from '../shared/deep-freeze.js';
import { ALL_KINDS, type DocumentKind } from './all-kinds.js';

export { DEFAULT_MAX_FINDINGS, hasFixPastCap, internalErrorFinding, placeFindings, type ValidatedText } from '../validation/create-validator.js';

/**
 * What a validation uses beyond the document: the checks, and for PURL type definitions, URL
 * documents and the PURLs of SBOMs and TEA objects the PURL rules and pattern guard of the
 * engines it builds. Everything is given per call, defaulting to teapurl's own.
 *
 * @example
 * ```ts
 * import { builtInChecks, type ValidationSetup } from 'teapurl';
 * import { loadPatternGuard } from 'teapurl/purl';
 * const setup: ValidationSetup = { checks: builtInChecks, patternGuard: await loadPatternGuard() };
 * ```
 */
export interface ValidationSetup extends BaseValidationSetup, PurlValidationSetup {}

/**
 * Options shared by the validate functions.
 *
 * @example
 * ```ts
 * import { validateText, type ValidateOptions } from 'teapurl';
 * const options: ValidateOptions = { kind: 'discovery', file: 'public/.well-known/tea' };
 * validateText('{"schemaVersion": 1, "endpoints": []}', options).findings[0]?.file; // 'public/.well-known/tea'
 * ```
 */
export interface ValidateOptions extends BaseValidateOptions<DocumentKind>, PurlValidationSetup {}

/**
 * The verdict on one document.
 *
 * @example
 * ```ts
 * import { validateDocument, type ValidationResult } from 'teapurl';
 * const result: ValidationResult = validateDocument({ access_token: 'abc', token_type: 'bearer', expires_in: 3600 });
 * // { file: '<input>', kind: 'tea-token-response', valid: true, findings: [] }
 * ```
 */
export type ValidationResult = BaseValidationResult<DocumentKind>;

/**
 * teapurl's validator of every kind. Frozen.
 *
 * @example
 * ```ts
 * import { teapurlValidator } from 'teapurl';
 * teapurlValidator.kindNames.length; // 24
 * ```
 */
export const teapurlValidator: Validator<DocumentKind, ValidateOptions> = createValidator<DocumentKind, ValidateOptions>(ALL_KINDS);

/**
 * The kind names, for messages and `--help`, in the order detection asks them.
 *
 * @example
 * ```ts
 * import { KIND_NAMES } from 'teapurl';
 * KIND_NAMES.slice(0, 3); // ['tea-discovery', 'tea-token-response', 'tea-token-error']
 * KIND_NAMES.includes('cyclonedx-bom'); // true
 * ```
 */
export const KIND_NAMES: readonly DocumentKind[] = teapurlValidator.kindNames;

/**
 * teapurl's own checks of each kind, in the order they run: what every validation uses unless it
 * is given another table (`ValidateOptions.checks`). Frozen, checks and all; extend it by making a new table.
 *
 * @example
 * ```ts
 * import { builtInChecks } from 'teapurl';
 * builtInChecks['purl-type-definition']?.map((c) => c.rule); // ['purl-type/id-file-name', 'purl-type/file-name', …]
 * ```
 */
export const builtInChecks: CheckTable = deepFreeze(teapurlValidator.checks);

/**
 * Resolves a kind name or alias; throws an `UnknownKindError` (a `TeapurlError`, code
 * `'unknown-kind'`) listing the known kinds for anything else.
 *
 * @example
 * ```ts
 * import { resolveKind } from 'teapurl';
 * resolveKind('purl');      // 'purl-type-definition'
 * resolveKind(undefined);   // undefined
 * resolveKind('manifest');  // throws UnknownKindError: unknown document kind "manifest"; expected one of …
 * ```
 */
export function resolveKind(name: string | undefined): DocumentKind | undefined {
  return teapurlValidator.resolveKind(name);
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
export function detectKind(value: unknown, file: string | undefined, explicit?: DocumentKind): DetectedKind<DocumentKind> | null {
  return teapurlValidator.detectKind(value, file, explicit);
}

/** Finds the schema and semantic problems of an already parsed document, without positions. */
export function checkDocument(value: unknown, kind: DocumentKind, file?: string, setup: ValidationSetup = {}): RawFinding[] {
  return teapurlValidator.checkDocument(value, kind, file, setup);
}

/**
 * Validates a document that is already a JavaScript value. Findings carry no line or column.
 *
 * @example
 * ```ts
 * import { validateDocument } from 'teapurl';
 * const { valid, findings } = validateDocument({ schemaVersion: 1, endpoints: [] });
 * // valid === false; findings[0].message === 'endpoints must have at least 1 item, but has 0'
 * ```
 */
export function validateDocument(value: unknown, options: ValidateOptions = {}): ValidationResult {
  return teapurlValidator.validateDocument(value, options);
}

/**
 * Validates a document's text and hands back the value it parsed and every finding, so that a
 * caller that goes on to use the document (discovery, `serve`, `parseDocument`, `fixText`) neither
 * parses nor validates it twice. Not public API: {@link validateText} is this without the value.
 */
export function validateTextValue(text: string, options: ValidateOptions = {}): ValidatedText<DocumentKind> {
  return teapurlValidator.validateTextValue(text, options);
}

/**
 * Validates a document's text: JSON, or an SBOM written as CycloneDX XML or SPDX tag-value.
 * Syntax errors, repeated keys, schema violations and semantic rules are all reported with their
 * line and column.
 *
 * @example
 * ```ts
 * import { validateText } from 'teapurl';
 * const r = validateText('{"schemaVersion": 1, "endpoints": [{"url": "https://tea.example.com", "versions": ["1.0"]}]}', { file: 'tea.json' });
 * // r.findings[0]: line 1, column 84, rule 'schema/pattern'
 * ```
 */
export function validateText(text: string, options: ValidateOptions = {}): ValidationResult {
  return teapurlValidator.validateText(text, options);
}

export type { Finding };
