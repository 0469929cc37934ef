#!/usr/bin/env node
// Benchmark: containment on npm ranges, teapurl/vers against node-semver's `satisfies` (the npm
// registry's own range matcher) and @socketregistry/packageurl-js's `Vers` (the other JavaScript
// VERS library with containment), in one process.
//
// The questions: the native npm ranges of the VERS suite's npm from_native file
// (../shared/vers-spec/tests) plus common ones, each range asked about a fixed set of release
// versions (pre-releases left out: node-semver excludes them by policy, which a VERS does not
// state). The same question in each library's notation: node-semver gets the native range,
// teapurl and Socket its VERS (versFromNative). Questions whose answers differ between the
// libraries are dropped before timing (and counted), so every library answers the same ones.
//
// Rows:
// - pre-parsed: each range parsed once (teapurl compileVers, node-semver `new Range`, Socket
//   `Vers.parse`), then `contains` / `test` per question;
// - parse included: one call per question (teapurl versContains, node-semver satisfies, Socket
//   `Vers.parse(v).contains(x)`). node-semver keeps a cache of parsed ranges, so its "parse" is
//   mostly a lookup.
// Rounds alternate between the runners, in reversed order every other round (default 9 rounds);
// the figure is the median time per question; ratios are the medians of the per-round ratios
// against node-semver. The exit status is 0 whatever the figures.
//
// Run:   npm run bench:vers             (builds first)
//        node scripts/bench-vers.mjs [--rounds N] [--repeat N] [--json]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import semver from 'semver';
// The peer comes from the benchmarks' own install (scripts/bench/; `npm run bench:vers` installs it).
const { socket } = await import('./bench/peers.mjs');
const { Vers: SocketVers } = socket;
import { compileVers, versContains, versFromNative } from '../dist/vers/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE = path.resolve(ROOT, '../shared/vers-spec/tests/npm_range_from_native_test.json');
const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '9' }, repeat: { type: 'string', default: '20' }, json: { type: 'boolean', default: false } },
});
const ROUNDS = Math.max(3, Number(values.rounds));
const REPEAT = Math.max(1, Number(values.repeat));
const log = values.json ? () => {} : (...args) => console.log(...args);

const COMMON = [
  '^1.2.3',
  '~1.2.3',
  '1.x',
  '>=1.2.7 <1.3.0',
  '1.2.3 - 2.3.4',
  '^0.2.3 || ^1.0.0',
  '<2.0.0',
  '>=4.17.21',
  '^4.17.0 || ^5.0.0',
  '>=2.0.0 <2.1.0 || >=3.0.0 <3.2.5',
];
const natives = new Set(COMMON);
if (fs.existsSync(SUITE)) for (const test of JSON.parse(fs.readFileSync(SUITE, 'utf8')).tests) natives.add(test.input.native_range);

const VERSIONS = [];
for (const major of [0, 1, 2, 3, 4, 5, 6])
  for (const minor of [0, 1, 2, 3, 5, 8, 11, 17]) for (const patch of [0, 1, 4, 9, 21]) VERSIONS.push(`${major}.${minor}.${patch}`);

// Each range in the three notations, dropping what a library refuses or answers differently.
const ranges = [];
let refused = 0;
let disagreements = 0;
for (const native of natives) {
  let vers;
  try {
    vers = versFromNative('npm', native);
    const socket = SocketVers.parse(vers);
    const ours = compileVers(vers);
    const range = new semver.Range(native);
    const versions = VERSIONS.filter((v) => {
      const answers = [ours.contains(v), range.test(v), socket.contains(v)];
      if (answers[0] === answers[1] && answers[1] === answers[2]) return true;
      disagreements++;
      return false;
    });
    ranges.push({ native, vers, versions, ours, range, socket });
  } catch {
    refused++;
  }
}
const questions = ranges.reduce((n, r) => n + r.versions.length, 0);

/** Runs `fn` over every question, REPEAT times; the answers are summed so nothing is optimised away. */
function time(fn) {
  let inside = 0;
  const start = process.hrtime.bigint();
  for (let k = 0; k < REPEAT; k++) for (const r of ranges) for (const v of r.versions) if (fn(r, v)) inside++;
  const ns = Number(process.hrtime.bigint() - start);
  return { perQuestion: ns / (REPEAT * questions), inside };
}

const ROWS = {
  'pre-parsed': {
    teapurl: (r, v) => r.ours.contains(v),
    'node-semver': (r, v) => r.range.test(v),
    socket: (r, v) => r.socket.contains(v),
  },
  'parse included': {
    teapurl: (r, v) => versContains(r.vers, v),
    'node-semver': (r, v) => semver.satisfies(v, r.native),
    socket: (r, v) => SocketVers.parse(r.vers).contains(v),
  },
};

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results = {};
log(
  `teapurl/vers containment bench: ${ranges.length} npm ranges, ${questions} questions (${refused} ranges refused by a library, ${disagreements} answers that differ left out), ${ROUNDS} rounds × ${REPEAT}`,
);
for (const [row, runners] of Object.entries(ROWS)) {
  const names = Object.keys(runners);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (const name of names) time(runners[name]); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) times[name].push(time(runners[name]).perQuestion);
  }
  const base = times['node-semver'];
  results[row] = Object.fromEntries(
    names.map((n) => [n, { nsPerQuestion: Math.round(median(times[n])), ratioToNodeSemver: Number(median(times[n].map((t, i) => t / base[i])).toFixed(2)) }]),
  );
  log(`\n${row}`);
  for (const n of names)
    log(`  ${n.padEnd(12)} ${String(results[row][n].nsPerQuestion).padStart(7)} ns/question   ${results[row][n].ratioToNodeSemver.toFixed(2)}× node-semver`);
}
if (values.json) console.log(JSON.stringify({ ranges: ranges.length, questions, refused, disagreements, rounds: ROUNDS, results }, null, 2));
