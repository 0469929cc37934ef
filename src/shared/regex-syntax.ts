import { cut } from './message-text.js';

/**
 * The one flag policy for a definition's `permitted_characters`: an ECMA-262 regular expression
 * compiled with the `u` flag. The schema's `format: regex` and the engine both use it.
 */
export const PATTERN_FLAGS = 'u';

/**
 * Why `source` is not a regular expression with `flags`, or `null` when it is one. V8 repeats the
 * whole pattern in its message; only the reason after it is kept, so a huge pattern cannot flood
 * a message. A pattern V8 refuses for its size or nesting (not its syntax) says so.
 */
export function regexSyntaxError(source: string, flags: string = PATTERN_FLAGS): string | null {
  try {
    // V8 compiles a pattern at its first run, and only then refuses one too large for it.
    new RegExp(source, flags).test('');
    return null;
  } catch (error) {
    if (!(error instanceof SyntaxError)) return 'it is too large or too deeply nested for the JavaScript regular expression engine';
    const message = error.message;
    const tail = message.startsWith('Invalid regular expression: /') ? /\/[a-z]*: ([^/]*)$/.exec(message) : null;
    const reason = tail ? tail[1]! : message;
    if (/too large|too many/i.test(reason)) return `it is too large for the JavaScript regular expression engine (${reason})`;
    return cut(reason);
  }
}
