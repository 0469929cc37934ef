import { syntaxLead } from './syntax-template.js';
import type { PurlComponents } from '../purl/index.js';
import { escapeHtml } from './escape.js';
import type { ExampleBreakdown } from './example-breakdown.js';
import { codeHtml, proseHtml, stackingTableHtml, urlHtml, type StackingRow } from './html-fragments.js';
import { htmlPage } from './html-layout.js';
import { purlBoxHtml, purlBoxScripts } from './html-purl-box.js';
import { notShown, type ComponentRow, type QualifierRow, type TypePageModel } from './type-page-model.js';
import { NO_URLS_TEXT, URLS_INTRO, templateAnnotation, type TemplateRow } from './urls-view.js';

/** Paragraphs for what is given, nothing for what is not: an empty cell says "nothing here" without a dash. */
function paragraphs(parts: readonly (string | null)[]): string {
  return parts
    .filter((part): part is string => part !== null)
    .map((part) => `<p>${part}</p>`)
    .join('');
}

/** A `<dl>` of label and already-escaped value pairs, leaving out the labels without a value. */
function fieldsHtml(fields: readonly (readonly [string, string | null])[]): string {
  const given = fields.filter((field): field is readonly [string, string] => field[1] !== null);
  return given.length === 0 ? '' : `<dl>${given.map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

const COMPONENT_TITLES: Record<ComponentRow['component'], string> = { namespace: 'Namespace', name: 'Name', version: 'Version', subpath: 'Subpath' };

/** What a component's definition says besides its requirement and case: its note, native name, characters and rules. */
function componentDetails(row: ComponentRow): string {
  const rules = [
    ...row.normalizationRules.map(proseHtml),
    ...row.engineRules.map((rule) => `${escapeHtml(rule.summary)} <span class="muted">(teapurl applies this)</span>`),
  ];
  return (
    paragraphs([
      row.note === null ? null : proseHtml(row.note),
      row.nativeName === null ? null : `Native name: ${codeHtml(row.nativeName)}`,
      row.permittedCharacters === null ? null : `Characters allowed: ${codeHtml(row.permittedCharacters)}`,
    ]) + (rules.length === 0 ? '' : `<ul>${rules.map((rule) => `<li>${rule}</li>`).join('')}</ul>`)
  );
}

/** The components as one table, a row each: the Markdown pages have always had it this way. */
function componentsSection(model: TypePageModel): string {
  const rows = model.components.map(
    (row): StackingRow => ({
      attributes: ` data-component="${row.component}"`,
      cells: [COMPONENT_TITLES[row.component], escapeHtml(row.requirement), escapeHtml(row.caseSensitive), componentDetails(row)],
    }),
  );
  return `<section id="component-definitions">\n<h2>Components</h2>\n${stackingTableHtml(' id="components"', ['Component', 'Requirement', 'Case-sensitive', 'Details'], rows)}\n</section>`;
}

/** The registered namespace values as a table; nothing when the definition registers none. */
function registeredSection(model: TypePageModel): string {
  if (model.registeredNamespaces.length === 0) return '';
  const rows = model.registeredNamespaces.map(
    (row): StackingRow => ({
      attributes: ` data-registered="${escapeHtml(row.value)}"`,
      cells: [codeHtml(row.value), proseHtml(row.description), row.referenceUrl === null ? '' : urlHtml(row.referenceUrl)],
    }),
  );
  return `<section id="registered-namespaces">\n<h2>Registered namespaces</h2>\n<p>A PURL whose namespace is none of these gets a warning, not an error.</p>\n${stackingTableHtml(' id="registered"', ['Namespace', 'Description', 'Reference'], rows)}\n</section>`;
}

function qualifierRow(row: QualifierRow): StackingRow {
  const description = paragraphs([proseHtml(row.description), row.nativeName === null ? null : `Native name: ${codeHtml(row.nativeName)}`]);
  return {
    attributes: ` data-qualifier="${escapeHtml(row.key)}"`,
    cells: [codeHtml(row.key), escapeHtml(row.requirement), row.defaultValue === null ? '' : codeHtml(row.defaultValue), description],
  };
}

function qualifiersSection(model: TypePageModel): string {
  const body =
    model.qualifiers.length === 0
      ? '<p>This definition describes no qualifiers. PURLs of this type may still carry the qualifiers ECMA-427 defines for every type.</p>'
      : stackingTableHtml(' id="qualifiers"', ['Key', 'Requirement', 'Default', 'Description'], model.qualifiers.map(qualifierRow));
  return `<section id="qualifier-definitions">\n<h2>Qualifiers</h2>\n${body}\n</section>`;
}

function repositorySection(model: TypePageModel): string {
  const { usesRepository, defaultUrl, note } = model.repository;
  const fields = [
    ['Uses a repository', usesRepository],
    ['Default repository', defaultUrl === null ? null : urlHtml(defaultUrl)],
    ['Note', note === null ? null : proseHtml(note)],
  ] as const;
  return `<section id="repository">\n<h2>Repository</h2>\n${fieldsHtml(fields)}\n</section>`;
}

function templatesHtml(title: string, rows: readonly TemplateRow[]): string {
  if (rows.length === 0) return '';
  const items = rows.map((row) => {
    const annotation = templateAnnotation(row);
    const optional = annotation === null ? '' : ` <span class="muted">(${escapeHtml(annotation)})</span>`;
    const note = row.note === null ? '' : `<br><span class="muted">${proseHtml(row.note)}</span>`;
    return `<li><code class="url-template">${escapeHtml(row.template)}</code>${optional}${note}</li>`;
  });
  return `<h3>${title}</h3>\n<ol class="url-templates">\n${items.join('\n')}\n</ol>`;
}

function urlsSection(model: TypePageModel): string {
  const view = model.urls;
  if (view === null) return `<section id="urls">\n<h2>URLs</h2>\n<p>${escapeHtml(NO_URLS_TEXT)}</p>\n</section>`;
  const defaults = view.defaults.map(([name, value]) => `<li>${codeHtml(name)} = ${codeHtml(value)}</li>`);
  const variables = view.variables.map((v) => `<li>${codeHtml(v.name)}: ${codeHtml(v.from)} ${escapeHtml(v.transformation)}</li>`);
  const mirrors = view.mirrors.map(
    ([url, sameAs, note]) => `<li>${codeHtml(url)} as ${codeHtml(sameAs)}${note === null ? '' : ` <span class="muted">(${proseHtml(note)})</span>`}</li>`,
  );
  const fields = [
    ['Default registry', view.defaultRegistry === null ? null : urlHtml(view.defaultRegistry)],
    ['Defaults', defaults.length === 0 ? null : `<ul>${defaults.join('')}</ul>`],
    ['Derived variables', variables.length === 0 ? null : `<ul>${variables.join('')}</ul>`],
    ['Mirrors, read back as', mirrors.length === 0 ? null : `<ul>${mirrors.join('')}</ul>`],
    ['Sidecar files', view.sidecars.length === 0 ? null : view.sidecars.map((s) => codeHtml(s)).join(', ')],
  ] as const;
  const example = view.example;
  const parts = ['<section id="urls">', '<h2>URLs</h2>', view.description === null ? '' : `<p>${proseHtml(view.description)}</p>`];
  if (example !== null) {
    const worked = [
      ['PURL', codeHtml(example.purl)],
      ['Repository', example.repository === null ? 'none' : urlHtml(example.repository)],
      ['Version page', example.versionPage === null ? null : urlHtml(example.versionPage)],
      ['Download', example.download === null ? 'none' : urlHtml(example.download)],
      ['Read back from the download URL', example.download === null ? null : example.readBack === null ? 'nothing' : codeHtml(example.readBack)],
    ] as const;
    parts.push('<h3>Worked example</h3>', `<div class="url-example">${fieldsHtml(worked)}</div>`);
  }
  // The templates are how the example's URLs are made: there to open, not to scroll past.
  parts.push(
    '<details class="url-templates-details">',
    '<summary>The URL templates, and the URLs read back</summary>',
    `<p>${escapeHtml(URLS_INTRO)}</p>`,
    fieldsHtml(fields),
    templatesHtml('Repository page', view.repository),
    templatesHtml('Version page', view.versionPage),
    templatesHtml('Download', view.download),
    templatesHtml('Also read back', view.reverse),
    '</details>',
    '</section>',
  );
  return parts.filter((part) => part !== '').join('\n');
}

function referencesSection(model: TypePageModel): string {
  const body =
    model.referenceUrls.length === 0
      ? '<p>The definition lists no reference pages.</p>'
      : `<ul>\n${model.referenceUrls.map((url) => `<li>${urlHtml(url)}</li>`).join('\n')}\n</ul>`;
  return `<section id="references">\n<h2>References</h2>\n${body}\n</section>`;
}

function qualifiersHtml(qualifiers: PurlComponents['qualifiers']): string {
  if (qualifiers === null) return '';
  return Object.keys(qualifiers)
    .sort()
    .map((key) => `${codeHtml(key)}=${codeHtml(qualifiers[key]!)}`)
    .join('<br>');
}

/** The example columns after the PURL, each with how an example's cell reads: only those some example has a value for. */
const EXAMPLE_COLUMNS: readonly (readonly [string, (components: PurlComponents) => string])[] = [
  ['Namespace', (c) => (c.namespace === null ? '' : codeHtml(c.namespace))],
  ['Name', (c) => codeHtml(c.name)],
  ['Version', (c) => (c.version === null ? '' : codeHtml(c.version))],
  ['Qualifiers', (c) => qualifiersHtml(c.qualifiers)],
  ['Subpath', (c) => (c.subpath === null ? '' : codeHtml(c.subpath))],
];

/**
 * The examples as one table, a row each, broken down into the components the type's examples
 * use. The PURL links to this page with the example in the box. An example teapurl refuses keeps
 * its row, with why in place of its components.
 */
function examplesSection(model: TypePageModel): string {
  const accepted = model.examples.flatMap((example) => (example.components === null ? [] : [example.components]));
  const columns = EXAMPLE_COLUMNS.filter(([, cell]) => accepted.some((components) => cell(components) !== ''));
  const head = ['PURL', ...columns.map(([title]) => title)];
  const rows = model.examples.map((example: ExampleBreakdown): StackingRow => {
    const purl = `<a href="${escapeHtml(model.type)}.html?purl=${escapeHtml(encodeURIComponent(example.purl))}#purl-box">${codeHtml(example.purl)}</a>`;
    const { components } = example;
    if (components === null) {
      const reasons = example.problems.map((p) => `${escapeHtml(p.message)} <span class="muted">(${escapeHtml(p.component)})</span>`).join('<br>');
      return {
        attributes: ' class="refused-example"',
        cells: [`${purl}<br><span class="refused">teapurl does not accept this example:</span> ${reasons}`, ...columns.map(() => '')],
      };
    }
    const canonical = example.canonical === null ? '' : `<br><span class="muted">canonical form: ${codeHtml(example.canonical)}</span>`;
    return { cells: [purl + canonical, ...columns.map(([, cell]) => cell(components))] };
  });
  return [
    '<section id="examples">',
    '<h2>Examples</h2>',
    stackingTableHtml(' id="example-table"', head, rows),
    model.examplesNotShown === 0 ? '' : `<p class="muted">${notShown(model)}</p>`,
    '</section>',
  ]
    .filter((part) => part !== '')
    .join('\n');
}

/** What the box on a type page starts with: the first example the engine accepts, else the first, else the bare type. */
function boxPrefill(model: TypePageModel): string {
  const accepted = model.examples.find((example) => example.components !== null);
  return (accepted ?? model.examples[0])?.purl ?? `pkg:${model.type}/`;
}

/** `types/<type>.html`: one definition in full, its examples broken down by the engine. */
export function htmlTypePage(model: TypePageModel): string {
  const type = escapeHtml(model.type);
  const header = `<nav><a href="../index.html">All PURL types</a></nav>`;
  const main = [
    `<h1><code>${type}</code>: ${escapeHtml(model.typeName)}</h1>`,
    `<p>${proseHtml(model.description)}</p>`,
    model.note === null ? '' : `<p><strong>Note:</strong> ${proseHtml(model.note)}</p>`,
    `<p>${syntaxLead(model.prohibitedParts)}: <code class="syntax">${escapeHtml(model.syntaxTemplate)}</code></p>`,
    '<nav class="toc" aria-label="On this page"><a href="#component-definitions">Components</a><a href="#qualifier-definitions">Qualifiers</a><a href="#repository">Repository</a><a href="#urls">URLs</a><a href="#references">References</a><a href="#examples">Examples</a><a href="#purl-box">Try a PURL</a></nav>',
    purlBoxHtml(boxPrefill(model), { typesHref: '', pageType: model.type }),
    componentsSection(model),
    registeredSection(model),
    qualifiersSection(model),
    repositorySection(model),
    urlsSection(model),
    referencesSection(model),
    examplesSection(model),
  ]
    .filter((part) => part !== '')
    .join('\n');
  return htmlPage({ title: `${model.type}: ${model.typeName} (PURL type)`, header, main, scriptFiles: purlBoxScripts(1) });
}
