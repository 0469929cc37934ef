import { escapeMarkdown, markdownCode, markdownDestination, splitProse, webUrl } from './escape.js';

/** Small Markdown pieces shared by the index and the type pages. Every argument is escaped here. */

/** Shown where a definition gives no value. */
export const ABSENT_MD = '—';

/** Prose with its http(s) URLs made links; everything else escaped. */
export function proseMd(text: string): string {
  return splitProse(text)
    .map((s) => (s.url === null ? escapeMarkdown(s.text) : `[${escapeMarkdown(s.text)}](${markdownDestination(s.url)})`))
    .join('');
}

/** A URL: a link when it is http(s), else plain text marked as not followed. */
export function urlMd(url: string): string {
  if (webUrl(url) !== null) return `[${escapeMarkdown(url)}](${markdownDestination(url)})`;
  return `${escapeMarkdown(url)} (not an http or https URL, so not a link)`;
}

/** A literal value in a code span where one can hold it; an empty string is shown as such. */
export function codeMd(text: string, inTable = true): string {
  return text === '' ? '(empty string)' : markdownCode(text, inTable);
}

/** A value or the absent marker. */
export function orAbsentMd(value: string | null, render: (value: string) => string): string {
  return value === null ? ABSENT_MD : render(value);
}

/** A GitHub-flavoured Markdown table; cells must already be escaped for a table. */
export function tableMd(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
