/**
 * The docs site's live PURL box, bundled by scripts/bundle-docs-assets.mjs into a classic script
 * (`assets/purl-box.js`): Chromium refuses ES module scripts on pages opened from disk. It builds
 * an engine from the definitions the site documents (`assets/purl-definitions.js` sets them
 * before this runs), so a site made from a user's own folder explains that folder's types, and
 * explains what the reader types without any request. What the reader typed reaches the page only
 * as text nodes (`textContent`), never as markup.
 */
import { purlAskedFor } from './asked-purl.js';
import type { PurlEngine, PurlComponents } from '../../purl/index.js';
import { engineFromDefinitions } from '../../purl/engine/engine-from-definitions.js';
import { purlUrlsFromCompiled, type PurlUrls } from '../../purl/urls/purl-urls.js';
import { compileUrlDocument } from '../../purl/urls/url-document.js';
import type { PurlTypeUrls } from '../../../types/index.js';
import { DEFINITIONS_GLOBAL, URLS_GLOBAL } from './definitions-global.js';
import { explainInput, type InputExplanation, type PurlExplanation } from './explain-purl.js';

type Child = Node | string;

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function element(tag: string, attributes: Record<string, string>, ...children: Child[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  // Nothing for an empty string: a cell with no value stays :empty, which the stylesheet hides on a narrow screen.
  node.append(...children.filter((child) => child !== ''));
  return node;
}

const code = (text: string): Child => (text === '' ? element('span', { class: 'muted' }, '(empty string)') : element('code', {}, text));

function qualifiersNode(qualifiers: PurlComponents['qualifiers']): Child {
  if (qualifiers === null) return '';
  const items = Object.keys(qualifiers)
    .sort()
    .map((key) => element('li', {}, code(key), ' = ', code(qualifiers[key]!)));
  return element('ul', {}, ...items);
}

const COMPONENT_NAMES = ['type', 'namespace', 'name', 'version', 'qualifiers', 'subpath'] as const;

/** The components as one row of a table (blocks on a narrow screen), as the type pages show examples. */
function componentsNode(components: PurlComponents): HTMLElement {
  const cells: Record<(typeof COMPONENT_NAMES)[number], Child> = {
    type: code(components.type),
    namespace: components.namespace === null ? '' : code(components.namespace),
    name: code(components.name),
    version: components.version === null ? '' : code(components.version),
    qualifiers: qualifiersNode(components.qualifiers),
    subpath: components.subpath === null ? '' : code(components.subpath),
  };
  const head = element('tr', {}, ...COMPONENT_NAMES.map((name) => element('th', { scope: 'col' }, name)));
  const row = element('tr', {}, ...COMPONENT_NAMES.map((name) => element('td', { 'data-label': name, 'data-component': name }, cells[name])));
  return element(
    'div',
    { class: 'table-wrap' },
    element('table', { class: 'stack purl-box-components' }, element('thead', {}, head), element('tbody', {}, row)),
  );
}

/**
 * A URL the mapper gave: always as text; also as a link when it is an http(s) URL, so that
 * nothing else (a `javascript:` URL) can ever become an `href`. The link leaves the page
 * without telling the registry where the reader came from.
 */
function urlNode(url: string | null, none: string): Child[] {
  if (url === null) return [element('span', { class: 'muted' }, none)];
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
    element('dt', {}, 'Repository'),
    element('dd', { 'data-url': 'repository' }, ...urlNode(result.urls.repository, none)),
    element('dt', {}, 'Version page'),
    element('dd', { 'data-url': 'version-page' }, ...urlNode(result.urls.versionPage, none)),
    element('dt', {}, 'Download'),
    element('dd', { 'data-url': 'download' }, ...urlNode(result.urls.download, none)),
  );
  return list;
}

function verdict(result: PurlExplanation): string {
  if (result.valid && result.isCanonical) return 'Valid, and written in canonical form.';
  if (result.valid)
    return result.notCanonical.length === 0 ? 'Valid, but not written in canonical form.' : `Valid, but not canonical: ${result.notCanonical.join('; ')}.`;
  const count = result.errors.length;
  return `Not valid: ${count} problem${count === 1 ? '' : 's'}.`;
}

/** Where the box's own links lead: this page with `?purl=`, and the page of the PURL's type. */
interface Place {
  /** The relative path to the type pages' folder from this page. */
  readonly typesHref: string;
  /** The type of this page, or `null` on the index. */
  readonly pageType: string | null;
  /** The types this site has a page for. */
  readonly types: ReadonlySet<string>;
}

/** `?purl=<text>`: a link to this page with the box showing `text`. */
const purlQuery = (text: string) => `?purl=${encodeURIComponent(text)}`;

function linksNode(typed: string, type: string | null, place: Place): HTMLElement {
  const links: Child[] = [element('a', { href: `${purlQuery(typed)}#purl-box`, 'data-link': 'share' }, 'Link to this')];
  if (type !== null && type !== place.pageType && place.types.has(type)) {
    links.push(
      element(
        'a',
        { href: `${place.typesHref}${encodeURIComponent(type)}.html${purlQuery(typed)}#purl-box`, 'data-link': 'type-page' },
        'The ',
        code(type),
        " type's page",
      ),
    );
  }
  return element('p', { class: 'purl-box-links' }, ...links);
}

function explanationNodes(result: PurlExplanation): HTMLElement[] {
  const parts: HTMLElement[] = [element('p', { class: `purl-box-verdict ${result.valid ? 'valid' : 'refused'}` }, verdict(result))];
  if (result.errors.length > 0) {
    const items = result.errors.map((issue) =>
      element(
        'li',
        { 'data-component': issue.component, 'data-code': issue.code },
        element('strong', {}, issue.component),
        `: ${issue.message} `,
        element('span', { class: 'muted' }, `(${issue.code})`),
      ),
    );
    parts.push(element('ul', { class: 'purl-box-errors refused' }, ...items));
  }
  if (result.warnings.length > 0) {
    const items = result.warnings.map((issue) =>
      element(
        'li',
        { 'data-component': issue.component, 'data-code': issue.code },
        element('strong', {}, 'warning'),
        `: ${issue.message} `,
        element('span', { class: 'muted' }, `(${issue.code})`),
      ),
    );
    parts.push(element('ul', { class: 'purl-box-warnings' }, ...items));
  }
  if (result.canonical !== null && !result.isCanonical) {
    const label = result.valid ? 'Canonical form: ' : 'Canonical form once repaired: ';
    parts.push(element('p', { class: 'purl-box-canonical' }, label, code(result.canonical)));
  }
  if (result.unknownType)
    parts.push(element('p', { class: 'muted' }, 'This site has no definition of this type: it is read with the rules ECMA-427 sets for every type.'));
  if (result.components !== null) parts.push(componentsNode(result.components));
  const urls = urlsNode(result);
  if (urls !== null) parts.push(urls);
  return parts;
}

function render(output: HTMLElement, typed: string, shown: InputExplanation, place: Place): void {
  if (shown.kind === 'unknown-url') {
    output.replaceChildren(
      element('p', { class: 'purl-box-verdict refused' }, 'No URL template on this site reads this URL back to a PURL.'),
      element('p', { class: 'muted' }, 'A PURL begins with pkg:. A registry page or download URL of a type with URL templates reads back to its PURL.'),
    );
    return;
  }
  const parts: HTMLElement[] = [];
  if (shown.kind === 'url') parts.push(element('p', { class: 'purl-box-from-url' }, 'This URL is the PURL ', code(shown.purl), '.'));
  parts.push(...explanationNodes(shown.explanation));
  parts.push(linksNode(typed, shown.explanation.components?.type ?? null, place));
  output.replaceChildren(...parts);
}

/** What the page's address asks the box to show: `?purl=` (or `#purl=`, which never reaches a server), else `null`. */
function askedFor(): string | null {
  // A raw `&` after `purl=` is the PURL's own qualifier separator (purl-box/asked-purl.ts).
  return purlAskedFor(location.search, location.hash);
}

/**
 * Puts what the box shows into the page's address (`?purl=`), so that the address bar can be
 * copied and shared; an empty box takes it out. A browser that refuses (some do for pages opened
 * from disk) keeps the old address: the box's own link still carries the PURL.
 */
function remember(typed: string): void {
  const url = new URL(location.href);
  if (typed === '') url.searchParams.delete('purl');
  else url.searchParams.set('purl', typed);
  if (url.hash.startsWith('#purl=')) url.hash = '';
  if (url.href === location.href) return;
  try {
    history.replaceState(history.state, '', url.href);
  } catch {
    // The address stays as it was.
  }
}

function start(): void {
  const input = document.getElementById('purl-input');
  const output = document.getElementById('purl-output');
  const box = document.getElementById('purl-box');
  if (!(input instanceof HTMLInputElement) || output === null || box === null) return;
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
  const place: Place = { typesHref: box.getAttribute('data-types-href') ?? '', pageType: box.getAttribute('data-page-type'), types: new Set(engine.types()) };
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
  const update = (fromAddress: boolean) => {
    const typed = input.value.trim();
    if (!fromAddress) remember(typed);
    if (typed === '') {
      output.replaceChildren(element('p', { class: 'muted' }, 'Type a PURL above to see it broken down.'));
      return;
    }
    try {
      render(output, typed, explainInput(engine, typed, urls), place);
      if (urlsProblem !== null) output.append(element('p', { class: 'refused' }, urlsProblem));
    } catch (error) {
      // A fault inside the engine: said in the box, not left to the console.
      output.replaceChildren(element('p', { class: 'refused' }, `The box cannot explain this: ${message(error)}`));
    }
  };
  const asked = askedFor();
  if (asked !== null) input.value = asked;
  input.addEventListener('input', () => update(false));
  update(true);
}

start();
