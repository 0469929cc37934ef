import { readVersSuiteCases, VersSuiteFormatError } from '../../vers/test-suite/suite-case.js';
import { runVersSuiteCase } from '../../vers/test-suite/run-case.js';
import type { CommandIo } from '../io.js';
import { oneOf } from '../usage-error.js';
import { parseCommandLine } from '../args.js';
import { runSuiteFiles, SUITE_FILES_HELP, SUITE_FORMAT_OPTION } from '../test-suite/run-suite-files.js';

export const VERS_TEST_SUITE_HELP = `Usage: teapurl vers test-suite [--group G] <file|glob>...

Runs VERS test documents in the vers-test 0.2 format (the VERS specification's
test suite, for instance) through teapurl/vers, prints passed and failed counts
per test group and test type and per file, lists every failure with its
description, and ends with "N passed, N failed".

parse uses parseVers, validate sortVers, containment versContains (a
"recommended" case's VERS is normalized first), comparison and equality
compareVersions, from_native versFromNative, build stringifyVers.

Options:
  --group G      run only the cases of one test group: required or recommended
  --format F     text (default) or json
  -h, --help     show this help
  -v, --version  print the version

${SUITE_FILES_HELP}`;

/** `teapurl vers test-suite`: returns the exit code. */
export async function versTestSuiteCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'vers test-suite',
    help: VERS_TEST_SUITE_HELP,
    positionals: true,
    options: { group: { type: 'string' }, ...SUITE_FORMAT_OPTION },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const group = values.group === undefined ? undefined : oneOf(values.group, ['required', 'recommended'], 'group');
  const format = oneOf(values.format, ['text', 'json'] as const, 'format');
  return runSuiteFiles(positionals, io, {
    format,
    readCases: readVersSuiteCases,
    formatError: VersSuiteFormatError,
    run: (test) => (group === undefined || test.group === group ? runVersSuiteCase(test) : null),
  });
}
