/** The live PURL box's script in a site: the PURL engine, built by scripts/bundle-docs-assets.mjs. */
export const PURL_BOX_SCRIPT = 'assets/purl-box.js';
/** The site's definitions, as a script that hands them to the box. */
export const PURL_DEFINITIONS_SCRIPT = 'assets/purl-definitions.js';
/** The site's URL documents, as a script that hands them to the box. */
export const PURL_URLS_SCRIPT = 'assets/purl-urls.js';
