import type { Finding, ValidationResult } from '../../validator/index.js';
import type { Palette } from '../color.js';
import { countOf as count } from '../../shared/describe-value.js';
import { tally } from './summary.js';
import { shownPointer } from './shown-pointer.js';
import { escapeControls, lineStartName } from './safe-text.js';

/** Options of the text reporter. */
export interface TextOptions {
  quiet: boolean;
  strict: boolean;
  palette: Palette;
  /** Arguments that named nothing to check (reported on stderr): the closing line must not read as success. */
  notChecked?: number;
}

function location(f: Finding): string {
  // It starts the line: a file named "::error::x.json" must not read as a workflow command.
  const file = lineStartName(f.file);
  return f.line === null ? file : `${file}:${f.line}:${f.column}`;
}

/**
 * `file:line:col: error message [pointer] (rule)`, one finding a line, then a one-line summary.
 * File names, messages and pointers come from documents and arguments: their control characters
 * are escaped, so a key holding CR LF cannot split a finding over two lines.
 */
export function formatText(allResults: readonly ValidationResult[], options: TextOptions): string {
  const { palette: c } = options;
  const results = options.quiet ? allResults.map((r) => ({ ...r, findings: r.findings.filter((f) => f.severity === 'error') })) : allResults;
  const lines: string[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      const severity = f.severity === 'error' ? c.red('error') : c.yellow('warning');
      lines.push(
        `${location(f)}: ${severity} ${escapeControls(f.message)} ${c.dim(`[${escapeControls(shownPointer(f.pointer))}] (${escapeControls(f.rule)})`)}`,
      );
    }
  }
  const t = tally(results, options.strict);
  const notChecked = options.notChecked ?? 0;
  if (options.quiet && t.invalidFiles === 0 && notChecked === 0) return lines.length ? `${lines.join('\n')}\n` : '';
  const problems = [t.errors ? count(t.errors, 'error') : '', t.warnings ? count(t.warnings, 'warning') : ''].filter(Boolean).join(' and ');
  const unchecked = `${count(notChecked, 'argument')} named nothing to check`;
  let summary: string;
  if (t.invalidFiles > 0) summary = c.red(`✖ ${t.invalidFiles} of ${count(t.files, 'file')} invalid (${problems})${notChecked ? `; ${unchecked}` : ''}`);
  // Never a success mark after an error: the files checked may be fine, the run is not.
  else if (notChecked > 0) {
    const checked = t.files === 0 ? '; no file checked' : ` (${count(t.files, 'file')} checked, valid${t.warnings ? `, ${count(t.warnings, 'warning')}` : ''})`;
    summary = c.red(`✖ ${unchecked}${checked}`);
  } else summary = c.green(`✔ ${count(t.files, 'file')} valid`) + (t.warnings ? c.yellow(` (${count(t.warnings, 'warning')})`) : '');
  lines.push(summary);
  return `${lines.join('\n')}\n`;
}
