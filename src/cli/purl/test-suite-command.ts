import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { expandGlob } from '../../node/expand-glob.js';
import { readSuiteCases, SuiteFormatError, type SuiteCase } from '../../purl/test-suite/suite-case.js';
import { runSuiteCase, type CaseOutcome } from '../../purl/test-suite/run-case.js';
import { ClosedOutputError, type CommandIo } from '../io.js';
import { UsageError } from '../usage-error.js';
import { ENGINE_OPTIONS, loadEngine } from './load-engine.js';
import { withPatternGuard } from '../../node/with-pattern-guard.js';

export const TEST_SUITE_HELP = `Usage: teapurl purl test-suite [--types DIR] [--strict-types] <file|glob>...

Runs PURL test documents in the purl-test 0.2 format (the PURL specification's
conformance suite, for instance) against the engine, prints passed and failed
counts per test group and test type and per file, lists every failure with its
description, and ends with "N passed, N failed".

"required" cases parse strictly; "recommended" cases, which test repairs of
common mistakes, parse leniently.
Exit status: 0 all passed, 1 some case failed or a document is unreadable, 2 usage error.
`;

/** `teapurl purl test-suite`: returns the exit code. */
export async function testSuiteCommand(argv: string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: ENGINE_OPTIONS,
  });
  if (values.help) {
    io.stdout.write(TEST_SUITE_HELP);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('name at least one test document or glob');
  const { files, problems } = expand(positionals, io.cwd);
  for (const problem of problems) io.stderr.write(`${problem}\n`);
  const engine = await loadEngine(values.types, values['strict-types'], io.cwd);

  const outcomes: CaseOutcome[] = [];
  let unreadable = problems.length;
  for (const file of files) {
    let cases: SuiteCase[];
    try {
      cases = readSuiteCases(JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')), file);
    } catch (error) {
      unreadable++;
      const message = error instanceof SuiteFormatError ? error.message : `${file}: ${(error as Error).message}`;
      io.stderr.write(`${message}\n`);
      continue;
    }
    // A case the pattern guard was needed for runs again with it (see withPatternGuard).
    for (const test of cases) outcomes.push(await withPatternGuard(() => runSuiteCase(engine, test)));
  }
  const failed = outcomes.filter((o) => !o.passed).length;
  try {
    io.stdout.write(report(outcomes));
  } catch (error) {
    // A reader that stops early (`| head`) does not change the verdict.
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return failed > 0 || unreadable > 0 ? 1 : 0;
}

const GLOB_MAGIC = /[*?[\]{}()!]/;

/** The documents the arguments name, and one line for each folder or link a glob could not get through. */
function expand(patterns: string[], cwd: string): { files: string[]; problems: string[] } {
  const files: string[] = [];
  const problems: string[] = [];
  for (const pattern of patterns) {
    if (!GLOB_MAGIC.test(pattern)) {
      files.push(pattern);
      continue;
    }
    const expansion = expandGlob(pattern, cwd);
    for (const problem of expansion.problems) {
      const why = problem.code === 'EACCES' || problem.code === 'EPERM' ? 'permission denied' : problem.code;
      problems.push(problem.folder ? `${problem.path}: folder cannot be searched (${why}); documents in it were not run` : `${problem.path}: cannot be read (${why})`);
    }
    if (expansion.files.length === 0 && expansion.problems.length === 0) throw new UsageError(`${JSON.stringify(pattern)} matches no file`);
    files.push(...expansion.files);
  }
  return { files, problems };
}

function tally(outcomes: CaseOutcome[], key: (o: CaseOutcome) => string): [string, number, number][] {
  const counts = new Map<string, [number, number]>();
  for (const o of outcomes) {
    const entry = counts.get(key(o)) ?? [0, 0];
    entry[o.passed ? 0 : 1]++;
    counts.set(key(o), entry);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, [p, f]]) => [name, p, f]);
}

function table(title: string, rows: [string, number, number][]): string {
  const width = Math.max(title.length, ...rows.map(([name]) => name.length));
  const lines = [`${title.padEnd(width)}  passed  failed`];
  for (const [name, passed, failed] of rows) lines.push(`${name.padEnd(width)}  ${String(passed).padStart(6)}  ${String(failed).padStart(6)}`);
  return `${lines.join('\n')}\n`;
}

function report(outcomes: CaseOutcome[]): string {
  const failures = outcomes.filter((o) => !o.passed);
  let text = table('group/test type', tally(outcomes, (o) => `${o.case.group}/${o.case.testType}`));
  text += `\n${table('file', tally(outcomes, (o) => path.basename(o.case.file)))}`;
  if (failures.length > 0) {
    text += `\nFailures:\n`;
    for (const f of failures) {
      text += `  ${f.case.file} tests[${f.case.index}] ${f.case.group} ${f.case.testType}: ${f.case.description}\n`;
      text += `    input: ${JSON.stringify(f.case.input)}\n    ${f.reason}\n`;
    }
  }
  const passed = outcomes.length - failures.length;
  return `${text}\n${passed} passed, ${failures.length} failed\n`;
}
