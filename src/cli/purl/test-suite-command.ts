import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expandGlob, readsAsGlob } from '../../node/expand-glob.js';
import { readSuiteCases, SuiteFormatError, type SuiteCase } from '../../purl/test-suite/suite-case.js';
import { runSuiteCase, type CaseOutcome } from '../../purl/test-suite/run-case.js';
import { ClosedOutputError, type CommandIo } from '../io.js';
import { UsageError } from '../usage-error.js';
import { countOf } from '../../schemas/describe-value.js';
import { ENGINE_OPTIONS, loadEngine } from './load-engine.js';
import { parseCommandLine } from '../args.js';
import { fileArgProblem } from '../path-args.js';
import { escapeControls, lineStartName, quoteArg, safeLineStart } from '../output/safe-text.js';
import { fsReason } from '../../node/fs-reason.js';

export const TEST_SUITE_HELP = `Usage: teapurl purl test-suite [--types DIR] [--strict-types] <file|glob>...

Runs PURL test documents in the purl-test 0.2 format (the PURL specification's
conformance suite, for instance) against the engine, prints passed and failed
counts per test group and test type and per file, lists every failure with its
description, and ends with "N passed, N failed".

"required" cases parse strictly; "recommended" cases, which test repairs of
common mistakes, parse leniently.
Options:
  --types DIR      build the engine from the type definitions in DIR (default: the bundled corpus)
  --strict-types   refuse PURLs of a type no definition describes
  -h, --help       show this help
  -v, --version    print the version

A path that does not exist, a folder, or a glob that matches no file is a usage
error: nothing is run. A document that is not a test suite is reported, the
others are run, and the closing line says how many could not be read.
Exit status: 0 all passed, 1 some case failed or a document is unreadable, 2 usage error.
`;

/** `teapurl purl test-suite`: returns the exit code. */
export async function testSuiteCommand(argv: string[], io: CommandIo): Promise<number> {
  const commandLine = parseCommandLine(argv, io, { command: 'purl test-suite', help: TEST_SUITE_HELP, positionals: true, options: ENGINE_OPTIONS });
  if (commandLine === null) return 0;
  const { values, positionals } = commandLine;
  if (positionals.length === 0) throw new UsageError('name at least one test document or glob');
  const { files, problems } = expand(positionals, io.cwd);
  for (const problem of problems) io.stderr.write(`${safeLineStart(escapeControls(problem))}\n`);
  const engine = await loadEngine(values.types, values['strict-types'], io.cwd);

  const outcomes: CaseOutcome[] = [];
  let unreadable = problems.length;
  for (const file of files) {
    let cases: SuiteCase[];
    try {
      cases = readSuiteCases(JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')), file);
    } catch (error) {
      unreadable++;
      const message = error instanceof SuiteFormatError ? error.message : `${file}: ${readFailure(error)}`;
      io.stderr.write(`${safeLineStart(escapeControls(message))}\n`);
      continue;
    }
    for (const test of cases) outcomes.push(runSuiteCase(engine, test));
  }
  const failed = outcomes.filter((o) => !o.passed).length;
  try {
    io.stdout.write(report(outcomes, unreadable));
  } catch (error) {
    // A reader that stops early (`| head`) does not change the verdict.
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return failed > 0 || unreadable > 0 ? 1 : 0;
}

/** Why a document that exists could not be read: JSON's own words, or a file system code. */
export function readFailure(error: unknown): string {
  if (error instanceof SyntaxError) return `not JSON (${error.message})`;
  return `cannot be read: ${fsReason(error)}`;
}

/**
 * The documents the arguments name, and one line for each folder or link a glob could not get
 * through. A path that is not there or is a folder, or a glob that matches nothing, is a usage
 * error naming every such argument.
 */
export function expand(patterns: string[], cwd: string): { files: string[]; problems: string[] } {
  const files: string[] = [];
  const problems: string[] = [];
  const unusable: string[] = [];
  for (const pattern of patterns) {
    if (!readsAsGlob(pattern, cwd)) {
      const problem = fileArgProblem(pattern, cwd);
      if (problem === null) files.push(pattern);
      else unusable.push(problem);
      continue;
    }
    const expansion = expandGlob(pattern, cwd);
    for (const problem of expansion.problems) {
      const why = fsReason(problem.code);
      problems.push(problem.folder ? `${problem.path}: folder cannot be searched: ${why}; documents in it were not run` : `${problem.path}: cannot be read: ${why}`);
    }
    if (expansion.files.length === 0 && expansion.problems.length === 0) unusable.push(`${quoteArg(pattern)} matches no file`);
    files.push(...expansion.files);
  }
  if (unusable.length > 0) throw new UsageError(unusable);
  return { files, problems };
}

function tally(outcomes: readonly ReportedOutcome[], key: (o: ReportedOutcome) => string): [string, number, number][] {
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
  for (const [name, passed, failed] of rows) lines.push(safeLineStart(`${name.padEnd(width)}  ${String(passed).padStart(6)}  ${String(failed).padStart(6)}`));
  return `${lines.join('\n')}\n`;
}

/**
 * The tables, the failures and the closing line. Documents, descriptions and inputs come from the
 * suite: their control characters are escaped. With unreadable documents the closing line says
 * so, rather than a clean "N passed, 0 failed"; with no case run there are no tables.
 */
/** What {@link report} reads of an outcome: the PURL and VERS runners both give it. */
interface ReportedOutcome {
  readonly passed: boolean;
  readonly reason: string | null;
  readonly case: { readonly file: string; readonly index: number; readonly group: string; readonly testType: string; readonly description: string; readonly input: unknown };
}

export function report(outcomes: readonly ReportedOutcome[], unreadable: number): string {
  const failures = outcomes.filter((o) => !o.passed);
  const parts: string[] = [];
  if (outcomes.length > 0) {
    parts.push(table('group/test type', tally(outcomes, (o) => escapeControls(`${o.case.group}/${o.case.testType}`))));
    parts.push(table('file', tally(outcomes, (o) => escapeControls(path.basename(o.case.file)))));
  }
  if (failures.length > 0) {
    let text = 'Failures:\n';
    for (const f of failures) {
      text += `  ${lineStartName(f.case.file)}${escapeControls(` tests[${f.case.index}] ${f.case.group} ${f.case.testType}: ${f.case.description}`)}\n`;
      text += `    input: ${escapeControls(JSON.stringify(f.case.input) ?? 'none')}\n${safeLineStart(`    ${escapeControls(String(f.reason))}`)}\n`;
    }
    parts.push(text);
  }
  const closing = `${outcomes.length - failures.length} passed, ${failures.length} failed`;
  parts.push(`${unreadable > 0 ? `${closing}; ${countOf(unreadable, 'document')} could not be read` : closing}\n`);
  return parts.join('\n');
}
