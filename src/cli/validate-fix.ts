import { passes, type ValidationResult } from '../validate/index.js';
import { fixFiles, fixStream, type FileFix } from '../node/fix-files.js';
import { humanPath } from '../schemas/pointer.js';
import { countOf } from '../schemas/describe-value.js';
import { ClosedOutputError, type CommandIo } from './io.js';
import { inputProblems } from './input-problems.js';
import { usageText } from './usage-error.js';
import { escapeControls, escapeJsonText } from './output/safe-text.js';

/** What `teapurl validate --fix` was asked to do. */
export interface FixRequest {
  patterns: string[];
  readsStdin: boolean;
  kind?: string;
  maxBytes: number;
  dryRun: boolean;
  strict: boolean;
  /** `json` output carries the fixes (and diffs) as data; any other format prints the findings left through `render`. */
  json: boolean;
  /** How validation prints results in the chosen format, with the arguments that named nothing to check. */
  render: (results: ValidationResult[], problems: readonly string[]) => string;
}


/** `file:line:col: fixed examples[3] "old" → "new"` for each fix; one line per file left alone. */
function fixLines(files: readonly FileFix[], dryRun: boolean): string {
  const lines: string[] = [];
  for (const f of files) {
    if (f.note) lines.push(`${f.file}: ${f.note}`);
    for (const a of f.applied) {
      const at = a.line === null ? f.file : `${f.file}:${a.line}:${a.column}`;
      lines.push(`${at}: ${dryRun ? 'would fix' : 'fixed'} ${humanPath(a.pointer)}: ${JSON.stringify(a.before)}  →  ${JSON.stringify(a.after)}`);
    }
  }
  const fixes = files.reduce((n, f) => n + f.applied.length, 0);
  const changed = files.filter((f) => f.applied.length > 0).length;
  if (fixes > 0) lines.push(`${dryRun ? 'would fix' : 'fixed'} ${countOf(fixes, 'finding')} in ${countOf(changed, 'file')}`);
  // File names, notes and examples come from the user's files: escape each whole line once.
  return lines.length > 0 ? `${lines.map(escapeControls).join('\n')}\n` : '';
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
 * then reports what was fixed and what is left. Standard output carries only the diff under
 * `--dry-run`, and only the fixed document when standard input is read, so either can be piped
 * (`> fix.patch`, `> fixed.json`); the report then goes to standard error. Exits as validation of
 * the result would.
 */
export async function validateFix(request: FixRequest, io: CommandIo): Promise<number> {
  const options = { cwd: io.cwd, maxBytes: request.maxBytes, dryRun: request.dryRun, ...(request.kind ? { kind: request.kind } : {}) };
  const report = await fixFiles(request.patterns, options);
  const stdin = request.readsStdin ? await fixStream(io.stdin, options) : null;
  // Arguments that named nothing to check are usage problems, as in plain validation.
  const { kept, problems } = inputProblems(report.unmatched, report.files, (f) => f.result);
  const files = [...(stdin ? [stdin.fix] : []), ...kept];
  const results = files.map((f) => f.result);
  const status = problems.length > 0 ? 2 : results.every((r) => passes(r.findings, request.strict)) ? 0 : 1;

  try {
    if (problems.length > 0) io.stderr.write(usageText('validate', problems));
    if (stdin) {
      if (request.dryRun) io.stdout.write(stdin.fix.diff);
      else if (stdin.text !== null) io.stdout.write(stdin.text);
    }
    const diffOnStdout = request.dryRun && !request.json;
    if (diffOnStdout) for (const f of files) if (f !== stdin?.fix) io.stdout.write(f.diff);
    const reportOut = stdin || diffOnStdout ? io.stderr : io.stdout;
    if (request.json) reportOut.write(asJson(files, request.strict, request.dryRun));
    else reportOut.write(fixLines(files, request.dryRun) + request.render(results, problems));
  } catch (error) {
    // A reader that stops early (`| head`) changes neither the files written nor the verdict.
    if (!(error instanceof ClosedOutputError)) throw error;
  }
  return status;
}
