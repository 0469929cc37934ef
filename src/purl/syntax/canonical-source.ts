/** Where parsing found the parts of a PURL string (indexes into it; -1 for a part that is absent). */
export interface SourceLayout {
  /**
   * Whether parsing found scheme, type and path written as building writes them: `pkg:` and the
   * type in lowercase with no slashes between, no empty segment or trailing `/`, one `@` at
   * most and then a non-empty version without `/`, qualifiers with lowercase keys in ascending
   * order and non-empty values in canonical encoding.
   */
  readonly tidy: boolean;
  /** Where the namespace (or the name, without one) starts: just after the `/` that ends the type. */
  readonly pathStart: number;
  /** The `@` before the version. */
  readonly versionAt: number;
  /** Where namespace, name and version end: the `?`, the `#` or the end of the string. */
  readonly pathEnd: number;
  /** The first `%` after `pathStart`. */
  readonly percent: number;
  /** The `#` before the subpath. */
  readonly hash: number;
  /**
   * Where the path stops being lowercase letters, digits, `._~:-`, `/`, `@` and `%` (the first
   * other character, or `pathEnd`); -1 until {@link isCaseFree} looked.
   */
  lowerEnd: number;
}

/** Finds, from `lastIndex`, the first character other than lowercase letters, digits, `._~:-`, `/`, `@` and `%`. */
const LOWER_CANONICAL_PATH_END = /[^a-z0-9._~:/@%-]/g;

/**
 * Whether the namespace and name that parsing read from `input` hold no character that
 * lowercasing changes: none but lowercase canonical characters up to the version's `@` (or the
 * end of the path), and no escape that could decode to one. Asked only for types that lowercase
 * namespace or name: one scan of the path then replaces a test per component, and leaves the
 * canonical check only the rest of the path to scan.
 */
export function isCaseFree(input: string, layout: SourceLayout): boolean {
  const { pathStart, versionAt, pathEnd, percent } = layout;
  if (layout.lowerEnd === -1) {
    LOWER_CANONICAL_PATH_END.lastIndex = pathStart;
    layout.lowerEnd = LOWER_CANONICAL_PATH_END.test(input) ? Math.min(LOWER_CANONICAL_PATH_END.lastIndex - 1, pathEnd) : pathEnd;
  }
  const nameEnd = versionAt === -1 ? pathEnd : versionAt;
  return layout.lowerEnd >= nameEnd && (percent === -1 || percent >= nameEnd);
}

// Each of these finds, from `lastIndex`, the first character canonical form would not write there.
/** Namespace, name and version: unreserved characters, `/` between segments, the `@` and escapes. */
const OUTSIDE_PATH = /[^A-Za-z0-9._~:/@%-]/g;
/** A subpath: unreserved characters, `/` between segments and escapes. */
const OUTSIDE_SUBPATH = /[^A-Za-z0-9._~:/%-]/g;
/**
 * An escape canonical form does not write in a namespace, name or subpath: lowercase hex, an
 * ASCII character that needs no escape, or `/` (an encoded `/` in a segment is refused, and in a
 * name it is left to the general path). Escapes of non-ASCII octets were checked by decoding.
 */
const NOT_CANONICAL_PATH_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-C]|3[B-F]|40|5[B-E]|60|7[BCDF]|[89A-F][0-9A-F])/g;
/** The same in a version, where `%2F` is how `/` is written. */
const NOT_CANONICAL_VALUE_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-CF]|3[B-F]|40|5[B-E]|60|7[BCDF]|[89A-F][0-9A-F])/g;
/** A `.` or `..` segment. */
const DOT_SEGMENT = /(?:^|\/)\.\.?(?:\/|$)/;

/** Whether `pattern` (global, matching one character) matches from `from` to before `to`. */
function foundIn(pattern: RegExp, input: string, from: number, to: number): boolean {
  pattern.lastIndex = from;
  return pattern.test(input) && pattern.lastIndex - 1 < to;
}

/** Whether `char` occurs from `from` to before `to`. */
function hasCharIn(input: string, char: string, from: number, to: number): boolean {
  const i = input.indexOf(char, from);
  return i !== -1 && i < to;
}

/**
 * Whether `input`, which parsed without error into components that their type rules then left
 * as read, is already their canonical form: the string building them would write. It
 * is when every part is written as building writes it: `pkg:` and the type in lowercase with no
 * slashes between; segments without empty ones, each character one that needs no escape or an
 * escape in uppercase of one that needs it; one `@`, before a non-empty version without `/`;
 * qualifiers with lowercase keys in ascending order and non-empty values; a subpath without
 * empty, `.` or `..` segments. Decoding such parts and encoding them again gives them back, so
 * the components build to `input` itself. Parsing checked what it could see on its way
 * (`layout.tidy`); the characters and escapes are checked here, only when asked.
 */
export function isCanonicalSource(input: string, layout: SourceLayout): boolean {
  const { pathStart, versionAt, pathEnd, percent, hash, lowerEnd } = layout;
  // When isCaseFree scanned the path, only the rest of it, if any, needs this scan.
  if (!layout.tidy) return false;
  const from = lowerEnd === -1 ? pathStart : lowerEnd;
  if (from < pathEnd && foundIn(OUTSIDE_PATH, input, from, pathEnd)) return false;
  if (percent !== -1 && percent < pathEnd) {
    if (foundIn(NOT_CANONICAL_PATH_ESCAPE, input, pathStart, versionAt === -1 ? pathEnd : versionAt)) return false;
    if (versionAt !== -1 && foundIn(NOT_CANONICAL_VALUE_ESCAPE, input, versionAt, pathEnd)) return false;
  }
  return hash === -1 || subpathCanonical(input, hash + 1, input.length);
}

/** Whether a subpath is written as building writes it. */
function subpathCanonical(input: string, from: number, to: number): boolean {
  if (from >= to || input.charCodeAt(from) === 0x2f || input.charCodeAt(to - 1) === 0x2f) return false;
  if (hasCharIn(input, '//', from, to) || foundIn(OUTSIDE_SUBPATH, input, from, to)) return false;
  if (hasCharIn(input, '%', from, to) && foundIn(NOT_CANONICAL_PATH_ESCAPE, input, from, to)) return false;
  return !(hasCharIn(input, '.', from, to) && DOT_SEGMENT.test(input.slice(from, to)));
}
