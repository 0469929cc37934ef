import { escapeHtml } from './escape.js';
import { PURL_BOX_SCRIPT, PURL_DEFINITIONS_SCRIPT, PURL_URLS_SCRIPT } from './purl-box-asset.js';

/**
 * The live PURL box: an input and an output the box's script (assets/purl-box.js) fills in as the
 * reader types. `prefill` is the input's first value (an example of the page's type), escaped
 * here like any text from a definition.
 */
export function purlBoxHtml(prefill: string): string {
  return [
    '<section id="purl-box" class="purl-box" aria-labelledby="purl-box-title">',
    '<h2 id="purl-box-title">Try a PURL</h2>',
    "<p>Type a Package-URL to see it broken down into its components, its canonical form, its repository and download URLs, and the engine's problems with it. teapurl's PURL engine runs in this page with the definitions of this site; nothing is sent anywhere.</p>",
    `<p class="purl-box-field"><label for="purl-input">PURL</label><input id="purl-input" type="text" value="${escapeHtml(prefill)}" placeholder="pkg:type/namespace/name@version?key=value#subpath" autocomplete="off" autocapitalize="off" spellcheck="false" aria-describedby="purl-output"></p>`,
    '<div id="purl-output" class="purl-box-output" aria-live="polite"><p class="muted">The live box needs JavaScript.</p></div>',
    '</section>',
  ].join('\n');
}

/** The box's scripts, as a page `depth` folders below the site's root refers to them. */
export function purlBoxScripts(depth: number): string[] {
  const up = '../'.repeat(depth);
  return [`${up}${PURL_DEFINITIONS_SCRIPT}`, `${up}${PURL_URLS_SCRIPT}`, `${up}${PURL_BOX_SCRIPT}`];
}
