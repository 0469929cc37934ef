import { FIXED_JSON_SYNTAX_MESSAGES, parseJsonSource, type JsonSource } from '../validation/source/json-source.js';
import type { SourcePosition } from '../validation/source/document-source.js';

// Only the JSON reader's fixed wordings for a syntax error are shown: its fallback is V8's
// message, which quotes the text around the error, and that text may be a secret.

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
    const detail = first.rule === 'json/too-deep' ? 'nested too deeply' : FIXED_JSON_SYNTAX_MESSAGES.has(first.message) ? first.message : 'malformed JSON';
    return `${fileAt(file, first.position)}: not JSON (${detail.replace(/^malformed JSON: /, '')})`;
  }
  const duplicate = parsed.findings.find((finding) => finding.rule === 'json/duplicate-key');
  if (duplicate) return `${fileAt(file, duplicate.position)}: an object repeats a member name (JSON readers keep only the last)`;
  return parsed.source;
}
