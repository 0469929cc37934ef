import { jsonEqual } from '../../shared/json-equal.js';
import type { PurlEngine } from '../engine/purl-engine.js';
import { PurlError } from '../purl-error.js';
import type { PurlComponents } from '../purl-components.js';
import type { SuiteCase } from './suite-case.js';

/** The outcome of one case. */
export interface CaseOutcome {
  readonly case: SuiteCase;
  readonly passed: boolean;
  /** What the engine produced (a string, components, or the error message). */
  readonly actual: unknown;
  /** Why it failed, in words. */
  readonly reason: string | null;
}

/**
 * Runs one case. `required` cases use strict parsing; `recommended` ones, which test repairs of
 * common mistakes, use lenient parsing. A `validate` case checks the canonical form of its
 * input; a `build` case builds from components.
 */
export function runSuiteCase(engine: PurlEngine, test: SuiteCase): CaseOutcome {
  const lenient = test.group === 'recommended';
  let actual: unknown;
  try {
    if (test.testType === 'parse') actual = plain(engine.parse(test.input as string, { lenient }));
    else if (test.testType === 'build') actual = engine.build(test.input as object);
    else actual = lenient ? engine.canonicalize(test.input as string) : engine.build(engine.parse(test.input as string));
  } catch (error) {
    if (!(error instanceof PurlError)) {
      return { case: test, passed: false, actual: String(error), reason: `crashed with ${(error as Error).name}: ${(error as Error).message}` };
    }
    if (test.expectedFailure) return { case: test, passed: true, actual: error.message, reason: null };
    return { case: test, passed: false, actual: error.message, reason: `refused: ${error.message}` };
  }
  if (test.expectedFailure) return { case: test, passed: false, actual, reason: `expected a failure, got ${JSON.stringify(actual)}` };
  const expected = test.testType === 'parse' ? plain(test.expectedOutput as PurlComponents) : test.expectedOutput;
  if (jsonEqual(actual, expected)) return { case: test, passed: true, actual, reason: null };
  return { case: test, passed: false, actual, reason: `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}` };
}

/** Components as a plain object with the six members, so results compare with the suite's JSON. */
function plain(c: PurlComponents): Record<string, unknown> {
  return {
    type: c.type ?? null,
    namespace: c.namespace ?? null,
    name: c.name ?? null,
    version: c.version ?? null,
    qualifiers: c.qualifiers ? { ...c.qualifiers } : null,
    subpath: c.subpath ?? null,
  };
}
