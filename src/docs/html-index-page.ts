import { escapeHtml } from './escape.js';
import { ABSENT_HTML, codeHtml, tableHtml, urlHtml } from './html-fragments.js';
import { htmlPage } from './html-layout.js';
import { purlBoxHtml, purlBoxScripts } from './html-purl-box.js';
import type { TypePageModel } from './type-page-model.js';

/**
 * Narrows the table to rows whose type, name or any other text contains what is typed
 * (case-insensitive), hiding the others with the `hidden` attribute. It reads nothing from the
 * definitions, so its hash in the page's Content-Security-Policy never changes.
 */
const FILTER_SCRIPT = `
(function () {
  var input = document.getElementById('filter');
  var count = document.getElementById('filter-count');
  var rows = Array.prototype.slice.call(document.querySelectorAll('#types tbody tr'));
  function update() {
    var query = input.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var text = (row.getAttribute('data-type') + ' ' + row.textContent).toLowerCase();
      var match = query === '' || text.indexOf(query) !== -1;
      row.hidden = !match;
      if (match) shown++;
    });
    count.textContent = shown + ' of ' + rows.length + ' types';
  }
  input.addEventListener('input', update);
  update();
})();
`.trim();

function repositoryCell(model: TypePageModel): string {
  const { defaultUrl, usesRepository } = model.repository;
  if (defaultUrl !== null) return urlHtml(defaultUrl);
  return usesRepository === 'yes' ? ABSENT_HTML : '<span class="muted">none (no repository)</span>';
}

/** The index's columns; each cell carries its heading, shown beside it when a narrow screen stacks a row into a card. */
const COLUMNS = ['Type', 'Name', 'Namespace', 'Namespace case-sensitive', 'Name case-sensitive', 'Required qualifiers', 'Default repository'];

function row(model: TypePageModel): string {
  const [namespace, name] = model.components;
  const type = escapeHtml(model.type);
  const required = model.requiredQualifiers.length === 0 ? '<span class="muted">none</span>' : model.requiredQualifiers.map(codeHtml).join(', ');
  const cells = [
    `<a href="types/${type}.html"><code>${type}</code></a>`,
    escapeHtml(model.typeName),
    escapeHtml(namespace!.requirement),
    escapeHtml(namespace!.caseSensitive),
    escapeHtml(name!.caseSensitive),
    required,
    repositoryCell(model),
  ];
  return `<tr data-type="${type}">${cells.map((cell, i) => `<td data-label="${COLUMNS[i]}">${cell}</td>`).join('')}</tr>`;
}

/** `index.html`: every type in one filterable table. */
export function htmlIndexPage(models: readonly TypePageModel[]): string {
  const total = models.length;
  const main = [
    '<h1>PURL types</h1>',
    `<p>${total} Package-URL type definition${total === 1 ? '' : 's'}. Each type links to a page with its components, qualifiers, repository and examples as teapurl reads them.</p>`,
    purlBoxHtml(''),
    '<h2 id="types-title">Types</h2>',
    '<p><label for="filter">Filter</label><input id="filter" type="search" placeholder="type, name or any text in the row" autocomplete="off" spellcheck="false" aria-controls="types"></p>',
    `<p id="filter-count" aria-live="polite">${total} of ${total} types</p>`,
    tableHtml(' id="types" aria-labelledby="types-title"', COLUMNS, models.map(row)),
  ].join('\n');
  return htmlPage({ title: 'PURL types', main, script: FILTER_SCRIPT, scriptFiles: purlBoxScripts(0) });
}
