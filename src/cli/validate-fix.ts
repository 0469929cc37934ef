import { passes, type ValidationResult } from '../validator/index.js';
import { fixFiles, fixStream, type FileFix } from '../validator/node/fix-files.js';
import { needingAPerson } from '../validation/fix-text.js';
import { humanPath } from '../shared/pointer.js';
import { countOf } from '../shared/describe-value.js';
import { ClosedOutputError, type CommandIo, type Output } from './io.js';
import type { SarifFixes } from './output/sarif.js';
import { annotation } from './output/github.js';
import { inputProblems } from './input-problems.js';
import { usageText } from './usage-error.js';
import { escapeControls, escapeJsonText, lineStartName } from './output/safe-text.js';

/** What `teapurl validate --fix` was asked to do. */
export interface FixRequest {
  patterns: string[];
  readsStdin: boolean;
  kind?: string;
  maxBytes: number | undefined;
  dryRun: boolean;
  strict: boolean;
  /** The report's format: `json` carries the fixes (and diffs) as data, `sarif` in the run's properties, `github` as notices, `text` as lines. */
  format: 'text' | 'json' | 'github' | 'sarif';
  /** How validation prints results in the chosen format, for the stream it goes to, with the arguments that named nothing to check. */
  render: (results: ValidationResult[], problems: readonly string[], out: Output, fixes?: SarifFixes) => string;
}

/** What each fix and each file left alone says, with the place it is about (`null`: the whole file). */
interface FixNote {
  file: string;
  line: number | null;
  column: number | null;
  text: string;
}

function fixNotes(files: readonly FileFix[], dryRun: boolean): FixNote[] {
  const notes: FixNote[] = [];
  for (const f of files) {
    if (f.note) notes.push({ file: f.file, line: null, column: null, text: f.note });
    for (const a of f.applied) {
      notes.push({
        file: f.file,
        line: a.line,
        column: a.column,
        text: `${dryRun ? 'would fix' : 'fixed'} ${humanPath(a.pointer)}: ${JSON.stringify(a.before)}  →  ${JSON.stringify(a.after)}`,
      });
    }
  }
  return notes;
}

function fixTotal(files: readonly FileFix[], dryRun: boolean): string | null {
  const fixes = files.reduce((n, f) => n + f.applied.length, 0);
  const changed = files.filter((f) => f.applied.length > 0).length;
  return fixes > 0 ? `${dryRun ? 'would fix' : 'fixed'} ${countOf(fixes, 'finding')} in ${countOf(changed, 'file')}` : null;
}

/** `file:line:col: fixed examples[3] "old" → "new"` for each fix; one line per file left alone. */
function fixLines(files: readonly FileFix[], dryRun: boolean): string {
  const lines = fixNotes(files, dryRun).map((n) => `${lineStartName(n.file)}${n.line === null ? '' : `:${n.line}:${n.column}`}: ${n.text}`);
  const total = fixTotal(files, dryRun);
  if (total !== null) lines.push(total);
  // File names, notes and examples come from the user's files: escape each whole line once.
  return lines.length > 0 ? `${lines.map(escapeControls).join('\n')}\n` : '';
}

/** Said once, after the summary: the findings left without a fix, which need a person. */
function leftToAPersonLine(files: readonly FileFix[]): string {
  const left = files.reduce((n, f) => n + needingAPerson(f.result.findings), 0);
  return left === 0
    ? ''
    : `${countOf(left, 'finding')} left ${left === 1 ? 'is' : 'are'} not fixable automatically: ${left === 1 ? 'it needs' : 'each needs'} a person\n`;
}

/** The same as GitHub workflow notices, so that a `--format github` log holds annotations only. */
function fixNotices(files: readonly FileFix[], dryRun: boolean): string {
  const lines = fixNotes(files, dryRun).map((n) =>
    annotation('notice', { file: n.file, line: n.line, column: n.column, title: 'teapurl --fix', message: n.text }),
  );
  const total = fixTotal(files, dryRun);
  if (total !== null) lines.push(annotation('notice', { file: null, line: null, column: null, title: 'teapurl --fix', message: total }));
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

function asJson(files: readonly FileFix[], strict: boolean, dryRun: boolean): string {
  const data = files.map((f) => ({
    file: f.file,
    kind: f.result.kind,
    valid: passes(f.result.findings, strict),
    outcome: f.outcome,
    ...(f.note ? { note: f.note } : {}),
    fixed: f.applied,
    ...(dryRun ? { diff: f.diff } : {}),
    findings: f.result.findings,
  }));
  return `${escapeJsonText(JSON.stringify(data, null, 2))}\n`;
}

/**
 * `teapurl validate --fix [--dry-run]`: fixes the files in place (or prints the unified diff),
 * then reports what was fixed and what is left. No stream ever carries two things, so each can be
 * piped or parsed:
 *
 * - with `-`, standard output carries the fixed document (under `--dry-run`, the diffs), and the
 *   report goes to standard error;
 * - otherwise standard output carries the report in the chosen format, the fixes in it: text
 *   lines, `json` fields, SARIF run properties, GitHub notices. Under `--dry-run` the diff goes
 *   to standard output in text format (the report then to standard error), inside each file's
 *   object with `json`, and to standard error with `sarif` and `github`.
 *
 * Exits as validation of the result would.
 */
export async function validateFix(request: FixRequest, io: CommandIo): Promise<number> {
  // The diff is built only when it is printed: under --dry-run.
  const options = {
    cwd: io.cwd,
    ...(request.maxBytes === undefined ? {} : { maxBytes: request.maxBytes }),
    dryRun: request.dryRun,
    diff: request.dryRun,
    ...(request.kind ? { kind: request.kind } : {}),
  };
  const report = await fixFiles(request.patterns, options);
  const stdin = request.readsStdin ? await fixStream(io.stdin, options) : null;
  // Arguments that named nothing to check are usage problems, as in plain validation.
  const { kept, problems } = inputProblems(report.unmatched, report.files, (f) => f.result);
  const files = [...(stdin ? [stdin.fix] : []), ...kept];
  const results = files.map((f) => f.result);
  const status = problems.length > 0 ? 2 : results.every((r) => passes(r.findings, request.strict)) ? 0 : 1;

  const { format, dryRun } = request;
  const reportOut = stdin || (dryRun && format === 'text') ? io.stderr : io.stdout;
  const diffOut = !dryRun ? null : stdin || format === 'text' ? io.stdout : format === 'json' ? null : io.stderr;
  try {
    if (problems.length > 0) io.stderr.write(usageText('validate', problems));
    if (stdin && !dryRun && stdin.text !== null) io.stdout.write(stdin.text);
    if (diffOut) for (const f of files) diffOut.write(f.diff);
    if (format === 'json') reportOut.write(asJson(files, request.strict, dryRun));
    else if (format === 'sarif') reportOut.write(request.render(results, problems, reportOut, { dryRun, files }));
    else if (format === 'github') reportOut.write(fixNotices(files, dryRun) + request.render(results, problems, reportOut));
    else reportOut.write(fixLines(files, dryRun) + request.render(results, problems, reportOut) + leftToAPersonLine(files));
  } catch (error) {
    // A reader that stops early (`| head`) changes neither the files written nor the verdict.
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return status;
}
