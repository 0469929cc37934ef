import type { ValidationResult } from '../../validator/index.js';
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
      lines.push(
        annotation(f.severity, {
          file: f.file,
          line: f.line,
          column: f.column,
          title: `teapurl ${f.rule}`,
          message: `${f.message} [${shownPointer(f.pointer)}]`,
        }),
      );
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** What one workflow annotation says and where (`file: null`: the run as a whole). */
export interface AnnotationText {
  file: string | null;
  line: number | null;
  column: number | null;
  title: string;
  message: string;
}

/** One workflow command line, `::notice file=…,line=…,col=…,title=…::message`, escaped as {@link formatGithub} escapes. */
export function annotation(level: 'error' | 'warning' | 'notice', a: AnnotationText): string {
  const props: string[] = [];
  if (a.file !== null) props.push(`file=${escapeProperty(escapeControls(a.file))}`);
  if (a.file !== null && a.line !== null) props.push(`line=${a.line}`, `col=${a.column}`);
  props.push(`title=${escapeProperty(escapeControls(a.title))}`);
  return `::${level} ${props.join(',')}::${escapeData(escapeControls(a.message))}`;
}
