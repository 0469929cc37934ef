/**
 * Escaping for everything a definition says. Definitions are untrusted input: a description may
 * hold `<script>`, a reference URL may be `javascript:…`. Every string from a document passes
 * through one of these functions on its way into a page.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * `url` when it is an http or https URL a reader can follow, else `null`. Anything else
 * (`javascript:`, `data:`, a relative path, text with spaces or control characters) is shown
 * as text, never made a link.
 */
export function webUrl(url: string): string | null {
  return /^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i.test(url) ? url : null;
}

/** A run of prose: plain text, or a web URL found in it. */
export interface ProseSegment {
  readonly text: string;
  readonly url: string | null;
}

const URL_IN_PROSE = /https?:\/\/[^\s<>"'`]+/gi;

/** Splits prose into text and the http(s) URLs in it, so renderers can make those links. */
export function splitProse(text: string): ProseSegment[] {
  const segments: ProseSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_PROSE)) {
    let url = match[0];
    // Sentence punctuation after a URL is not part of it; nor is a closing bracket it never opened.
    url = url.replace(/[.,;:!?]+$/, '');
    if (url.endsWith(')') && !url.includes('(')) url = url.replace(/\)+$/, '');
    if (webUrl(url) === null || url.length <= 'https://'.length) continue;
    const start = match.index;
    if (start > last) segments.push({ text: text.slice(last, start), url: null });
    segments.push({ text: url, url });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), url: null });
  return segments;
}

/** Characters with a meaning in (GitHub-flavoured) Markdown inline text, escaped with `\`. */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]|~#$]/g;

/**
 * Escapes text for Markdown, inside a table cell or not: `&`, `<` and `>` become entities (so
 * `<script>` is never raw HTML), Markdown punctuation gets a backslash, line breaks become
 * spaces (a table row is one line), and what would start a list or heading is neutralised.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(/[&<>]/g, (c) => HTML_ESCAPES[c]!)
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    .replace(/^(\s*)([-+=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/**
 * A Markdown code span for `text` when one can hold it safely (no backtick or line break that
 * would end it early, no `<` or `>` that a reader of the raw file might take for HTML), else
 * escaped text.
 * In a table cell `|` is written `\|`, which GitHub-flavoured Markdown reads as `|` even
 * inside code.
 */
export function markdownCode(text: string, inTable: boolean): string {
  if (text === '' || /[`\r\n<>]/.test(text) || /^\s|\s$/.test(text)) return escapeMarkdown(text);
  return `\`${inTable ? text.replaceAll('|', '\\|') : text}\``;
}

/** A Markdown link destination: characters that would end or break it are percent-encoded. */
export function markdownDestination(url: string): string {
  return url.replace(/[\s()<>\\|"]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
