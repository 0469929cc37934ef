// What `teapurl purl test-suite` and `teapurl vers test-suite` share: the documents the arguments
// name, reading each one on its own (one unreadable document does not hide the others' results),
// and the report. Each command brings its own case reader and runner.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expandGlob, readsAsGlob } from '../../shared/node/expand-glob.js';
import { ClosedOutputError, type CommandIo } from '../io.js';
import { UsageError } from '../usage-error.js';
import { countOf } from '../../shared/describe-value.js';
import { fileArgProblem } from '../path-args.js';
import { escapeControls, escapeJsonText, lineStartName, quoteArg, safeLineStart } from '../output/safe-text.js';
import { fsReason } from '../../shared/node/fs-reason.js';

/** The end of both commands' help: what the arguments may name, and the exit status. */
export const SUITE_FILES_HELP = `--format json prints one JSON object: {"passed", "failed", "unreadable",
"groups", "files", "failures"} (docs/command-line.md has its shape).
A path that does not exist, a folder, or a glob that matches no file is a usage
error: nothing is run. A document that is not a test suite is reported, the
others are run, and the closing line says how many could not be read.
Exit status: 0 all passed, 1 some case failed or a document is unreadable, 2 usage error.
`;

/** How one suite format is read and run. */
export interface SuiteRunner<C, O extends ReportedOutcome> {
  /** The cases of a parsed document; throws `formatError` for a document that is not a suite. */
  readonly readCases: (document: unknown, file: string) => readonly C[];
  /** The error class `readCases` throws, whose message already names the file. */
  readonly formatError: abstract new (
    ...args: never[]
  ) => Error;
  /** Runs one case, or `null` for a case left out (by `--group`). */
  readonly run: (test: C) => O | null;
  /** The report's format: `text` (tables, failures, closing line) or `json` (one object). */
  readonly format?: 'text' | 'json';
}

/** The `--format` option both test-suite commands take. */
export const SUITE_FORMAT_OPTION = { format: { type: 'string', default: 'text' } } as const;

/**
 * Runs the documents `patterns` name and writes the report to stdout, problems to stderr.
 * Returns the exit code: 0 all passed, 1 a case failed or a document could not be read.
 */
export async function runSuiteFiles<C, O extends ReportedOutcome>(patterns: string[], io: CommandIo, runner: SuiteRunner<C, O>): Promise<number> {
  if (patterns.length === 0) throw new UsageError('name at least one test document or glob');
  const { files, problems } = expand(patterns, io.cwd);
  for (const problem of problems) io.stderr.write(`${safeLineStart(escapeControls(problem))}\n`);
  const outcomes: O[] = [];
  let unreadable = problems.length;
  for (const file of files) {
    let cases: readonly C[];
    try {
      cases = runner.readCases(JSON.parse(await readFile(path.resolve(io.cwd, file), 'utf8')), file);
    } catch (error) {
      unreadable++;
      const message = error instanceof runner.formatError ? error.message : `${file}: ${readFailure(error)}`;
      io.stderr.write(`${safeLineStart(escapeControls(message))}\n`);
      continue;
    }
    for (const test of cases) {
      const outcome = runner.run(test);
      if (outcome !== null) outcomes.push(outcome);
    }
  }
  const failed = outcomes.filter((o) => !o.passed).length;
  try {
    io.stdout.write(runner.format === 'json' ? jsonReport(outcomes, unreadable) : report(outcomes, unreadable));
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
      problems.push(
        problem.folder ? `${problem.path}: folder cannot be searched: ${why}; documents in it were not run` : `${problem.path}: cannot be read: ${why}`,
      );
    }
    if (expansion.files.length === 0 && expansion.problems.length === 0) unusable.push(`${quoteArg(pattern)} matches no file`);
    files.push(...expansion.files);
  }
  if (unusable.length > 0) throw new UsageError(unusable);
  return { files, problems };
}

/** What {@link report} reads of an outcome: the PURL and VERS runners both give it. */
export interface ReportedOutcome {
  readonly passed: boolean;
  readonly reason: string | null;
  readonly case: {
    readonly file: string;
    readonly index: number;
    readonly group: string;
    readonly testType: string;
    readonly description: string;
    readonly input: unknown;
  };
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
 * The report as one JSON object: the counts, the same tallies as the text's tables, and every
 * failure with its case. Values from the suite stay exact (controls as JSON escapes).
 */
export function jsonReport(outcomes: readonly ReportedOutcome[], unreadable: number): string {
  const failures = outcomes.filter((o) => !o.passed);
  const rows = (key: (o: ReportedOutcome) => string, name: string) =>
    tally(outcomes, key).map(([value, passed, failed]) => ({ [name]: value, passed, failed }));
  const record = {
    passed: outcomes.length - failures.length,
    failed: failures.length,
    unreadable,
    groups: rows((o) => `${o.case.group}/${o.case.testType}`, 'group'),
    files: rows((o) => o.case.file, 'file'),
    failures: failures.map((f) => ({
      file: f.case.file,
      index: f.case.index,
      group: f.case.group,
      testType: f.case.testType,
      description: f.case.description,
      input: f.case.input ?? null,
      reason: f.reason,
    })),
  };
  return `${escapeJsonText(JSON.stringify(record, null, 2))}\n`;
}

/**
 * The tables, the failures and the closing line. Documents, descriptions and inputs come from the
 * suite: their control characters are escaped. With unreadable documents the closing line says
 * so, rather than a clean "N passed, 0 failed"; with no case run there are no tables.
 */
export function report(outcomes: readonly ReportedOutcome[], unreadable: number): string {
  const failures = outcomes.filter((o) => !o.passed);
  const parts: string[] = [];
  if (outcomes.length > 0) {
    parts.push(
      table(
        'group/test type',
        tally(outcomes, (o) => escapeControls(`${o.case.group}/${o.case.testType}`)),
      ),
    );
    parts.push(
      table(
        'file',
        tally(outcomes, (o) => escapeControls(path.basename(o.case.file))),
      ),
    );
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
