/**
 * Percent-encoding of versions in a VERS (specification, "Normalized, canonical representation"):
 * `>`, `<`, `=`, `!`, `*`, `|` and `%` must be encoded, and, since a VERS holds only printable
 * ASCII, so must every other byte of a version's UTF-8 that is not printable ASCII (space,
 * controls, non-ASCII). Canonical means exactly those are encoded, with uppercase hex digits.
 */
/** The printable characters a version must not hold raw. */
export const MUST_ENCODE = '><=!*|%';

const HEX = '0123456789ABCDEF';

function mustEncode(byte: number): boolean {
  return byte < 0x21 || byte > 0x7e || MUST_ENCODE.includes(String.fromCharCode(byte));
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** A version in its canonical VERS spelling. */
export function encodeVersion(version: string): string {
  let plain = true;
  for (let i = 0; i < version.length && plain; i++) plain = !mustEncode(version.charCodeAt(i));
  if (plain) return version;
  let out = '';
  for (const byte of encoder.encode(version)) {
    out += mustEncode(byte) ? `%${HEX[byte >> 4]}${HEX[byte & 15]}` : String.fromCharCode(byte);
  }
  return out;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** What decoding found wrong, with the offset in the encoded text. */
export type DecodeProblem = { readonly kind: 'invalid' | 'not-canonical' | 'unencoded'; readonly reason: string; readonly offset: number };

/**
 * Decodes a version once. Returns the text, or the first problem: a `%` not followed by two hex
 * digits or bytes that are not UTF-8 (`invalid`), lowercase hex or an encoded character that
 * needs none (`not-canonical`), a character that must be encoded appearing raw (`unencoded`).
 * With `lenient`, non-canonical spellings are accepted.
 */
export function decodeVersion(text: string, lenient: boolean): string | DecodeProblem {
  if (!text.includes('%')) {
    for (let i = 0; i < text.length; i++) {
      if (MUST_ENCODE.includes(text[i]!)) return { kind: 'unencoded', reason: `'${text[i]}' must be percent-encoded in a version`, offset: i };
    }
    return text;
  }
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x25) {
      if (MUST_ENCODE.includes(text[i]!)) return { kind: 'unencoded', reason: `'${text[i]}' must be percent-encoded in a version`, offset: i };
      bytes.push(c);
      continue;
    }
    const high = hexValue(text.charCodeAt(i + 1));
    const low = hexValue(text.charCodeAt(i + 2));
    if (high < 0 || low < 0) return { kind: 'invalid', reason: 'invalid percent-encoding in version: % must be followed by two hex digits', offset: i };
    const byte = high * 16 + low;
    if (!lenient) {
      if (text.slice(i + 1, i + 3) !== text.slice(i + 1, i + 3).toUpperCase())
        return { kind: 'not-canonical', reason: 'percent-encoding in version is not canonical: hex digits are uppercase', offset: i };
      if (!mustEncode(byte))
        return {
          kind: 'not-canonical',
          reason: `percent-encoding in version is not canonical: '${String.fromCharCode(byte)}' is written unencoded`,
          offset: i,
        };
    }
    bytes.push(byte);
    i += 2;
  }
  try {
    return decoder.decode(new Uint8Array(bytes));
  } catch {
    return { kind: 'invalid', reason: 'invalid percent-encoding in version: the bytes are not UTF-8', offset: text.indexOf('%') };
  }
}
