/**
 * The validation engine's core: a validator of documents already parsed, made from a list of
 * kinds, with the verdict's shape and its cap. `createValidator` (create-validator.ts) adds the
 * reading of texts; this module imports no reader, so that a caller who never reads text (the TEA
 * client's `rankEndpoints`) bundles without the JSON reader and jsonc-parser.
 */
import type { Finding, RawFinding } from '../shared/finding.js';
import { passes } from '../shared/finding.js';
import { schemaFindingsOf } from './schema-alternatives.js';
import { checkContext, runChecks, type CheckTable } from './checks/index.js';
import type { DocumentSource, SourcePosition } from './source/document-source.js';
import { kindDetector, type DetectKind } from './detect-kind.js';
import type { KindDefinition } from './kind-definition.js';
import { countOf } from '../shared/describe-value.js';
import { cut, faultMessage } from '../shared/messages.js';
import { TeapurlError } from '../shared/errors.js';

/**
 * What a validation uses beyond the document: the checks, and whatever the kinds' checks read of
 * it (the PURL checks: `purlRules` and `patternGuard`). Everything is given per call, defaulting
 * to teapurl's own: nothing outside a call changes what it answers.
 *
 * @example
 * ```ts
 * import { builtInChecks, type ValidationSetup } from 'teapurl';
 * import { loadPatternGuard } from 'teapurl/purl';
 * const setup: ValidationSetup = { checks: builtInChecks, patternGuard: await loadPatternGuard() };
 * ```
 */
export interface BaseValidationSetup {
  /** The checks beyond the schema, by kind; default the kinds' own (`builtInChecks` for teapurl's). */
  checks?: CheckTable;
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
export interface BaseValidateOptions<Name extends string = string> extends BaseValidationSetup {
  /** The document kind, or one of its aliases (`discovery`, `purl-type`, …). Detected when absent. */
  kind?: Name | (string & {});
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
 * The verdict on one document, by a validator whose kinds are named `Name` (`ValidationResult` is
 * this for teapurl's own kinds).
 *
 * @example
 * ```ts
 * import { createValidator, TEA_DISCOVERY_KIND, type BaseValidationResult } from 'teapurl';
 * const result: BaseValidationResult<'tea-discovery'> = createValidator([TEA_DISCOVERY_KIND]).validateDocument({ schemaVersion: 1, endpoints: [] });
 * result.kind; // 'tea-discovery'
 * ```
 */
export interface BaseValidationResult<Name extends string = string> {
  /** The file name, `<stdin>`, or `<input>` when none was given. */
  file: string;
  /** The kind the document was validated as, or `null` when it could not be told or parsed. */
  kind: Name | null;
  /** `true` when no finding is an error. Warnings do not make a document invalid. */
  valid: boolean;
  /** Every finding, in source order. */
  findings: Finding[];
}

/** The schema findings that say a value does not have its form, which a check's `explainsSchema` finding replaces. */
const FORM_RULES: ReadonlySet<string> = new Set(['schema/pattern', 'schema/format']);

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
  // A finding is a request as it is: its pointer, and whether its property name is meant.
  const found = unplaced.length > 0 ? source!.locateAll(unplaced) : [];
  let next = 0;
  const placed = raw.map((f): Finding => completed(file, f, f.position ?? (source ? found[next++] : undefined)));
  return inSourceOrder(placed);
}

/** A finding with its file and position (none when `at` is undefined), its message bounded. Not part of the public API. */
export function completed(file: string, { pointer, severity, rule, message, fix }: RawFinding, at: SourcePosition | undefined): Finding {
  const finding: Finding = { file, pointer, line: at?.line ?? null, column: at?.column ?? null, severity, rule, message: bounded(message) };
  if (fix) finding.fix = fix;
  return finding;
}

const bySource = (a: Finding, b: Finding): number => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);

/**
 * Findings sorted by line and column, the sort (stable) skipped when they already are: the
 * schema's findings come in the document's order, and sorting a million of them cost more, per
 * finding, the more there were.
 */
function inSourceOrder(findings: Finding[]): Finding[] {
  for (let i = 1; i < findings.length; i++) if (bySource(findings[i - 1]!, findings[i]!) > 0) return findings.sort(bySource);
  return findings;
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
const FIX_PAST_CAP = new WeakSet<BaseValidationResult>();

/** Whether the findings {@link validateText} left out of `result` for its cap include one that carries a fix. Not part of the public API. */
export function hasFixPastCap(result: BaseValidationResult): boolean {
  return FIX_PAST_CAP.has(result);
}

/** A verdict: its findings capped, and whether a fix is past the cap remembered. Not part of the public API. */
export function result<Name extends string>(
  file: string,
  kind: Name | null,
  findings: Finding[],
  maxFindings = DEFAULT_MAX_FINDINGS,
): BaseValidationResult<Name> {
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
 * A validation of a document's text, the value it parsed to, and every finding before the cap.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_DISCOVERY_KIND, type ValidatedText } from 'teapurl';
 * const validated: ValidatedText = createValidator([TEA_DISCOVERY_KIND]).validateTextValue('{"schemaVersion": 1}', { kind: 'tea-discovery' });
 * validated.value; // { schemaVersion: 1 }
 * ```
 */
export interface ValidatedText<Name extends string = string> {
  /** The verdict, as `validateText` gives it. */
  readonly result: BaseValidationResult<Name>;
  /** The parsed document; `undefined` when the text did not parse. Read it only when `result.valid`. */
  readonly value: unknown;
  /** The parsed text, for `fixText` to rewrite strings in; `undefined` when the text did not parse. */
  readonly source?: DocumentSource;
  /** Every finding, before `maxFindings` cut the list: what `fixText` needs to see a fix or a refusal past the cap. */
  readonly all: readonly Finding[];
}

/**
 * A validator made from a list of kinds: it knows those kinds and no other. `teapurl`'s own
 * (`validateText` and the rest) is made from every kind teapurl has; `teapurl/tea/client` checks
 * TEA answers with one made from the TEA kinds alone.
 *
 * @example
 * ```ts
 * import { createValidator, TEA_DISCOVERY_KIND } from 'teapurl';
 * const validator = createValidator([TEA_DISCOVERY_KIND]);
 * validator.kindNames; // ['tea-discovery']
 * validator.validateText('{"schemaVersion": 1, "endpoints": []}', { file: '.well-known/tea' }).valid; // false
 * ```
 */
export interface Validator<Name extends string = string, Options extends BaseValidateOptions<Name> = BaseValidateOptions<Name>> {
  /** The kinds it knows, in the order detection asks them. */
  readonly kinds: readonly KindDefinition<Name>[];
  /** Their names, for messages. */
  readonly kindNames: readonly Name[];
  /** Each kind's own checks, in the order they run: what a validation uses unless given other `checks`. Frozen. */
  readonly checks: CheckTable;
  /** A kind by its name or one of its aliases; `undefined` when there is none. */
  kindByName(name: string): KindDefinition<Name> | undefined;
  /** A kind name or alias resolved; an {@link UnknownKindError} for anything else. */
  resolveKind(name: string | undefined): Name | undefined;
  /** Which kind a document is, from the explicit kind, `$schema`, the document's word, the file name and the shape. */
  detectKind: DetectKind<Name>;
  /** Validates a document that is already a JavaScript value. Findings carry no line or column. */
  validateDocument(value: unknown, options?: Options): BaseValidationResult<Name>;
  /** Validates a document's text, with a line and column for every finding. */
  validateText(text: string, options?: Options): BaseValidationResult<Name>;
  /** {@link validateText}, handing back the parsed value, its source and every finding before the cap. */
  validateTextValue(text: string, options?: Options): ValidatedText<Name>;
  /** The schema and semantic findings of a parsed document of a known kind, without positions. */
  checkDocument(value: unknown, kind: Name, file?: string, setup?: Options): RawFinding[];
}

/**
 * A kind name that no kind of the validator has.
 *
 * `code`: `'unknown-kind'`.
 *
 * @example
 * ```ts
 * import { resolveKind, UnknownKindError } from 'teapurl';
 * try {
 *   resolveKind('manifest');
 * } catch (error) {
 *   (error as UnknownKindError).code; // 'unknown-kind'
 * }
 * ```
 */
export class UnknownKindError extends TeapurlError<'unknown-kind'> {
  /** The name given. */
  readonly given: string;
  constructor(given: string, known: readonly string[]) {
    super(`unknown document kind ${JSON.stringify(given)}; expected one of ${known.join(', ')}`, { code: 'unknown-kind' });
    this.given = given;
  }
}

/**
 * The part of a {@link Validator} that reads no text: what validates a value already parsed. Its
 * own function so that a caller who never reads text (the TEA client's `rankEndpoints`) bundles
 * without the JSON reader. Not part of the public API.
 *
 * @internal
 */
export type DocumentValidator<Name extends string = string, Options extends BaseValidateOptions<Name> = BaseValidateOptions<Name>> = Omit<
  Validator<Name, Options>,
  'validateText' | 'validateTextValue'
>;

/**
 * A {@link DocumentValidator} made from a list of kinds: {@link createValidator} without the text
 * reading. Not part of the public API.
 *
 * @internal
 */
export function createDocumentValidator<Name extends string, Options extends BaseValidateOptions<Name> = BaseValidateOptions<Name>>(
  kinds: readonly KindDefinition<Name>[],
): DocumentValidator<Name, Options> {
  const list = Object.freeze([...kinds]);
  const byName = new Map<string, KindDefinition<Name>>();
  for (const kind of list) for (const name of [kind.name, ...(kind.aliases ?? [])]) if (!byName.has(name)) byName.set(name, kind);
  const kindNames = Object.freeze(list.map((k) => k.name));
  const ownChecks: CheckTable = Object.freeze(
    Object.fromEntries(list.filter((k) => (k.checks ?? []).length > 0).map((k) => [k.name, Object.freeze([...k.checks!])])),
  );
  const detectKind = kindDetector(list);

  const kindByName = (name: string): KindDefinition<Name> | undefined => byName.get(name) ?? byName.get(name.trim().toLowerCase());
  const resolveKind = (name: string | undefined): Name | undefined => {
    if (name === undefined) return undefined;
    const found = kindByName(name);
    if (!found) throw new UnknownKindError(name, kindNames);
    return found.name;
  };

  const checkDocument = (value: unknown, kind: Name, file?: string, setup?: Options): RawFinding[] => {
    const info = byName.get(kind)!;
    const checks = setup?.checks ?? ownChecks;
    const given = (setup ?? {}) as Readonly<Record<string, unknown>>;
    if (info.validate(value)) return runChecks(checks, kind, value, checkContext({ file, setup: given, schemaValid: true }));
    const findings = schemaFindingsOf(info.validate.errors ?? []);
    // A missing property rejects no value: its pointer, the object that lacks it, may still be judged.
    const rejected = new Set<string>();
    for (const f of findings) if (f.rule !== 'schema/required') rejected.add(f.pointer);
    // The checks still run: each reads what it can of the document, so one run shows every finding.
    const beyond = runChecks(checks, kind, value, checkContext({ file, setup: given, schemaValid: false, rejected }));
    if (beyond.length === 0) return findings;
    // A check that says why a value does not have the schema's form speaks for the schema there.
    const explaining = new Set(beyond.filter((f) => f.explainsSchema === true).map((f) => f.pointer));
    const explained = new Set(findings.filter((f) => FORM_RULES.has(f.rule) && explaining.has(f.pointer)).map((f) => f.pointer));
    const kept = explained.size === 0 ? findings : findings.filter((f) => !(FORM_RULES.has(f.rule) && explained.has(f.pointer)));
    // Any other value the schema rejects is not reported again by a rule beyond the schema.
    return kept.concat(beyond.filter((f) => !rejected.has(f.pointer) || (f.explainsSchema === true && explained.has(f.pointer))));
  };

  const validateDocument = (value: unknown, options: Options = {} as Options): BaseValidationResult<Name> => {
    const file = options.file ?? '<input>';
    const explicit = resolveKind(options.kind);
    try {
      const detected = detectKind(value, options.file, explicit);
      if (!detected) return result<Name>(file, null, placeFindings(file, [undetectedKind(kindNames)]));
      return result(file, detected.kind, placeFindings(file, checkDocument(value, detected.kind, options.file, options)), options.maxFindings);
    } catch (error) {
      return result<Name>(file, explicit ?? null, [internalErrorFinding(file, error, null)]);
    }
  };

  return Object.freeze({ kinds: list, kindNames, checks: ownChecks, kindByName, resolveKind, detectKind, validateDocument, checkDocument });
}

/** The finding for a document whose kind cannot be told. Not part of the public API. */
export function undetectedKind(kindNames: readonly string[]): RawFinding {
  return {
    pointer: '',
    severity: 'error',
    rule: 'kind/undetected',
    message: `cannot tell what kind of document this is; name its kind (${kindNames.join(', ')}), or add a "$schema" member`,
  };
}
