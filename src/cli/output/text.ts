import type { Finding, ValidationResult } from '../../validate/index.js';
import type { Palette } from '../color.js';
import { countOf as count } from '../../schemas/describe-value.js';
import { tally } from './summary.js';
import { shownPointer } from './shown-pointer.js';

/** Options of the text reporter. */
export interface TextOptions {
  quiet: boolean;
  strict: boolean;
  palette: Palette;
}

function location(f: Finding): string {
  return f.line === null ? f.file : `${f.file}:${f.line}:${f.column}`;
}

/** `file:line:col: error message [pointer] (rule)`, one finding a line, then a one-line summary. */
export function formatText(allResults: readonly ValidationResult[], options: TextOptions): string {
  const { palette: c } = options;
  const results = options.quiet ? allResults.map((r) => ({ ...r, findings: r.findings.filter((f) => f.severity === 'error') })) : allResults;
  const lines: string[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      const severity = f.severity === 'error' ? c.red('error') : c.yellow('warning');
      lines.push(`${location(f)}: ${severity} ${f.message} ${c.dim(`[${shownPointer(f.pointer)}] (${f.rule})`)}`);
    }
  }
  const t = tally(results, options.strict);
  if (options.quiet && t.invalidFiles === 0) return lines.length ? `${lines.join('\n')}\n` : '';
  const problems = [t.errors ? count(t.errors, 'error') : '', t.warnings ? count(t.warnings, 'warning') : ''].filter(Boolean).join(' and ');
  const summary =
    t.invalidFiles > 0
      ? c.red(`✖ ${t.invalidFiles} of ${count(t.files, 'file')} invalid (${problems})`)
      : c.green(`✔ ${count(t.files, 'file')} valid`) + (t.warnings ? c.yellow(` (${count(t.warnings, 'warning')})`) : '');
  lines.push(summary);
  return `${lines.join('\n')}\n`;
}
