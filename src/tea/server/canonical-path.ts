/**
 * The one reading of a request path that both a protection check and a router consume, so that no
 * spelling of a path reaches a resource by a route the check did not see.
 *
 * @module
 */

/**
 * The result of {@link canonicalRequestPath}: the canonical path, or why the request target is
 * refused (answer it `400`).
 *
 * @example
 * ```ts
 * const result: CanonicalRequestPath = canonicalRequestPath('/v1.0.0//artifact/./x/');
 * if (result.ok) result.path; // '/v1.0.0/artifact/x'
 * ```
 */
export type CanonicalRequestPath =
  | {
      /** The target could be read. */
      ok: true;
      /** The canonical path: starts with `/`, no empty, `.` or `..` segments, no trailing `/`. */
      path: string;
      /** The query without its `?` (not normalised, never part of `path`); `''` when absent. */
      query: string;
    }
  | {
      /** The target is refused. */
      ok: false;
      /** Why, in one line that quotes nothing from the request. */
      reason: string;
    };

const HEX = '0123456789ABCDEF';
// RFC 3986 section 2.3.
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
// What a path may carry literally besides unreserved characters (RFC 3986 pchar and "/").
const PATH_LITERAL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;
// A path made only of such characters (no escape) reads as it is written, character for character.
const LITERAL_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
// An absolute-form request target (RFC 9112 section 3.2.2): scheme and authority are dropped.
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  return -1;
}

function escape(byte: number): string {
  return `%${HEX[byte >> 4]}${HEX[byte & 15]}`;
}

/**
 * Reads an HTTP request target (`req.url`) into one canonical path, the form a protection check
 * and a router must both use:
 *
 * - the query (after `?`) is split off and never part of the path; a fragment (`#`) is refused;
 * - an absolute-form target (`https://host/path`) is reduced to its path;
 * - percent-escapes of unreserved characters (`A-Z a-z 0-9 - . _ ~`) are decoded, and every
 *   other escape is written with uppercase hex digits (RFC 3986 section 6.2.2);
 * - `%2F` (an encoded `/`) is refused rather than read either as data or as a separator, so no
 *   two readers can disagree about it; so is a malformed escape;
 * - characters a path may not hold literally (`"`, `\`, `<`, …) are percent-encoded; anything
 *   outside printable ASCII is refused;
 * - empty segments (`//`, a trailing `/`) are dropped, and `.` and `..` segments, decoded ones
 *   included, are resolved (RFC 3986 section 5.2.4; `..` never climbs above `/`).
 *
 * Letter case is kept: paths are case-sensitive (RFC 3986 section 6.2.2.1).
 *
 * @example
 * ```ts
 * canonicalRequestPath('/x/../v1.0.0/%61rtifact//abc/?q=1'); // { ok: true, path: '/v1.0.0/artifact/abc', query: 'q=1' }
 * canonicalRequestPath('/v1.0.0/artifact%2Fabc');          // { ok: false, reason: 'the path contains an encoded slash (%2F)' }
 * ```
 */
export function canonicalRequestPath(target: string): CanonicalRequestPath {
  if (typeof target !== 'string') return { ok: false, reason: 'the request target is not a string' };
  let rest = target;
  const absolute = ABSOLUTE_FORM.exec(rest);
  if (absolute) rest = rest.slice(absolute[0].length) || '/';
  if (!rest.startsWith('/')) return { ok: false, reason: 'the request target is not an absolute path' };
  if (rest.includes('#')) return { ok: false, reason: 'the request target carries a fragment (#)' };
  const questionMark = rest.indexOf('?');
  const rawPath = questionMark < 0 ? rest : rest.slice(0, questionMark);
  const query = questionMark < 0 ? '' : rest.slice(questionMark + 1);

  const literal = LITERAL_PATH.test(rawPath);
  let decoded = literal ? rawPath : '';
  for (let i = 0; !literal && i < rawPath.length; i++) {
    const char = rawPath[i]!;
    const code = rawPath.charCodeAt(i);
    if (code < 0x21 || code > 0x7e) return { ok: false, reason: 'the path holds a character outside printable ASCII; percent-encode it' };
    if (char !== '%') {
      decoded += PATH_LITERAL.test(char) ? char : escape(code);
      continue;
    }
    const high = hexValue(rawPath.charCodeAt(i + 1));
    const low = hexValue(rawPath.charCodeAt(i + 2));
    if (high < 0 || low < 0) return { ok: false, reason: 'the path has a malformed percent-escape' };
    const byte = high * 16 + low;
    if (byte === 0x2f) return { ok: false, reason: 'the path contains an encoded slash (%2F)' };
    const literal = String.fromCharCode(byte);
    decoded += UNRESERVED.test(literal) ? literal : escape(byte);
    i += 2;
  }

  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return { ok: true, path: `/${segments.join('/')}`, query };
}
