// typedoc plugin for the documentation site (`npm run docs:site`, typedoc.site.json). Two things
// typedoc's options cannot say:
// - a guide's name in the navigation is its title (its first `# ` heading), not its file name;
// - every page links to the sample type documentation site that scripts/docs-site.mjs writes
//   beside typedoc's output (purl-types/), by a URL relative to that page, so the site works
//   served from any folder and opened from disk.
import { Converter, JSX } from 'typedoc';

/** The folder of the sample site, relative to the site's root. */
export const SAMPLE_SITE = 'purl-types';

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    const first = document.content[0];
    const title = first?.kind === 'text' ? /^# (.+)\n/.exec(first.text) : null;
    if (!title) return;
    document.name = title[1].trim();
    // The page shows the name as its heading already.
    first.text = first.text.slice(title[0].length);
  });
  app.renderer.hooks.on('sidebar.begin', (context) =>
    JSX.createElement(
      'nav',
      { id: 'teapurl-sample-site', class: 'tsd-navigation' },
      JSX.createElement('a', { href: context.relativeURL(`${SAMPLE_SITE}/index.html`) }, 'Sample type documentation site'),
    ),
  );
}
