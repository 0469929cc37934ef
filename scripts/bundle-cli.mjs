// Bundles the CLI into one CommonJS file, dist/teapurl.cjs. Loading one file is what lets
// `teapurl validate` start fast enough for a pre-commit hook: Node 20 spends more time resolving
// and linking the ESM graph (and lexing its CommonJS dependencies) than running a validation.
// Bundled CommonJS dependencies (picomatch) are only evaluated when first required.
import { build } from 'esbuild';
import { recordBundle } from './lib/bundled-packages.mjs';

const cli = await build({
  entryPoints: ['src/cli/entry.ts'],
  outfile: 'dist/teapurl.cjs',
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  mainFields: ['module', 'main'],
  // Loaded only by serve --self-signed (selfsigned), by keys to verify signatures with (openpgp, @sigstore/verify), or by the pattern guard
  // when a value needs it (re2js, reached through a lazily initialised module), from node_modules:
  // bundling them would make every start-up, validate's included, parse more.
  external: ['selfsigned', 'openpgp', '@sigstore/verify', '@sigstore/bundle', 're2js'],
  minifySyntax: true,
  minifyWhitespace: true,
  // The licences of what is bundled are in THIRD_PARTY_NOTICES (scripts/third-party-notices.mjs).
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  define: { 'import.meta.url': '__teapurlModuleUrl' },
  banner: { js: "const __teapurlModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
recordBundle(process.cwd(), 'cli', cli.metafile);
