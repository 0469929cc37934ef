// `npm pack` and `npm publish` (prepack, postpack): the tarball's package.json without the
// `prepare` script.
//
// `prepare` builds teapurl wherever npm builds it from source: `npm ci` in a checkout, a git
// install, pre-commit's hook install. A tarball holds the built package and not the script that
// `prepare` runs, yet npm lists a `prepare` it finds in a file or tarball dependency as an install
// script "not yet covered by allowScripts", so installing the tarball would print a warning about
// a script that never runs. Before packing, this builds (a no-op when dist/ is current), keeps
// package.json as it is in .teapurl-pack-backup.json, and writes it without `prepare`; after
// packing, it puts the kept bytes back. A pack that stopped in between is mended by the next one.
//
//   node scripts/pack-manifest.mjs --strip-prepare      (prepack)
//   node scripts/pack-manifest.mjs --restore-prepare    (postpack)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MANIFEST = path.join(ROOT, 'package.json');
// Beside package.json, not in dist/, which a build empties.
const KEPT = path.join(ROOT, '.teapurl-pack-backup.json');

function restore() {
  if (!existsSync(KEPT)) return;
  writeFileSync(MANIFEST, readFileSync(KEPT));
  rmSync(KEPT);
}

function strip() {
  restore();
  // `npm pack` runs prepack before it would run `prepare`, and without `prepare` in the manifest
  // it runs no build at all: build here.
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  if (manifest.scripts?.prepare === undefined) return;
  writeFileSync(KEPT, text);
  delete manifest.scripts.prepare;
  writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
}

if (process.argv.includes('--strip-prepare')) strip();
else if (process.argv.includes('--restore-prepare')) restore();
else {
  console.error('usage: node scripts/pack-manifest.mjs --strip-prepare | --restore-prepare');
  process.exit(2);
}
