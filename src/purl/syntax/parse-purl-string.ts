import { PurlError, quote, type PurlComponentName } from '../purl-error.js';
import type { PurlComponents, PurlQualifiers } from '../purl-components.js';
import { percentDecode } from './percent-encoding.js';
import { checkQualifierKey, checkType, MAX_PURL_LENGTH, trimSlashes } from './generic-rules.js';
import { GENERIC_VOCABULARY, type Vocabulary } from './vocabulary.js';
import type { WordIndex } from './word-index.js';
import { RawQualifiers } from './raw-qualifiers.js';

/**
 * A PURL split into decoded components by the type-agnostic rules of ECMA-427, before any
 * type definition is applied. The name may still be empty: whether that is allowed is the type
 * layer's decision.
 */
export type SyntaxComponents = PurlComponents;

/** How forgiving the syntax layer is. */
export interface SyntaxOptions {
  /**
   * Repair what ECMA-427 lets a reader repair instead of refusing it: qualifier keys that are
   * only valid once lowercased. Strict parsing refuses them.
   */
  readonly lenient: boolean;
}

/**
 * Splits a PURL string into decoded components, following ECMA-427's parsing procedure (the
 * PURL specification's how-to-parse): from the right, the subpath at the last "#", then the
 * qualifiers at the last "?" of what remains; from the left, scheme and type; then from the right
 * again, the version at the last "@" (see {@link versionSeparator}), the name after the last "/",
 * and the namespace. With `rawQualifiers` the qualifiers go there, undecoded, and `qualifiers` is `null`.
 */
export function parsePurlString(raw: unknown, options: SyntaxOptions, words: Vocabulary = GENERIC_VOCABULARY, rawQualifiers?: RawQualifiers): SyntaxComponents {
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
  const hash = lastIndexIn(input, '#', 0, end);
  if (hash !== -1) {
    subpath = decodePath(input.slice(hash + 1), 'subpath', true);
    end = hash;
  }

  let qualifiers: PurlQualifiers | null = null;
  const question = lastIndexIn(input, '?', 0, end);
  if (question !== -1) {
    const pairs = rawQualifiers ?? new RawQualifiers();
    readRawQualifiers(input, question + 1, end, options.lenient, words.qualifierKeys, pairs);
    if (rawQualifiers === undefined) qualifiers = pairs.toRecord();
    end = question;
  }

  let start = schemeEnd(input, end);
  while (start < end && input.charCodeAt(start) === 0x2f) start++;
  const typeEnd = input.indexOf('/', start);
  if (typeEnd === -1 || typeEnd >= end) {
    const type = checkType(input.slice(start, end));
    throw new PurlError('name', 'missing-name', `the name is missing (expected pkg:${type}/<name>)`);
  }
  const type = words.types.find(input, start, typeEnd)?.type ?? checkType(input.slice(start, typeEnd));
  start = typeEnd + 1;

  let version: string | null = null;
  const at = versionSeparator(input, start, end);
  if (at !== -1) {
    if (at + 1 < end) version = percentDecode(input.slice(at + 1, end), 'version');
    end = at;
    if (at === start || input.charCodeAt(at - 1) === 0x2f) {
      throw new PurlError('name', 'missing-name', `the name is missing before "${input.slice(at, at + 40)}"`);
    }
  }
  // Trailing slashes: the name is the segment before them.
  while (end > start && input.charCodeAt(end - 1) === 0x2f) end--;
  const lastSlash = lastIndexIn(input, '/', start, end);
  const rawName = input.slice(lastSlash === -1 ? start : lastSlash + 1, end);
  let name = percentDecode(rawName, 'name');
  // Building strips "/" from both ends of the name; a name decoded from "%2F…" gets the same
  // treatment, so that a parsed PURL and the PURL built from it have the same components.
  if (name !== rawName) name = trimSlashes(name);
  const namespace = lastSlash !== -1 ? decodePath(input.slice(start, lastSlash), 'namespace', false) : null;

  return { type, namespace, name, version, qualifiers, subpath };
}

/** Where the type starts: after `pkg:`, which ECMA-427 lets a reader accept in any case. */
function schemeEnd(input: string, end: number): number {
  // Four charCodeAt tests: startsWith('pkg:') is a slower builtin call.
  if (input.charCodeAt(0) === 0x70 && input.charCodeAt(1) === 0x6b && input.charCodeAt(2) === 0x67 && input.charCodeAt(3) === 0x3a) return 4;
  const colon = input.indexOf(':');
  if (colon === -1 || colon >= end) {
    throw new PurlError('scheme', 'missing-scheme', `${quote(input)} does not start with the scheme "pkg:"`);
  }
  const scheme = input.slice(0, colon);
  if (scheme.toLowerCase() !== 'pkg') {
    throw new PurlError('scheme', 'wrong-scheme', `the scheme is ${quote(scheme)}; a PURL starts with "pkg:"`);
  }
  return colon + 1;
}

/** The index of the last `char` in `input` from `from` to `end`, or -1. */
function lastIndexIn(input: string, char: string, from: number, end: number): number {
  if (end <= from) return -1;
  const i = input.lastIndexOf(char, end - 1);
  return i >= from ? i : -1;
}

/**
 * Where the version starts: ECMA-427 splits at the last "@" of what precedes the qualifiers,
 * with one refinement. An "@" that begins a segment followed by another non-empty segment, as
 * in an unencoded npm scope (`pkg:npm/@babel/core`), cannot be the separator: the name before it
 * would be empty, so it belongs to the namespace and the search goes on leftwards. An "@" that
 * begins the last segment (`pkg:cran/@0.9.1`) still is the separator, and the empty name before
 * it is refused. Returns -1 when there is no version.
 */
function versionSeparator(input: string, start: number, end: number): number {
  let at = lastIndexIn(input, '@', start, end);
  while (at !== -1 && (at === start || input.charCodeAt(at - 1) === 0x2f) && segmentFollows(input, at, end)) {
    at = lastIndexIn(input, '@', start, at);
  }
  return at;
}

/** Whether a "/" followed by something other than "/" comes after `from`, before `end`. */
function segmentFollows(input: string, from: number, end: number): boolean {
  for (let slash = input.indexOf('/', from); slash !== -1 && slash < end - 1; slash = input.indexOf('/', slash + 1)) {
    if (input.charCodeAt(slash + 1) !== 0x2f) return true;
  }
  return false;
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

/** Splits qualifiers into `into`, keys checked, values as written (decoded when a record is made). */
function readRawQualifiers(input: string, from: number, to: number, lenient: boolean, knownKeys: WordIndex<string>, into: RawQualifiers): void {
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    if (next > from) {
      const equals = equalsOf(input, from, next);
      into.add(keyOf(input, from, equals, lenient, knownKeys), input.slice(equals + 1, next));
    }
    from = next + 1;
  }
}

/** Where the "=" of the pair from `from` to `next` is. */
function equalsOf(input: string, from: number, next: number): number {
  const equals = input.indexOf('=', from);
  if (equals === -1 || equals >= next) {
    throw new PurlError('qualifiers', 'invalid-qualifier-key', `qualifier ${quote(input.slice(from, next))} has no "=" between key and value`);
  }
  return equals;
}

/** The key that ends at `equals`, checked: a known key as it is, any other lowercased (when lenient) and checked. */
function keyOf(input: string, from: number, equals: number, lenient: boolean, knownKeys: WordIndex<string>): string {
  return knownKeys.find(input, from, equals) ?? checkQualifierKey(input.slice(from, equals), lenient);
}
