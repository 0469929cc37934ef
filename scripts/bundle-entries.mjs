// Bundles the package entries (package.json `exports`: teapurl, teapurl/purl, teapurl/node, …)
// over the tsc output, each into one ES module plus chunks they share (dist/chunks/), so that one
// copy of each module (the default engine's lazy cache included) serves every entry. Resolving,
// reading and linking the tsc output's 33 to 80 small ES modules was most of an import's cost:
// a fresh import('teapurl/purl') took 43 ms (median), bundled 13.5 ms (npm run bench:import).
// The tsc output stays beside, for the declarations.
import { build, transform } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { recordBundle } from './lib/bundled-packages.mjs';

// Every package entry, from package.json `exports`: one bundle each, over chunks they share.
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const ENTRIES = Object.values(manifest.exports)
  .filter((target) => typeof target === 'object')
  .map((target) => target.import.default.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
// Run-time dependencies stay imports from node_modules, except jsonc-parser: its CommonJS build is
// six modules that cost teapurl's import more than the rest of it (bundled as ES modules instead).
const EXTERNAL = [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies]
  .flatMap((deps) => Object.keys(deps ?? {}))
  .filter((name) => name !== 'jsonc-parser');

/** The generated validators (`src/<domain>/kinds/compiled/*.js`), minified as they are bundled. */
const compiledValidators = {
  name: 'minify-compiled-validators',
  setup(b) {
    b.onLoad({ filter: /[\\/]kinds[\\/]compiled[\\/][a-z-]+\.js$/ }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), { loader: 'js', format: 'esm', minify: true, target: 'node20' });
      return { contents: code, loader: 'js' };
    });
  },
};

rmSync('dist/chunks', { recursive: true, force: true });
const entries = await build({
  entryPoints: ENTRIES,
  outdir: 'dist',
  outbase: 'src',
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  mainFields: ['module', 'main'],
  // Readable output: the package is small, and users step through it in their debuggers. The
  // generated schema validators, which nobody reads, are minified (compiledValidators below): they
  // are most of the code an import of every kind has Node parse.
  minify: false,
  plugins: [compiledValidators],
  legalComments: 'inline',
  metafile: true,
  logLevel: 'warning',
});
recordBundle(process.cwd(), 'entries', entries.metafile);
// tsc's source maps of the entries describe the files esbuild just replaced.
for (const entry of ENTRIES) rmSync(entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js.map'), { force: true });
