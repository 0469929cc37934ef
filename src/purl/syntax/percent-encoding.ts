import { PurlError, quote, type PurlComponentName } from '../purl-error.js';

/** `%XX` for every ASCII character, uppercase hex as ECMA-427's canonical form writes it. */
const ESCAPES = Array.from({ length: 128 }, (_, c) => `%${c.toString(16).toUpperCase().padStart(2, '0')}`);

/** The escape of the ASCII character `c` (below 128), as building writes it. */
export function asciiEscape(c: number): string {
  return ESCAPES[c] as string;
}

/**
 * Characters ECMA-427 leaves unencoded in a component are letters, digits, `.-_~` and `:`; these
 * find the others (in a path, whose "/" separate segments and stay as they are, all but "/").
 * Not global: most values need no encoding, and V8 runs a non-global test without reading and
 * writing `lastIndex`, at about half the cost.
 */
const ANY_NEEDS_ENCODING = /[^A-Za-z0-9._~:-]/;
const ANY_PATH_NEEDS_ENCODING = /[^A-Za-z0-9._~:/-]/;

/** Where an ASCII character is written as its escape: in a component or qualifier value, in a path. */
const IN_VALUE = 1;
const IN_PATH = 2;

/**
 * Per ASCII code, where {@link percentEncode} ({@link IN_VALUE}) and {@link percentEncodePath}
 * ({@link IN_PATH}) write the character as its escape: one look-up a character, where a search
 * for the next one to escape costs a regular expression call each (a URL has a dozen).
 */
const ENCODED = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if (!ANY_NEEDS_ENCODING.test(String.fromCharCode(c))) continue;
  ENCODED[c] = c === 0x2f ? IN_VALUE : IN_VALUE | IN_PATH;
}

/**
 * Percent-encodes one component (or segment, or qualifier value) in canonical form: letters,
 * digits, `.-_~` and `:` as they are, every other character as its UTF-8 octets. Throws a
 * `URIError` for a lone surrogate, which has no UTF-8 form (building a PURL refuses one first,
 * with a `PurlError`).
 *
 * @example
 * ```ts
 * import { percentEncode } from 'teapurl';
 * percentEncode('a b/c@1');    // 'a%20b%2Fc%401'
 * percentEncode('1.0:beta~2'); // '1.0:beta~2'
 * percentEncode('é');          // '%C3%A9'
 * ```
 */
export function percentEncode(value: string): string {
  return ANY_NEEDS_ENCODING.test(value) ? encodeEach(value, IN_VALUE) : value;
}

/**
 * {@link percentEncode} for a value that likely needs encoding, written by hand (a qualifier
 * value that a PURL holds raw): one whose only characters to escape are "/" (a URL, most often)
 * has each found with indexOf, where the loop reads every character (and cheaper than
 * replaceAll, measured). Not the general encoder: for the values building usually meets, which
 * need nothing or have other characters to escape, the second test costs more than it saves.
 */
export function percentEncodeWritten(value: string): string {
  return ANY_PATH_NEEDS_ENCODING.test(value) ? encodeEach(value, IN_VALUE) : escapeSlashes(value, 0, value.length);
}

/**
 * `value` from `from` to before `to` with each "/" written "%2F": each found with indexOf,
 * cheaper than reading each character, or than replaceAll (measured).
 */
export function escapeSlashes(value: string, from: number, to: number): string {
  let out = '';
  let run = from;
  for (let i = value.indexOf('/', from); i !== -1 && i < to; i = value.indexOf('/', i + 1)) {
    out += `${value.slice(run, i)}%2F`;
    run = i + 1;
  }
  return out + value.slice(run, to);
}

/** Percent-encodes each segment of a `/`-separated path (namespace, subpath), keeping the separators. */
export function percentEncodePath(path: string): string {
  return ANY_PATH_NEEDS_ENCODING.test(path) ? encodeEach(path, IN_PATH) : path;
}

/** Writes each character that {@link ENCODED} marks for `where`, and every non-ASCII one, as its escapes. */
function encodeEach(value: string, where: number): string {
  let out = '';
  let run = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 128) {
      if (((ENCODED[c] as number) & where) === 0) continue;
      out += value.slice(run, i) + ESCAPES[c];
      run = i + 1;
    } else {
      // Non-ASCII: encodeURIComponent writes the UTF-8 octets (a surrogate pair as one character).
      let stop = i + 1;
      while (stop < value.length && value.charCodeAt(stop) >= 128) stop++;
      // A lone surrogate has no UTF-8 form: encodeURIComponent throws a URIError rather than write another character.
      out += value.slice(run, i) + encodeURIComponent(value.slice(i, stop));
      run = stop;
      i = stop - 1;
    }
  }
  return out + value.slice(run);
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** Decodes percent-escapes; a malformed escape or invalid UTF-8 is an error on `component`. */
export function percentDecode(value: string, component: PurlComponentName): string {
  let percent = value.indexOf('%');
  if (percent === -1) return value;
  // Escapes of ASCII characters decode by hand; anything else goes to decodeURIComponent,
  // which also validates the UTF-8.
  let out = '';
  let run = 0;
  while (percent !== -1) {
    const high = hexValue(value.charCodeAt(percent + 1));
    const low = hexValue(value.charCodeAt(percent + 2));
    if (high < 0 || low < 0) throw malformed(value, component);
    if (high >= 8) return decodeAll(value, component);
    out += value.slice(run, percent) + String.fromCharCode(high * 16 + low);
    run = percent + 3;
    percent = value.indexOf('%', run);
  }
  return out + value.slice(run);
}

function decodeAll(value: string, component: PurlComponentName): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw malformed(value, component);
  }
}

function malformed(value: string, component: PurlComponentName): PurlError {
  return new PurlError(component, 'invalid-encoding', `${component} ${quote(value)} has a malformed percent-escape or is not UTF-8 once decoded`);
}
