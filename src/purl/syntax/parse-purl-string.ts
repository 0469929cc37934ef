import { PurlError, quote, type PurlComponentName } from '../purl-error.js';
import type { PurlQualifiers } from '../purl-components.js';
import { percentDecode } from './percent-encoding.js';
import { checkType, MAX_PURL_LENGTH, trimSlashes } from './generic-rules.js';
import { GENERIC_VOCABULARY, type KnownType, type Vocabulary } from './vocabulary.js';
import type { RawQualifiers } from './raw-qualifiers.js';
import { QualifierRecord, readQualifiers } from './read-qualifiers.js';
import { ParsedPurl } from './parsed-purl.js';
import { locateParts, type SourceLayout } from './source-layout.js';
import { hasCharIn } from './text-search.js';
import { DOT_SEGMENT } from './char-classes.js';

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
 * How the syntax layer reads a PURL: how forgiving it is, the words it knows, and where the
 * qualifiers go. An engine makes its contexts once (one strict, one lenient) and reuses them for
 * every input; only `canonicalize`'s full path makes one per call, for the qualifiers it collects.
 */
export interface SyntaxContext extends SyntaxOptions {
  /** The types and qualifier keys known before reading (default: ECMA-427's keys only). */
  readonly words: Vocabulary;
  /** Where the qualifiers go, undecoded, when given (`qualifiers` is then `null`); else they are decoded into the record. */
  readonly rawQualifiers?: RawQualifiers;
}

/** Strict reading with the generic vocabulary. */
export const GENERIC_STRICT: SyntaxContext = { lenient: false, words: GENERIC_VOCABULARY };

/**
 * Splits a PURL string into decoded components, following ECMA-427's parsing procedure (the
 * PURL specification's how-to-parse; {@link locateParts} finds the parts) and refusing what it
 * does not allow, as `context` says (see {@link SyntaxContext}). The parts are read in the
 * procedure's order, so the error for a PURL with several problems names the first one met:
 * subpath, qualifiers, scheme, type, version, name, namespace, and last any raw control character
 * or lone surrogate. `layout`, when given, is the one {@link locateParts} found for `input`;
 * `known`, when given with it, what `context.words.types` holds for the type written there
 * (`null`: nothing), which the caller looked up already.
 */
export function parsePurlString(input: unknown, context: SyntaxContext = GENERIC_STRICT, layout?: SourceLayout, known?: KnownType | null): SyntaxComponents {
  const purl = purlString(input);
  const parts = layout ?? locateParts(purl);
  const words = context.words;
  const subpath = parts.hash === -1 ? null : decodePath(purl.slice(parts.hash + 1), 'subpath', true);
  let record: QualifierRecord | null = null;
  if (parts.question !== -1) {
    const sink = context.rawQualifiers ?? (record = new QualifierRecord());
    const end = parts.hash === -1 ? purl.length : parts.hash;
    if (!readQualifiers(purl, parts.question + 1, end, context.lenient, words.qualifierKeys, sink, parts.plainEnd, parts.pathStart === -1 ? 0 : parts.percent))
      parts.tidy = false;
  }
  const type = readType(purl, parts, words, known);
  const version = parts.versionAt === -1 ? null : readVersion(purl, parts);
  const name = readName(purl, parts);
  const namespace = parts.nameStart === parts.pathStart ? null : readNamespace(purl, parts);
  if (parts.plainEnd !== purl.length) refuseBadCharacters(purl, parts);
  return new ParsedPurl(purl, parts, type, namespace, name, version, record === null ? null : record.record, record === null ? null : record.pairs, subpath);
}

/** `input` when it is a string short enough to be a PURL. */
function purlString(input: unknown): string {
  if (typeof input !== 'string' || input.length > MAX_PURL_LENGTH) throw notAPurlString(input);
  return input;
}

/**
 * The type, lowercase: a known one as the vocabulary holds it, any other checked. The scheme
 * before it is checked first, and a type with no "/" after it has no name.
 */
function readType(purl: string, layout: SourceLayout, words: Vocabulary, entry: KnownType | null | undefined): string {
  if (layout.scheme !== 'pkg:') checkScheme(purl, layout);
  const { typeStart, pathStart } = layout;
  if (pathStart === -1) throw missingNameAfterType(purl, typeStart, layout.pathEnd);
  const known = entry === undefined ? words.types.find(purl, typeStart, pathStart - 1) : (entry ?? undefined);
  if (known !== undefined) {
    // The caller's entry may be that of a type written with capitals: a character of the type
    // that is not a lowercase one says so (the scheme's are `pkg:` or checked).
    if (layout.lowerEnd < pathStart - 1) layout.tidy = false;
    return known.type;
  }
  const written = purl.slice(typeStart, pathStart - 1);
  const type = checkType(written);
  if (type !== written) layout.tidy = false;
  return type;
}

/** Refuses a missing scheme, or one other than `pkg:` in any case. */
function checkScheme(purl: string, layout: SourceLayout): void {
  if (layout.scheme === 'missing') {
    throw new PurlError('scheme', 'missing-scheme', `${quote(purl)} does not start with the scheme "pkg:"`);
  }
  const scheme = purl.slice(0, purl.indexOf(':'));
  if (scheme.toLowerCase() !== 'pkg') {
    throw new PurlError('scheme', 'wrong-scheme', `the scheme is ${quote(scheme)}; a PURL starts with "pkg:"`);
  }
}

/** The version after the `@`, decoded (`null` when empty); the name before it must not be empty. */
function readVersion(purl: string, layout: SourceLayout): string | null {
  const { versionAt, pathEnd, percent } = layout;
  let version: string | null = null;
  if (versionAt + 1 < pathEnd) {
    const raw = purl.slice(versionAt + 1, pathEnd);
    version = percent !== -1 && percent < pathEnd ? percentDecode(raw, 'version') : raw;
  }
  if (versionAt === layout.pathStart || purl.charCodeAt(versionAt - 1) === 0x2f) throw missingNameBeforeVersion(purl, versionAt);
  return version;
}

/** The name, decoded when it holds an escape. */
function readName(purl: string, layout: SourceLayout): string {
  const { nameStart, nameEnd, percent } = layout;
  const raw = purl.slice(nameStart, nameEnd);
  if (percent === -1 || percent >= nameEnd || (percent < nameStart && !hasCharIn(purl, '%', nameStart, nameEnd))) return raw;
  const name = percentDecode(raw, 'name');
  // Building strips "/" from both ends of the name; a name decoded from "%2F…" gets the same
  // treatment, so that a parsed PURL and the PURL built from it have the same components.
  return name === raw ? name : trimSlashes(name);
}

/** The namespace, the segments before the name, decoded and empty ones dropped. */
function readNamespace(purl: string, layout: SourceLayout): string | null {
  const { pathStart, nameStart, percent } = layout;
  const raw = purl.slice(pathStart, nameStart - 1);
  // An empty segment makes the layout untidy: only then are the segments looked at.
  if (!layout.tidy && (raw === '' || raw.charCodeAt(0) === 0x2f || raw.charCodeAt(raw.length - 1) === 0x2f || raw.includes('//')))
    return decodePath(raw, 'namespace', false);
  if (percent === -1 || percent >= nameStart) return raw;
  // Segments decode as a whole unless an escape could be a "/" (%2F), which a segment refuses.
  return raw.includes('%2') ? decodePath(raw, 'namespace', false) : percentDecode(raw, 'namespace');
}

/**
 * Checked last, when the components' places are known: the first raw control character or lone
 * surrogate, in whichever component holds it (one in the scheme, the type or a qualifier key was
 * refused already by the rules of those).
 */
function refuseBadCharacters(purl: string, layout: SourceLayout): void {
  const bad = badCharacterAfter(purl, layout.plainEnd);
  if (bad === -1) return;
  const { hash, pathEnd, versionAt, nameStart } = layout;
  throw badCharacter(
    purl,
    hash !== -1 && bad > hash
      ? 'subpath'
      : bad >= pathEnd
        ? 'qualifiers'
        : versionAt !== -1 && bad > versionAt
          ? 'version'
          : bad >= nameStart
            ? 'name'
            : 'namespace',
    bad,
  );
}

// The errors below are made in functions of their own, called only to throw: the functions
// that read the parts stay small enough for V8 to inline them into parsePurlString.

function notAPurlString(input: unknown): PurlError {
  if (typeof input !== 'string') return new PurlError('scheme', 'not-a-string', `a PURL must be a string, not ${input === null ? 'null' : typeof input}`);
  return new PurlError('scheme', 'too-long', `the PURL is ${input.length} characters long; the limit is ${MAX_PURL_LENGTH}`);
}

function missingNameAfterType(purl: string, start: number, end: number): PurlError {
  const type = checkType(purl.slice(start, end));
  return new PurlError('name', 'missing-name', `the name is missing (expected pkg:${type}/<name>)`);
}

function missingNameBeforeVersion(purl: string, at: number): PurlError {
  return new PurlError('name', 'missing-name', `the name is missing before "${purl.slice(at, at + 40)}"`);
}

/**
 * From `lastIndex`: raw C0 controls and DEL, which no PURL holds unencoded (left raw, the CR of a
 * CR LF line or a pasted tab would silently become part of another PURL), and lone surrogates,
 * which have no UTF-8 form. With the `u` flag the surrogate range matches only a surrogate
 * outside a pair.
 */
const BAD_CHARACTER = /[\0-\x1f\x7f\uD800-\uDFFF]/gu;

/** Where the first raw control character or lone surrogate is in `input` from `from` on, or -1. */
function badCharacterAfter(input: string, from: number): number {
  BAD_CHARACTER.lastIndex = from;
  return BAD_CHARACTER.test(input) ? BAD_CHARACTER.lastIndex - 1 : -1;
}

/** The error for the raw control character or lone surrogate at `at`, which is in `component`. */
function badCharacter(input: string, component: PurlComponentName, at: number): PurlError {
  return new PurlError(
    component,
    'invalid-characters',
    `${component} has ${quote(input[at] as string)} at offset ${at}: a raw control character or lone surrogate (percent-encode a control character)`,
  );
}

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
  const bad = badCharacterAfter(text, 0);
  if (bad !== -1) throw badCharacter(text, 'qualifiers', bad);
  const read = new QualifierRecord();
  readQualifiers(text, 0, text.length, true, GENERIC_VOCABULARY.qualifierKeys, read);
  return read.record;
}
