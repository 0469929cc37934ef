import { escapeHtml } from './escape.js';
import { PURL_BOX_SCRIPT, PURL_DEFINITIONS_SCRIPT, PURL_URLS_SCRIPT } from './purl-box-paths.js';

/** Where a page stands in the site, for the links the box writes. */
export interface PurlBoxPlace {
  /** The relative path from the page to the type pages' folder: `types/` from the index, `` from a type page. */
  readonly typesHref: string;
  /** The type of the page the box is on, or `null` on the index: the box links other types' pages only. */
  readonly pageType: string | null;
}

/**
 * The live PURL box: an input and an output the box's script (assets/purl-box.js) fills in as the
 * reader types. `prefill` is the input's first value (an example of the page's type), escaped
 * here like any text from a definition; a `?purl=` in the page's address replaces it.
 */
export function purlBoxHtml(prefill: string, place: PurlBoxPlace): string {
  const pageType = place.pageType === null ? '' : ` data-page-type="${escapeHtml(place.pageType)}"`;
  return [
    `<section id="purl-box" class="purl-box" aria-labelledby="purl-box-title" data-types-href="${escapeHtml(place.typesHref)}"${pageType}>`,
    '<h2 id="purl-box-title">Try a PURL</h2>',
    `<p class="purl-box-field"><label for="purl-input">PURL or URL</label><input id="purl-input" type="text" value="${escapeHtml(prefill)}" placeholder="pkg:type/namespace/name@version?key=value#subpath" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="purl-box-hint"></p>`,
    '<p id="purl-box-hint" class="muted purl-box-hint">Type a PURL to see its parts, its canonical form and where it leads, or paste a registry or download URL to get its PURL. Read in this page: nothing is sent anywhere.</p>',
    '<div id="purl-output" class="purl-box-output" aria-live="polite"><p class="muted">The live box needs JavaScript.</p></div>',
    '</section>',
  ].join('\n');
}

/** The box's scripts, as a page `depth` folders below the site's root refers to them. */
export function purlBoxScripts(depth: number): string[] {
  const up = '../'.repeat(depth);
  return [`${up}${PURL_DEFINITIONS_SCRIPT}`, `${up}${PURL_URLS_SCRIPT}`, `${up}${PURL_BOX_SCRIPT}`];
}
