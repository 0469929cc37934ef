#!/usr/bin/env node
// Benchmark: teapurl's PURL engine against packageurl-js 2.0.1, parse plus canonical toString.
//
// Input: at least 200,000 distinct PURLs made from the valid parse inputs of the PURL specification's
// conformance suite (../shared/purl-spec/tests) by varying the name (`<name>-<counter>`), so no cache
// could help. Seeds whose varied PURLs either library refuses (e.g. chrome-extension ids, which are
// exactly 32 letters) are dropped before timing, so both libraries do the same work on every string.
//
// Per PURL: teapurl `engine.build(engine.parse(s))` (the same two calls as packageurl-js's
// `PackageURL.fromString(s).toString()`); teapurl's one-pass `canonicalize(s)` is timed as well.
// Rounds alternate between the libraries (default 7; median reported). Nothing is memoised.
// Target: teapurl throughput >= 5x packageurl-js. The exit status is 0 whatever the figures.
//
// Run:   npm run bench:purl             (builds first)
//        node scripts/bench-purl.mjs [--count N] [--rounds N] [--json]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PackageURL } from 'packageurl-js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE = path.resolve(ROOT, '../shared/purl-spec/tests');
const { values } = parseArgs({
  options: { count: { type: 'string', default: '200000' }, rounds: { type: 'string', default: '7' }, json: { type: 'boolean', default: false } },
});
const COUNT = Math.max(200_000, Number(values.count));
const ROUNDS = Math.max(3, Number(values.rounds));
const log = values.json ? () => {} : (...args) => console.log(...args);

const distIndex = path.join(ROOT, 'dist/index.js');
if (!fs.existsSync(distIndex)) {
  console.error('dist/index.js is missing: run npm run build first (npm run bench:purl does)');
  process.exit(2);
}
if (!fs.existsSync(SUITE)) {
  console.error(`${SUITE} is missing: the benchmark builds its input from the PURL conformance suite`);
  process.exit(2);
}
const { defaultPurlEngine } = await import(distIndex);
const engine = defaultPurlEngine();

function suiteInputs() {
  const files = [path.join(SUITE, 'spec/specification-test.json')];
  for (const f of fs.readdirSync(path.join(SUITE, 'types'))) if (f.endsWith('.json')) files.push(path.join(SUITE, 'types', f));
  const inputs = [];
  for (const file of files) {
    for (const t of JSON.parse(fs.readFileSync(file, 'utf8')).tests) {
      if (t.test_type === 'parse' && !t.expected_failure && t.test_group === 'required') inputs.push(t.input);
    }
  }
  return inputs;
}

function accepted(purl) {
  try {
    engine.parse(purl);
    PackageURL.fromString(purl).toString();
    return true;
  } catch {
    return false;
  }
}

// Vary each seed's name; keep seeds for which both libraries accept the varied form.
const seeds = [];
const seen = new Set();
for (const input of suiteInputs()) {
  const c = engine.parse(input);
  const key = engine.build({ ...c, name: `${c.name}-0` });
  if (seen.has(key)) continue;
  seen.add(key);
  const vary = (i) => engine.build({ ...c, name: `${c.name}-${i.toString(36)}` });
  let ok = true;
  try {
    ok = accepted(vary(1)) && accepted(vary(2));
  } catch {
    ok = false;
  }
  if (ok) seeds.push(vary);
}
const purls = new Array(COUNT);
for (let i = 0; i < COUNT; i++) purls[i] = seeds[i % seeds.length](Math.floor(i / seeds.length) + 3);
if (new Set(purls).size !== COUNT) throw new Error('generated PURLs are not distinct');
log(`${COUNT} distinct PURLs from ${seeds.length} conformance-suite seeds; ${ROUNDS} rounds, alternating`);

// Both libraries must agree on the canonical form of what they are timed on, or the comparison is void.
let disagreements = 0;
for (let i = 0; i < seeds.length; i++) if (engine.build(engine.parse(purls[i])) !== PackageURL.fromString(purls[i]).toString()) disagreements++;

let sink = 0;
const runners = {
  'teapurl parse+build': () => {
    for (let i = 0; i < COUNT; i++) sink += engine.build(engine.parse(purls[i])).length;
  },
  'teapurl canonicalize': () => {
    for (let i = 0; i < COUNT; i++) sink += engine.canonicalize(purls[i]).length;
  },
  'packageurl-js fromString+toString': () => {
    for (let i = 0; i < COUNT; i++) sink += PackageURL.fromString(purls[i]).toString().length;
  },
};
const times = Object.fromEntries(Object.keys(runners).map((k) => [k, []]));
for (const run of Object.values(runners)) run(); // warm-up, untimed
for (let round = 0; round < ROUNDS; round++) {
  const order = Object.keys(runners);
  if (round % 2) order.reverse();
  for (const name of order) {
    const start = process.hrtime.bigint();
    runners[name]();
    times[name].push(Number(process.hrtime.bigint() - start) / 1e6);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {};
for (const [name, xs] of Object.entries(times)) result[name] = { medianMs: Math.round(median(xs)), opsPerSecond: Math.round(COUNT / (median(xs) / 1000)) };
const base = result['packageurl-js fromString+toString'].opsPerSecond;
for (const [name, r] of Object.entries(result)) {
  r.ratio = Number((r.opsPerSecond / base).toFixed(2));
  log(`${name.padEnd(36)} ${String(r.medianMs).padStart(6)} ms  ${String(r.opsPerSecond).padStart(9)} ops/s  ${r.ratio.toFixed(2)}x`);
}
const ratio = result['teapurl parse+build'].ratio;
log(`target: teapurl >= 5x packageurl-js: ${ratio >= 5 ? 'met' : 'NOT met'} (${ratio}x)`);
if (disagreements) log(`note: the libraries disagree on the canonical form of ${disagreements} of ${seeds.length} seed PURLs`);
const summary = { node: process.version, count: COUNT, seeds: seeds.length, rounds: ROUNDS, disagreements, result, sink: sink > 0 };
console.log(values.json ? JSON.stringify(summary) : JSON.stringify(summary));
