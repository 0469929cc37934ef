import type { SourceLayout } from './source-layout.js';
import { valueEscapesCanonical } from './raw-qualifiers.js';
import { foundIn, hasCharIn } from './text-search.js';
import { DOT_SEGMENT, NOT_ASCII_VALUE_ESCAPE } from './char-classes.js';

/**
 * Which components parsing read with no character that lowercasing changes: 0 none known; 1
 * namespace and name; 2 the version too.
 */
export type CaseFreeParts = 0 | 1 | 2;

/**
 * Which components that parsing read hold no character that lowercasing changes: none but
 * lowercase plain characters up to the version's `@` (namespace and name), or the end of the
 * path (the version too), and no escape that could decode to one. Asked only for types that
 * lowercase a component: the scan that found the parts then replaces a test per component.
 */
export function caseFreeParts(layout: SourceLayout): CaseFreeParts {
  const { versionAt, pathEnd, percent, lowerEnd } = layout;
  const freeEnd = percent === -1 ? lowerEnd : Math.min(lowerEnd, percent);
  return freeEnd >= pathEnd ? 2 : freeEnd >= (versionAt === -1 ? pathEnd : versionAt) ? 1 : 0;
}

// Each of these finds, from `lastIndex`, the first character canonical form would not write there.
/**
 * An escape canonical form does not write in a namespace, name or subpath: lowercase hex, an
 * ASCII character that needs no escape, or `/` (an encoded `/` in a segment is refused, and in a
 * name it is left to the general path). Escapes of non-ASCII octets are canonical once decoding
 * found them UTF-8.
 */
const NOT_CANONICAL_PATH_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-C]|3[B-F]|40|5[B-E]|60|7[BCDF]|[89A-F][0-9A-F])/g;
/** The same in a version, where `%2F` is how `/` is written. */
const NOT_CANONICAL_VALUE_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-CF]|3[B-F]|40|5[B-E]|60|7[BCDF]|[89A-F][0-9A-F])/g;
/** The same two before decoding: an escape of a non-ASCII octet is left to decoding, which checks its UTF-8. */
const NOT_ASCII_PATH_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-C]|3[B-F]|40|5[B-E]|60|7[BCDF])/g;

/**
 * Whether `input` writes its parts as building writes them: `pkg:` and the type in lowercase with
 * no slashes between; segments without empty ones, each character one that needs no escape or an
 * escape in uppercase of one that needs it; one `@`, before a non-empty version without `/`; a
 * subpath without empty, `.` or `..` segments; and, when parsing read the qualifiers
 * (`decoded`), lowercase keys in ascending order with non-empty values (`layout.tidy` says so)
 * in canonical encoding. Such parts decode and encode back to themselves. With `strayAt`, an
 * `@` in the namespace or name (`SourceLayout.strayAt`) is let through: building writes it `%40`,
 * and the caller does so. With `charactersChecked`, the caller has checked which characters the
 * parts hold itself (`SourceLayout.canonicalCharacters` is not asked). Before parsing, the
 * qualifiers are the caller's to check, and escaped non-ASCII octets are not taken as canonical
 * here: decoding checks their UTF-8.
 */
export function isCanonicalSource(input: string, layout: SourceLayout, decoded = true, strayAt = false, charactersChecked = false): boolean {
  const { tidy, canonicalCharacters, versionAt, pathEnd, percent, hash, question } = layout;
  if (!tidy || !(canonicalCharacters || charactersChecked) || (layout.strayAt && !strayAt)) return false;
  if (percent !== -1) {
    if (percent < pathEnd) {
      if (foundIn(decoded ? NOT_CANONICAL_PATH_ESCAPE : NOT_ASCII_PATH_ESCAPE, input, percent, versionAt === -1 ? pathEnd : versionAt)) return false;
      if (versionAt !== -1 && foundIn(decoded ? NOT_CANONICAL_VALUE_ESCAPE : NOT_ASCII_VALUE_ESCAPE, input, Math.max(percent, versionAt), pathEnd))
        return false;
    }
    if (decoded && question !== -1 && !valueEscapesCanonical(input, question + 1, hash === -1 ? input.length : hash)) return false;
  }
  return hash === -1 || subpathCanonical(input, hash + 1, input.length, decoded);
}

/** Whether a subpath whose characters are canonical is written as building writes it. */
function subpathCanonical(input: string, from: number, to: number, decoded: boolean): boolean {
  if (from >= to || input.charCodeAt(from) === 0x2f || input.charCodeAt(to - 1) === 0x2f || hasCharIn(input, '//', from, to)) return false;
  if (hasCharIn(input, '%', from, to) && foundIn(decoded ? NOT_CANONICAL_PATH_ESCAPE : NOT_ASCII_PATH_ESCAPE, input, from, to)) return false;
  return !(hasCharIn(input, '.', from, to) && DOT_SEGMENT.test(input.slice(from, to)));
}
