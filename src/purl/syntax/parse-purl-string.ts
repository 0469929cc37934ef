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
export function parsePurlString(input: unknown, options: SyntaxOptions): SyntaxComponents {
  if (typeof input !== 'string') {
    throw new PurlError('scheme', 'not-a-string', `a PURL must be a string, not ${input === null ? 'null' : typeof input}`);
  }
  if (input.length > MAX_PURL_LENGTH) {
    throw new PurlError('scheme', 'too-long', `the PURL is ${input.length} characters long; the limit is ${MAX_PURL_LENGTH}`);
  }
  let end = input.length;

  let subpath: string | null = null;
  const hash = input.indexOf('#');
  if (hash !== -1) {
    subpath = decodePath(input.slice(hash + 1), 'subpath', true);
    end = hash;
  }

  let qualifiers: PurlQualifiers | null = null;
  const question = input.lastIndexOf('?', end - 1);
  if (question !== -1) {
    qualifiers = parseQualifiers(input.slice(question + 1, end), options.lenient);
    end = question;
  }

  const colon = input.indexOf(':');
  if (colon === -1 || colon >= end) {
    throw new PurlError('scheme', 'missing-scheme', `${quote(input)} does not start with the scheme "pkg:"`);
  }
  const scheme = input.slice(0, colon);
  if (scheme !== 'pkg' && scheme.toLowerCase() !== 'pkg') {
    throw new PurlError('scheme', 'wrong-scheme', `the scheme is ${quote(scheme)}; a PURL starts with "pkg:"`);
  }

  let start = colon + 1;
  while (start < end && input.charCodeAt(start) === 0x2f) start++;
  const typeEnd = input.indexOf('/', start);
  if (typeEnd === -1 || typeEnd >= end) {
    const rest = input.slice(start, end);
    const type = rest.toLowerCase();
    checkType(type);
    throw new PurlError('name', 'missing-name', `the name is missing (expected pkg:${type}/<name>)`);
  }
  const type = input.slice(start, typeEnd).toLowerCase();
  checkType(type);
  start = typeEnd + 1;

  // The version separator is the last "@" after the last "/": an unencoded "@" inside the
  // namespace (an npm scope) is not one.
  let version: string | null = null;
  const at = input.lastIndexOf('@', end - 1);
  if (at >= start && at > input.lastIndexOf('/', end - 1)) {
    const raw = input.slice(at + 1, end);
    version = raw === '' ? null : percentDecode(raw, 'version');
    end = at;
    if (input.charCodeAt(end - 1) === 0x2f) {
      throw new PurlError('name', 'missing-name', `the name is missing before "@${raw}"`);
    }
  }

  while (end > start && input.charCodeAt(end - 1) === 0x2f) end--;
  const slash = input.lastIndexOf('/', end - 1);
  const nameStart = slash >= start ? slash + 1 : start;
  const name = percentDecode(input.slice(nameStart, end), 'name');
  const namespace = nameStart > start ? decodePath(input.slice(start, nameStart - 1), 'namespace', false) : null;

  return { type, namespace, name, version, qualifiers, subpath };
}

/** Decodes a slash-separated path, dropping empty segments (and `.`/`..` for a subpath). */
function decodePath(path: string, component: PurlComponentName, dropDots: boolean): string | null {
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

function parseQualifiers(text: string, lenient: boolean): PurlQualifiers | null {
  let qualifiers: PurlQualifiers | null = null;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    if (equals === -1) {
      throw new PurlError('qualifiers', 'invalid-qualifier-key', `qualifier ${quote(pair)} has no "=" between key and value`);
    }
    const key = checkQualifierKey(pair.slice(0, equals), lenient);
    const value = percentDecode(pair.slice(equals + 1), 'qualifiers');
    qualifiers ??= emptyQualifiers();
    if (key in qualifiers) {
      throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} appears more than once`);
    }
    // An empty value means the same as no pair, but the key still counts for duplicates.
    qualifiers[key] = value;
  }
  if (qualifiers === null) return null;
  let kept = 0;
  for (const key in qualifiers) {
    if (qualifiers[key] === '') delete qualifiers[key];
    else kept++;
  }
  return kept === 0 ? null : qualifiers;
}
