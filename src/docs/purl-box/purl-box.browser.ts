/**
 * The docs site's live PURL box, bundled by scripts/bundle-docs-assets.mjs into a classic script
 * (`assets/purl-box.js`): Chromium refuses ES module scripts on pages opened from disk. It builds
 * an engine from the definitions the site documents (`assets/purl-definitions.js` sets them
 * before this runs), so a site made from a user's own folder explains that folder's types, and
 * explains what the reader types without any request. What the reader typed reaches the page only
 * as text nodes (`textContent`), never as markup.
 */
import type { PurlEngine, PurlComponents } from '../../purl/index.js';
import { engineFromDefinitions } from '../../purl/engine/engine-from-definitions.js';
import { purlUrlsFromCompiled, type PurlUrls } from '../../purl/urls/purl-urls.js';
import { compileUrlDocument } from '../../purl/urls/url-document.js';
import type { PurlTypeUrls } from '../../../types/index.js';
import { DEFINITIONS_GLOBAL, URLS_GLOBAL } from './definitions-global.js';
import { explainPurl, type PurlExplanation } from './explain-purl.js';

type Child = Node | string;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function element(tag: string, attributes: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const code = (text: string): Child => (text === '' ? element('span', { class: 'muted' }, '(empty string)') : element('code', {}, text));
const absent = (): Child => element('span', { class: 'absent' }, '—');

function qualifiersNode(qualifiers: PurlComponents['qualifiers']): Child {
  if (qualifiers === null) return absent();
  const items = Object.keys(qualifiers)
    .sort()
    .map((key) => element('li', {}, code(key), ' = ', code(qualifiers[key]!)));
  return element('ul', {}, ...items);
}

function componentsNode(components: PurlComponents): HTMLElement {
  const rows: [string, Child][] = [
    ['type', code(components.type)],
    ['namespace', components.namespace === null ? absent() : code(components.namespace)],
    ['name', code(components.name)],
    ['version', components.version === null ? absent() : code(components.version)],
    ['qualifiers', qualifiersNode(components.qualifiers)],
    ['subpath', components.subpath === null ? absent() : code(components.subpath)],
  ];
  const list = element('dl', { class: 'purl-box-components' });
  for (const [name, value] of rows) list.append(element('dt', {}, name), element('dd', { 'data-component': name }, value));
  return list;
}

/**
 * A URL the mapper gave: always as text; also as a link when it is an http(s) URL, so that
 * nothing else (a `javascript:` URL) can ever become an `href`. The link leaves the page
 * without telling the registry where the reader came from.
 */
function urlNode(url: string | null, none: string): Child[] {
  if (url === null) return [element('span', { class: 'absent' }, none)];
  const parsed = URL.canParse(url) ? new URL(url) : null;
  const web = parsed !== null && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
  const text = element('code', {}, url);
  return web ? [text, ' ', element('a', { href: parsed.href, rel: 'noopener noreferrer nofollow', target: '_blank' }, 'open')] : [text];
}

function urlsNode(result: PurlExplanation): HTMLElement | null {
  if (result.urls === null) return null;
  const none = result.hasUrlDocument ? 'none for this PURL' : 'none: this site has no URL templates for this type';
  const list = element('dl', { class: 'purl-box-urls' });
  list.append(
    element('dt', {}, 'Repository URL'),
    element('dd', { 'data-url': 'repository' }, ...urlNode(result.urls.repository, none)),
    element('dt', {}, 'Version page'),
    element('dd', { 'data-url': 'version-page' }, ...urlNode(result.urls.versionPage, none)),
    element('dt', {}, 'Download URL'),
    element('dd', { 'data-url': 'download' }, ...urlNode(result.urls.download, none)),
  );
  return list;
}

function verdict(result: PurlExplanation): string {
  if (result.valid) return result.isCanonical ? 'Valid, and written in canonical form.' : 'Valid, but not written in canonical form.';
  const count = result.errors.length;
  return `Not valid: ${count} problem${count === 1 ? '' : 's'}.`;
}

function render(output: HTMLElement, result: PurlExplanation): void {
  const parts: HTMLElement[] = [element('p', { class: `purl-box-verdict ${result.valid ? 'valid' : 'refused'}` }, verdict(result))];
  if (result.errors.length > 0) {
    const items = result.errors.map((issue) =>
      element('li', { 'data-component': issue.component, 'data-code': issue.code }, element('strong', {}, issue.component), `: ${issue.message} `, element('span', { class: 'muted' }, `(${issue.code})`)),
    );
    parts.push(element('ul', { class: 'purl-box-errors refused' }, ...items));
  }
  if (result.canonical !== null) {
    const label = result.valid ? 'Canonical form: ' : 'Canonical form once repaired: ';
    parts.push(element('p', { class: 'purl-box-canonical' }, label, code(result.canonical)));
  }
  if (result.unknownType) parts.push(element('p', { class: 'muted' }, 'This site has no definition of this type: it is read with the rules ECMA-427 sets for every type.'));
  const urls = urlsNode(result);
  if (urls !== null) parts.push(urls);
  if (result.components !== null) parts.push(componentsNode(result.components));
  output.replaceChildren(...parts);
}

function start(): void {
  const input = document.getElementById('purl-input');
  const output = document.getElementById('purl-output');
  if (!(input instanceof HTMLInputElement) || output === null) return;
  const definitions = (globalThis as Record<string, unknown>)[DEFINITIONS_GLOBAL];
  if (!Array.isArray(definitions)) {
    output.replaceChildren(element('p', { class: 'refused' }, "The box cannot run: this site's definitions (assets/purl-definitions.js) did not load."));
    return;
  }
  let engine: PurlEngine;
  try {
    engine = engineFromDefinitions(definitions);
  } catch (error) {
    output.replaceChildren(element('p', { class: 'refused' }, `The box cannot use this site's definitions: ${message(error)}`));
    return;
  }
  // Without its URL documents the box still explains PURLs; it only says why it shows no URLs.
  let urls: PurlUrls | undefined;
  let urlsProblem: string | null = null;
  const documents = (globalThis as Record<string, unknown>)[URLS_GLOBAL];
  try {
    if (!Array.isArray(documents)) throw new Error("this site's URL documents (assets/purl-urls.js) did not load");
    // teapurl docs checked these documents against the schema when it wrote them; the box does
    // not ship that schema's validator again, but still compiles each template, so a file edited
    // by hand is refused here, not misread.
    const compiled = (documents as PurlTypeUrls[]).map((document) => {
      const { compiled, problems } = compileUrlDocument(document);
      if (problems[0]) throw new Error(`${document.type}: ${problems[0].message}`);
      return compiled;
    });
    urls = purlUrlsFromCompiled(compiled, engine);
  } catch (error) {
    urlsProblem = `The box cannot show URLs: ${message(error)}`;
  }
  const update = () => {
    const value = input.value;
    if (value.trim() === '') {
      output.replaceChildren(element('p', { class: 'muted' }, 'Type a PURL above to see it broken down.'));
      return;
    }
    try {
      render(output, explainPurl(engine, value, urls));
      if (urlsProblem !== null) output.append(element('p', { class: 'refused' }, urlsProblem));
    } catch (error) {
      // A fault inside the engine: said in the box, not left to the console.
      output.replaceChildren(element('p', { class: 'refused' }, `The box cannot explain this PURL: ${message(error)}`));
    }
  };
  input.addEventListener('input', update);
  update();
}

start();
