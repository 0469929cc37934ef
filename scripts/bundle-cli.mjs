// Bundles the CLI into one CommonJS file, dist/teapurl.cjs. Loading one file is what lets
// `teapurl validate` start fast enough for a pre-commit hook: Node 20 spends more time resolving
// and linking the ESM graph (and lexing its CommonJS dependencies) than running a validation.
// Bundled CommonJS dependencies (picomatch) are only evaluated when first required.
import { build } from 'esbuild';

// The pattern guard loads re2js with import(), so that browser bundlers split it off. The CLI runs
// as a script compiled by bin/teapurl.cjs (for its code cache), where import() has no loader; and
// re2js is best left out of the bundle, unparsed at start-up. So the CLI's import('re2js') becomes
// a lazily initialised module holding require('re2js'): loaded from node_modules when first asked.
const lazyRe2js = {
  name: 'lazy-re2js',
  setup(build) {
    build.onResolve({ filter: /^re2js$/ }, (args) => (args.kind === 'dynamic-import' ? { path: 're2js', namespace: 'lazy-re2js' } : { path: 're2js', external: true }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-re2js' }, () => ({ contents: "export { RE2JS } from 're2js';", resolveDir: process.cwd(), loader: 'js' }));
  },
};

await build({
  entryPoints: ['src/cli/entry.ts'],
  outfile: 'dist/teapurl.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  // Loaded only by serve, discover and auth-check, from node_modules: bundling them would make
  // every start-up, validate's included, parse half a megabyte more.
  external: ['selfsigned', 'undici'],
  plugins: [lazyRe2js],
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'import.meta.url': '__teapurlModuleUrl' },
  banner: { js: "const __teapurlModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
