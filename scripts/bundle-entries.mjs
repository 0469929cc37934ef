// Bundles the five package entries (teapurl, teapurl/purl, teapurl/vers, teapurl/node, teapurl/tea) over the
// tsc output, each into one ES module plus chunks they share (dist/chunks/), so that one copy of
// each module's state (the rule registry, the default engine) serves every entry. Resolving,
// reading and linking the tsc output's 33 to 80 small ES modules was most of an import's cost:
// a fresh import('teapurl/purl') took 43 ms (median), bundled 13.5 ms (npm run bench:import).
// The tsc output stays beside, for the declarations.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const ENTRIES = ['src/index.ts', 'src/purl/index.ts', 'src/vers/index.ts', 'src/node/index.ts', 'src/tea/index.ts'];
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
// Run-time dependencies stay imports from node_modules, except jsonc-parser: its CommonJS build is
// six modules that cost teapurl's import more than the rest of it (bundled as ES modules instead).
const EXTERNAL = [manifest.dependencies, manifest.optionalDependencies, manifest.peerDependencies]
  .flatMap((deps) => Object.keys(deps ?? {}))
  .filter((name) => name !== 'jsonc-parser');

rmSync('dist/chunks', { recursive: true, force: true });
await build({
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
  // Readable output: the package is small, and users step through it in their debuggers.
  minify: false,
  legalComments: 'inline',
  logLevel: 'warning',
});
// tsc's source maps of the entries describe the files esbuild just replaced.
for (const entry of ENTRIES) rmSync(entry.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js.map'), { force: true });
