// typedoc plugin for the documentation site (`npm run docs:site`, typedoc.site.json). What
// typedoc's options cannot say:
// - a guide's name in the navigation is its title (its first `# ` heading), not its file name;
// - the guides come in the order the README's list of guides (## Guides) gives, then CONTRIBUTING and the
//   CHANGELOG (typedoc would keep the order of the file names);
// - every page links to the sample type documentation site that scripts/docs-site.mjs writes
//   beside typedoc's output (purl-types/), by a URL relative to that page, so the site works
//   served from any folder and opened from disk.
import { readFileSync } from 'node:fs';
import { Converter, JSX } from 'typedoc';

/** The folder of the sample site, relative to the site's root. */
export const SAMPLE_SITE = 'purl-types';

/** The title of a Markdown file: its first line, a `# ` heading, without inline code marks. */
function titleOf(text) {
  const line = text.split('\n', 1)[0] ?? '';
  return line.startsWith('# ') ? line.slice(2).replace(/`/g, '').trim() : undefined;
}

/** The guides' titles in reading order: the README's list of guides, then the last pages. */
function readingOrder() {
  const all = readFileSync('README.md', 'utf8');
  const readme = all.slice(all.indexOf('\n## Guides\n'));
  const guides = [...new Set([...readme.matchAll(/\]\((docs\/[\w.-]+\.md)[#)]/g)].map((m) => m[1]))];
  return [...guides, 'CONTRIBUTING.md', 'CHANGELOG.md'].map((file) => titleOf(readFileSync(file, 'utf8')));
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const order = readingOrder();
    const rank = (reflection) => (reflection.isDocument() ? order.indexOf(reflection.name) + 1 || order.length + 1 : order.length + 2);
    const project = context.project;
    project.documents?.sort((a, b) => rank(a) - rank(b));
    project.childrenIncludingDocuments?.sort((a, b) => rank(a) - rank(b));
  });
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    // The first line of the page, over as many parts as it spans (`code` parts in a title); the
    // page keeps it as its heading.
    const parts = document.content;
    let line = '';
    let end = -1;
    for (let i = 0; i < parts.length && end < 0; i++) {
      const newline = parts[i].kind === 'text' ? parts[i].text.indexOf('\n') : -1;
      line += newline < 0 ? parts[i].text : parts[i].text.slice(0, newline);
      if (newline >= 0) end = i;
    }
    if (end < 0 || !line.startsWith('# ')) return;
    document.name = line.slice(2).replace(/`/g, '').trim();
  });
  app.renderer.hooks.on('sidebar.begin', (context) =>
    JSX.createElement(
      'nav',
      { id: 'teapurl-sample-site', class: 'tsd-navigation' },
      JSX.createElement('a', { href: context.relativeURL(`${SAMPLE_SITE}/index.html`) }, 'Sample type documentation site'),
    ),
  );
}
