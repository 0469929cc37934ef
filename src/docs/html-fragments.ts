import { escapeHtml, splitProse, webUrl } from './escape.js';

/** Small HTML pieces shared by the index and the type pages. Every argument is escaped here. */

/** Prose with its http(s) URLs made links; everything else escaped. */
export function proseHtml(text: string): string {
  return splitProse(text)
    .map((s) => (s.url === null ? escapeHtml(s.text) : `<a href="${escapeHtml(s.url)}">${escapeHtml(s.text)}</a>`))
    .join('');
}

/** A URL: a link when it is http(s), else plain text marked as not followed. */
export function urlHtml(url: string): string {
  if (webUrl(url) !== null) return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return `<span class="not-link">${escapeHtml(url)}</span> <span class="muted">(not an http or https URL, so not a link)</span>`;
}

/** A literal value in monospace; an empty string is shown as such. */
export function codeHtml(text: string): string {
  return text === '' ? '<span class="muted">(empty string)</span>' : `<code>${escapeHtml(text)}</code>`;
}

/** A table inside a wrapper that scrolls sideways on narrow screens instead of widening the page. */
export function tableHtml(attributes: string, head: readonly string[], rows: readonly string[]): string {
  const header = head.map((h) => `<th scope="col">${h}</th>`).join('');
  return `<div class="table-wrap"><table${attributes}>\n<thead><tr>${header}</tr></thead>\n<tbody>\n${rows.join('\n')}\n</tbody>\n</table></div>`;
}

/** One row of a {@link stackingTableHtml}: its attributes (already escaped) and its cells' HTML. */
export interface StackingRow {
  readonly attributes?: string;
  readonly cells: readonly string[];
}

/**
 * A table whose rows become labelled blocks on a narrow screen (class `stack`): each cell carries
 * its column's heading, which the stylesheet shows before it once the header row is hidden.
 * Headings are plain text written here, never taken from a definition.
 */
export function stackingTableHtml(attributes: string, head: readonly string[], rows: readonly StackingRow[]): string {
  const lines = rows.map(
    ({ attributes: rowAttributes = '', cells }) => `<tr${rowAttributes}>${cells.map((cell, i) => `<td data-label="${head[i]}">${cell}</td>`).join('')}</tr>`,
  );
  return tableHtml(` class="stack"${attributes}`, head, lines);
}
