import { TeapurlError } from '../../shared/errors.js';

/** The VERS test format 0.2 (`vers-test.schema-0.2.json`), as far as the runner relies on it. */

export const VERS_TEST_TYPES = ['build', 'comparison', 'containment', 'equality', 'from_native', 'invert', 'merge', 'parse', 'validate'] as const;

export type VersSuiteTestType = (typeof VERS_TEST_TYPES)[number];

/** One case of a VERS test document, with the file it came from. */
export interface VersSuiteCase {
  readonly file: string;
  /** Index in the file's `tests` array. */
  readonly index: number;
  readonly description: string;
  readonly group: 'required' | 'recommended';
  readonly testType: VersSuiteTestType;
  readonly input: unknown;
  readonly expectedOutput: unknown;
  readonly expectedFailure: boolean;
}

/** A document that is not in the vers-test 0.2 format; `code` is always `'invalid-suite-document'`. */
export class VersSuiteFormatError extends TeapurlError<'invalid-suite-document'> {
  override name = 'VersSuiteFormatError';
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`, { code: 'invalid-suite-document' });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the cases of one document, naming the case (`tests[i]`) and member when something is off. */
export function readVersSuiteCases(document: unknown, file: string): VersSuiteCase[] {
  if (!isRecord(document) || !Array.isArray(document.tests))
    throw new VersSuiteFormatError(file, 'not a VERS test document: expected an object with a "tests" array');
  return document.tests.map((test: unknown, index: number): VersSuiteCase => {
    const at = `tests[${index}]`;
    if (!isRecord(test)) throw new VersSuiteFormatError(file, `${at} is not an object`);
    const { description, test_group: group, test_type: testType, input, expected_output: expectedOutput } = test;
    if (typeof testType !== 'string' || !(VERS_TEST_TYPES as readonly string[]).includes(testType)) {
      throw new VersSuiteFormatError(file, `${at}.test_type must be one of ${VERS_TEST_TYPES.join(', ')}`);
    }
    if (group !== 'required' && group !== 'recommended') throw new VersSuiteFormatError(file, `${at}.test_group must be required or recommended`);
    if (input === undefined) throw new VersSuiteFormatError(file, `${at}.input is missing`);
    return {
      file,
      index,
      description: typeof description === 'string' ? description : '',
      group,
      testType: testType as VersSuiteTestType,
      input,
      expectedOutput,
      expectedFailure: test.expected_failure === true,
    };
  });
}
