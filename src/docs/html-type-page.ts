import type { PurlComponents } from '../purl/index.js';
import { escapeHtml } from './escape.js';
import type { ExampleBreakdown } from './example-breakdown.js';
import { ABSENT_HTML, codeHtml, orAbsent, proseHtml, tableHtml, urlHtml } from './html-fragments.js';
import { htmlPage } from './html-layout.js';
import { purlBoxHtml, purlBoxScripts } from './html-purl-box.js';
import { notShown, type ComponentRow, type QualifierRow, type TypePageModel } from './type-page-model.js';
import { NO_URLS_TEXT, URLS_INTRO, templateAnnotation, type TemplateRow } from './urls-view.js';

function rulesCell(row: ComponentRow): string {
  const items = [
    ...row.normalizationRules.map((rule) => `<li>${proseHtml(rule)}</li>`),
    ...row.engineRules.map(
      (rule) => `<li class="engine-rule"><code>${escapeHtml(rule.id)}</code> <span class="muted">(applied by teapurl)</span>: ${escapeHtml(rule.summary)}</li>`,
    ),
  ];
  return items.length === 0 ? ABSENT_HTML : `<ul>${items.join('')}</ul>`;
}

/** A `<dl>` of label and already-escaped value pairs. */
function fieldsHtml(fields: readonly (readonly [string, string])[]): string {
  return `<dl>${fields.map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

const COMPONENT_TITLES: Record<ComponentRow['component'], string> = { namespace: 'Namespace', name: 'Name', version: 'Version', subpath: 'Subpath' };

/**
 * One component as a card rather than a table row: the notes and rules are prose, and a
 * nine-column table left them too little width (it ran past the right edge at 1280 px).
 */
function componentCard(row: ComponentRow): string {
  const fields = [
    ['Requirement', escapeHtml(row.requirement)],
    ['Case-sensitive', escapeHtml(row.caseSensitive)],
    ['Permitted characters', orAbsent(row.permittedCharacters, codeHtml)],
    ['Native name', orAbsent(row.nativeName, escapeHtml)],
    ['Normalisation rules', rulesCell(row)],
    ['Notes', orAbsent(row.note, proseHtml)],
  ] as const;
  return `<article class="card" data-component="${row.component}">\n<h3>${COMPONENT_TITLES[row.component]}</h3>\n${fieldsHtml(fields)}\n</article>`;
}

function qualifierCard(row: QualifierRow): string {
  const fields = [
    ['Requirement', escapeHtml(row.requirement)],
    ['Default', orAbsent(row.defaultValue, codeHtml)],
    ['Native name', orAbsent(row.nativeName, escapeHtml)],
    ['Description', proseHtml(row.description)],
  ] as const;
  return `<article class="card" data-qualifier="${escapeHtml(row.key)}">\n<h3>${codeHtml(row.key)}</h3>\n${fieldsHtml(fields)}\n</article>`;
}

function qualifiersSection(model: TypePageModel): string {
  const body =
    model.qualifiers.length === 0
      ? '<p>This definition describes no qualifiers. PURLs of this type may still carry the qualifiers ECMA-427 defines for every type.</p>'
      : `<div id="qualifiers" class="cards">\n${model.qualifiers.map(qualifierCard).join('\n')}\n</div>`;
  return `<section id="qualifier-definitions">\n<h2>Qualifiers</h2>\n${body}\n</section>`;
}

function repositorySection(model: TypePageModel): string {
  const { usesRepository, defaultUrl, note } = model.repository;
  return [
    '<section id="repository">',
    '<h2>Repository</h2>',
    '<dl>',
    `<dt>Uses a repository</dt><dd>${usesRepository}</dd>`,
    `<dt>Default repository</dt><dd>${orAbsent(defaultUrl, urlHtml)}</dd>`,
    `<dt>Note</dt><dd>${orAbsent(note, proseHtml)}</dd>`,
    '</dl>',
    '</section>',
  ].join('\n');
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
  const mirrors = view.mirrors.map(([url, sameAs, note]) => `<li>${codeHtml(url)} as ${codeHtml(sameAs)}${note === null ? '' : ` <span class="muted">(${proseHtml(note)})</span>`}</li>`);
  const fields = [
    ['Default registry', orAbsent(view.defaultRegistry, urlHtml)],
    ['Defaults', defaults.length === 0 ? ABSENT_HTML : `<ul>${defaults.join('')}</ul>`],
    ['Derived variables', variables.length === 0 ? ABSENT_HTML : `<ul>${variables.join('')}</ul>`],
    ['Mirrors, read back as', mirrors.length === 0 ? ABSENT_HTML : `<ul>${mirrors.join('')}</ul>`],
    ['Sidecar files', view.sidecars.length === 0 ? ABSENT_HTML : view.sidecars.map((s) => codeHtml(s)).join(', ')],
  ] as const;
  const example = view.example;
  const parts = [
    '<section id="urls">',
    '<h2>URLs</h2>',
    view.description === null ? '' : `<p>${proseHtml(view.description)}</p>`,
    `<p>${escapeHtml(URLS_INTRO)}</p>`,
    fieldsHtml(fields),
    templatesHtml('Repository page', view.repository),
    templatesHtml('Version page', view.versionPage),
    templatesHtml('Download', view.download),
    templatesHtml('Also read back', view.reverse),
  ];
  if (example !== null) {
    const worked = [
      ['PURL', codeHtml(example.purl)],
      ['Repository', orAbsent(example.repository, urlHtml)],
      ['Version page', orAbsent(example.versionPage, urlHtml)],
      ['Download', orAbsent(example.download, urlHtml)],
      ...(example.download === null ? [] : [['Read back from the download URL', orAbsent(example.readBack, codeHtml)] as const]),
    ] as const;
    parts.push('<h3>Worked example</h3>', `<div class="url-example">${fieldsHtml(worked)}</div>`);
  }
  parts.push('</section>');
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
  if (qualifiers === null) return ABSENT_HTML;
  const keys = Object.keys(qualifiers).sort();
  return `<ul>${keys.map((key) => `<li>${codeHtml(key)} = ${codeHtml(qualifiers[key]!)}</li>`).join('')}</ul>`;
}

function exampleHtml(example: ExampleBreakdown): string {
  const lines = ['<article class="example">', `<h3>${codeHtml(example.purl)}</h3>`];
  const { components } = example;
  if (components === null) {
    const reasons = example.problems.map((p) => `<li>${escapeHtml(p.message)} <span class="muted">(${escapeHtml(p.component)}: ${escapeHtml(p.code)})</span></li>`);
    lines.push('<p class="refused">The engine refuses this example:</p>', `<ul class="refused">${reasons.join('')}</ul>`);
  } else {
    const rows = [
      ['type', codeHtml(components.type)],
      ['namespace', orAbsent(components.namespace, codeHtml)],
      ['name', codeHtml(components.name)],
      ['version', orAbsent(components.version, codeHtml)],
      ['qualifiers', qualifiersHtml(components.qualifiers)],
      ['subpath', orAbsent(components.subpath, codeHtml)],
    ].map(([name, value]) => `<tr><th scope="row">${name}</th><td>${value}</td></tr>`);
    lines.push(tableHtml(' class="breakdown"', ['Component', 'Value'], rows));
    if (example.canonical !== null) lines.push(`<p class="muted">Canonical form: ${codeHtml(example.canonical)}</p>`);
  }
  lines.push('</article>');
  return lines.join('\n');
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
    `<p>Syntax, with the parts this type prohibits left out:</p>\n<pre><code class="syntax">${escapeHtml(model.syntaxTemplate)}</code></pre>`,
    model.id === null ? '' : `<p class="muted">Definition document: ${urlHtml(model.id)}</p>`,
    purlBoxHtml(boxPrefill(model)),
    '<nav class="toc" aria-label="On this page"><a href="#purl-box">Try a PURL</a><a href="#component-definitions">Components</a><a href="#qualifier-definitions">Qualifiers</a><a href="#repository">Repository</a><a href="#urls">URLs</a><a href="#references">References</a><a href="#examples">Examples</a></nav>',
    '<section id="component-definitions">',
    '<h2>Components</h2>',
    `<div id="components" class="cards">\n${model.components.map(componentCard).join('\n')}\n</div>`,
    '</section>',
    qualifiersSection(model),
    repositorySection(model),
    urlsSection(model),
    referencesSection(model),
    '<section id="examples">',
    '<h2>Examples</h2>',
    ...model.examples.map(exampleHtml),
    model.examplesNotShown === 0 ? '' : `<p class="muted">${notShown(model)}</p>`,
    '</section>',
  ]
    .filter((part) => part !== '')
    .join('\n');
  return htmlPage({ title: `${model.type}: ${model.typeName} (PURL type)`, header, main, scriptFiles: purlBoxScripts(1) });
}
