/**
 * The PURL a page's address asks the live box to show, from its query (`?purl=…`) or its
 * fragment (`#purl=…`, which never reaches a server). A PURL's qualifiers are joined by `&`:
 * a hand-written `?purl=pkg:npm/x?a=1&b=2` reads, as URL parameters, as a PURL that stops at
 * `a=1` and a stray parameter `b`. When `purl=` comes first, the rest of the query is therefore
 * the PURL, raw `&` and all (percent-decoded, `+` kept as `+`, as a PURL means it); a link that
 * encodes its PURL (as the site's own do) reads the same either way. `null` when nothing asks.
 *
 * @example
 * ```ts
 * purlAskedFor('?purl=pkg:npm/x@1?a=1&b=2', '');  // 'pkg:npm/x@1?a=1&b=2'
 * purlAskedFor('?purl=pkg%3Anpm%2Fx', '');        // 'pkg:npm/x'
 * purlAskedFor('', '#purl=pkg:pypi/django');      // 'pkg:pypi/django'
 * ```
 */
export function purlAskedFor(search: string, hash: string): string | null {
  for (const part of [search.replace(/^\?/, ''), hash.replace(/^#/, '')]) {
    if (part.startsWith('purl=')) return decode(part.slice('purl='.length));
    const named = new URLSearchParams(part).get('purl');
    if (named !== null && part === search.replace(/^\?/, '')) return named;
  }
  return null;
}

/** Percent-decoding that keeps a malformed escape as written rather than throwing. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/%([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  }
}
