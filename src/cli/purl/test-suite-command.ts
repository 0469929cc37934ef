import { readSuiteCases, SuiteFormatError } from '../../purl/test-suite/suite-case.js';
import { runSuiteCase } from '../../purl/test-suite/run-case.js';
import type { CommandIo } from '../io.js';
import { ENGINE_OPTIONS, loadEngine } from './load-engine.js';
import { parseCommandLine } from '../args.js';
import { runSuiteFiles, SUITE_FILES_HELP, SUITE_FORMAT_OPTION } from '../test-suite/run-suite-files.js';
import { oneOf } from '../usage-error.js';

export const TEST_SUITE_HELP = `Usage: teapurl purl test-suite [--types DIR] [--strict-types] [--format text|json] <file|glob>...

Runs PURL test documents in the purl-test 0.2 format (the PURL specification's
conformance suite, for instance) against the engine, prints passed and failed
counts per test group and test type and per file, lists every failure with its
description, and ends with "N passed, N failed". Documents in the older 0.1
format are read as 0.2: roundtrip cases as validate, the base group as required
and the advanced group as recommended.

"required" cases parse strictly; "recommended" cases, which test repairs of
common mistakes, parse leniently.

Options:
  --types DIR      build the engine from the type definitions in DIR (default: the bundled corpus)
  --strict-types   refuse PURLs of a type no definition describes
  --format F       text (default) or json
  -h, --help       show this help
  -v, --version    print the version

${SUITE_FILES_HELP}`;

/** `teapurl purl test-suite`: returns the exit code. */
export async function testSuiteCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, {
    command: 'purl test-suite',
    help: TEST_SUITE_HELP,
    positionals: true,
    options: { ...ENGINE_OPTIONS, ...SUITE_FORMAT_OPTION },
  });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  const format = oneOf(values.format, ['text', 'json'] as const, 'format');
  const engine = positionals.length === 0 ? null : await loadEngine(values.types, values['strict-types'], io.cwd);
  return runSuiteFiles(positionals, io, { format, readCases: readSuiteCases, formatError: SuiteFormatError, run: (test) => runSuiteCase(engine!, test) });
}
