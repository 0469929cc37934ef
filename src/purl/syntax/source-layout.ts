/**
 * Where the parts of a PURL string are, found in one pass over its separators before anything is
 * sliced out, decoded or checked: parsing then reads each part from its place, and `canonicalize`
 * can tell most canonical PURLs from their layout alone, without reading them again when it cannot.
 */
import { firstFrom, runEnd } from './text-search.js';

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
   * not in lowercase, and for qualifiers with keys not lowercase and ascending, or a value empty
   * or holding an `=` (see `readQualifiers`).
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
  /**
   * Whether the path holds an `@` other than the version's (an unencoded npm scope, say), which
   * building writes `%40`. It makes the string not canonical as {@link tidy} does, but apart from
   * it: `canonicalize` can write such a PURL in place. (The layout keeps to 15 members: a 16th,
   * whatever it was, made parsing PURLs with qualifiers twice as slow in V8, measured.)
   */
  strayAt = false;
  /** The first `%` in the path or after it. */
  percent = -1;
  /**
   * Whether each part holds only characters building writes there as they are, or `%`: letters,
   * digits and `._~:-` everywhere; `/` and `@` in the path, `/` in the subpath, `&` and `=` in
   * the qualifiers; one `?` and one `#` at most, as separators.
   */
  canonicalCharacters = true;
  /**
   * The first character that is not a letter, digit, `._~:-`, `%` or a separator (`/@?#&=`): the
   * string's length when there is none. Before it, no raw control character or lone surrogate.
   */
  plainEnd: number;
  /** Where the scheme, type and path stop being lowercase letters, digits, `._~:-`, `/`, `@` and `%`: before it, lowercasing changes nothing. */
  readonly lowerEnd: number;

  constructor(lowerEnd: number, pathEnd: number) {
    this.lowerEnd = lowerEnd;
    this.plainEnd = pathEnd;
    this.pathEnd = pathEnd;
  }
}

// Each of these matches, from `lastIndex`, the run of characters building writes there as they
// are (a `%` aside), up to the first it would not (see runEnd): in scheme, type and path
// (lowercase, or either case), qualifiers, subpath.
const LOWER_PATH_RUN = /[a-z0-9._~:/@%-]*/y;
const PATH_RUN = /[A-Za-z0-9._~:/@%-]*/y;
const QUALIFIERS_RUN = /[A-Za-z0-9._~:%&=-]*/y;
const SUBPATH_RUN = /[A-Za-z0-9._~:/%-]*/y;
/** From `lastIndex`, the first character that is not a lowercase one of the path, for a search that starts elsewhere. */
export const NOT_LOWER_PATH = /[^a-z0-9._~:/@%-]/g;
/** The first character that is not a letter, digit, `._~:-`, `%` or a separator. */
const NOT_PLAIN = /[^A-Za-z0-9._~:/@%?#&=-]/g;

/**
 * Finds the parts of `purl` (a string no longer than a PURL may be) by ECMA-427's parsing
 * procedure, refusing nothing: from the right, the subpath at the last "#", then the qualifiers
 * at the last "?" of what remains; from the left, scheme and type; then from the right again,
 * the version at the last "@", the name after the last "/", and the namespace. What is wrong is
 * found when the parts are read, in that order. The common path is one function, in the order of
 * the procedure: V8 keeps its indexes in registers, where helpers it did not inline (it stops at
 * a budget of bytecode) would each read and write them in the layout, measured at 5 to 10% of a
 * parse; what most PURLs never need is in helpers.
 */
export function locateParts(purl: string): SourceLayout {
  // First, one scan part by part, each with the characters building writes there: in most PURLs
  // it ends at the end, and has then found the "?" and the "#", the only ones, and shown every
  // character canonical. A capital ends the lowercase scan of the path, which goes on with the
  // other class.
  const lowerEnd = runEnd(LOWER_PATH_RUN, purl, 0);
  let stop = lowerEnd;
  let c = purl.charCodeAt(stop);
  if (c >= 0x41 && c <= 0x5a) c = purl.charCodeAt((stop = runEnd(PATH_RUN, purl, stop + 1)));
  let question = -1;
  let hash = -1;
  if (c === 0x3f) {
    question = stop;
    c = purl.charCodeAt((stop = runEnd(QUALIFIERS_RUN, purl, stop + 1)));
  }
  if (c === 0x23) {
    hash = stop;
    stop = runEnd(SUBPATH_RUN, purl, stop + 1);
  }
  const layout = new SourceLayout(lowerEnd, purl.length);
  if (stop === purl.length) {
    layout.question = question;
    layout.hash = hash;
    layout.pathEnd = question !== -1 ? question : hash !== -1 ? hash : purl.length;
  } else {
    findSeparators(purl, stop, layout);
  }
  const pathEnd = layout.pathEnd;

  // The scheme (`pkg:` in any case, or whatever is before the first `:`), then the type from after
  // the "/" that may follow it to the next "/"; without that "/" there is no name.
  let tidy = true;
  let start = 4;
  // Four charCodeAt tests: startsWith('pkg:') is a slower builtin call.
  if (!(purl.charCodeAt(0) === 0x70 && purl.charCodeAt(1) === 0x6b && purl.charCodeAt(2) === 0x67 && purl.charCodeAt(3) === 0x3a)) {
    start = schemeEnd(purl, layout);
    if (start === -1) return layout;
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
  if (at + 1 === pathEnd) tidy = false;
  // The others are before it: an "@" after it has a "/" before it, which the version holds (untidy).
  if (atCount > (at === -1 ? 0 : 1)) layout.strayAt = true;
  layout.versionAt = at;

  // The name: the segment before the version (or the end of the path), without the "/" that
  // trail it. The last "/" before it ends the namespace; on the way, empty namespace segments make
  // the string untidy, and so does a "/" in the version (building writes "%2F"): the search stops
  // at the first "/" after the name.
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
  if (!tidy) layout.tidy = false;
  return layout;
}

/**
 * The separators of a string the scan part by part stopped in, at `stop`: the last "#", then the
 * last "?" before it, found with indexOf forwards (V8's lastIndexOf is a runtime call that costs
 * several times more than the one or two indexOf calls a PURL needs). More than one means that
 * the others are inside another part, where building escapes them.
 */
function findSeparators(purl: string, stop: number, layout: SourceLayout): void {
  layout.canonicalCharacters = false;
  layout.plainEnd = firstFrom(NOT_PLAIN, purl, stop);
  let pathEnd = purl.length;
  let hash = purl.indexOf('#');
  if (hash !== -1) {
    for (let i = purl.indexOf('#', hash + 1); i !== -1; i = purl.indexOf('#', i + 1)) {
      hash = i;
      layout.tidy = false;
    }
    pathEnd = hash;
  }
  let question = purl.indexOf('?');
  if (question >= pathEnd) question = -1;
  if (question !== -1) {
    for (let i = purl.indexOf('?', question + 1); i !== -1 && i < pathEnd; i = purl.indexOf('?', i + 1)) {
      question = i;
      layout.tidy = false;
    }
    pathEnd = question;
  }
  layout.hash = hash;
  layout.question = question;
  layout.pathEnd = pathEnd;
}

/**
 * Where the type starts after a scheme other than lowercase `pkg:` (whatever is before the first
 * `:`, checked when the type is read), or -1 when there is no `:` before the path.
 */
function schemeEnd(purl: string, layout: SourceLayout): number {
  layout.tidy = false;
  const colon = purl.indexOf(':');
  if (colon === -1 || colon >= layout.pathEnd) {
    layout.scheme = 'missing';
    return -1;
  }
  layout.scheme = 'other';
  return colon + 1;
}

/** Whether a "/" followed by something other than "/" comes after `from`, before `end`. */
function segmentFollows(purl: string, from: number, end: number): boolean {
  for (let slash = purl.indexOf('/', from); slash !== -1 && slash < end - 1; slash = purl.indexOf('/', slash + 1)) {
    if (purl.charCodeAt(slash + 1) !== 0x2f) return true;
  }
  return false;
}
