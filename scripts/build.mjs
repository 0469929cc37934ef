// `npm run build`: builds dist/ (and THIRD_PARTY_NOTICES) from the sources, step by step, unless
// dist/ was already built from exactly these sources. `npm ci` builds (the `prepare` step), and so
// do `npm test`, `npm run main` and `npm pack`; each README command thus builds once, and a second
// build finds the first one's stamp and does nothing.
//
// The stamp (dist/.build-stamp) is a digest of every file the build reads: src/, schemas/, types/,
// the build scripts, package.json, the lockfile and the TypeScript configurations. It is written
// after the last step, and clean-dist.mjs, the first, removes it with the rest of dist/, so a
// build that stopped halfway is never taken for a finished one.
//
//   node scripts/build.mjs [--force] [--verbose] [--check]
//
// --force builds even when the stamp matches; --verbose prints what each step did; --check builds
// nothing and exits 1 when dist/ is not built from the current sources.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = path.join(ROOT, 'dist/.build-stamp');
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** The steps, in order: a script of scripts/ or a command, each run from the package root. */
const STEPS = [
  ['clean-dist.mjs'],
  [TSC, '-p', 'tsconfig.build.json'],
  ['copy-compiled.mjs'],
  ['bundle-entries.mjs'],
  ['bundle-cli.mjs'],
  ['prune-dist.mjs'],
  ['declarations-cjs.mjs'],
  ['bundle-docs-assets.mjs'],
  ['third-party-notices.mjs'],
];

/** What the build reads: folders walked whole, and single files. */
const INPUT_FOLDERS = ['src', 'schemas', 'types', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
// Not inputs: what other tools install or write under scripts/.
const SKIPPED = new Set(['node_modules']);

function filesUnder(folder) {
  const found = [];
  for (const entry of readdirSync(path.join(ROOT, folder), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

function inputsDigest() {
  const hash = createHash('sha256');
  // Node's major version: the tsc and esbuild output does not depend on it, but the installed
  // optional packages (esbuild's binary) do.
  hash.update(`node ${process.versions.node.split('.')[0]}\0`);
  const files = [...INPUT_FOLDERS.flatMap(filesUnder), ...INPUT_FILES].sort();
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const verbose = process.argv.includes('--verbose');
const digest = inputsDigest();
const current = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === digest;
if (process.argv.includes('--check')) {
  if (!current) console.error('dist/ is not built from the current sources: run npm run build');
  process.exit(current ? 0 : 1);
}
if (!force && current) {
  if (verbose) console.log('dist/ is current: built from these sources already');
  process.exit(0);
}

for (const [first, ...rest] of STEPS) {
  const args = first.endsWith('.mjs') ? [path.join(ROOT, 'scripts', first), ...rest] : [first, ...rest];
  const r = spawnSync(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', verbose ? 'inherit' : 'pipe', 'inherit'],
    env: { ...process.env, TEAPURL_BUILD_VERBOSE: verbose ? '1' : '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    // What the step printed is what explains its failure (tsc prints its errors on stdout).
    if (!verbose && r.stdout) process.stdout.write(r.stdout);
    console.error(`teapurl build: ${path.basename(first)} failed${r.error ? `: ${r.error.message}` : ` (exit ${r.status})`}`);
    process.exit(r.status || 1);
  }
}
writeFileSync(STAMP, digest);
