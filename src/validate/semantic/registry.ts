import type { DocumentKind } from '../kinds.js';
import type { RawFinding } from '../finding.js';

/**
 * A rule a JSON Schema cannot express. It receives the parsed document whether or not the schema
 * accepted it, so it must read defensively, and returns its findings (possibly none).
 */
export interface SemanticCheck {
  /** Stable rule identifier, e.g. `discovery/duplicate-url`. */
  rule: string;
  /** One line on what the rule enforces, for documentation. */
  summary: string;
  check(document: unknown): RawFinding[];
}

const registry = new Map<DocumentKind, SemanticCheck[]>();

/** Adds checks for a kind of document. Each document kind registers its checks once, at import. */
export function registerChecks(kind: DocumentKind, checks: readonly SemanticCheck[]): void {
  const list = registry.get(kind) ?? [];
  for (const check of checks) if (!list.some((c) => c.rule === check.rule)) list.push(check);
  registry.set(kind, list);
}

/** The checks registered for a kind, in registration order. */
export function checksFor(kind: DocumentKind): readonly SemanticCheck[] {
  return registry.get(kind) ?? [];
}

/** Runs every check registered for a kind. A check that throws becomes a finding, never a crash. */
export function runChecks(kind: DocumentKind, document: unknown): RawFinding[] {
  let findings: RawFinding[] = [];
  for (const check of checksFor(kind)) {
    try {
      const found = check.check(document);
      if (found.length > 0) findings = findings.concat(found);
    } catch (error) {
      findings.push({
        pointer: '',
        severity: 'error',
        rule: check.rule,
        message: `the check ${check.rule} failed on this document: ${(error as Error).message}`,
      });
    }
  }
  return findings;
}
