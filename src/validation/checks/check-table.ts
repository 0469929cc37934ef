import type { RawFinding } from '../../shared/finding.js';
import { faultMessage } from '../../shared/messages.js';
import type { CheckContext } from './check-context.js';

/**
 * A rule a JSON Schema cannot express. It receives the parsed document whether or not the schema
 * accepted it, so it must read defensively, and returns its findings (possibly none).
 *
 * @example
 * ```ts
 * import { builtInChecks, validateText, type SemanticCheck } from 'teapurl';
 * const noTodo: SemanticCheck = {
 *   rule: 'purl-type/no-todo',
 *   summary: 'The description is not a placeholder.',
 *   check: (document) =>
 *     (document as { description?: unknown }).description === 'TODO'
 *       ? [{ pointer: '/description', severity: 'warning', rule: 'purl-type/no-todo', message: 'description is a placeholder' }]
 *       : [],
 * };
 * const checks = { ...builtInChecks, 'purl-type-definition': [...builtInChecks['purl-type-definition'], noTodo] };
 * validateText(text, { kind: 'purl-type-definition', checks });
 * ```
 */
export interface SemanticCheck {
  /** Stable rule identifier, e.g. `discovery/duplicate-url`. */
  rule: string;
  /** One line on what the rule enforces, for documentation. */
  summary: string;
  /** Returns the findings for one document, possibly none. */
  check(document: unknown, context: CheckContext): RawFinding[];
}

/**
 * The checks of each kind of document, in the order they run: what a validation is given
 * (`ValidateOptions.checks`, default {@link builtInChecks}). A kind the table leaves out gets its
 * schema alone.
 *
 * @example
 * ```ts
 * import { builtInChecks, type CheckTable } from 'teapurl';
 * const schemaOnly: CheckTable = {};
 * const withMine: CheckTable = { ...builtInChecks, 'tea-discovery': [...builtInChecks['tea-discovery'], myCheck] };
 * ```
 */
export type CheckTable = { readonly [kind: string]: readonly SemanticCheck[] | undefined };

/**
 * Runs the checks a table gives for a kind. A check that throws becomes an `internal/error`
 * finding naming it, never a crash, and the other checks still run.
 */
export function runChecks(checks: CheckTable, kind: string, document: unknown, context: CheckContext): RawFinding[] {
  let findings: RawFinding[] = [];
  for (const check of checks[kind] ?? []) {
    try {
      const found = check.check(document, context);
      if (found.length > 0) findings = findings.concat(found);
    } catch (error) {
      findings.push({
        pointer: '',
        severity: 'error',
        rule: 'internal/error',
        message: faultMessage(`the check ${check.rule} failed on this document`, error, {
          culprit: 'the check',
          notAVerdict: true,
          reportTo: "the teapurl maintainers (or the check's author)",
          attach: 'this file',
        }),
      });
    }
  }
  return findings;
}
