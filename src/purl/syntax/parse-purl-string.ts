import { PurlError, quote, type PurlComponentName } from '../purl-error.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { percentDecode } from './percent-encoding.js';
import { checkQualifierKey, checkType, MAX_PURL_LENGTH, trimSlashes } from './generic-rules.js';
import { GENERIC_VOCABULARY, type Vocabulary } from './vocabulary.js';
import type { WordIndex } from './word-index.js';
import { isNotCanonicalValue, type RawQualifiers } from './raw-qualifiers.js';
import { ParsedPurl } from './parsed-purl.js';
import type { SourceLayout } from './canonical-source.js';

/**
 * A PURL split into decoded components by the type-agnostic rules of ECMA-427, before any
 * type definition is applied. The name may still be empty: whether that is allowed is the type
 * layer's decision.
 */
export type SyntaxComponents = ParsedPurl;

/** Lenient reading, one object for every caller (see {@link SyntaxOptions}). */
export const LENIENT = { lenient: true } as const;

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
 * again, the version at the last "@" (with one refinement, below), the name after the last "/",
 * and the namespace. With `rawQualifiers` the qualifiers go there, undecoded, and `qualifiers` is `null`.
 */
export function parsePurlString(input: unknown, options: SyntaxOptions, words: Vocabulary = GENERIC_VOCABULARY, rawQualifiers?: RawQualifiers): SyntaxComponents {
  if (typeof input !== 'string') {
    throw new PurlError('scheme', 'not-a-string', `a PURL must be a string, not ${input === null ? 'null' : typeof input}`);
  }
  if (input.length > MAX_PURL_LENGTH) {
    throw new PurlError('scheme', 'too-long', `the PURL is ${input.length} characters long; the limit is ${MAX_PURL_LENGTH}`);
  }
  let end = input.length;

  let subpath: string | null = null;
  const hash = lastIndexBefore(input, '#', 0, end);
  if (hash !== -1) {
    subpath = decodePath(input.slice(hash + 1), 'subpath', true);
    end = hash;
  }

  let qualifiers: PurlQualifiers | null = null;
  let pairs: string[] | null = null;
  // Whether everything read so far is written as building writes it (see isCanonicalSource).
  let tidy = true;
  const question = lastIndexBefore(input, '?', 0, end);
  if (question !== -1) {
    if (rawQualifiers !== undefined) {
      tidy = readQualifiers(input, question + 1, end, options.lenient, words.qualifierKeys, rawQualifiers);
    } else {
      const read = new QualifierRecord();
      tidy = readQualifiers(input, question + 1, end, options.lenient, words.qualifierKeys, read);
      qualifiers = read.record;
      pairs = read.pairs;
    }
    end = question;
  }
  const pathEnd = end;

  let start = schemeEnd(input, end);
  if (start !== 4 || input.charCodeAt(0) !== 0x70 || input.charCodeAt(1) !== 0x6b || input.charCodeAt(2) !== 0x67) tidy = false;
  while (start < end && input.charCodeAt(start) === 0x2f) {
    start++;
    tidy = false;
  }
  const typeEnd = input.indexOf('/', start);
  if (typeEnd === -1 || typeEnd >= end) {
    const type = checkType(input.slice(start, end));
    throw new PurlError('name', 'missing-name', `the name is missing (expected pkg:${type}/<name>)`);
  }
  const known = words.types.find(input, start, typeEnd);
  let type: string;
  if (known !== undefined) {
    type = known.type;
  } else {
    const written = input.slice(start, typeEnd);
    type = checkType(written);
    if (type !== written) tidy = false;
  }
  const pathStart = typeEnd + 1;
  start = pathStart;
  // Escapes are rare: one search tells which of namespace, name and version need decoding.
  const percent = input.indexOf('%', start);

  // The version separator: the last "@", except that an "@" beginning a segment that another
  // segment follows (an unencoded npm scope) is not one; the last "@" before it that does not
  // begin a segment is (every "@" further left has that segment after it too). An "@" beginning
  // the last segment (`pkg:cran/@0.9.1`) is one, and the empty name before it is refused.
  let at = -1;
  let atInside = -1;
  let atCount = 0;
  for (let i = input.indexOf('@', start); i !== -1 && i < end; i = input.indexOf('@', i + 1)) {
    at = i;
    atCount++;
    if (i !== start && input.charCodeAt(i - 1) !== 0x2f) atInside = i;
  }
  if (at !== atInside && segmentFollows(input, at, end)) at = atInside;
  let version: string | null = null;
  if (at !== -1) {
    if (at + 1 < end) {
      const raw = input.slice(at + 1, end);
      version = percent !== -1 && percent < end ? percentDecode(raw, 'version') : raw;
    } else {
      tidy = false;
    }
    end = at;
    if (at === start || input.charCodeAt(at - 1) === 0x2f) {
      throw new PurlError('name', 'missing-name', `the name is missing before "${input.slice(at, at + 40)}"`);
    }
  }
  if (atCount > (at === -1 ? 0 : 1)) tidy = false;
  // Trailing slashes: the name is the segment before them.
  while (end > start && input.charCodeAt(end - 1) === 0x2f) {
    end--;
    tidy = false;
  }

  // The last "/" before the name, noting whether the namespace has empty segments.
  let lastSlash = -1;
  let emptySegment = false;
  let slash = input.indexOf('/', start);
  for (; slash !== -1 && slash < end; slash = input.indexOf('/', slash + 1)) {
    if (slash === lastSlash + 1 || slash === start) emptySegment = true;
    lastSlash = slash;
  }
  // The loop stopped at the first "/" after the name: one in the version is written "%2F".
  if (emptySegment || (at !== -1 && slash !== -1 && slash < pathEnd)) tidy = false;
  const nameStart = lastSlash === -1 ? start : lastSlash + 1;
  const rawName = input.slice(nameStart, end);
  let name = rawName;
  if (percent !== -1 && percent < end && (percent >= nameStart || hasCharIn(input, '%', nameStart, end))) {
    name = percentDecode(rawName, 'name');
    // Building strips "/" from both ends of the name; a name decoded from "%2F…" gets the same
    // treatment, so that a parsed PURL and the PURL built from it have the same components.
    if (name !== rawName) name = trimSlashes(name);
  }
  let namespace: string | null = null;
  if (lastSlash !== -1) {
    const rawNamespace = input.slice(start, lastSlash);
    if (emptySegment) namespace = decodePath(rawNamespace, 'namespace', false);
    else if (percent === -1 || percent >= lastSlash) namespace = rawNamespace;
    // Segments decode as a whole unless an escape could be a "/" (%2F), which a segment refuses.
    else namespace = rawNamespace.includes('%2') ? decodePath(rawNamespace, 'namespace', false) : percentDecode(rawNamespace, 'namespace');
  }

  // Checked last, when the components' places are known; one in the scheme, the type or a
  // qualifier key was refused already by the rules of those.
  const bad = input.search(BAD_CHARACTER);
  if (bad !== -1) {
    throw badCharacter(input, hash !== -1 && bad > hash ? 'subpath' : bad >= pathEnd ? 'qualifiers' : at !== -1 && bad > at ? 'version' : bad >= nameStart ? 'name' : 'namespace', bad);
  }
  const layout: SourceLayout = { tidy, pathStart, versionAt: at, pathEnd, percent, hash, lowerEnd: -1 };
  return new ParsedPurl(input, layout, type, namespace, name, version, qualifiers, pairs, subpath);
}

/**
 * Raw C0 controls and DEL, which no PURL holds unencoded (left raw, the CR of a CR LF line or a
 * pasted tab would silently become part of another PURL), and lone surrogates, which have no
 * UTF-8 form. With the `u` flag the surrogate range matches only a surrogate outside a pair.
 */
const BAD_CHARACTER = /[\0-\x1f\x7f\uD800-\uDFFF]/u;

/** The error for the first character {@link BAD_CHARACTER} finds in `input`, which is in `component`. */
function badCharacter(input: string, component: PurlComponentName, at: number): PurlError {
  return new PurlError(component, 'invalid-characters', `${component} has ${quote(input[at] as string)} at offset ${at}: a raw control character or lone surrogate (percent-encode a control character)`);
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
 * The index of the last `char` in `input` from `from` to before `end`, or -1. Found with indexOf
 * forwards: V8's lastIndexOf is a runtime call that costs several times more than the one or two
 * indexOf calls a PURL needs (each separator appears once in almost every PURL).
 */
function lastIndexBefore(input: string, char: string, from: number, end: number): number {
  let last = -1;
  for (let i = input.indexOf(char, from); i !== -1 && i < end; i = input.indexOf(char, i + 1)) last = i;
  return last;
}

/** Whether a "/" followed by something other than "/" comes after `from`, before `end`. */
function segmentFollows(input: string, from: number, end: number): boolean {
  for (let slash = input.indexOf('/', from); slash !== -1 && slash < end - 1; slash = input.indexOf('/', slash + 1)) {
    if (input.charCodeAt(slash + 1) !== 0x2f) return true;
  }
  return false;
}

/** Whether `char` occurs in `input` from `from` to before `end`. */
function hasCharIn(input: string, char: string, from: number, end: number): boolean {
  const i = input.indexOf(char, from);
  return i !== -1 && i < end;
}

/** A `.` or `..` segment. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** Decodes a slash-separated path, dropping empty segments (and `.`/`..` for a subpath). */
function decodePath(path: string, component: PurlComponentName, dropDots: boolean): string | null {
  if (path === '') return null;
  // A path without escapes, empty segments or dot segments is its own decoding. Tested piece by
  // piece: one regular expression with these alternatives costs more than all the pieces.
  const plain =
    path.charCodeAt(0) !== 0x2f &&
    path.charCodeAt(path.length - 1) !== 0x2f &&
    !path.includes('%') &&
    !path.includes('//') &&
    !(dropDots && path.includes('.') && DOT_SEGMENT.test(path));
  if (plain) return path;
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

/**
 * Reads a query string of qualifiers on its own (`a=1&b=2`, as the `PackageURL` class accepts
 * them), by the same lenient rules as the qualifiers of a PURL: keys checked and lowercased,
 * values percent-decoded, empty values left out, a key given twice refused, raw controls and
 * lone surrogates refused. `null` when no non-empty value is left.
 */
export function parseQualifierString(text: string): PurlQualifiers | null {
  const bad = text.search(BAD_CHARACTER);
  if (bad !== -1) throw badCharacter(text, 'qualifiers', bad);
  const read = new QualifierRecord();
  readQualifiers(text, 0, text.length, true, GENERIC_VOCABULARY.qualifierKeys, read);
  return read.record;
}

/** Where qualifier pairs go as they are read: key checked, value as written. */
interface QualifierSink {
  add(key: string, value: string): void;
}

/**
 * Reads the qualifiers from `from` to before `to` into `into`: keys checked (a known key as it
 * is, any other lowercased when lenient, and checked), values as written. Returns whether they
 * are written as building writes them: no empty pair, keys in lowercase and ascending, values
 * non-empty and in canonical encoding.
 */
function readQualifiers(input: string, from: number, to: number, lenient: boolean, knownKeys: WordIndex<string>, into: QualifierSink): boolean {
  // "?" with nothing after it, or a trailing "&", is written differently.
  let tidy = from < to && input.charCodeAt(to - 1) !== 0x26;
  let previous = '';
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    if (next > from) {
      const equals = equalsOf(input, from, next);
      let key = knownKeys.find(input, from, equals);
      if (key === undefined) {
        const written = input.slice(from, equals);
        key = checkQualifierKey(written, lenient);
        if (key !== written) tidy = false;
      }
      const value = input.slice(equals + 1, next);
      if (tidy && (key <= previous || value === '' || isNotCanonicalValue(value))) tidy = false;
      previous = key;
      into.add(key, value);
    } else {
      tidy = false;
    }
    from = next + 1;
  }
  return tidy;
}

/**
 * The qualifiers parsing returns, read pair by pair: values decoded, empty values left out but
 * still counted for duplicates, and the keys and values also listed in `pairs`.
 */
class QualifierRecord implements QualifierSink {
  record: PurlQualifiers | null = null;
  readonly pairs: string[] = [];
  #emptyKeys: string[] | null = null;
  #greatest = '';

  add(key: string, value: string): void {
    // A key above every earlier one is new (keys mostly come sorted); only the others need looking up.
    if (key > this.#greatest) {
      this.#greatest = key;
    } else if ((this.record !== null && key in this.record) || (this.#emptyKeys !== null && this.#emptyKeys.includes(key))) {
      throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} appears more than once`);
    }
    if (value === '') {
      (this.#emptyKeys ??= []).push(key);
      return;
    }
    const decoded = percentDecode(value, 'qualifiers');
    (this.record ??= emptyQualifiers())[key] = decoded;
    this.pairs.push(key, decoded);
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


