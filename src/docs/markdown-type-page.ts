import { syntaxLead } from './syntax-template.js';
import type { PurlComponents } from '../purl/index.js';
import { escapeMarkdown } from './escape.js';
import type { ExampleBreakdown } from './example-breakdown.js';
import { ABSENT_MD, codeMd, orAbsentMd, proseMd, tableMd, urlMd } from './markdown-fragments.js';
import { notShown, type ComponentRow, type TypePageModel } from './type-page-model.js';
import { NO_URLS_TEXT, URLS_INTRO, templateAnnotation, type TemplateRow } from './urls-view.js';

function rulesCell(row: ComponentRow): string {
  const items = [...row.normalizationRules.map(proseMd), ...row.engineRules.map((rule) => `${escapeMarkdown(rule.summary)} (teapurl applies this)`)];
  // A table row is one line: several rules are separated by line-break tags, which carry no text.
  return items.length === 0 ? ABSENT_MD : items.join('<br>');
}

function componentsTable(model: TypePageModel): string {
  const rows = model.components.map((row) => [
    row.component,
    escapeMarkdown(row.requirement),
    escapeMarkdown(row.caseSensitive),
    orAbsentMd(row.permittedCharacters, (p) => codeMd(p)),
    orAbsentMd(row.nativeName, escapeMarkdown),
    rulesCell(row),
    orAbsentMd(row.note, proseMd),
  ]);
  return tableMd(['Component', 'Requirement', 'Case-sensitive', 'Permitted characters', 'Native name', 'Normalisation rules', 'Notes'], rows);
}

/** The registered namespace values as a table, under their heading; nothing when the definition registers none. */
function registeredPart(model: TypePageModel): string {
  if (model.registeredNamespaces.length === 0) return '';
  const rows = model.registeredNamespaces.map((r) => [codeMd(r.value), proseMd(r.description), orAbsentMd(r.referenceUrl, urlMd)]);
  return `## Registered namespaces\n\nA PURL whose namespace is none of these gets a warning, not an error.\n\n${tableMd(['Namespace', 'Description', 'Reference'], rows)}`;
}

function qualifiersPart(model: TypePageModel): string {
  if (model.qualifiers.length === 0) {
    return 'This definition describes no qualifiers. PURLs of this type may still carry the qualifiers ECMA-427 defines for every type.';
  }
  const rows = model.qualifiers.map((q) => [
    codeMd(q.key),
    escapeMarkdown(q.requirement),
    orAbsentMd(q.defaultValue, (v) => codeMd(v)),
    orAbsentMd(q.nativeName, escapeMarkdown),
    proseMd(q.description),
  ]);
  return tableMd(['Key', 'Requirement', 'Default', 'Native name', 'Description'], rows);
}

function qualifiersMd(qualifiers: PurlComponents['qualifiers']): string {
  if (qualifiers === null) return ABSENT_MD;
  return Object.keys(qualifiers)
    .sort()
    .map((key) => `${codeMd(key)} = ${codeMd(qualifiers[key]!)}`)
    .join('<br>');
}

function exampleMd(example: ExampleBreakdown): string {
  const lines = [`### ${codeMd(example.purl, false)}`, ''];
  const { components } = example;
  if (components === null) {
    lines.push('teapurl does not accept this example:', '');
    for (const p of example.problems) lines.push(`- ${escapeMarkdown(p.message)} (${escapeMarkdown(p.component)}: ${escapeMarkdown(p.code)})`);
  } else {
    const rows = [
      ['type', codeMd(components.type)],
      ['namespace', orAbsentMd(components.namespace, (v) => codeMd(v))],
      ['name', codeMd(components.name)],
      ['version', orAbsentMd(components.version, (v) => codeMd(v))],
      ['qualifiers', qualifiersMd(components.qualifiers)],
      ['subpath', orAbsentMd(components.subpath, (v) => codeMd(v))],
    ];
    lines.push(tableMd(['Component', 'Value'], rows));
    if (example.canonical !== null) lines.push('', `Canonical form: ${codeMd(example.canonical, false)}`);
  }
  return lines.join('\n');
}

function templatesMd(title: string, rows: readonly TemplateRow[]): string {
  if (rows.length === 0) return '';
  const items = rows.map((row, i) => {
    const annotation = templateAnnotation(row);
    const optional = annotation === null ? '' : ` (${escapeMarkdown(annotation)})`;
    const note = row.note === null ? '' : `: ${proseMd(row.note)}`;
    return `${i + 1}. ${codeMd(row.template, false)}${optional}${note}`;
  });
  return `### ${title}\n\n${items.join('\n')}`;
}

function urlsPart(model: TypePageModel): string {
  const view = model.urls;
  if (view === null) return escapeMarkdown(NO_URLS_TEXT);
  const list = <T>(items: readonly T[], render: (item: T) => string) => (items.length === 0 ? ABSENT_MD : items.map(render).join(', '));
  const parts = [
    view.description === null ? '' : proseMd(view.description),
    escapeMarkdown(URLS_INTRO),
    [
      `- Default registry: ${orAbsentMd(view.defaultRegistry, urlMd)}`,
      `- Defaults: ${list(view.defaults, ([name, value]) => `${codeMd(name, false)} = ${codeMd(value, false)}`)}`,
      `- Derived variables: ${list(view.variables, (v) => `${codeMd(v.name, false)}: ${codeMd(v.from, false)} ${escapeMarkdown(v.transformation)}`)}`,
      `- Mirrors, read back as: ${list(view.mirrors, ([url, sameAs, note]) => `${codeMd(url, false)} as ${codeMd(sameAs, false)}${note === null ? '' : ` (${proseMd(note)})`}`)}`,
      `- Sidecar files: ${list(view.sidecars, (s) => codeMd(s, false))}`,
    ].join('\n'),
    templatesMd('Repository page', view.repository),
    templatesMd('Version page', view.versionPage),
    templatesMd('Download', view.download),
    templatesMd('Also read back', view.reverse),
  ];
  const example = view.example;
  if (example !== null) {
    const lines = [
      `- PURL: ${codeMd(example.purl, false)}`,
      `- Repository: ${orAbsentMd(example.repository, urlMd)}`,
      `- Version page: ${orAbsentMd(example.versionPage, urlMd)}`,
      `- Download: ${orAbsentMd(example.download, urlMd)}`,
    ];
    if (example.download !== null) lines.push(`- Read back from the download URL: ${orAbsentMd(example.readBack, (p) => codeMd(p, false))}`);
    parts.push('### Worked example', lines.join('\n'));
  }
  return parts.filter((part) => part !== '').join('\n\n');
}

/** `types/<type>.md`: the same content as the HTML page. */
export function markdownTypePage(model: TypePageModel): string {
  const { repository } = model;
  const parts = [
    '[All PURL types](../index.md)',
    `# ${codeMd(model.type, false)}: ${escapeMarkdown(model.typeName)}`,
    proseMd(model.description),
    model.note === null ? '' : `**Note:** ${proseMd(model.note)}`,
    // The template is built from the type, which the schema's pattern limits to [a-z0-9.-]: a
    // fenced block shows its <placeholders> literally.
    `${syntaxLead(model.prohibitedParts)}:\n\n\`\`\`text\n${model.syntaxTemplate}\n\`\`\``,
    '## Components',
    componentsTable(model),
    registeredPart(model),
    '## Qualifiers',
    qualifiersPart(model),
    '## Repository',
    [
      `- Uses a repository: ${repository.usesRepository}`,
      `- Default repository: ${orAbsentMd(repository.defaultUrl, urlMd)}`,
      `- Note: ${orAbsentMd(repository.note, proseMd)}`,
    ].join('\n'),
    '## URLs',
    urlsPart(model),
    '## References',
    model.referenceUrls.length === 0 ? 'The definition lists no reference pages.' : model.referenceUrls.map((url) => `- ${urlMd(url)}`).join('\n'),
    '## Examples',
    ...model.examples.map(exampleMd),
    model.examplesNotShown === 0 ? '' : notShown(model),
    'Generated by `teapurl docs` from PURL type definitions.',
  ];
  return `${parts.filter((part) => part !== '').join('\n\n')}\n`;
}
