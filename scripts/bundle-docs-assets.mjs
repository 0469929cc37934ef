// Bundles the docs site's live PURL box (src/docs/purl-box/purl-box.browser.ts, with the PURL engine
// of teapurl/purl) into dist/assets/purl-box.js, which `teapurl docs` copies into every HTML site.
// A classic script (IIFE), minified: Chromium refuses ES module scripts on pages opened from disk
// (file://), and the site must work there. Run by `npm run build`, and by the tests' global setup
// (test/support/docs-assets-setup.ts) so that tests running from the sources find a current copy.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

/**
 * Modules the box reaches by import but never calls, replaced by stubs that would say so if they
 * ever were: the box builds its URL mapper with purlUrlsFromCheckedDocuments from documents
 * `teapurl docs` checked against the schema when it wrote assets/purl-urls.js (so the 26 KB
 * compiled validator of purl-type-urls is not needed again), always with the engine of the
 * site's own definitions (so the bundled types' rules, the default engine's 11 KB, are not needed).
 */
const NEVER_CALLED = [
  { filter: /compiled\/purl-type-urls\.js$/, name: 'purlTypeUrls', why: 'the docs box does not check URL documents against the schema: teapurl docs did' },
  { filter: /compiled\/default-rules\.js$/, name: 'DEFAULT_RULES_JSON', why: 'the docs box uses the engine of the site definitions, never the default engine' },
];
const leaveOutNeverCalled = {
  name: 'leave-out-never-called',
  setup(build) {
    for (const [index, stub] of NEVER_CALLED.entries()) {
      build.onResolve({ filter: stub.filter }, () => ({ path: String(index), namespace: 'teapurl-stub' }));
    }
    build.onLoad({ filter: /.*/, namespace: 'teapurl-stub' }, ({ path: index }) => {
      const stub = NEVER_CALLED[Number(index)];
      const body = `throw new Error(${JSON.stringify(stub.why)})`;
      // A function throws when called; a string constant throws on first use through a getter.
      const contents = stub.name === 'purlTypeUrls' ? `export function purlTypeUrls() { ${body}; }` : `export const ${stub.name} = (() => { return { toString() { ${body}; } }; })();`;
      return { contents, loader: 'js' };
    });
  },
};

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
    plugins: [leaveOutNeverCalled],
  });
  return Object.values(result.metafile.outputs)[0].bytes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const bytes = await bundleDocsAssets();
  const gzip = gzipSync(readFileSync(PURL_BOX_ASSET)).length;
  console.log(`${PURL_BOX_ASSET}: ${bytes} bytes, ${gzip} gzip (zlib's default level)`);
}
