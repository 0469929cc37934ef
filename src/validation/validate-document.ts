import type { Finding, RawFinding } from '../shared/finding.js';
import { passes } from '../shared/finding.js';
import { type DocumentKind, KIND_NAMES, kindByName, kindFormats, kindInfo } from '../validator/kinds.js';
import { detectKind } from './detect-kind.js';
import { schemaFindingsOf } from './schema-alternatives.js';
import { builtInChecks, checkContext, runChecks, type CheckTable } from './checks/index.js';
import type { DocumentSource, SourcePosition } from './source/document-source.js';
import { readSource, sourceFormat, SOURCE_FORMATS } from './source/read-source.js';
import { countOf } from '../shared/describe-value.js';
import { cut, faultMessage } from '../shared/messages.js';
import type { PurlRule } from '../purl/rules/index.js';
import type { PatternGuard } from '../purl/definitions/pattern-guard.js';

/**
 * What a validation uses beyond the document: the checks, and for PURL type definitions and URL
 * documents the PURL rules and pattern guard of the engines it builds. Everything is given per
 * call, defaulting to teapurl's own: nothing outside a call changes what it answers.
 *
 * @example
 * ```ts
 * import { builtInChecks, type ValidationSetup } from 'teapurl';
 * import { loadPatternGuard } from 'teapurl/purl';
 * const setup: ValidationSetup = { checks: builtInChecks, patternGuard: await loadPatternGuard() };
 * ```
 */
export interface ValidationSetup {
  /** The checks beyond the schema, by kind; default {@link builtInChecks}. */
  checks?: CheckTable;
  /** The PURL rules of the engines built from type definitions (`PurlEngineOptions.rules`); default `defaultPurlRules`. */
  purlRules?: readonly PurlRule[];
  /**
   * The pattern guard for patterns that can backtrack catastrophically (`loadPatternGuard()` from
   * `teapurl/purl`); without it, long examples of such patterns are reported as not checked.
   */
  patternGuard?: PatternGuard | null;
}

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
export interface ValidateOptions extends ValidationSetup {
  /** The document kind, or one of its aliases (`discovery`, `purl-type`, …). Detected when absent. */
  kind?: DocumentKind | string;
  /** The file name used in findings and for kind detection. */
  file?: string;
  /**
   * The most findings reported for the document (default {@link DEFAULT_MAX_FINDINGS}); the
   * rest are summed up in one `findings/truncated` finding. `Infinity` reports every one.
   */
  maxFindings?: number;
}

/**
 * How many findings a document reports by default: enough to fix a document by, few enough that
 * a file with a million broken keys still answers in seconds with output one can read.
 *
 * @example
 * ```ts
 * import { DEFAULT_MAX_FINDINGS, validateText } from 'teapurl';
 * const text = JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 0])));
 * const { findings } = validateText(text, { kind: 'discovery' });
 * findings.length;                   // DEFAULT_MAX_FINDINGS + 1
 * findings.at(-1)?.rule;            // 'findings/truncated'
 * ```
 */
export const DEFAULT_MAX_FINDINGS = 1000;

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
export interface ValidationResult {
  /** The file name, `<stdin>`, or `<input>` when none was given. */
  file: string;
  /** The kind the document was validated as, or `null` when it could not be told or parsed. */
  kind: DocumentKind | null;
  /** `true` when no finding is an error. Warnings do not make a document invalid. */
  valid: boolean;
  /** Every finding, in source order. */
  findings: Finding[];
}

/**
 * Resolves a kind name or alias; throws a `TypeError` listing the known kinds for anything else.
 *
 * @example
 * ```ts
 * import { resolveKind } from 'teapurl';
 * resolveKind('purl');      // 'purl-type-definition'
 * resolveKind(undefined);   // undefined
 * resolveKind('manifest');  // throws TypeError: unknown document kind "manifest"; expected one of …
 * ```
 */
export function resolveKind(name: string | undefined): DocumentKind | undefined {
  if (name === undefined) return undefined;
  const info = kindByName(name);
  if (!info) throw new TypeError(`unknown document kind ${JSON.stringify(name)}; expected one of ${KIND_NAMES.join(', ')}`);
  return info.kind;
}

/** Finds the schema and semantic problems of an already parsed document, without positions. */
export function checkDocument(value: unknown, kind: DocumentKind, file?: string, setup: ValidationSetup = {}): RawFinding[] {
  const info = kindInfo(kind);
  const checks = setup.checks ?? builtInChecks;
  const given = { ...(file === undefined ? {} : { file }), purlRules: setup.purlRules, patternGuard: setup.patternGuard };
  if (info.validate(value)) return runChecks(checks, kind, value, checkContext({ ...given, schemaValid: true }));
  const findings = schemaFindingsOf(info.validate.errors ?? []);
  // A missing property rejects no value: its pointer, the object that lacks it, may still be judged.
  const rejected = new Set<string>();
  for (const f of findings) if (f.rule !== 'schema/required') rejected.add(f.pointer);
  // The checks still run: each reads what it can of the document, so one run shows every finding.
  const beyond = runChecks(checks, kind, value, checkContext({ ...given, schemaValid: false, rejected }));
  if (beyond.length === 0) return findings;
  // A check that says why a value does not have the schema's form speaks for the schema there.
  const explaining = new Set(beyond.filter((f) => f.explainsSchema === true).map((f) => f.pointer));
  const explained = new Set(findings.filter((f) => FORM_RULES.has(f.rule) && explaining.has(f.pointer)).map((f) => f.pointer));
  const kept = explained.size === 0 ? findings : findings.filter((f) => !(FORM_RULES.has(f.rule) && explained.has(f.pointer)));
  // Any other value the schema rejects is not reported again by a rule beyond the schema.
  return kept.concat(beyond.filter((f) => !rejected.has(f.pointer) || (f.explainsSchema === true && explained.has(f.pointer))));
}

/** The schema findings that say a value does not have its form, which a check's `explainsSchema` finding replaces. */
const FORM_RULES: ReadonlySet<string> = new Set(['schema/pattern', 'schema/format']);

/** The finding for a document whose kind nothing reveals. */
export function undetectedKind(): RawFinding {
  return {
    pointer: '',
    severity: 'error',
    rule: 'kind/undetected',
    message: `cannot tell what kind of document this is; name it with --kind (${KIND_NAMES.join(', ')}), or add a "$schema" member`,
  };
}

/** The longest message a finding carries; checks quote values shortened, this is the backstop. */
const MAX_MESSAGE = 1000;

function bounded(message: string): string {
  return cut(message, MAX_MESSAGE);
}

/**
 * Completes findings with file and position and puts them in source order. The positions of all
 * findings come from one pass over the text.
 */
export function placeFindings(file: string, raw: readonly (RawFinding & { position?: SourcePosition })[], source?: DocumentSource): Finding[] {
  const unplaced = source ? raw.filter((f) => f.position === undefined) : [];
  const found = unplaced.length > 0 ? source!.locateAll(unplaced.map(({ pointer, atKey }) => ({ pointer, atKey: atKey === true }))) : [];
  let next = 0;
  const placed = raw.map(({ pointer, severity, rule, message, position, fix }): Finding => {
    const at = position ?? (source ? found[next++] : undefined);
    const finding: Finding = { file, pointer, line: at?.line ?? null, column: at?.column ?? null, severity, rule, message: bounded(message) };
    if (fix) finding.fix = fix;
    return finding;
  });
  return placed.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
}

/** The first `max` findings, and one that says how many more there are and of which severity. */
function capped(findings: Finding[], max: number): Finding[] {
  if (findings.length <= max) return findings;
  const shown = findings.slice(0, Math.max(0, max));
  const rest = findings.length - shown.length;
  let errors = 0;
  for (let i = shown.length; i < findings.length; i++) if (findings[i]!.severity === 'error') errors++;
  const first = findings[shown.length]!;
  const kinds = [errors > 0 ? countOf(errors, 'error') : '', rest - errors > 0 ? countOf(rest - errors, 'warning') : ''].filter(Boolean).join(' and ');
  shown.push({
    file: first.file,
    pointer: first.pointer,
    line: first.line,
    column: first.column,
    severity: errors > 0 ? 'error' : 'warning',
    rule: 'findings/truncated',
    message: `${countOf(rest, 'more finding')} from here on (${kinds}) are not listed; teapurl lists the first ${countOf(shown.length, 'finding')} of a document`,
  });
  return shown;
}

// Results whose cap left out a finding that carries a fix. Kept aside rather than in the result,
// whose shape is public: only fixFiles asks, so that a file whose list shows no fix is read again
// only when a fix is really past the cap.
const FIX_PAST_CAP = new WeakSet<ValidationResult>();

/** Whether the findings {@link validateText} left out of `result` for its cap include one that carries a fix. Not part of the public API. */
export function hasFixPastCap(result: ValidationResult): boolean {
  return FIX_PAST_CAP.has(result);
}

function result(file: string, kind: DocumentKind | null, findings: Finding[], maxFindings = DEFAULT_MAX_FINDINGS): ValidationResult {
  const verdict = { file, kind, valid: passes(findings), findings: capped(findings, maxFindings) };
  for (let i = Math.max(0, maxFindings); i < findings.length; i++) {
    if (findings[i]!.fix) {
      FIX_PAST_CAP.add(verdict);
      break;
    }
  }
  return verdict;
}

/**
 * The one finding for a document whose validation failed inside teapurl: the other documents of
 * the run are still validated and reported.
 */
export function internalErrorFinding(file: string, error: unknown, position: SourcePosition | null): Finding {
  return {
    file,
    pointer: '',
    line: position?.line ?? null,
    column: position?.column ?? null,
    severity: 'error',
    rule: 'internal/error',
    message: faultMessage('teapurl failed while validating this document', error, { notAVerdict: true, attach: 'this file' }),
  };
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
  const file = options.file ?? '<input>';
  const explicit = resolveKind(options.kind);
  try {
    const detected = detectKind(value, options.file, explicit);
    if (!detected) return result(file, null, placeFindings(file, [undetectedKind()]));
    return result(file, detected.kind, placeFindings(file, checkDocument(value, detected.kind, options.file, options)), options.maxFindings);
  } catch (error) {
    return result(file, explicit ?? null, [internalErrorFinding(file, error, null)]);
  }
}

const NON_BLANK = /\S/;

/** A validation of a document's text, the value it parsed to, and every finding before the cap. */
export interface ValidatedText {
  readonly result: ValidationResult;
  /** The parsed document; `undefined` when the text did not parse. Read it only when `result.valid`. */
  readonly value: unknown;
  /** The parsed text, for `fixText` to rewrite strings in; `undefined` when the text did not parse. */
  readonly source?: DocumentSource;
  /** Every finding, before `maxFindings` cut the list: what `fixText` needs to see a fix or a refusal past the cap. */
  readonly all: readonly Finding[];
}

/**
 * Validates a document's text and hands back the value it parsed and every finding, so that a
 * caller that goes on to use the document (discovery, `serve`, `parseDocument`, `fixText`) neither
 * parses nor validates it twice. Not public API: {@link validateText} is this without the value.
 */
export function validateTextValue(text: string, options: ValidateOptions = {}): ValidatedText {
  const file = options.file ?? '<input>';
  const explicit = resolveKind(options.kind);
  const validated = (kind: DocumentKind | null, all: Finding[], source?: DocumentSource, maxFindings?: number): ValidatedText => ({
    result: result(file, kind, all, maxFindings),
    value: source?.value,
    all,
    ...(source ? { source } : {}),
  });
  if (!NON_BLANK.test(text)) {
    return validated(explicit ?? null, placeFindings(file, [{ pointer: '', severity: 'error', rule: 'file/empty', message: 'the document is empty' }]));
  }
  try {
    // The kind the option or the file name tells, before the text is read, narrows its formats.
    const presumed = detectKind(undefined, options.file, explicit)?.kind;
    const parsed = readSource(text, sourceFormat(text, options.file, presumed ? kindFormats(presumed) : SOURCE_FORMATS));
    if (!parsed.ok) return validated(explicit ?? null, placeFindings(file, parsed.findings));
    const { source } = parsed;
    const detected = detectKind(source.value, options.file, explicit);
    const raw = [...parsed.findings, ...(detected ? checkDocument(source.value, detected.kind, options.file, options) : [undetectedKind()])];
    return validated(detected?.kind ?? null, raw.length === 0 ? [] : placeFindings(file, raw, source), source, options.maxFindings);
  } catch (error) {
    return validated(explicit ?? null, [internalErrorFinding(file, error, { line: 1, column: 1 })]);
  }
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
  return validateTextValue(text, options).result;
}
