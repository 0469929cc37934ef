import { PurlError, quote } from '../purl-error.js';
import { isLowerQualifierKey, isLowerType } from './char-classes.js';

/** ECMA-427 type: ASCII letters, digits, `.` and `-`, starting with a letter (checked lowercased). */
const TYPE = /^[a-z][a-z0-9.-]*$/;
/** ECMA-427 qualifier key: lowercase ASCII letters, digits, `.`, `-` and `_`, starting with a letter. */
const QUALIFIER_KEY = /^[a-z][a-z0-9._-]*$/;

/** The longest PURL accepted, in UTF-16 code units; far above any real one, low enough to bound work. */
export const MAX_PURL_LENGTH = 65_536;

/** Returns the type lowercased, or throws when it is not a valid type. */
export function checkType(raw: string): string {
  if (isLowerType(raw)) return raw;
  if (raw === '') throw new PurlError('type', 'missing-type', 'the type is missing (expected pkg:<type>/<name>)');
  const type = raw.toLowerCase();
  if (!TYPE.test(type)) {
    throw new PurlError('type', 'invalid-type', `type ${quote(raw)} must start with an ASCII letter and contain only letters, digits, "." and "-"`);
  }
  return type;
}

/**
 * Checks a qualifier key as written and returns it lowercased. ECMA-427's parsing procedure
 * lowercases keys, and its conformance suite accepts `repositorY_url` yet refuses `Platform`:
 * strictly, a key must start with a lowercase letter; leniently, any letter will do.
 */
export function checkQualifierKey(key: string, lenient: boolean): string {
  if (isLowerQualifierKey(key)) return key;
  const lower = key.toLowerCase();
  if (QUALIFIER_KEY.test(lower)) {
    if (lenient || lower[0] === key[0]) return lower;
    throw new PurlError('qualifiers', 'uppercase-qualifier-key', `qualifier key ${quote(key)} must start with a lowercase letter (${quote(lower)})`);
  }
  throw new PurlError(
    'qualifiers',
    'invalid-qualifier-key',
    `qualifier key ${quote(key)} must start with an ASCII letter and contain only lowercase letters, digits, ".", "-" and "_"`,
  );
}

/** Splits a path (namespace or subpath) into its segments, dropping empty ones and, for a subpath, `.` and `..`. */
export function pathSegments(path: string, dropDots: boolean): string[] {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || (dropDots && (segment === '.' || segment === '..'))) continue;
    segments.push(segment);
  }
  return segments;
}

/** `value` without "/" at either end. */
export function trimSlashes(value: string): string {
  if (value.charCodeAt(0) !== 0x2f && value.charCodeAt(value.length - 1) !== 0x2f) return value;
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) === 0x2f) start++;
  while (end > start && value.charCodeAt(end - 1) === 0x2f) end--;
  return value.slice(start, end);
}
