/**
 * The string formats our schemas use, for the generated validators (which import this module).
 * Both run in time linear in the value and without recursion, whatever its size.
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

export default { uri, regex };
