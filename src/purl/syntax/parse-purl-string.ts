import { PurlError, quote, type PurlComponentName } from '../purl-error.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { percentDecode } from './percent-encoding.js';
import { checkQualifierKey, checkType, MAX_PURL_LENGTH } from './generic-rules.js';

/**
 * A PURL split into decoded components by the type-agnostic rules of ECMA-427, before any
 * type definition is applied. The name may still be empty: whether that is allowed is the type
 * layer's decision.
 */
export interface SyntaxComponents {
  type: string;
  namespace: string | null;
  name: string;
  version: string | null;
  qualifiers: PurlQualifiers | null;
  subpath: string | null;
}

/** How forgiving the syntax layer is. */
export interface SyntaxOptions {
  /**
   * Repair what ECMA-427 lets a reader repair instead of refusing it: qualifier keys that are
   * only valid once lowercased. Strict parsing refuses them.
   */
  readonly lenient: boolean;
}

/**
 * Splits a PURL string into decoded components, following ECMA-427's parsing procedure: from
 * the right, subpath, then qualifiers; from the left, scheme and type; then version, name and
 * namespace.
 */
export function parsePurlString(raw: unknown, options: SyntaxOptions): SyntaxComponents {
  if (typeof raw !== 'string') {
    throw new PurlError('scheme', 'not-a-string', `a PURL must be a string, not ${raw === null ? 'null' : typeof raw}`);
  }
  if (raw.length > MAX_PURL_LENGTH) {
    throw new PurlError('scheme', 'too-long', `the PURL is ${raw.length} characters long; the limit is ${MAX_PURL_LENGTH}`);
  }
  // A lone surrogate has no UTF-8 form: read it as U+FFFD, as building writes it.
  const input = raw.isWellFormed() ? raw : raw.toWellFormed();
  let end = input.length;

  let subpath: string | null = null;
  const hash = input.indexOf('#');
  if (hash !== -1) {
    subpath = decodePath(input.slice(hash + 1), 'subpath', true);
    end = hash;
  }

  let qualifiers: PurlQualifiers | null = null;
  // ECMA-427 splits at the last "?". A canonical PURL has only one; with a stray second one,
  // splitting at the first keeps it inside a qualifier value instead of the name (and indexOf
  // is far cheaper than lastIndexOf in V8).
  const question = input.indexOf('?');
  if (question !== -1 && question < end) {
    qualifiers = parseQualifiers(input, question + 1, end, options.lenient);
    end = question;
  }

  let start: number;
  if (input.startsWith('pkg:')) {
    start = 4;
  } else {
    const colon = input.indexOf(':');
    if (colon === -1 || colon >= end) {
      throw new PurlError('scheme', 'missing-scheme', `${quote(input)} does not start with the scheme "pkg:"`);
    }
    const scheme = input.slice(0, colon);
    if (scheme.toLowerCase() !== 'pkg') {
      throw new PurlError('scheme', 'wrong-scheme', `the scheme is ${quote(scheme)}; a PURL starts with "pkg:"`);
    }
    start = colon + 1;
  }

  while (start < end && input.charCodeAt(start) === 0x2f) start++;
  const typeEnd = input.indexOf('/', start);
  if (typeEnd === -1 || typeEnd >= end) {
    const type = checkType(input.slice(start, end));
    throw new PurlError('name', 'missing-name', `the name is missing (expected pkg:${type}/<name>)`);
  }
  const type = checkType(input.slice(start, typeEnd));
  start = typeEnd + 1;

  // The version separator is the last "@" after the last "/": an unencoded "@" inside the
  // namespace (an npm scope) is not one.
  let version: string | null = null;
  let at = end - 1;
  while (at >= start) {
    const c = input.charCodeAt(at);
    if (c === 0x40 || c === 0x2f) break;
    at--;
  }
  if (at >= start && input.charCodeAt(at) === 0x40) {
    if (at + 1 < end) version = percentDecode(input.slice(at + 1, end), 'version');
    end = at;
    if (input.charCodeAt(end - 1) === 0x2f) {
      throw new PurlError('name', 'missing-name', `the name is missing before "${input.slice(at, at + 40)}"`);
    }
  }

  while (end > start && input.charCodeAt(end - 1) === 0x2f) end--;
  let nameStart = end;
  while (nameStart > start && input.charCodeAt(nameStart - 1) !== 0x2f) nameStart--;
  const name = percentDecode(input.slice(nameStart, end), 'name');
  const namespace = nameStart > start ? decodePath(input.slice(start, nameStart - 1), 'namespace', false) : null;

  return { type, namespace, name, version, qualifiers, subpath };
}

/** Whether a path needs more than decoding as a whole: empty, `.` or `..` segments, or escapes. */
const PATH_NEEDS_SPLITTING = /^\/|\/$|\/\/|%|(?:^|\/)\.\.?(?:\/|$)/;

/** Decodes a slash-separated path, dropping empty segments (and `.`/`..` for a subpath). */
function decodePath(path: string, component: PurlComponentName, dropDots: boolean): string | null {
  if (path === '') return null;
  if (!PATH_NEEDS_SPLITTING.test(path)) return path;
  let joined = '';
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    const segment = percentDecode(raw, component);
    if (dropDots && (segment === '.' || segment === '..')) continue;
    if (segment.includes('/')) {
      throw new PurlError(component, 'invalid-segment', `${component} segment ${quote(raw)} contains an encoded "/"`);
    }
    joined = joined === '' ? segment : `${joined}/${segment}`;
  }
  return joined === '' ? null : joined;
}

function parseQualifiers(input: string, from: number, to: number, lenient: boolean): PurlQualifiers | null {
  let qualifiers: PurlQualifiers | null = null;
  let empty = false;
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    if (next > from) {
      const equals = input.indexOf('=', from);
      if (equals === -1 || equals >= next) {
        throw new PurlError('qualifiers', 'invalid-qualifier-key', `qualifier ${quote(input.slice(from, next))} has no "=" between key and value`);
      }
      const key = checkQualifierKey(input.slice(from, equals), lenient);
      const value = equals + 1 === next ? '' : percentDecode(input.slice(equals + 1, next), 'qualifiers');
      qualifiers ??= emptyQualifiers();
      if (qualifiers[key] !== undefined) {
        throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} appears more than once`);
      }
      // An empty value means the same as no pair, but the key still counts for duplicates.
      qualifiers[key] = value;
      if (value === '') empty = true;
    }
    from = next + 1;
  }
  if (qualifiers === null || !empty) return qualifiers;
  let kept = 0;
  for (const key in qualifiers) {
    if (qualifiers[key] === '') delete qualifiers[key];
    else kept++;
  }
  return kept === 0 ? null : qualifiers;
}
