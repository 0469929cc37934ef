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
 * Splits a PURL string into decoded components, following ECMA-427's parsing procedure: from
 * the right, subpath, then qualifiers; from the left, scheme and type; then version, name and
 * namespace. With `rawQualifiers` the qualifiers go there, undecoded, and `qualifiers` is `null`.
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

  // The name is the last segment; the version separator is the last "@" after it (an unencoded
  // "@" inside the namespace, as in an npm scope, is not one).
  let lastSlash = lastIndexIn(input, '/', start, end);
  let version: string | null = null;
  const at = lastIndexIn(input, '@', lastSlash + 1, end);
  if (at > lastSlash) {
    if (at + 1 < end) version = percentDecode(input.slice(at + 1, end), 'version');
    end = at;
    if (input.charCodeAt(end - 1) === 0x2f) {
      throw new PurlError('name', 'missing-name', `the name is missing before "${input.slice(at, at + 40)}"`);
    }
  } else if (lastSlash === end - 1) {
    // Trailing slashes: the name is the segment before them.
    while (end > start && input.charCodeAt(end - 1) === 0x2f) end--;
    lastSlash = lastIndexIn(input, '/', start, end);
  }
  const rawName = input.slice(lastSlash + 1, end);
  let name = percentDecode(rawName, 'name');
  // Building strips "/" from both ends of the name; a name decoded from "%2F…" gets the same
  // treatment, so that a parsed PURL and the PURL built from it have the same components.
  if (name !== rawName) name = trimSlashes(name);
  const namespace = lastSlash >= start ? decodePath(input.slice(start, lastSlash), 'namespace', false) : null;

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

/**
 * The index of the last `char` in `input` from `from` to `end`, or `from - 1`. Found with indexOf
 * forwards: V8's lastIndexOf is a slow runtime call, and a charCodeAt loop backwards costs a few
 * nanoseconds a character, more than the one or two indexOf calls a PURL needs.
 */
function lastIndexIn(input: string, char: string, from: number, end: number): number {
  let last = from - 1;
  for (let i = input.indexOf(char, from); i !== -1 && i < end; i = input.indexOf(char, i + 1)) last = i;
  return last;
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
