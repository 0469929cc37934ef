import type { ValidationResult } from '../../validator/index.js';

/**
 * What the command line adds to the library's findings: how to do on the command line what a
 * message asks (the library names no flag, since its callers have none).
 */
const HINTS: Readonly<Record<string, string>> = {
  'kind/undetected': 'on the command line, pass --kind NAME',
};

/** The results with each finding's command-line hint appended. */
export function withCliHints(results: readonly ValidationResult[]): ValidationResult[] {
  return results.map((result) =>
    result.findings.some((f) => Object.hasOwn(HINTS, f.rule))
      ? { ...result, findings: result.findings.map((f) => (Object.hasOwn(HINTS, f.rule) ? { ...f, message: `${f.message}; ${HINTS[f.rule]}` } : f)) }
      : result,
  );
}
