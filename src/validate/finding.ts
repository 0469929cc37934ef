/** How serious a finding is: an `error` makes the document invalid, a `warning` does not (unless `--strict`). */
export type Severity = 'error' | 'warning';

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
  severity: Severity;
  /** Stable identifier of the rule, such as `schema/pattern`, `json/duplicate-key` or `discovery/duplicate-url`. */
  rule: string;
  /** What is wrong, in plain words. */
  message: string;
}

/** A finding before it has been placed in a file: the validator adds file, line and column. */
export interface RawFinding {
  pointer: string;
  severity: Severity;
  rule: string;
  message: string;
  /** Point at the property's key rather than its value (an unknown or repeated property). */
  atKey?: boolean;
}

/** `true` when none of the findings is an error (or, with `strict`, none at all). */
export function passes(findings: readonly Pick<Finding, 'severity'>[], strict = false): boolean {
  return strict ? findings.length === 0 : !findings.some((f) => f.severity === 'error');
}
