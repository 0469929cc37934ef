/**
 * The pattern guard over re2js, given re2js: the browser chunk imports it, the Node adapter
 * requires it when a value first needs it. Neither the eager engine nor this module loads re2js.
 */
import type { RE2JS } from 're2js';
import { toRe2Syntax } from './re2-syntax.js';
import type { PatternGuard } from './pattern-guard-contract.js';

/** The most characters of re2js's own message that a reason quotes (`MAX_QUOTED_ERROR`). */
const MAX_REASON = 200;

/** A pattern guard that compiles a definition's ECMA-262 pattern on `re2`, or says why it cannot. */
export function re2PatternGuard(re2: typeof RE2JS): PatternGuard {
  return {
    compileOnGuard(source) {
      const translation = toRe2Syntax(source);
      if (!translation.ok) return translation.reason;
      try {
        return re2.compile(translation.pattern);
      } catch (error) {
        // Cut here as `cut` (shared/message-text.ts) would, not with it: a module this chunk shared
        // with the eager engine would become a chunk of its own that a page loads first.
        const message = error instanceof Error ? error.message : String(error);
        return `re2js refuses it (${message.length > MAX_REASON ? `${message.slice(0, MAX_REASON)}…` : message})`;
      }
    },
  };
}
