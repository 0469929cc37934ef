/**
 * The string formats our schemas use, for the generated validators (which import this module).
 * Each runs in time linear in the value and without recursion, whatever its size.
 */
import { isUri } from './uri.js';
import { regexSyntaxError } from './regex-syntax.js';

/** An absolute URI per RFC 3986. */
export function uri(value: string): boolean {
  return isUri(value);
}

/**
 * An ECMA-262 regular expression that compiles with the `u` flag: the one flag policy for
 * `permitted_characters`, which the engine compiles the same way.
 */
export function regex(value: string): boolean {
  return regexSyntaxError(value) === null;
}

/** What a VERS looks like: `vers:`, a lowercase type, `/`, constraints. Its rules are the VERS engine's, checked beyond the schema. */
const VERS_SHAPE = /^vers:[a-z][a-z0-9.-]*\/./;

/** A string shaped like a VERS (`vers:<type>/<constraints>`); whether it is a valid one is the VERS engine's call. */
export function vers(value: string): boolean {
  return VERS_SHAPE.test(value);
}

export default { uri, regex, vers };
