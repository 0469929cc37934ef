// Bundles the CLI into CommonJS files: dist/teapurl.cjs (the dispatcher and what every command
// shares at start), one bundle per command in dist/commands/<command>.cjs, and each compiled schema
// validator in dist/commands/compiled/<schema>.cjs. Loading few files is what lets `teapurl
// validate` start fast enough for a pre-commit hook: Node 20 spends more time resolving and linking
// an ESM graph (and lexing its CommonJS dependencies) than running a validation, and most of a
// cold start is V8 compiling the script it loads. So a command loads only its own bundle, and a
// kind's compiled validator (the largest code there is) is required the first time a document of
// that kind is validated: validating a discovery document compiles neither the SBOM nor the TEA
// object nor the PURL type definition validators. Bundled CommonJS dependencies (picomatch) are
// only evaluated when first required.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { recordBundle } from './lib/bundled-packages.mjs';
import { BODY_FILE, bodyModules, standInSource } from './lib/kind-bodies.mjs';

const COMMANDS_DIR = 'dist/commands';
// What the CLI's modules import on demand (`import('./x.js')`): each command, and --fix.
const COMMAND = /^\.\/([a-z-]+)\.js$/;
const OWN_BUNDLE = new Set(['validate-command']);
const COMPILED = /[\\/]kinds[\\/]compiled[\\/]([a-z-]+)\.js$/;

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  // Loaded only by serve --self-signed (selfsigned), by the keys to verify signatures with
  // (openpgp, @sigstore/verify), or by the pattern guard when a value needs it (re2js, reached
  // through a lazily initialised module), from node_modules: bundling them would make every
  // start-up, validate's included, parse more.
  external: ['selfsigned', 'openpgp', '@sigstore/verify', '@sigstore/bundle', 're2js'],
  minifySyntax: true,
  minifyWhitespace: true,
  // The licences of what is bundled are in THIRD_PARTY_NOTICES (scripts/third-party-notices.mjs).
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { 'import.meta.url': '__teapurlModuleUrl' },
  banner: { js: "const __teapurlModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
};

// The kinds' bodies (scripts/lib/kind-bodies.mjs): in the CLI all in one bundle,
// dist/commands/kind-bodies.cjs, which the commands' bundles require the first time a document of
// one of their kinds is validated (a discovery document needs none). One bundle, so that each
// module is in it once (the PURL engine that the checks of several kinds use above all).
const BODIES = bodyModules();
const BODIES_BUNDLE = 'kind-bodies';
/** Every body's exports, as tsc emitted them (dist/<domain>/…; bundle-entries.mjs checked their names are unique). */
const bodyExports = {};
for (const { file } of BODIES)
  Object.assign(bodyExports, await import(pathToFileURL(path.resolve(file.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js'))).href));

/** The names each generated validator module exports (`export function <name>(data, options)`). */
function exportedValidators(file) {
  return [...readFileSync(file, 'utf8').matchAll(/^export function (\w+)\(data, options\)/gm)].map((m) => m[1]);
}

/**
 * Commands the dispatcher imports become requires of their own bundles; a compiled validator
 * becomes a stand-in with the same exports that requires the validator's own file on first call.
 */
function splitting(commandsFrom, compiledFrom, { bodies = true } = {}) {
  return {
    name: 'teapurl-cli-split',
    setup(b) {
      // A body becomes its stand-in: the same exports, requiring the bodies' bundle on first use.
      if (bodies) {
        b.onResolve({ filter: /-body\.js$/ }, (args) =>
          BODY_FILE.test(path.resolve(args.resolveDir, args.path)) ? { path: BODIES_BUNDLE, namespace: 'kind-bodies' } : undefined,
        );
        b.onLoad({ filter: /.*/, namespace: 'kind-bodies' }, () => ({
          contents: standInSource(
            bodyExports,
            `require(require('node:path').join(__dirname, ${JSON.stringify(`${compiledFrom.replace(/compiled$/, '')}${BODIES_BUNDLE}.cjs`)}))`,
          ),
          loader: 'js',
        }));
      }
      b.onResolve({ filter: COMMAND }, (args) => {
        if (args.kind !== 'dynamic-import' || path.dirname(args.importer) !== path.resolve('src/cli')) return undefined;
        const name = COMMAND.exec(args.path)[1];
        return { path: `${commandsFrom}/${OWN_BUNDLE.has(name) ? name : 'commands'}.cjs`, namespace: 'command-bundle' };
      });
      // A require of the command's bundle, not an import(): Node would lex a CommonJS file it
      // imports for its export names, reading every byte of it once more.
      b.onLoad({ filter: /.*/, namespace: 'command-bundle' }, (args) => ({
        contents: `module.exports = require(require('node:path').join(__dirname, ${JSON.stringify(args.path)}));`,
        loader: 'js',
      }));
      // The XML parser, needed only when an SBOM is XML: its own file, required on first use.
      b.onResolve({ filter: /^saxes$/ }, () => ({ path: 'saxes', namespace: 'lazy-saxes' }));
      b.onLoad({ filter: /.*/, namespace: 'lazy-saxes' }, () => ({
        contents: [
          'let loaded;',
          `const load = () => (loaded ??= require(require('node:path').join(__dirname, ${JSON.stringify(`${compiledFrom.replace(/compiled$/, '')}lib/saxes.cjs`)})));`,
          // A constructor that returns an object makes `new` give that object: the real parser.
          'export class SaxesParser { constructor(options) { return new (load().SaxesParser)(options); } }',
        ].join('\n'),
        loader: 'js',
      }));
      b.onResolve({ filter: /compiled\/[a-z-]+\.js$/ }, (args) => {
        const file = path.resolve(args.resolveDir, args.path);
        return COMPILED.test(file) && existsSync(file) && !file.endsWith('vers-fields.js') ? { path: file, namespace: 'lazy-validator' } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'lazy-validator' }, (args) => {
        const name = COMPILED.exec(args.path)[1];
        const lines = exportedValidators(args.path).map(
          (fn) => `export function ${fn}(data, options) { const v = load().${fn}; const ok = v(data, options); ${fn}.errors = v.errors; return ok; }`,
        );
        return {
          contents: [
            'let loaded;',
            `function load() { return (loaded ??= require(require('node:path').join(__dirname, ${JSON.stringify(`${compiledFrom}/${name}.cjs`)}))); }`,
            ...lines,
          ].join('\n'),
          loader: 'js',
          resolveDir: path.dirname(args.path),
        };
      });
    },
  };
}

// validate, which pre-commit hooks start on every commit, has a bundle of its own; every other
// command (and --fix) shares one, so that the package holds each module about twice, not ten times.
const commandFiles = readdirSync('src/cli').filter((f) => /-command\.ts$/.test(f) || f === 'validate-fix.ts');
const shared = commandFiles.filter((f) => !OWN_BUNDLE.has(f.replace(/\.ts$/, '')));
const compiledFiles = readdirSync('src').flatMap((domain) => {
  try {
    return readdirSync(`src/${domain}/kinds/compiled`)
      .filter((f) => f.endsWith('.js'))
      .map((f) => `src/${domain}/kinds/compiled/${f}`);
  } catch {
    return [];
  }
});

/** The plugin that makes a command bundle's entry: validate alone, or every other command. */
const cliEntries = {
  name: 'teapurl-cli-entries',
  setup(b) {
    b.onResolve({ filter: /^(validate-command|commands)$/ }, (args) => ({ path: args.path, namespace: 'cli-entry' }));
    b.onLoad({ filter: /.*/, namespace: 'cli-entry' }, (args) => ({
      // validate's bundle also holds the body of a --jobs worker, so that the worker loads no code twice.
      contents: (args.path === 'commands' ? shared : ['validate-command.ts', 'validate-worker.ts'])
        .map((f) => `export * from './src/cli/${f.replace(/\.ts$/, '.js')}';`)
        .join('\n'),
      resolveDir: process.cwd(),
      loader: 'ts',
    }));
  },
};

const [cli, validateBundle, commands, compiled] = await Promise.all([
  build({ ...common, entryPoints: ['src/cli/entry.ts'], outfile: 'dist/teapurl.cjs', plugins: [splitting('./commands', 'commands/compiled')] }),
  // validate, which every commit's hook starts, keeps its names unmangled: V8 starts it faster
  // without keepNames' helpers. The other commands are minified whole (keeping class and function
  // names, which messages show), so that the package stays small.
  build({
    ...common,
    entryPoints: ['validate-command'],
    outdir: COMMANDS_DIR,
    outExtension: { '.js': '.cjs' },
    plugins: [cliEntries, splitting('.', 'compiled')],
  }),
  build({
    ...common,
    minify: true,
    keepNames: true,
    entryPoints: ['commands'],
    outdir: COMMANDS_DIR,
    outExtension: { '.js': '.cjs' },
    plugins: [cliEntries, splitting('.', 'compiled')],
  }),
  build({
    ...common,
    // Generated code nobody reads: minified whole.
    minify: true,
    entryPoints: Object.fromEntries(compiledFiles.map((f) => [path.basename(f, '.js'), f])),
    outdir: `${COMMANDS_DIR}/compiled`,
    outExtension: { '.js': '.cjs' },
    banner: {},
    define: {},
  }),
]);
// The entry of a `validate --jobs N` worker thread: validate's own bundle, started as a worker.
// Only a run with more than one job starts one.
const worker = await build({
  ...common,
  stdin: { contents: "require('./validate-command.cjs').runValidateWorker();", loader: 'js', resolveDir: process.cwd() },
  external: [...common.external, './validate-command.cjs'],
  outfile: `${COMMANDS_DIR}/validate-worker.cjs`,
  banner: {},
  define: {},
});
const kindBodies = await build({
  ...common,
  stdin: { contents: BODIES.map(({ file }) => `export * from './${file.replace(/\.ts$/, '.js')}';`).join('\n'), loader: 'ts', resolveDir: process.cwd() },
  outfile: `${COMMANDS_DIR}/${BODIES_BUNDLE}.cjs`,
  plugins: [splitting('.', 'compiled', { bodies: false })],
});
const saxes = await build({
  ...common,
  entryPoints: { saxes: 'saxes' },
  outdir: `${COMMANDS_DIR}/lib`,
  outExtension: { '.js': '.cjs' },
  banner: {},
  define: {},
});
const inputs = {
  ...cli.metafile.inputs,
  ...validateBundle.metafile.inputs,
  ...commands.metafile.inputs,
  ...compiled.metafile.inputs,
  ...saxes.metafile.inputs,
  ...kindBodies.metafile.inputs,
  ...worker.metafile.inputs,
};
recordBundle(process.cwd(), 'cli', { inputs });
