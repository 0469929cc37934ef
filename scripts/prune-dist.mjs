// Removes from dist/ what nothing loads, so the package ships only that: the JavaScript the
// package's entries import (esbuild follows the graph; the CLI is the separate bundle
// dist/teapurl.cjs) and the declaration files TypeScript reads for the entries' types. What goes:
// modules used only by the CLI (compiled into its bundle), the empty .js of type-only modules, and
// declarations of internal modules no public type mentions.
import { readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';

const root = process.cwd();
const dist = path.join(root, 'dist');
const exportsMap = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).exports;
// Each entry: `{ import: { types, default }, require: { types (the .d.cts twins, written after this), default }, default }`.
const targets = Object.values(exportsMap)
  .filter((target) => typeof target === 'object' && typeof target.import?.default === 'string')
  .map((target) => target.import);
const inDist = (file) => file.startsWith(`${dist}${path.sep}`);

// The kinds' bodies and their stand-ins (scripts/bundle-entries.mjs), which entries import through
// package.json `imports` and the stand-ins `require`.
const bodies = readdirSync(path.join(dist, 'bodies')).map((file) => path.join(dist, 'bodies', file));
const graph = await build({
  entryPoints: [...targets.map((target) => path.join(root, target.default)), ...bodies],
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  write: false,
  outdir: 'unused',
  metafile: true,
  // Every file an entry imports is kept, even a chunk imported only for evaluation order, which
  // `"sideEffects": false` would otherwise let esbuild skip (and warn about).
  ignoreAnnotations: true,
  logLevel: 'warning',
});
const keep = new Set(Object.keys(graph.metafile.inputs).map((file) => path.resolve(root, file)));
keep.add(path.join(dist, 'teapurl.cjs'));
// Files `teapurl docs` copies into the sites it writes (the live PURL box's script): read, not imported.
const ASSETS = path.join(dist, 'assets');

const program = ts.createProgram(
  targets.map((target) => path.join(root, target.types)),
  { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, noEmit: true, skipLibCheck: true, types: [] },
);
for (const source of program.getSourceFiles()) keep.add(path.resolve(source.fileName));

let removed = 0;
/** Deletes unkept .js and .d.ts files under `folder`; `true` when the folder is left empty. */
function prune(folder) {
  let left = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory() && file === ASSETS) {
      left++;
    } else if (entry.isDirectory()) {
      if (prune(file)) rmdirSync(file);
      else left++;
    } else if (/\.(d\.ts|js)$/.test(entry.name) && inDist(file) && !keep.has(file)) {
      rmSync(file);
      removed++;
    } else {
      left++;
    }
  }
  return left === 0;
}
prune(dist);
console.log(`dist/: removed ${removed} files no entry loads`);
