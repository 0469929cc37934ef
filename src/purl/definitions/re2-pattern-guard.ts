/**
 * The pattern guard over re2js, given re2js: the browser chunk imports it, the Node adapter
 * requires it when a value first needs it. Neither the eager engine nor this module loads re2js.
 */
import type { RE2JS } from 're2js';
import { toRe2Syntax } from './re2-syntax.js';
import type { PatternGuard } from './pattern-guard-contract.js';
import { cut } from '../../shared/messages.js';

/** A pattern guard that compiles a definition's ECMA-262 pattern on `re2`, or says why it cannot. */
export function re2PatternGuard(re2: typeof RE2JS): PatternGuard {
  return {
    compileOnGuard(source) {
      const translation = toRe2Syntax(source);
      if (!translation.ok) return translation.reason;
      try {
        return re2.compile(translation.pattern);
      } catch (error) {
        return `re2js refuses it (${cut(error instanceof Error ? error.message : String(error))})`;
      }
    },
  };
}
