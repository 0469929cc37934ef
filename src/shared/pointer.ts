/** JSON Pointer helpers (RFC 6901) and the human path used in messages. */

/** An array index as a JSON Pointer token writes it (RFC 6901): digits, no sign, no leading zero. */
export const ARRAY_INDEX_TOKEN = /^(?:0|[1-9][0-9]*)$/;

/** One reference token of a JSON Pointer, unescaped (`~1` is `/`, `~0` is `~`). */
export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Splits a JSON Pointer into its unescaped reference tokens. */
export function pointerTokens(pointer: string): string[] {
  if (pointer === '') return [];
  const tokens = pointer.slice(1).split('/');
  return pointer.includes('~') ? tokens.map(unescapePointerToken) : tokens;
}

/** One reference token of a JSON Pointer, escaped (RFC 6901: `~` as `~0`, `/` as `~1`). */
export function escapePointerToken(token: string): string {
  // Most keys hold neither character: two searches cost less than two replacements.
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Builds a JSON Pointer from path segments. */
export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = '';
  for (const segment of segments) pointer += `/${typeof segment === 'number' ? segment : escapePointerToken(segment)}`;
  return pointer;
}

/** Longer keys are cut in paths shown to people. */
const MAX_TOKEN = 80;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Renders a pointer the way people read a path: `/endpoints/0/versions/1` becomes `endpoints[0].versions[1]`,
 * the root becomes `document`.
 */
export function humanPath(pointer: string): string {
  let out = '';
  for (const token of pointerTokens(pointer)) {
    if (ARRAY_INDEX_TOKEN.test(token)) out += `[${token}]`;
    else if (token.length <= MAX_TOKEN && IDENTIFIER.test(token)) out += out ? `.${token}` : token;
    else out += `[${JSON.stringify(token.length > MAX_TOKEN ? `${token.slice(0, MAX_TOKEN)}…` : token)}]`;
  }
  return out || 'document';
}
