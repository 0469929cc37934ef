/**
 * The spellings urlToPurl compares URLs in. A URL may write a value's characters raw or
 * percent-encoded (`0.11.0+wasi` or `0.11.0%2Bwasi`, `left-pad` or `left%2Dpad`), and with or
 * without a trailing `/`; they name the same package. The strict spelling (strictUrl) changes
 * only what RFC 3986 says is the same URL; the canonical one (canonicalUrl) also brings every
 * piece between delimiters to the spelling url-template writes a value in (every character but
 * RFC 3986's unreserved ones percent-encoded), so that the comparison and repeated variables
 * (`{name}/-/{name}-{version}.tgz`) see one text per value. It also takes a template's literal
 * `@` for `%40`, so urlToPurl tries it only when no template reads the strict spelling
 * (`pkg.go.dev/…/mux@v1.8.1` is `mux` at `v1.8.1`, not a module named `mux@v1.8.1`).
 */

/** Characters url-template leaves as they are in a `{x}` value: RFC 3986's unreserved set. */
const UNRESERVED = /^[A-Za-z0-9\-._~]*$/;

/** A value as url-template encodes it (encodeURIComponent, with `!'()*` encoded too). */
function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A piece of a URL between delimiters in url-template's spelling. A piece that does not decode
 * (a broken escape) is kept as it is: its value then fails to decode and reads back to nothing.
 */
function canonicalPiece(piece: string): string {
  if (UNRESERVED.test(piece)) return piece;
  try {
    return encodeValue(decodeURIComponent(piece));
  } catch {
    return piece;
  }
}

/** Where in a URL a piece of text is: still in `scheme://host`, in the path, or in the query. */
export interface UrlPosition {
  origin: boolean;
  query: boolean;
}

/**
 * Text of a URL (or of a template's literal) in the canonical spelling, from `position`, which it
 * moves on. The scheme and host are left alone (WHATWG URL has normalised them); in the path, `/`
 * separates pieces and the first `?` starts the query; in the query, `&`, `=` and `+` separate
 * pieces (a raw `+` in a query may mean a space, so it is not taken for `%2B`).
 */
export function canonicalText(text: string, position: UrlPosition): string {
  let out = '';
  let at = 0;
  if (position.origin) {
    const scheme = text.indexOf('://');
    const path = text.indexOf('/', scheme === -1 ? 0 : scheme + 3);
    if (path === -1) return text;
    out = text.slice(0, path);
    at = path;
    position.origin = false;
  }
  let piece = at;
  for (let i = at; i <= text.length; i++) {
    const c = text[i];
    const delimiter = i === text.length || c === '#' || (position.query ? c === '&' || c === '=' || c === '+' : c === '/' || c === '?');
    if (!delimiter) continue;
    out += canonicalPiece(text.slice(piece, i));
    if (c !== undefined) out += c;
    if (c === '?') position.query = true;
    piece = i + 1;
  }
  return out;
}

/** The trailing `/` of a path that has more than one segment: `…/project/requests/` and `…/project/requests` are one page. */
export function withoutTrailingSlash(url: string): string {
  const query = url.search(/[?#]/);
  const end = query === -1 ? url.length : query;
  if (url[end - 1] !== '/' || /^[a-z][a-z0-9+.-]*:\/\/[^/]*\/$/i.test(url.slice(0, end))) return url;
  return url.slice(0, end - 1) + url.slice(end);
}

/**
 * `http://…` as `https://…`: a registry serves the same package over both (old lockfiles and
 * build logs hold http URLs), so reading a URL back does not tell them apart.
 */
export function upgradeScheme(url: string): string {
  return /^http:\/\//i.test(url) ? `https://${url.slice(7)}` : url;
}

/** `https://host[:port]` of an http(s) URL or URL prefix (scheme upgraded, host as WHATWG URL writes it), or `null`. */
export function httpsOrigin(text: string): string | null {
  const upgraded = upgradeScheme(text);
  if (!upgraded.startsWith('https://') || !URL.canParse(upgraded)) return null;
  return new URL(upgraded).origin;
}

/**
 * A WHATWG-normalised URL (fragment already removed, or kept for a template that has one) with
 * its scheme upgraded to https, without a trailing `/`, with escapes of unreserved characters
 * decoded and the others' hex digits in upper case (RFC 3986 6.2.2: the same URL): the spelling
 * url-template's literals and values are in, reserved characters left as they are.
 */
export function strictUrl(href: string): string {
  return withoutTrailingSlash(
    upgradeScheme(href).replace(/%[0-9A-Fa-f]{2}/g, (escape) => {
      const c = String.fromCharCode(Number.parseInt(escape.slice(1), 16));
      return /[A-Za-z0-9\-._~]/.test(c) ? c : escape.toUpperCase();
    }),
  );
}

/** A URL in strictUrl's spelling, in the canonical one: any legal spelling of a value compares equal. */
export function canonicalUrl(strict: string): string {
  return canonicalText(strict, { origin: true, query: false });
}
