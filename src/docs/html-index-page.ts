import { escapeHtml } from './escape.js';
import { codeHtml, proseHtml, stackingTableHtml, type StackingRow } from './html-fragments.js';
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

/** The index's columns: what a type is, and a PURL of it. */
const COLUMNS = ['Type', 'What it is', 'Example'];

function row(model: TypePageModel): StackingRow {
  const type = escapeHtml(model.type);
  const page = `types/${type}.html`;
  const example = model.examples.find((e) => e.components !== null) ?? model.examples[0];
  return {
    attributes: ` data-type="${type}"`,
    cells: [
      `<a href="${page}"><code>${type}</code></a><br><span class="muted">${escapeHtml(model.typeName)}</span>`,
      proseHtml(model.description),
      example === undefined ? '' : `<a href="${page}?purl=${escapeHtml(encodeURIComponent(example.purl))}#purl-box">${codeHtml(example.purl)}</a>`,
    ],
  };
}

/** `index.html`: every type in one filterable table, with what it is and a PURL of it. */
export function htmlIndexPage(models: readonly TypePageModel[]): string {
  const total = models.length;
  const main = [
    '<h1>PURL types</h1>',
    `<p>${total} Package-URL type${total === 1 ? '' : 's'}: what each is, and a PURL of it. Each type links to a page with its components, qualifiers, repository, URLs and examples.</p>`,
    purlBoxHtml('', { typesHref: 'types/', pageType: null }),
    '<h2 id="types-title">Types</h2>',
    '<p><label for="filter">Filter</label><input id="filter" type="search" placeholder="type, ecosystem or word" autocomplete="off" spellcheck="false" aria-controls="types"></p>',
    `<p id="filter-count" aria-live="polite">${total} of ${total} types</p>`,
    stackingTableHtml(' id="types" aria-labelledby="types-title"', COLUMNS, models.map(row)),
  ].join('\n');
  return htmlPage({ title: 'PURL types', main, script: FILTER_SCRIPT, scriptFiles: purlBoxScripts(0) });
}
