#!/usr/bin/env node
// Benchmark: teapurl/vers of two builds (two checkouts, each built with `npm run build`) on the
// same containment questions, in one process with alternating rounds, so that a change can be
// told from the machine's load: the VERS of the VERS suite's npm from_native ranges (those both
// builds convert alike), each asked about 280 release versions, compiled once per range
// ("compiled": compileVers + contains) and read on every question ("parse": versContains).
// Prints the median time per question of 12 rounds after 3 warm-up rounds, and after/before.
//
// Run:   node scripts/bench-vers-builds.mjs <before-checkout> <after-checkout>
//        (needs ../shared/vers-spec beside this repository)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const roots = process.argv.slice(2);
if (roots.length !== 2) {
  console.error('usage: node scripts/bench-vers-builds.mjs <before-checkout> <after-checkout>');
  process.exit(2);
}
const [a, b] = await Promise.all(roots.map((root) => import(pathToFileURL(path.resolve(root, 'dist/vers/index.js')).href)));
const here = path.dirname(fileURLToPath(import.meta.url));
const suite = JSON.parse(fs.readFileSync(path.join(here, '../../shared/vers-spec/tests/npm_range_from_native_test.json'), 'utf8'));
const natives = [...new Set(suite.tests.map((t) => t.input.native_range))];
const VERSIONS = [];
for (const major of [0, 1, 2, 3, 4, 5, 6])
  for (const minor of [0, 1, 2, 3, 5, 8, 11, 17]) for (const patch of [0, 1, 4, 9, 21]) VERSIONS.push(`${major}.${minor}.${patch}`);
const vers = [];
for (const n of natives) {
  try {
    const x = a.versFromNative('npm', n);
    if (x === b.versFromNative('npm', n)) vers.push(x);
  } catch {
    // A range either build refuses is left out.
  }
}
function time(lib, mode) {
  const t = process.hrtime.bigint();
  let inside = 0;
  if (mode === 'compiled') {
    for (const v of vers) {
      const r = lib.compileVers(v);
      for (const x of VERSIONS) if (r.contains(x)) inside++;
    }
  } else {
    for (const v of vers) for (const x of VERSIONS) if (lib.versContains(v, x)) inside++;
  }
  return [Number(process.hrtime.bigint() - t) / (vers.length * VERSIONS.length), inside];
}
const res = { a: { compiled: [], parse: [] }, b: { compiled: [], parse: [] } };
for (let round = 0; round < 15; round++)
  for (const [name, lib] of round % 2
    ? [
        ['a', a],
        ['b', b],
      ]
    : [
        ['b', b],
        ['a', a],
      ])
    for (const mode of ['compiled', 'parse']) {
      const [ns] = time(lib, mode);
      if (round > 2) res[name][mode].push(ns);
    }
const med = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)];
};
console.log(`${vers.length} ranges × ${VERSIONS.length} versions; median ns/question over 12 rounds (3 warm-up)`);
for (const mode of ['compiled', 'parse'])
  console.log(
    `${mode}: before ${med(res.a[mode]).toFixed(0)} ns, after ${med(res.b[mode]).toFixed(0)} ns, after/before ${(med(res.b[mode]) / med(res.a[mode])).toFixed(3)}`,
  );
