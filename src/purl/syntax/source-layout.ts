/**
 * Where the parts of a PURL string are, found in one pass over its separators before anything is
 * sliced out, decoded or checked: parsing then reads each part from its place, and `canonicalize`
 * can tell most canonical PURLs from their layout alone, without reading them again when it cannot.
 */
import type { MAX_PURL_LENGTH } from './generic-rules.js';

/**
 * How the string starts, before the type: `pkg:` as building writes it; another spelling before
 * a `:`, still to be checked; or no `:` before the path.
 */
export type SchemeForm = 'pkg:' | 'other' | 'missing';

/**
 * The parts of a PURL string as indexes into it (-1 for a part that is absent), and what their
 * spelling showed on the way: enough to read each part later, and to tell, without reading the
 * components again, whether the string is the canonical form of what it holds.
 */
export class SourceLayout {
  /**
   * Whether separators, scheme and type are written as building writes them: `pkg:` and the
   * type with no slashes between, one `#` and one `?` at most, no empty segment or trailing `/`,
   * one `@` at most and then a non-empty version without `/`. Parsing also clears it for a type
   * not in lowercase and for qualifiers not in canonical order and encoding.
   */
  tidy = true;
  /** What precedes the type. */
  scheme: SchemeForm = 'pkg:';
  /** Where the type starts: after the scheme's `:` and any `/` that follows it. */
  typeStart = 4;
  /** Where namespace, name and version start: after the `/` that ends the type; -1 without that `/`. */
  pathStart = -1;
  /** Where the name starts: `pathStart` when there is no namespace. */
  nameStart = -1;
  /** Where the name ends: before the version's `@`, or the end of the path, and any `/` before that. */
  nameEnd = -1;
  /** The `@` before the version. */
  versionAt = -1;
  /** Where namespace, name and version end: at the `?`, the `#` or the end of the string. */
  pathEnd: number;
  /** The `?` before the qualifiers. */
  question = -1;
  /** The `#` before the subpath. */
  hash = -1;
  /** The first `%` in the path or after it. */
  percent = -1;
  /** Whether the namespace has an empty segment. */
  emptySegment = false;
  /**
   * The first character that is not a letter, digit, `._~:-`, `%` or a separator (`/@?#&=`): the
   * string's length when there is none. Before it, no raw control character or lone surrogate,
   * and nothing but separators that building would escape.
   */
  readonly plainEnd: number;
  /** The same, capitals excluded too: before it, lowercasing changes nothing. */
  readonly lowerEnd: number;

  constructor(lowerEnd: number, plainEnd: number, pathEnd: number) {
    this.lowerEnd = lowerEnd;
    this.plainEnd = plainEnd;
    this.pathEnd = pathEnd;
  }
}

/** From `lastIndex`: the first character other than lowercase letters, digits, `._~:-`, `%` and `/@?#&=`. */
const NOT_LOWER_PLAIN = /[^a-z0-9._~:/@%?#&=-]/g;
/** The same, capitals allowed. */
const NOT_PLAIN = /[^A-Za-z0-9._~:/@%?#&=-]/g;

/** The first character from `from` on that `pattern` (global) finds, or the string's length. */
function firstFrom(pattern: RegExp, input: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.test(input) ? pattern.lastIndex - 1 : input.length;
}

/**
 * Finds the parts of `purl` (a string of at most {@link MAX_PURL_LENGTH} characters) by
 * ECMA-427's parsing procedure, refusing nothing: from the right, the subpath at the last "#",
 * then the qualifiers at the last "?" of what remains; from the left, scheme and type; then from
 * the right again, the version at the last "@", the name after the last "/", and the namespace.
 * What is wrong is found when the parts are read, in that order. One function, in the order of
 * the procedure: V8 then keeps every index in a register, where helpers it did not inline would
 * each read and write them in the layout (measured: 5 to 10% of a parse).
 */
export function locateParts(purl: string): SourceLayout {
  // One scan for both classes when the string has no capital; from the first capital on, the
  // other class alone.
  const lowerEnd = firstFrom(NOT_LOWER_PLAIN, purl, 0);
  const capital = purl.charCodeAt(lowerEnd);
  const plainEnd = capital >= 0x41 && capital <= 0x5a ? firstFrom(NOT_PLAIN, purl, lowerEnd + 1) : lowerEnd;
  const layout = new SourceLayout(lowerEnd, plainEnd, purl.length);
  let tidy = true;

  // The subpath and the qualifiers: the last "#", then the last "?" before it. Found with indexOf
  // forwards: V8's lastIndexOf is a runtime call that costs several times more than the one or two
  // indexOf calls a PURL needs. More than one means that the others are inside another part,
  // where building escapes them.
  let pathEnd = purl.length;
  let hash = purl.indexOf('#');
  if (hash !== -1) {
    for (let i = purl.indexOf('#', hash + 1); i !== -1; i = purl.indexOf('#', i + 1)) {
      hash = i;
      tidy = false;
    }
    pathEnd = hash;
  }
  let question = purl.indexOf('?');
  if (question >= pathEnd) question = -1;
  if (question !== -1) {
    for (let i = purl.indexOf('?', question + 1); i !== -1 && i < pathEnd; i = purl.indexOf('?', i + 1)) {
      question = i;
      tidy = false;
    }
    pathEnd = question;
  }
  layout.hash = hash;
  layout.question = question;
  layout.pathEnd = pathEnd;

  // The scheme (`pkg:` in any case, or whatever is before the first `:`), then the type from after
  // the "/" that may follow it to the next "/"; without that "/" there is no name.
  let start = 4;
  // Four charCodeAt tests: startsWith('pkg:') is a slower builtin call.
  if (!(purl.charCodeAt(0) === 0x70 && purl.charCodeAt(1) === 0x6b && purl.charCodeAt(2) === 0x67 && purl.charCodeAt(3) === 0x3a)) {
    tidy = false;
    const colon = purl.indexOf(':');
    if (colon === -1 || colon >= pathEnd) {
      layout.scheme = 'missing';
      layout.tidy = false;
      return layout;
    }
    layout.scheme = 'other';
    start = colon + 1;
  }
  while (start < pathEnd && purl.charCodeAt(start) === 0x2f) {
    start++;
    tidy = false;
  }
  layout.typeStart = start;
  const typeEnd = purl.indexOf('/', start);
  if (typeEnd === -1 || typeEnd >= pathEnd) {
    layout.tidy = false;
    return layout;
  }
  const pathStart = typeEnd + 1;
  layout.pathStart = pathStart;
  // Escapes are rare: one search tells which of namespace, name and version need decoding.
  layout.percent = purl.indexOf('%', pathStart);

  // The version's "@": the last "@" of the path, except that an "@" beginning a segment that
  // another segment follows (an unencoded npm scope) is not the separator; the last "@" before
  // it that does not begin a segment is (every "@" further left has that segment after it too).
  // An "@" beginning the last segment (`pkg:cran/@0.9.1`) is one, and the empty name before it is
  // refused when the version is read. Building writes any other "@" escaped, and none before an
  // empty version.
  let at = -1;
  let atInside = -1;
  let atCount = 0;
  for (let i = purl.indexOf('@', pathStart); i !== -1 && i < pathEnd; i = purl.indexOf('@', i + 1)) {
    at = i;
    atCount++;
    if (i !== pathStart && purl.charCodeAt(i - 1) !== 0x2f) atInside = i;
  }
  if (at !== atInside && segmentFollows(purl, at, pathEnd)) at = atInside;
  if (atCount > (at === -1 ? 0 : 1) || at + 1 === pathEnd) tidy = false;
  layout.versionAt = at;

  // The name: the segment before the version (or the end of the path), without the "/" that
  // trail it. The last "/" before it ends the namespace; on the way, empty namespace segments are
  // noted, and whether the version holds a "/" (building writes "%2F"): the search stops at the
  // first "/" after the name.
  let nameEnd = at === -1 ? pathEnd : at;
  while (nameEnd > pathStart && purl.charCodeAt(nameEnd - 1) === 0x2f) {
    nameEnd--;
    tidy = false;
  }
  let lastSlash = -1;
  let emptySegment = false;
  let slash = purl.indexOf('/', pathStart);
  for (; slash !== -1 && slash < nameEnd; slash = purl.indexOf('/', slash + 1)) {
    if (slash === lastSlash + 1 || slash === pathStart) emptySegment = true;
    lastSlash = slash;
  }
  if (emptySegment || (at !== -1 && slash !== -1 && slash < pathEnd)) tidy = false;
  layout.nameStart = lastSlash === -1 ? pathStart : lastSlash + 1;
  layout.nameEnd = nameEnd;
  layout.emptySegment = emptySegment;
  layout.tidy = tidy;
  return layout;
}

/** Whether a "/" followed by something other than "/" comes after `from`, before `end`. */
function segmentFollows(purl: string, from: number, end: number): boolean {
  for (let slash = purl.indexOf('/', from); slash !== -1 && slash < end - 1; slash = purl.indexOf('/', slash + 1)) {
    if (purl.charCodeAt(slash + 1) !== 0x2f) return true;
  }
  return false;
}
