import type { DocumentKind } from '../kinds.js';
import type { RawFinding } from '../../schemas/finding.js';
import { BUILT_IN_CHECKS } from './built-in-checks.js';

/**
 * What a check knows about the document besides its value.
 *
 * @example
 * ```ts
 * import type { CheckContext } from 'teapurl';
 * const context: CheckContext = { file: 'types/npm-definition.json', schemaValid: true };
 * ```
 */
export interface CheckContext {
  /** The file name as given to the validator (`<stdin>`, `<input>` or absent when there is none). */
  readonly file?: string;
  /** Whether the schema accepted the document. A check still runs when it did not: see `rejected`. */
  readonly schemaValid: boolean;
  /**
   * The JSON Pointers of the values the schema rejected (an unknown property's is the property's
   * own); a missing property rejects none. Empty or absent when the schema accepted the document.
   * A check leaves these values out of what it compares or builds (an engine from a type
   * definition), and says what it could not check because of them. Findings at these pointers are
   * not reported: the schema's finding already is.
   */
  readonly rejected?: ReadonlySet<string>;
}

/**
 * A rule a JSON Schema cannot express. It receives the parsed document whether or not the schema
 * accepted it, so it must read defensively, and returns its findings (possibly none).
 *
 * @example
 * ```ts
 * import { registerChecks, type SemanticCheck } from 'teapurl';
 * const noTodo: SemanticCheck = {
 *   rule: 'purl-type/no-todo',
 *   summary: 'The description is not a placeholder.',
 *   check: (document) =>
 *     (document as { description?: unknown }).description === 'TODO'
 *       ? [{ pointer: '/description', severity: 'warning', rule: 'purl-type/no-todo', message: 'description is a placeholder' }]
 *       : [],
 * };
 * registerChecks('purl-type-definition', [noTodo]);
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

const registry = new Map<DocumentKind, SemanticCheck[]>();
for (const [kind, checks] of BUILT_IN_CHECKS) registerChecks(kind, checks);

/**
 * Adds checks for a kind of document, after the built-in ones; a check whose rule is already
 * registered for the kind is ignored.
 *
 * @example
 * ```ts
 * import { registerChecks } from 'teapurl';
 * registerChecks('tea-discovery', [
 *   { rule: 'local/one-endpoint', summary: 'Exactly one endpoint.', check: () => [] },
 * ]);
 * ```
 */
export function registerChecks(kind: DocumentKind, checks: readonly SemanticCheck[]): void {
  const list = registry.get(kind) ?? [];
  for (const check of checks) if (!list.some((c) => c.rule === check.rule)) list.push(check);
  registry.set(kind, list);
}

/**
 * The checks registered for a kind, in registration order.
 *
 * @example
 * ```ts
 * import { checksFor } from 'teapurl';
 * checksFor('purl-type-definition').map((c) => c.rule); // ['purl-type/id-file-name', 'purl-type/file-name', …]
 * ```
 */
export function checksFor(kind: DocumentKind): readonly SemanticCheck[] {
  return registry.get(kind) ?? [];
}

/**
 * Runs every check registered for a kind. A check that throws becomes an `internal/error`
 * finding naming it, never a crash, and the other checks still run.
 */
export function runChecks(kind: DocumentKind, document: unknown, context: CheckContext = { schemaValid: true }): RawFinding[] {
  let findings: RawFinding[] = [];
  for (const check of checksFor(kind)) {
    try {
      const found = check.check(document, context);
      if (found.length > 0) findings = findings.concat(found);
    } catch (error) {
      const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      findings.push({
        pointer: '',
        severity: 'error',
        rule: 'internal/error',
        message: `the check ${check.rule} failed on this document (${what.length > 200 ? `${what.slice(0, 200)}…` : what}); this is a fault in the check, not a verdict on the document: please report it to the teapurl maintainers (or the check's author) with this file`,
      });
    }
  }
  return findings;
}
