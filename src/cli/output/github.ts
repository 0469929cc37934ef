import type { ValidationResult } from '../../validate/index.js';
import { shownPointer } from './shown-pointer.js';
import { escapeControls } from './safe-text.js';

// Workflow commands treat %, CR and LF specially in data, and also : and , in properties.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/**
 * GitHub Actions workflow annotations: `::error file=…,line=…,col=…,title=…::message`. Control
 * characters in the file name, message and pointer are escaped as in text output (`\r`, `\u202e`)
 * before the workflow-command escaping: the log line shows them instead of carrying them.
 */
export function formatGithub(results: readonly ValidationResult[], quiet: boolean): string {
  const lines: string[] = [];
  for (const r of results) {
    for (const f of r.findings) {
      if (quiet && f.severity === 'warning') continue;
      const props = [`file=${escapeProperty(escapeControls(f.file))}`];
      if (f.line !== null) props.push(`line=${f.line}`, `col=${f.column}`);
      props.push(`title=${escapeProperty(escapeControls(`teapurl ${f.rule}`))}`);
      lines.push(`::${f.severity} ${props.join(',')}::${escapeData(escapeControls(`${f.message} [${shownPointer(f.pointer)}]`))}`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}
