/**
 * HTTP Basic credentials for the TEA token endpoint (section 5.2.3): each of the key id and the
 * secret is encoded as application/x-www-form-urlencoded before they are joined with a colon and
 * Base64-encoded, so ids and secrets containing `:`, `%`, `+` or non-ASCII characters survive.
 *
 * @module
 */

/**
 * Encodes one value the way an HTML form does (application/x-www-form-urlencoded, UTF-8):
 * only ASCII letters, digits and `*-._` stay as they are, a space becomes `+`, everything else
 * is percent-encoded. A lone surrogate becomes U+FFFD, as in the WHATWG URL standard.
 *
 * @example
 * ```ts
 * formUrlEncode('a b:c+d%é'); // 'a+b%3Ac%2Bd%25%C3%A9'
 * ```
 */
export function formUrlEncode(value: string): string {
  // URLSearchParams implements the WHATWG serializer exactly; "=" separates the empty name.
  return new URLSearchParams([['', value]]).toString().slice(1);
}

/**
 * Decodes one application/x-www-form-urlencoded value: `+` is a space, `%XX` a byte, and the
 * bytes are UTF-8. Returns `null` for a malformed percent sequence or invalid UTF-8 rather
 * than guessing (the WHATWG decoder would silently keep or replace them; for credentials a
 * silent change would only produce a confusing `invalid_client`).
 *
 * @example
 * ```ts
 * formUrlDecode('a+b%3Ac'); // 'a b:c'
 * formUrlDecode('100%');    // null
 * ```
 */
export function formUrlDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

// btoa and atob work on "binary strings", one character per byte; both are in Node 16+ and browsers.
function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(encoded: string): Uint8Array {
  const binary = atob(encoded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Builds the `Authorization` header value for `POST /token` with an API key (section 5.2.2–5.2.3):
 * `Basic base64(formUrlEncode(keyId) ":" formUrlEncode(secret))`.
 *
 * @example
 * ```ts
 * encodeBasicCredentials('id:1', 'p@ss word'); // 'Basic aWQlM0ExOnAlNDBzcyt3b3Jk'
 * ```
 */
export function encodeBasicCredentials(keyId: string, secret: string): string {
  return `Basic ${toBase64(`${formUrlEncode(keyId)}:${formUrlEncode(secret)}`)}`;
}

/**
 * Decoded API key credentials from a Basic `Authorization` header.
 *
 * @example
 * ```ts
 * const credentials: BasicCredentials = { keyId: 'ci:bot', secret: 'p%ss wörd' };
 * ```
 */
export interface BasicCredentials {
  /** The API key id, decoded. */
  keyId: string;
  /** The secret, decoded. */
  secret: string;
}

// RFC 7617 credentials are token68: strict Base64 alphabet, padding only at the end.
const BASIC_HEADER = /^basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a Basic `Authorization` header value back into the key id and secret (the inverse of
 * {@link encodeBasicCredentials}). The scheme name is case-insensitive. Returns `null` for
 * another scheme, bad Base64, no colon, invalid UTF-8 or a bad percent sequence. The split is at
 * the first colon: encoded parts cannot contain a raw colon.
 *
 * @example
 * ```ts
 * decodeBasicCredentials(encodeBasicCredentials('id:1', 'sécret')); // { keyId: 'id:1', secret: 'sécret' }
 * decodeBasicCredentials('Bearer abc');                              // null
 * ```
 */
export function decodeBasicCredentials(headerValue: string): BasicCredentials | null {
  const match = BASIC_HEADER.exec(headerValue);
  const encoded = match?.[1];
  if (encoded === undefined || encoded.length % 4 === 1) return null;
  // Padding, when present, must make the length a multiple of four.
  if (encoded.includes('=') && encoded.length % 4 !== 0) return null;
  let text: string;
  try {
    text = UTF8.decode(fromBase64(encoded));
  } catch {
    return null;
  }
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const keyId = formUrlDecode(text.slice(0, colon));
  const secret = formUrlDecode(text.slice(colon + 1));
  if (keyId === null || secret === null) return null;
  return { keyId, secret };
}
