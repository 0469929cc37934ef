/**
 * What {@link loadPatternGuard} loads, and nothing else imports: re2js and the translation of a
 * definition's ECMA-262 pattern into RE2 syntax. Reached only through a dynamic import, so that a
 * bundler puts both in a chunk of their own, which the PURL engine does not pay for up front.
 */
import { RE2JS } from 're2js';
import { toRe2Syntax } from './re2-syntax.js';

export { RE2JS, toRe2Syntax };

/**
 * A definition's ECMA-262 pattern compiled on re2js, or why the guard cannot run it (its RE2
 * translation fails, or re2js refuses the translation). Here rather than with the pattern that
 * uses it: only a loaded guard calls it, so the engine's bundle does not carry it.
 */
export function compileOnGuard(source: string): ReturnType<typeof RE2JS.compile> | string {
  const translation = toRe2Syntax(source);
  if (!translation.ok) return translation.reason;
  try {
    return RE2JS.compile(translation.pattern);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `re2js refuses it (${why.length > 200 ? `${why.slice(0, 200)}…` : why})`;
  }
}
