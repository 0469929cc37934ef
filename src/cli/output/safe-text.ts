/**
 * Characters that must not reach a terminal or a log raw: C0 controls (CR and LF would split one
 * finding over two lines, ESC starts a terminal escape sequence), DEL, C1 controls, the Unicode
 * line and paragraph separators, and the bidirectional embedding, override and isolate controls
 * that can make a line read differently from what it holds ("Trojan Source").
 */
const BEYOND_C0 = '\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const UNSAFE = new RegExp(`[\\u0000-\\u001f${BEYOND_C0}]`);
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeOne(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * `text` with every unsafe character written as an escape (`\r`, `\n`, `\t`, `\u202e`), so that
 * a file name, pointer or quoted value taken from a document stays on its line and reads as what
 * it is. A backslash is left alone: Windows paths stay readable, and the escapes only need to be
 * visible, not reversible.
 */
export function escapeControls(text: string): string {
  // The test first: almost every string is clean, and test() allocates nothing.
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escapeOne) : text;
}

/** The unsafe characters `JSON.stringify` leaves raw: it escapes C0 itself. */
const UNSAFE_IN_JSON = new RegExp(`[${BEYOND_C0}]`);
const UNSAFE_IN_JSON_ALL = new RegExp(UNSAFE_IN_JSON.source, 'g');

/**
 * Text from `JSON.stringify` (indented or not) with the unsafe characters it leaves raw (DEL, C1,
 * U+2028, U+2029, bidirectional controls) written as `\uXXXX`: the same JSON value, safe to print.
 * Such a character can only be inside a string, where the escape means the same character.
 */
export function escapeJsonText(json: string): string {
  return UNSAFE_IN_JSON.test(json) ? json.replace(UNSAFE_IN_JSON_ALL, escapeOne) : json;
}

// GitHub Actions runs a log line as a workflow command (::error::, ::add-mask::,
// ::stop-commands::) when, past its leading white space, it starts with "::". A line that starts
// with text a document or an argument chose must never read that way.
const WORKFLOW_COMMAND = /^[\s\u0085]*::/;

/**
 * A file name to start an output line with, unsafe characters escaped: a relative name that would
 * begin a workflow command is written with `./` before it, which names the same file.
 */
export function lineStartName(file: string): string {
  const shown = escapeControls(file);
  return WORKFLOW_COMMAND.test(shown) ? `./${shown}` : shown;
}

/**
 * A whole output line that starts with text a document or an argument chose: one that would begin
 * a workflow command has its first colon written `\u003a`, as unsafe characters are escaped.
 */
export function safeLineStart(line: string): string {
  return WORKFLOW_COMMAND.test(line) ? line.replace(':', '\\u003a') : line;
}

/** An argument quoted for a message: `'--bogus'`, `'my file.json'`, with unsafe characters escaped. */
export function quoteArg(value: string): string {
  return `'${escapeControls(value)}'`;
}
