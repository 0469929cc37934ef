/**
 * Runs one case of the VERS test format 0.2 through teapurl/vers's public functions, as a user
 * would call them. How each test type maps to a function:
 *
 * - parse: parseVers, compared with `{ scheme, version_constraints: [[comparator, version]] }`;
 * - validate: sortVers (sorting only, keeping repeated constraints, as the suite's cases expect;
 *   normalizeVers also simplifies);
 * - containment: versContains; a `recommended` case, which tests remediation of non-canonical
 *   data, first normalizes its VERS with normalizeVers;
 * - comparison: the versions sorted with compareVersions (a stable sort), then compared with the
 *   expected list position by position under the type's equality, because the suite writes some
 *   expected versions in another spelling than the input (NuGet lowercases pre-release labels);
 *   `exact` says whether the strings matched too;
 * - equality: compareVersions(...) === 0;
 * - from_native: versFromNative;
 * - build: stringifyVers;
 * - invert and merge: not provided by teapurl (no published case uses them).
 */
import { compareVersions, normalizeVers, parseVers, sortVers, stringifyVers, versContains, versFromNative, VersError, type VersComparator } from '../index.js';
import type { VersSuiteCase } from './suite-case.js';
import { TeapurlError } from '../../shared/errors.js';

/** The outcome of one case. */
export interface VersCaseOutcome {
  readonly case: VersSuiteCase;
  readonly passed: boolean;
  /** What teapurl produced (a value, or the error message). */
  readonly actual: unknown;
  /** Why it failed, in words; `null` when it passed. */
  readonly reason: string | null;
  /** For comparison cases: whether the sorted strings equal the expected ones exactly. */
  readonly exact?: boolean;
}

class CaseInputError extends TeapurlError<'invalid-case-input'> {
  constructor(message: string) {
    super(message, { code: 'invalid-case-input' });
  }
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CaseInputError(`the input is not ${what}`);
  return value as Record<string, unknown>;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new CaseInputError(`${what} is not a string`);
  return value;
}

function strings(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw new CaseInputError(`${what} is not a list of strings`);
  return value as string[];
}

/** The VERS type of a comparison or equality input (the suite writes `input_scheme`, the schema `input_type`). */
function typeOf(input: Record<string, unknown>): string {
  return text(input.input_type ?? input.input_scheme, 'input_type');
}

/** The value a case produces, before it is compared with the expectation. */
function produce(test: VersSuiteCase): { actual: unknown; expected: unknown; same?: (a: unknown, b: unknown) => boolean; exact?: boolean } {
  const input = test.input;
  switch (test.testType) {
    case 'parse': {
      const vers = parseVers(text(input, 'the input'));
      return { actual: { scheme: vers.scheme, version_constraints: vers.constraints.map((c) => [c.comparator, c.version]) }, expected: test.expectedOutput };
    }
    case 'validate':
      return { actual: sortVers(text(input, 'the input')), expected: test.expectedOutput };
    case 'containment': {
      const { vers, version } = record(input, '{ vers, version }');
      const range = test.group === 'recommended' ? normalizeVers(text(vers, 'vers')) : text(vers, 'vers');
      return { actual: versContains(range, text(version, 'version')), expected: test.expectedOutput };
    }
    case 'comparison': {
      const fields = record(input, '{ input_type, versions }');
      const type = typeOf(fields);
      const sorted = [...strings(fields.versions, 'versions')].sort((a, b) => compareVersions(type, a, b));
      const expected = test.expectedOutput;
      const same = (a: unknown, b: unknown) =>
        Array.isArray(a) &&
        Array.isArray(b) &&
        a.length === b.length &&
        a.every((v: string, i) => typeof b[i] === 'string' && compareVersions(type, v, b[i] as string) === 0);
      return { actual: sorted, expected, same, exact: JSON.stringify(sorted) === JSON.stringify(expected) };
    }
    case 'equality': {
      const fields = record(input, '{ input_type, versions }');
      const [a, b] = strings(fields.versions, 'versions');
      if (a === undefined || b === undefined) throw new CaseInputError('versions holds fewer than two versions');
      return { actual: compareVersions(typeOf(fields), a, b) === 0, expected: test.expectedOutput };
    }
    case 'from_native': {
      const fields = record(input, '{ type, native_range }');
      const type = text(fields.type ?? fields.scheme, 'type');
      return { actual: versFromNative(type, text(fields.native_range, 'native_range')), expected: test.expectedOutput };
    }
    case 'build': {
      const fields = record(input, '{ type, constraints }');
      const constraints = (Array.isArray(fields.constraints) ? fields.constraints : []).map((c: unknown) => {
        const [comparator, version] = Array.isArray(c) ? c : [];
        return { comparator: (comparator === '' ? '=' : comparator) as VersComparator, version: version as string };
      });
      return { actual: stringifyVers({ scheme: text(fields.type, 'type'), constraints }), expected: test.expectedOutput };
    }
    default:
      throw new CaseInputError(`teapurl does not provide '${test.testType}'`);
  }
}

/**
 * Runs one case. A case that expects a failure passes when teapurl refuses the input with a
 * {@link VersError}; anything else thrown is reported as a crash.
 */
export function runVersSuiteCase(test: VersSuiteCase): VersCaseOutcome {
  let result: ReturnType<typeof produce>;
  try {
    result = produce(test);
  } catch (error) {
    if (error instanceof CaseInputError) return { case: test, passed: false, actual: null, reason: error.message };
    if (!(error instanceof VersError)) {
      return { case: test, passed: false, actual: String(error), reason: `crashed with ${(error as Error).name}: ${(error as Error).message}` };
    }
    if (test.expectedFailure) return { case: test, passed: true, actual: error.message, reason: null };
    return { case: test, passed: false, actual: error.message, reason: `refused: ${error.message}` };
  }
  const { actual, expected, same, exact } = result;
  const extra = exact === undefined ? {} : { exact };
  if (test.expectedFailure) return { case: test, passed: false, actual, reason: `expected a failure, got ${JSON.stringify(actual)}`, ...extra };
  const passed = same ? same(actual, expected) : JSON.stringify(actual) === JSON.stringify(expected);
  return { case: test, passed, actual, reason: passed ? null : `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`, ...extra };
}
