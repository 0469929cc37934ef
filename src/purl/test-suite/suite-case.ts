import type { PurlComponentsInput } from '../purl-components.js';
import { TeapurlError } from '../../shared/errors.js';

/** The three kinds of case in the PURL test format 0.2. */
export type SuiteTestType = 'parse' | 'build' | 'validate';

/** One case of a PURL test document (format purl-test 0.2), with the file it came from. */
export interface SuiteCase {
  readonly file: string;
  /** Index in the file's `tests` array. */
  readonly index: number;
  readonly description: string;
  readonly group: 'required' | 'recommended';
  readonly testType: SuiteTestType;
  readonly input: string | PurlComponentsInput;
  readonly expectedOutput: unknown;
  readonly expectedFailure: boolean;
}

/** Raised when a test document is not in the purl-test 0.2 format; `code` is always `'invalid-suite-document'`. */
export class SuiteFormatError extends TeapurlError<'invalid-suite-document'> {
  override name = 'SuiteFormatError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`, { code: 'invalid-suite-document' });
  }
}

const TEST_TYPES = new Set(['parse', 'build', 'validate']);
const GROUPS = new Set(['required', 'recommended']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the cases of one test document, checking the parts of the format the runner relies on
 * and naming the case (`tests[i]`) and member when something is off.
 */
export function readSuiteCases(document: unknown, file: string): SuiteCase[] {
  if (!isRecord(document) || !Array.isArray(document.tests)) {
    throw new SuiteFormatError(file, 'not a PURL test document: expected an object with a "tests" array');
  }
  return document.tests.map((test: unknown, index: number): SuiteCase => {
    const at = `tests[${index}]`;
    if (!isRecord(test)) throw new SuiteFormatError(file, `${at} is not an object`);
    const { description, test_group: group, test_type: testType, input, expected_output: expectedOutput } = test;
    if (typeof testType !== 'string' || !TEST_TYPES.has(testType)) {
      throw new SuiteFormatError(file, `${at}.test_type must be parse, build or validate`);
    }
    if (typeof group !== 'string' || !GROUPS.has(group)) {
      throw new SuiteFormatError(file, `${at}.test_group must be required or recommended`);
    }
    const expectedFailure = test.expected_failure === true;
    if (testType === 'build' ? !isRecord(input) : typeof input !== 'string') {
      throw new SuiteFormatError(file, `${at}.input must be ${testType === 'build' ? 'an object of components' : 'a PURL string'}`);
    }
    if (!expectedFailure && (testType === 'parse' ? !isRecord(expectedOutput) : typeof expectedOutput !== 'string')) {
      throw new SuiteFormatError(file, `${at}.expected_output must be ${testType === 'parse' ? 'an object of components' : 'a PURL string'}`);
    }
    return {
      file,
      index,
      description: typeof description === 'string' ? description : '',
      group: group as SuiteCase['group'],
      testType: testType as SuiteTestType,
      input: input as SuiteCase['input'],
      expectedOutput,
      expectedFailure,
    };
  });
}
