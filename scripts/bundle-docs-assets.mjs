// Bundles the docs site's live PURL box (src/docs/purl-box/purl-box.browser.ts, with the PURL engine
// of teapurl/purl) into dist/assets/purl-box.js, which `teapurl docs` copies into every HTML site.
// A classic script (IIFE), minified: Chromium refuses ES module scripts on pages opened from disk
// (file://), and the site must work there. Run by `npm run build`, and by the tests' global setup
// (test/support/docs-assets-setup.ts) so that tests running from the sources find a current copy.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordBundle } from './lib/bundled-packages.mjs';

/** Where the asset goes, relative to the package root; src/docs/purl-box-asset.ts reads it from there. */
export const PURL_BOX_ASSET = 'dist/assets/purl-box.js';

/** Writes the asset under `root` (default: this package) and returns its size in bytes. */
export async function bundleDocsAssets(root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')) {
  const result = await build({
    entryPoints: [path.join(root, 'src/docs/purl-box/purl-box.browser.ts')],
    outfile: path.join(root, PURL_BOX_ASSET),
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    // The licences of what is bundled are in the package's THIRD_PARTY_NOTICES.
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  recordBundle(root, 'docs-assets', result.metafile);
  return Object.values(result.metafile.outputs)[0].bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await bundleDocsAssets();
  // The size is for `node scripts/bundle-docs-assets.mjs` and `npm run build -- --verbose`; the
  // build runs this step quietly, and before the tools that measure gzip (pako) are installed.
  // After `npm ci` alone pako (a development tool) is not there: node:zlib at the same level
  // gives the figure then, within a few bytes of pako's.
  if (process.env.TEAPURL_BUILD_VERBOSE !== '') {
    const asset = readFileSync(PURL_BOX_ASSET);
    const gzip = await import('./lib/browser-bundle.mjs').then(
      ({ gzipSize }) => `${gzipSize(asset)} gzip (zlib's default level, pako)`,
      async () =>
        `${(await import('node:zlib')).gzipSync(asset, { level: 6 }).length} gzip (node:zlib, level 6; pako, installed by node scripts/dev-tools.mjs, gives the figure the guides use)`,
    );
    console.log(`${PURL_BOX_ASSET}: ${bytes} bytes, ${gzip}`);
  }
}
