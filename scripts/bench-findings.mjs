#!/usr/bin/env node
// Benchmark: does the validator's cost grow linearly with the number of findings?
//
// What it measures, in one run (the built library, dist/index.js, in this process):
//   (a) unknown keys: a discovery document with N unknown top-level keys (N = 10,000, 100,000 and
//       1,000,000; the last is a 13 MB file, under the default 16 MiB limit), so N schema findings,
//       each of which needs its line and column. validateText is timed with the default cap on listed
//       findings (1,000) and with no cap (every finding placed and returned).
//   (b) 60,000 endpoints with the same url: 59,999 discovery/duplicate-url findings.
//   (c) a type definition with a backtracking pattern (^(?:[a-z0-9]+|(A+)+b)$ on a case-insensitive
//       name, the survey's) and 100,000 examples: validateText, loadPurlEngine and
//       generateDocsSite (HTML, given the engine; a page breaks down its first 1,000 examples).
//       Target: each under 2 s. The peer is the per-example time limit this
//       replaced, estimated from 1,000 examples each run alone under its own limit (the survey's
//       50 ms per example, for a value that runs out of time).
//   (d) the peer: the approach this replaced, one jsonc-parser tree search per finding
//       (findNodeAtLocation), on the 10,000-key document and a 30,000-key one, side by side with
//       the index teapurl now builds in one pass for all findings.
// Each figure is the median of --runs timed runs (default 3) after one untimed warm-up. Ratios:
// time(10x findings) / time(N findings) should be close to 10 for a linear cost, ~100 for a square one;
// the growth exponent (log-log slope from 10,000 to 1,000,000) is printed for each variant and for the
// floor beside it (JSON.parse, Object.keys and a map of one message per key: V8's own structures).
//
// The variants and the floor run interleaved, and with --expose-gc (as npm run bench:findings runs
// it) each run starts after the garbage of the one before is collected. Beside each size, the
// variants' time over the floor's (constant when teapurl grows as V8's own structures do), and
// with more than two sizes the exponent of the last step alone (the smallest fits the caches).
//
// Run:   npm run bench:findings           (builds first)
//        node --expose-gc scripts/bench-findings.mjs [--runs N] [--sizes 10000,100000,1000000] [--growth-only] [--json]

import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { validateText } = await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);
const { loadPurlEngine, loadPatternGuard } = await import(pathToFileURL(path.join(ROOT, 'dist/purl/index.js')).href);
const { generateDocsSite } = await import(pathToFileURL(path.join(ROOT, 'dist/docs/index.js')).href);

const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
const sizesAt = args.indexOf('--sizes');
const SIZES =
  sizesAt === -1
    ? [10_000, 100_000, 1_000_000]
    : String(args[sizesAt + 1])
        .split(',')
        .map(Number);
// --growth-only: the unknown-keys table and its growth exponents, nothing else (a shorter run).
const growthOnly = args.includes('--growth-only');
if (!Number.isInteger(runs) || runs < 1 || SIZES.length < 2 || !SIZES.every((n) => Number.isInteger(n) && n > 0)) {
  console.error('usage: node scripts/bench-findings.mjs [--runs N] [--sizes N,N,...] [--growth-only] [--json]');
  process.exit(2);
}

const ENDPOINT = '{"url": "https://tea.example.com", "versions": ["1.0.0"]}';

function unknownKeys(n) {
  const parts = [`{"schemaVersion": 1, "endpoints": [${ENDPOINT}]`];
  for (let i = 0; i < n; i++) parts.push(`,\n"k${i}":0`);
  parts.push('\n}');
  return parts.join('');
}

function duplicateEndpoints(n) {
  return `{"schemaVersion": 1, "endpoints": [\n${Array.from({ length: n }, () => ENDPOINT).join(',\n')}\n]}`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn) {
  fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** {@link time} for work that answers with a promise. */
async function timeAsync(fn) {
  await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * The median time of each of `fns`, their runs interleaved (in turn forwards and backwards), so
 * that heap growth and machine noise hit all alike; with --expose-gc, the garbage of one run is
 * collected before the next starts.
 */
function timeAll(...fns) {
  for (const fn of fns) fn();
  const samples = fns.map(() => []);
  const order = fns.map((_, k) => k);
  for (let i = 0; i < runs; i++) {
    for (const k of i % 2 === 0 ? order : [...order].reverse()) {
      globalThis.gc?.();
      const start = performance.now();
      fns[k]();
      samples[k].push(performance.now() - start);
    }
  }
  return samples.map(median);
}

const log = (line) => {
  if (!json) console.log(line);
};
const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
const results = { unknownKeys: [], growth: null, lastStep: null, duplicateEndpoints: null, slowPattern: null, peer: [] };

log(`validator cost per number of findings (median of ${runs} runs, Node ${process.version})`);
log('');
/**
 * The floor for a document with N unknown keys: what any validator of it in JavaScript does at
 * least, with V8's own structures and nothing of teapurl's: parse the text, enumerate the keys,
 * and keep one message per key in a map by its pointer. Its cost per key grows with N too (a
 * parsed object of that many keys is a hash table, and so is the map; both outgrow the caches and
 * the young generation), which is how far from linear the validator's growth can get.
 */
function floor(text) {
  const value = JSON.parse(text);
  const messages = new Map();
  for (const key of Object.keys(value))
    if (key !== 'schemaVersion' && key !== 'endpoints') messages.set(`/${key}`, `document has the unknown property "${key}"`);
  return messages.size;
}

/** The growth exponent between two sizes: 1 for a linear cost, 2 for a square one (log-log slope). */
const exponent = (n0, t0, n1, t1) => Math.log(t1 / t0) / Math.log(n1 / n0);

log(
  'unknown keys     size      findings   capped (1,000 listed)   uncapped (all listed)   floor (parse, keys, map)   ratio to previous (capped / uncapped / floor)   to the floor (capped / uncapped)',
);
let previous = null;
for (const n of SIZES) {
  const text = unknownKeys(n);
  let count = 0;
  let listed = 0;
  // The two variants alternate run by run, so heap growth and machine noise hit both alike.
  let kept = 0;
  // The variants and the floor alternate run by run, so heap growth and machine noise hit all alike.
  const [capped, uncapped, floorMs] = timeAll(
    () => {
      listed = validateText(text, { kind: 'tea-discovery' }).findings.length;
    },
    () => {
      count = validateText(text, { kind: 'tea-discovery', maxFindings: Infinity }).findings.length;
    },
    () => {
      kept = floor(text);
    },
  );
  if (count !== n || listed !== 1001 || kept !== n) throw new Error(`expected ${n} findings (1,001 listed), got ${count} (${listed}); floor ${kept}`);
  const ratio = previous
    ? `${(capped / previous.capped).toFixed(1)}x / ${(uncapped / previous.uncapped).toFixed(1)}x / ${(floorMs / previous.floorMs).toFixed(1)}x`
    : '';
  log(
    `${String(n).padStart(12)}  ${`${(text.length / 1e6).toFixed(1)} MB`.padStart(8)}  ${String(count).padStart(10)}   ${fmt(capped).padStart(21)}   ${fmt(uncapped).padStart(21)}   ${fmt(floorMs).padStart(24)}   ${ratio.padEnd(45)}   ${(capped / floorMs).toFixed(2)} / ${(uncapped / floorMs).toFixed(2)}`,
  );
  results.unknownKeys.push({ findings: n, bytes: text.length, cappedMs: capped, uncappedMs: uncapped, floorMs });
  previous = { capped, uncapped, floorMs };
}
{
  const [first, beforeLast, last] = [results.unknownKeys[0], results.unknownKeys.at(-2), results.unknownKeys.at(-1)];
  const growthOf = (from, to) => {
    const growth = (key) => Number(exponent(from.findings, from[key], to.findings, to[key]).toFixed(3));
    return { from: from.findings, to: to.findings, capped: growth('cappedMs'), uncapped: growth('uncappedMs'), floor: growth('floorMs') };
  };
  results.growth = growthOf(first, last);
  // The last step alone: the smallest document fits the caches, which the largest ones do not.
  results.lastStep = growthOf(beforeLast, last);
  for (const g of SIZES.length > 2 ? [results.growth, results.lastStep] : [results.growth]) {
    log(
      `growth exponent ${g.from.toLocaleString('en')} to ${g.to.toLocaleString('en')} findings (1 = linear): capped ${g.capped}, uncapped ${g.uncapped}, floor ${g.floor}`,
    );
  }
}

if (!growthOnly) {
  const text = duplicateEndpoints(60_000);
  let count = 0;
  const ms = time(() => {
    count = validateText(text, { kind: 'tea-discovery', maxFindings: Infinity }).findings.filter((f) => f.rule === 'discovery/duplicate-url').length;
  });
  if (count !== 59_999) throw new Error(`expected 59,999 duplicate-url findings, got ${count}`);
  log('');
  log(`60,000 endpoints with one url (${(text.length / 1e6).toFixed(1)} MB): ${count} findings in ${fmt(ms)}`);
  results.duplicateEndpoints = { endpoints: 60_000, findings: count, ms };
}

if (!growthOnly) {
  const letters = (i) => i.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]);
  const definition = JSON.parse(readFileSync(path.join(ROOT, 'corpus/purl-types/cargo-definition.json'), 'utf8'));
  definition.name_definition.permitted_characters = '^(?:[a-z0-9]+|(A+)+b)$';
  definition.name_definition.case_sensitive = false;
  definition.examples = Array.from({ length: 100_000 }, (_, i) => `pkg:cargo/${'a'.repeat(30)}${letters(i)}@1.0`);
  const text = JSON.stringify(definition);
  let findings = [];
  // Each run gets a fresh copy: results are cached per document object.
  const validate = time(() => {
    findings = validateText(text, { file: 'cargo-definition.json' }).findings;
  });
  const engineMs = await timeAsync(() => loadPurlEngine([JSON.parse(text)]));
  // docs as `teapurl docs --types DIR` runs it: the engine loaded (timed above), then the pages.
  const docsEngine = await loadPurlEngine([JSON.parse(text)]);
  let pageBytes = 0;
  const docsMs = time(() => {
    const copy = JSON.parse(text);
    const pages = generateDocsSite([copy], { format: 'html', engine: docsEngine });
    pageBytes = pages.reduce((sum, page) => sum + page.content.length, 0);
  });
  const rules = findings.map((f) => f.rule).join(', ');
  // Without the pattern guard the exponential pattern runs on no value: the backtracking warning,
  // and one notice each that the uppercase probes and the examples were not all run.
  if (rules !== 'purl-type/pattern-backtracking, purl-type/case-insensitive-pattern, purl-type/example-valid') {
    throw new Error(`expected the backtracking warning and two not-run notices, got ${rules}`);
  }
  // What `teapurl validate` does with such a file: validate with the pattern guard, every example
  // checked in linear time on re2js.
  const patternGuard = await loadPatternGuard();
  let guarded = [];
  const validateGuarded = time(() => {
    guarded = validateText(text, { file: 'cargo-definition.json', patternGuard }).findings;
  });
  if (guarded.some((f) => f.rule === 'purl-type/example-valid'))
    throw new Error(`with the guard every example is checked, got ${guarded.map((f) => f.message).join('; ')}`);
  // The peer: each uppercase probe alone under its own time limit, as before the budget per definition.
  const probe = new RegExp(definition.name_definition.permitted_characters, 'u');
  const { createContext, Script } = await import('node:vm');
  const context = createContext({ probe, value: '' });
  const script = new Script('probe.test(value)');
  const sample = 20;
  const start = performance.now();
  for (let i = 0; i < sample; i++) {
    context.value = `${'A'.repeat(30)}${letters(i).toUpperCase()}`;
    try {
      script.runInContext(context, { timeout: 50 });
    } catch {
      // ran out of time, as each of them does
    }
  }
  const perExample = (performance.now() - start) / sample;
  log('');
  log(`a definition with a backtracking pattern and 100,000 examples (${(text.length / 1e6).toFixed(1)} MB; target: each under 2 s):`);
  log(
    `  validateText ${fmt(validate)} (guard not loaded: the pattern runs on no example)   validateText with the guard ${fmt(validateGuarded)} (every example checked)`,
  );
  log(`  loadPurlEngine ${fmt(engineMs)}   generateDocsSite (HTML, ${(pageBytes / 1e6).toFixed(1)} MB) ${fmt(docsMs)}`);
  log(
    `  peer, a time limit per example: ${perExample.toFixed(1)} ms per example, so about ${fmt(perExample * 100_000)} for 100,000 (ratio ${((perExample * 100_000) / validateGuarded).toFixed(0)}x to the guarded validation)`,
  );
  results.slowPattern = {
    examples: 100_000,
    validateMs: validate,
    validateGuardedMs: validateGuarded,
    fromDefinitionsMs: engineMs,
    docsMs,
    peerPerExampleMs: perExample,
  };
}

if (!growthOnly) log('');
if (!growthOnly) log('placing N findings (after validation): one jsonc-parser tree search per finding (the peer) vs one pass for all (teapurl)');
for (const n of growthOnly ? [] : [10_000, 30_000]) {
  const text = unknownKeys(n);
  const keys = Array.from({ length: n }, (_, i) => `k${i}`);
  const peer = time(() => {
    const tree = parseTree(text);
    for (const key of keys) findNodeAtLocation(tree, [key]);
  });
  const ours = time(() => validateText(text, { kind: 'tea-discovery', maxFindings: Infinity }));
  log(
    `${String(n).padStart(12)} findings: tree search ${fmt(peer).padStart(8)}   teapurl (whole validation) ${fmt(ours).padStart(8)}   ratio ${(peer / ours).toFixed(1)}x`,
  );
  results.peer.push({ findings: n, treeSearchMs: peer, teapurlMs: ours });
}

if (json) console.log(JSON.stringify(results));
