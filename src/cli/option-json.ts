import { parseJsonSource, type JsonSource } from '../validation/source/json-source.js';
import type { SourcePosition } from '../validation/source/document-source.js';

// The project JSON reader's fixed wordings for a syntax error. Only these are shown: its fallback
// is V8's message, which quotes the text around the error, and that text may be a secret.
const FIXED_SYNTAX_MESSAGES = new Set(
  [
    'unexpected character',
    'malformed number',
    'expected a property name in double quotes',
    'expected a value',
    'expected ":"',
    'expected "," or a closing bracket',
    'expected "}"',
    'expected "]"',
    'unexpected content after the end of the document',
    'comments are not allowed in JSON',
    'unterminated string',
    'unterminated number',
    'malformed \\u escape',
    'invalid escape sequence in a string',
    'control character in a string (escape it)',
  ].map((words) => `malformed JSON: ${words}`),
);

/** `file:line:column` of a position. */
export function fileAt(file: string, position: SourcePosition): string {
  return `${file}:${position.line}:${position.column}`;
}

/**
 * A JSON file named by an option that may hold secrets (`--api-keys`, `--token-key`), parsed with
 * the project reader: its source, or the reason it is refused, with file, line and column and
 * never a quote of its text. A repeated member name is refused too (JSON readers keep the last).
 */
export function readSecretJson(file: string, text: string): JsonSource | string {
  const parsed = parseJsonSource(text);
  if (!parsed.ok) {
    const first = parsed.findings[0];
    if (!first) return `${file}: not JSON`;
    const detail = first.rule === 'json/too-deep' ? 'nested too deeply' : FIXED_SYNTAX_MESSAGES.has(first.message) ? first.message : 'malformed JSON';
    return `${fileAt(file, first.position)}: not JSON (${detail.replace(/^malformed JSON: /, '')})`;
  }
  const duplicate = parsed.findings.find((finding) => finding.rule === 'json/duplicate-key');
  if (duplicate) return `${fileAt(file, duplicate.position)}: an object repeats a member name (JSON readers keep only the last)`;
  return parsed.source;
}
