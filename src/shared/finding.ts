/**
 * How serious a finding is: an `error` makes the document invalid, a `warning` does not (unless `--strict`).
 *
 * @example
 * ```ts
 * import { validateDocument, type Severity } from 'teapurl';
 * const severities: Severity[] = validateDocument({ schemaVersion: 1, endpoints: [] }).findings.map((f) => f.severity);
 * // ['error']
 * ```
 */
export type Severity = 'error' | 'warning';

/**
 * The one rewrite that fixes a finding without changing what the document means: replace the
 * string at `pointer` with `replacement`. Plain data, so `--format json` shows it; `fixText`
 * (and `teapurl validate --fix`) apply it.
 *
 * @example
 * ```ts
 * import type { FindingFix } from 'teapurl';
 * const fix: FindingFix = {
 *   pointer: '/examples/3',
 *   replacement: 'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=dist&type=zip',
 * };
 * ```
 */
export interface FindingFix {
  /** JSON Pointer (RFC 6901) to the string to replace. */
  pointer: string;
  /** The string that replaces it. */
  replacement: string;
}

/**
 * One problem found in a document.
 *
 * @example
 * ```ts
 * const finding: Finding = {
 *   file: '.well-known/tea', pointer: '/endpoints/0/versions/0', line: 5, column: 20,
 *   severity: 'error', rule: 'schema/pattern',
 *   message: 'endpoints[0].versions[0] "1.0" is not a full semantic version MAJOR.MINOR.PATCH …',
 * };
 * ```
 */
export interface Finding {
  /** The file the finding is in, `<stdin>` for standard input, or `<input>` for an in-memory value. */
  file: string;
  /** JSON Pointer (RFC 6901) to the value concerned; `''` is the whole document. */
  pointer: string;
  /** 1-based line in the source text, or `null` when there is no source text. */
  line: number | null;
  /** 1-based column (UTF-16 code units) in the source text, or `null` when there is no source text. */
  column: number | null;
  /** `error` makes the document invalid; `warning` does not (unless strict). */
  severity: Severity;
  /** Stable identifier of the rule, such as `schema/pattern`, `json/duplicate-key` or `discovery/duplicate-url`. */
  rule: string;
  /** What is wrong, in plain words. */
  message: string;
  /** The one rewrite that fixes it, when there is exactly one; absent when it needs a person. */
  fix?: FindingFix;
}

/**
 * A finding before it has been placed in a file: the validator adds file, line and column. This is
 * what a {@link SemanticCheck} returns.
 *
 * @example
 * ```ts
 * import type { RawFinding } from 'teapurl';
 * const raw: RawFinding = {
 *   pointer: '/endpoints/1/url',
 *   severity: 'error',
 *   rule: 'discovery/duplicate-url',
 *   message: 'endpoints[1].url "https://tea.example.com" repeats endpoints[0].url; list each endpoint once with all its versions',
 * };
 * ```
 */
export interface RawFinding {
  /** JSON Pointer (RFC 6901) to the value concerned; `''` is the whole document. */
  pointer: string;
  /** `error` makes the document invalid; `warning` does not (unless strict). */
  severity: Severity;
  /** Stable identifier of the rule, such as `discovery/duplicate-url`. */
  rule: string;
  /** What is wrong, in plain words. */
  message: string;
  /** Point at the property's key rather than its value (an unknown or repeated property). */
  atKey?: boolean;
  /** The one rewrite that fixes it, when there is exactly one. */
  fix?: FindingFix;
  /**
   * This finding says what is wrong with a value the schema rejects for its form (its `pattern`
   * or `format`), in more precise words than the schema can: it is reported in place of the
   * schema's finding at the same pointer, so one broken value still gives one finding. Ignored
   * where the schema rejects no value for its form.
   */
  explainsSchema?: boolean;
}

/**
 * `true` when none of the findings is an error (or, with `strict`, none at all).
 *
 * @example
 * ```ts
 * import { passes } from 'teapurl';
 * passes([{ severity: 'warning' }]);       // true
 * passes([{ severity: 'warning' }], true); // false
 * ```
 */
export function passes(findings: readonly Pick<Finding, 'severity'>[], strict = false): boolean {
  return strict ? findings.length === 0 : !findings.some((f) => f.severity === 'error');
}
