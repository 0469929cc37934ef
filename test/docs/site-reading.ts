/**
 * Reading generated pages back in tests: the links in them, their tags and table cells. Small
 * regular-expression readers are enough because the pages are generated in a known shape; what
 * they check (where links point, which tags exist) does not depend on that shape.
 */
import path from 'node:path';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Decodes the entities the generator writes. */
export function decodeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
}

/** Every tag of an HTML page, as written (`<a href="…">`). */
export function htmlTags(html: string): string[] {
  return [...html.matchAll(/<[a-zA-Z!/][^>]*>/g)].map((m) => m[0]);
}

/** The decoded value of every `href` attribute in an HTML page. */
export function htmlHrefs(html: string): string[] {
  return htmlTags(html).flatMap((tag) => [...tag.matchAll(/\shref\s*=\s*"([^"]*)"/gi)].map((m) => decodeHtml(m[1]!)));
}

/** The decoded `src` of every `<script>` of an HTML page. */
export function htmlScriptSources(html: string): string[] {
  return htmlTags(html).flatMap((tag) => (/^<script\b/i.test(tag) ? [...tag.matchAll(/\ssrc="([^"]*)"/g)].map((m) => decodeHtml(m[1]!)) : []));
}

/** The `id` attributes of an HTML page. */
export function htmlIds(html: string): string[] {
  return htmlTags(html).flatMap((tag) => [...tag.matchAll(/\sid="([^"]*)"/g)].map((m) => decodeHtml(m[1]!)));
}

/** The destinations of the inline links of a Markdown page (`[text](destination)`). */
export function markdownLinks(markdown: string): string[] {
  return [...markdown.matchAll(/(?<!\\)\]\(([^)\s]*)\)/g)].map((m) => m[1]!);
}

/** A site path (`types/npm.html`) for a relative link from the page at `from`, and its fragment; a query is left out. */
export function resolveLink(from: string, href: string): { file: string; fragment: string | null } {
  const [withQuery = '', fragment = null] = href.split('#', 2) as [string, string?];
  // A query (the box's ?purl=) asks the page for something; the file is the same.
  const target = withQuery.split('?', 1)[0]!;
  const file = target === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), target));
  return { file, fragment };
}

/** Whether a link leaves the site: it has a scheme (`https:`, `javascript:`) or starts with `//`. */
export function isAbsolute(href: string): boolean {
  return /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href) || href.startsWith('//');
}

/** The inner HTML of each cell (`th` or `td`) of the table row whose opening tag matches `rowStart`. */
export function rowCells(html: string, rowStart: string): string[] {
  const start = html.indexOf(rowStart);
  if (start < 0) throw new Error(`no row ${rowStart}`);
  const row = html.slice(start, html.indexOf('</tr>', start));
  return [...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((m) => m[1]!);
}

/** The cells (column heading, from `data-label`, to inner HTML) of the table row whose opening tag matches `rowStart`. */
export function rowFields(html: string, rowStart: string): Record<string, string> {
  const start = html.indexOf(rowStart);
  if (start < 0) throw new Error(`no row ${rowStart}`);
  const row = html.slice(start, html.indexOf('</tr>', start));
  return Object.fromEntries([...row.matchAll(/<td data-label="([^"]*)">([\s\S]*?)<\/td>/g)].map((m) => [m[1]!, m[2]!]));
}

/** Text of an HTML fragment: tags dropped, entities decoded. */
export function htmlText(fragment: string): string {
  return decodeHtml(fragment.replace(/<[^>]*>/g, ''));
}

/** The number of cell separators in a Markdown table line: `|` not escaped with a backslash. */
export function markdownPipes(line: string): number {
  return [...line.matchAll(/(?<!\\)\|/g)].length;
}
