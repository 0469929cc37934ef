// Bundles the docs site's live PURL box (src/docs/purl-box/purl-box.browser.ts, with the PURL engine
// of teapurl/purl) into dist/assets/purl-box.js, which `teapurl docs` copies into every HTML site.
// A classic script (IIFE), minified: Chromium refuses ES module scripts on pages opened from disk
// (file://), and the site must work there. Run by `npm run build`, and by the tests' global setup
// (test/support/docs-assets-setup.ts) so that tests running from the sources find a current copy.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSize } from './lib/browser-bundle.mjs';
import { fileURLToPath } from 'node:url';

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
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  return Object.values(result.metafile.outputs)[0].bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await bundleDocsAssets();
  const gzip = gzipSize(readFileSync(PURL_BOX_ASSET));
  console.log(`${PURL_BOX_ASSET}: ${bytes} bytes, ${gzip} gzip (zlib's default level, pako)`);
}
