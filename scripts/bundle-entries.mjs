// Bundles the package entries (package.json `exports`: teapurl, teapurl/purl, teapurl/node, …)
// over the tsc output, each into one ES module plus chunks they share (dist/chunks/), so that one
// copy of each module (the default engine's lazy cache included) serves every entry. Resolving,
// reading and linking the tsc output's 33 to 80 small ES modules was most of an import's cost:
// a fresh import('teapurl/purl') took 43 ms (median), bundled 13.5 ms (npm run bench:import).
// The tsc output stays beside, for the declarations.
import { build, transform } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { recordBundle } from './lib/bundled-packages.mjs';
import { BODY_FILE, bodyModules, standInSource } from './lib/kind-bodies.mjs';

// Every package entry, from package.json `exports`: one bundle each, over chunks they share.
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));
const ENTRIES = Object.values(manifest.exports)
  // teapurl/types is declarations only: it has no default to bundle.
  .filter((target) => typeof target === 'object' && typeof target.import?.default === 'string')
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

/**
 * The kinds' bodies (scripts/lib/kind-bodies.mjs) are bundled into entries of their own,
 * dist/bodies/<entry>.js, which the rest imports as `#teapurl-bodies/<entry>`: package.json
 * `imports` maps that to the bodies for bundlers (the `module` condition, which esbuild, webpack,
 * Rollup and Vite set and Node does not) and by default, and in Node to
 * dist/bodies/<entry>.node.js, a stand-in written below that loads them with `require` (Node
 * 20.19 requires ES modules, into the same module graph) when a document of one of their kinds is
 * first validated. So `validateText` stays synchronous everywhere, and an import of `teapurl` in
 * Node parses neither the compiled validators, checks and engines of those kinds nor saxes. Few
 * entries, not one a body: each entry cuts the chunks the others share into smaller ones, and each
 * chunk is one more module for Node to resolve and link.
 */
const BODIES = bodyModules();
const BODY_ENTRIES = [...new Set(BODIES.map((b) => b.entry))];
const ENTRY_NAMESPACE = 'teapurl-kind-bodies';
const bodyImports = {
  name: 'kind-bodies',
  setup(b) {
    b.onResolve({ filter: /^teapurl-kind-bodies:/ }, (args) => ({ path: args.path.slice(ENTRY_NAMESPACE.length + 1), namespace: ENTRY_NAMESPACE }));
    b.onLoad({ filter: /.*/, namespace: ENTRY_NAMESPACE }, (args) => ({
      contents: BODIES.filter((body) => body.entry === args.path)
        .map(({ file }) => `export * from './${file.replace(/\.ts$/, '.js')}';`)
        .join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    }));
    b.onResolve({ filter: /-body\.js$/ }, (args) => {
      const match = BODY_FILE.exec(path.resolve(args.resolveDir, args.path));
      const body = match && BODIES.find((candidate) => candidate.name === match[1]);
      if (!body || (args.namespace === ENTRY_NAMESPACE && args.importer === body.entry)) return undefined;
      return { path: `#teapurl-bodies/${body.entry}`, external: true };
    });
  },
};

rmSync('dist/chunks', { recursive: true, force: true });
rmSync('dist/bodies', { recursive: true, force: true });
const entries = await build({
  entryPoints: [...ENTRIES, ...BODY_ENTRIES.map((entry) => ({ in: `${ENTRY_NAMESPACE}:${entry}`, out: `bodies/${entry}` }))],
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
  plugins: [compiledValidators, bodyImports],
  legalComments: 'inline',
  metafile: true,
  logLevel: 'warning',
});
recordBundle(process.cwd(), 'entries', entries.metafile);
// Each stand-in is written from the bodies' own modules as tsc emitted them (the bundled entries
// import the stand-ins of one another in Node).
for (const entry of BODY_ENTRIES) {
  const exported = {};
  for (const { name, file } of BODIES.filter((body) => body.entry === entry)) {
    const body = await import(pathToFileURL(path.resolve(file.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js'))).href);
    for (const [key, value] of Object.entries(body)) {
      if (key in exported) throw new Error(`kind bodies: ${name} exports ${key}, as another body of dist/bodies/${entry}.js does; the names must be unique`);
      exported[key] = value;
    }
  }
  writeFileSync(
    `dist/bodies/${entry}.node.js`,
    standInSource(exported, `createRequire(import.meta.url)('./${entry}.js')`, [
      `// Stands in for ./${entry}.js in Node (scripts/bundle-entries.mjs): the same exports, loading it on first use.`,
      "import { createRequire } from 'node:module';",
    ]),
  );
}
