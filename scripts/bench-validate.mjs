#!/usr/bin/env node
// Benchmark: `teapurl validate` against ajv-cli 5 on TEA discovery documents, both tools validating with
// schemas/tea-discovery.schema.json in ajv strict mode (ajv-cli also loads ajv-formats and
// scripts/bench/ajv-annotations.cjs, which registers the schema's `x-expected` annotation keyword).
//
// What it measures, in one run:
//   (a) cold start: each CLI spawned as a fresh child process on one discovery document, --runs times
//       (default 15, at least 10), the two tools interleaved run by run (alternating which goes first) so
//       machine noise hits both alike; reports each median wall time and the ratio teapurl/ajv.
//       Target: teapurl median <= 1/3 of ajv-cli's.
//   (b) throughput: one invocation of each CLI over --docs generated documents (default 10000, written as
//       separate files to .bench/docs/, the glob passed unexpanded to both tools), timed 3 times each,
//       interleaved; reports docs/s and µs a document from each median, the ratio teapurl/ajv, and the
//       floor (list, read, JSON.parse: scripts/bench/read-floor.cjs) beside them. teapurl runs as a user
//       runs it: --jobs auto (worker threads from 20,000 files on). Target (issue 38): a document costs
//       at most ajv-cli's below 100,000 documents (ratio >= 1), and 1.5x faster from 100,000 on.
//   (c) with --jobs-table: teapurl with --jobs 1, 2 and 4 on the same documents, interleaved.
// Wall time is measured around spawnSync, so it includes process start-up; both tools' output goes to
// /dev/null. "Cold" means a new process, not a cold disk: one untimed warm-up run of each tool comes first.
// The children run with Node's defaults: NODE_OPTIONS and NODE_EXTRA_CA_CERTS unset. The second adds
// to every Node start the parsing of its certificates (on this project's machine, the system bundle
// of 144: about 80% of `node -e 0`'s instructions), the same for both tools; when it is set, (a) is
// run a second time with it and printed as its own row, with the same target.
//
// Sanity guard (exit 1 if it fails): both tools must reject a deliberately corrupted document and accept
// every generated one (exit 0, and each must report all N files valid). Targets missed do not fail the run:
// this is a benchmark, not a test, so the exit status is 0 whatever the figures.
//
// Run:   npm run bench:validate            (after `npm run build`)
//        node scripts/bench-validate.mjs [--runs N] [--docs N] [--json]
// --json prints only the final JSON line (same object that ends the normal output).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from './lib/prng.mjs';
// ajv-cli comes from the benchmarks' own install (scripts/bench/; `npm run bench:validate` installs it).
const { AJV_CLI } = await import('./bench/peers.mjs');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BENCH_DIR = path.join(ROOT, '.bench');
const DOCS_DIR = path.join(BENCH_DIR, 'docs');
const DOCS_GLOB = '.bench/docs/*.json'; // relative to ROOT, the children's cwd; never shell-expanded
const ONE_DOC = '.bench/one.json';
const CORRUPT_DOC = '.bench/corrupt.json';
const THROUGHPUT_RUNS = 3;
const COLD_TARGET = 1 / 3; // teapurl median / ajv median must be at most this
const THROUGHPUT_TARGET = (docs) => (docs >= 100_000 ? 1.5 : 1); // teapurl docs/s / ajv docs/s must be at least this
const JOB_COUNTS = [1, 2, 4];

// ---------------------------------------------------------------------------------------------- options

function usage(message) {
  if (message) console.error(`bench-validate: ${message}`);
  console.error('usage: node scripts/bench-validate.mjs [--runs N (>=10, default 15)] [--docs N (default 10000)] [--jobs-table] [--json]');
  process.exit(2);
}

function parseArgs(argv) {
  const options = { runs: 15, docs: 10000, json: false, jobsTable: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--json') options.json = true;
    else if (name === '--jobs-table') options.jobsTable = true;
    else if (name === '--runs' || name === '--docs') {
      const raw = inline ?? argv[++i];
      const value = Number(raw);
      if (!Number.isInteger(value) || value < 1) usage(`${name} needs a positive integer, got ${JSON.stringify(raw)}`);
      options[name.slice(2)] = value;
    } else if (name === '-h' || name === '--help') usage();
    else usage(`unknown argument ${JSON.stringify(arg)}`);
  }
  if (options.runs < 10) usage('--runs must be at least 10');
  return options;
}

const options = parseArgs(process.argv.slice(2));
const log = options.json ? () => {} : (...args) => console.error(...args);

// --------------------------------------------------------------------------------------------- commands

const childEnv = { ...process.env };
delete childEnv.NODE_OPTIONS; // no inherited --require/--inspect etc. skewing either tool
childEnv.NO_COLOR = '1';
// Node 20 reads and parses every certificate of NODE_EXTRA_CA_CERTS (and builds its whole root
// store) when a process starts, before any script runs: on a machine that sets it to the system's
// bundle that is most of `node -e 0`, the same for both tools. The tools are timed with Node's
// defaults; when the variable is set, the cold start is timed again with it, as a second row.
const EXTRA_CA = childEnv.NODE_EXTRA_CA_CERTS || undefined;
delete childEnv.NODE_EXTRA_CA_CERTS;
const extraCaEnv = EXTRA_CA === undefined ? null : { ...childEnv, NODE_EXTRA_CA_CERTS: EXTRA_CA };
/** How many certificates the inherited NODE_EXTRA_CA_CERTS holds, for the row's label. */
function extraCaCount() {
  try {
    return (fs.readFileSync(EXTRA_CA, 'latin1').match(/-----BEGIN CERTIFICATE-----/g) ?? []).length;
  } catch {
    return null;
  }
}

const TOOLS = {
  teapurl: (target) => [path.join('bin', 'teapurl.cjs'), 'validate', '--kind', 'tea-discovery', target],
  ajv: (target) => [
    AJV_CLI,
    'validate',
    '--spec=draft7',
    '-s',
    'schemas/tea-discovery.schema.json',
    '-d',
    target,
    '-c',
    'ajv-formats',
    '-c',
    './scripts/bench/ajv-annotations.cjs',
  ],
};

/**
 * Runs one tool once; `capture` keeps its output (sanity runs), otherwise it goes to /dev/null.
 * Captured output goes to files, not pipes: ajv-cli prints each verdict with console.log and then
 * calls process.exit(), which on a pipe drops what Node had not written yet (a pipe is written
 * asynchronously, a file synchronously), so a count read from a pipe could come up short.
 */
function run(tool, target, { capture = false, extraArgs = [], env = childEnv } = {}) {
  const args = TOOLS[tool](target);
  args.splice(2, 0, ...extraArgs); // after `<script> validate`
  const dir = capture ? fs.mkdtempSync(path.join(os.tmpdir(), 'teapurl-bench-')) : null;
  const files = dir ? [path.join(dir, 'stdout'), path.join(dir, 'stderr')] : [];
  const fds = files.map((file) => fs.openSync(file, 'w'));
  try {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, args, { cwd: ROOT, env, stdio: capture ? ['ignore', fds[0], fds[1]] : 'ignore' });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (result.error) fail(`could not start ${tool}: ${result.error.message}`);
    const [stdout, stderr] = files.map((file) => fs.readFileSync(file, 'utf8'));
    return { ms, status: result.status, signal: result.signal, stdout: stdout ?? '', stderr: stderr ?? '' };
  } finally {
    for (const fd of fds) fs.closeSync(fd);
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
}

function fail(message) {
  console.error(`bench-validate: SANITY FAILURE: ${message}`);
  if (options.json) console.log(JSON.stringify({ ok: false, error: message }));
  process.exit(1);
}

function describeExit(result) {
  const out = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(0, 12).join('\n');
  return `exit ${result.status ?? `signal ${result.signal}`}${out ? `\n${out}` : ''}`;
}

// ------------------------------------------------------------------------------------------- documents

const PRERELEASES = ['alpha', 'alpha.1', 'beta', 'beta.2', 'rc.1', 'rc.10', '0.3.7', 'x.7.z.92', 'x-y-z.--', 'dev.20240611'];
const BUILDS = ['build.5', '001', '20130313144700', 'exp.sha.5114f85', 'sha.0a1b2c3', 'ci-8812'];
const HOSTS = ['tea.example.com', 'api.example.org', 'transparency.vendor.example', 'tea-eu.example.net', 'localhost.example', 'sbom.acme.example'];
const PATHS = ['', '/tea', '/api', '/tea/v1', '/api/tea', '/v2/transparency', '/products/tea-api'];
const PRIORITIES = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1];

/**
 * One valid discovery document: 1-4 endpoints with distinct https URLs, each with 1-4 versions of distinct
 * precedence (some with prerelease and/or build metadata), priority on about half the endpoints. Valid for
 * the schema and for teapurl's semantic checks (no duplicate URL or version, no http:// warning).
 */
function makeDocument(random, index) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const endpoints = [];
  const urls = new Set();
  const endpointCount = 1 + Math.floor(random() * 4);
  while (endpoints.length < endpointCount) {
    const port = random() < 0.2 ? `:${8000 + Math.floor(random() * 1000)}` : '';
    const url = `https://${random() < 0.5 ? `t${index % 97}.` : ''}${pick(HOSTS)}${port}${pick(PATHS)}`;
    if (urls.has(url)) continue;
    urls.add(url);
    const versions = [];
    const cores = new Set();
    const versionCount = 1 + Math.floor(random() * 4);
    while (versions.length < versionCount) {
      let core = `${Math.floor(random() * 4)}.${Math.floor(random() * 21)}.${Math.floor(random() * 51)}`;
      const r = random();
      if (r < 0.3) core += `-${pick(PRERELEASES)}`;
      if (cores.has(core)) continue;
      cores.add(core);
      versions.push(random() < 0.25 ? `${core}+${pick(BUILDS)}` : core);
    }
    const endpoint = { url, versions };
    if (random() < 0.5) endpoint.priority = pick(PRIORITIES);
    endpoints.push(endpoint);
  }
  return { schemaVersion: 1, endpoints };
}

function writeDocuments(count) {
  fs.rmSync(DOCS_DIR, { recursive: true, force: true });
  fs.mkdirSync(DOCS_DIR, { recursive: true });
  const random = prng(0x7ea);
  const width = String(count).length;
  let bytes = 0;
  let first;
  for (let i = 0; i < count; i++) {
    const document = makeDocument(random, i);
    first ??= document;
    // Vary the layout as well as the content: pretty-printed, compact and tab-indented files.
    const text = `${JSON.stringify(document, null, [2, 0, '\t'][i % 3] || undefined)}\n`;
    bytes += Buffer.byteLength(text);
    fs.writeFileSync(path.join(DOCS_DIR, `discovery-${String(i).padStart(width, '0')}.json`), text);
  }
  return { bytes, first };
}

// ------------------------------------------------------------------------------------------- statistics

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const round = (value, digits = 1) => Number(value.toFixed(digits));

/** Times each tool `runs` times on `target`, interleaved, alternating which tool goes first each round. */
function interleaved(target, runs, label, env = childEnv) {
  const times = { teapurl: [], ajv: [] };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? ['teapurl', 'ajv'] : ['ajv', 'teapurl'];
    for (const tool of order) {
      const result = run(tool, target, { env });
      if (result.status !== 0) {
        // A timed run must succeed, or the time is not that of a validation; rerun captured to explain.
        fail(`${tool} failed on ${target} during ${label} run ${i + 1}: ${describeExit(run(tool, target, { capture: true, env }))}`);
      }
      times[tool].push(result.ms);
    }
    log(`  ${label} ${i + 1}/${runs}: teapurl ${times.teapurl.at(-1).toFixed(1)} ms, ajv ${times.ajv.at(-1).toFixed(1)} ms`);
  }
  return times;
}

// ----------------------------------------------------------------------------------------------- checks

function checkPrerequisites() {
  for (const [file, hint] of [
    ['dist/teapurl.cjs', 'run `npm run build` first'],
    ['bin/teapurl.cjs', 'the teapurl launcher is missing'],
    [path.relative(ROOT, AJV_CLI), 'run `node scripts/dev-tools.mjs --bench` (ajv-cli is a benchmark peer, installed apart)'],
    ['scripts/bench/ajv-annotations.cjs', 'the ajv-cli keyword module is missing'],
    ['schemas/tea-discovery.schema.json', 'the discovery schema is missing'],
  ]) {
    if (!fs.existsSync(path.join(ROOT, file))) fail(`${file} not found: ${hint}`);
  }
}

/** Both tools must reject a corrupted document; "valid" from either would make the timings meaningless. */
function checkRejectsCorrupt(sample) {
  const corrupt = structuredClone(sample);
  corrupt.endpoints[0].versions[0] = `v${corrupt.endpoints[0].versions[0]}`; // leading v: schema pattern
  corrupt.endpoints[0].url += '/'; // trailing slash: schema pattern
  fs.writeFileSync(path.join(ROOT, CORRUPT_DOC), `${JSON.stringify(corrupt, null, 2)}\n`);
  // Exit 1 alone is not enough: ajv-cli also exits 1 when it cannot compile the schema. Each tool must
  // name the document invalid for a schema reason.
  const teapurl = run('teapurl', CORRUPT_DOC, { capture: true, extraArgs: ['--format', 'json'] });
  if (teapurl.status === 0) fail(`teapurl accepted the deliberately corrupted ${CORRUPT_DOC}: ${describeExit(teapurl)}`);
  let report;
  try {
    [report] = JSON.parse(teapurl.stdout);
  } catch {
    // handled below
  }
  if (teapurl.status !== 1 || report?.valid !== false || !report.findings?.some((f) => f.rule?.startsWith('schema/'))) {
    fail(`teapurl did not reject ${CORRUPT_DOC} with schema findings (expected exit 1): ${describeExit(teapurl)}`);
  }
  const ajv = run('ajv', CORRUPT_DOC, { capture: true });
  if (ajv.status === 0) fail(`ajv-cli accepted the deliberately corrupted ${CORRUPT_DOC}: ${describeExit(ajv)}`);
  if (ajv.status !== 1 || !ajv.stderr.includes(`${CORRUPT_DOC} invalid`) || !ajv.stderr.includes('must match pattern')) {
    fail(`ajv-cli did not reject ${CORRUPT_DOC} as invalid data (expected exit 1 and "${CORRUPT_DOC} invalid"): ${describeExit(ajv)}`);
  }
}

/** Both tools must accept every generated document, and say so for each one of them. */
function checkAcceptsAll(count) {
  const teapurl = run('teapurl', DOCS_GLOB, { capture: true, extraArgs: ['--format', 'json'] });
  if (teapurl.status !== 0) fail(`teapurl rejected generated documents: ${describeExit(teapurl)}`);
  let reports;
  try {
    reports = JSON.parse(teapurl.stdout);
  } catch (error) {
    fail(`teapurl --format json printed unparseable output: ${error.message}`);
  }
  const valid = Array.isArray(reports) ? reports.filter((r) => r.valid === true && r.kind === 'tea-discovery').length : -1;
  if (valid !== count) fail(`teapurl reported ${valid} valid tea-discovery documents, expected ${count}`);
  const warned = reports.filter((r) => (r.findings ?? []).length > 0);
  if (warned.length) fail(`teapurl reported findings on generated documents, e.g. ${JSON.stringify(warned[0]).slice(0, 400)}`);

  const ajv = run('ajv', DOCS_GLOB, { capture: true });
  if (ajv.status !== 0) fail(`ajv-cli rejected generated documents: ${describeExit(ajv)}`);
  const ajvValid = ajv.stdout.split('\n').filter((line) => / valid$/.test(line)).length;
  if (ajvValid !== count) fail(`ajv-cli reported ${ajvValid} valid documents, expected ${count}`);
  return { teapurlMs: teapurl.ms, ajvMs: ajv.ms };
}

// ------------------------------------------------------------------------------------------------- main

checkPrerequisites();
fs.mkdirSync(BENCH_DIR, { recursive: true });

const cpus = os.cpus();
const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cpus: cpus.length,
  availableParallelism: os.availableParallelism?.() ?? cpus.length,
  cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
  loadavg1: round(os.loadavg()[0], 2),
};
log(`machine: node ${machine.node}, ${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), load ${machine.loadavg1}`);

log(`generating ${options.docs} discovery documents in .bench/docs/ ...`);
const generated = writeDocuments(options.docs);
fs.writeFileSync(path.join(ROOT, ONE_DOC), `${JSON.stringify(generated.first, null, 2)}\n`);

log('sanity: both tools must reject a corrupted document and accept all generated ones ...');
checkRejectsCorrupt(generated.first);
checkAcceptsAll(options.docs); // also warms the page cache for the throughput runs

log(`warm-up: one untimed run of each tool on ${ONE_DOC}`);
for (const tool of ['teapurl', 'ajv']) {
  const result = run(tool, ONE_DOC, { capture: true });
  if (result.status !== 0) fail(`${tool} rejected ${ONE_DOC} in the warm-up run: ${describeExit(result)}`);
}

log(`(a) cold start: ${options.runs} interleaved runs of each on ${ONE_DOC}`);
const cold = interleaved(ONE_DOC, options.runs, 'cold');
const certificates = extraCaEnv === null ? null : extraCaCount();
let coldCa = null;
if (extraCaEnv !== null) {
  log(`(a') cold start again with the inherited NODE_EXTRA_CA_CERTS (${certificates ?? '?'} certificates): ${options.runs} interleaved runs of each`);
  coldCa = interleaved(ONE_DOC, options.runs, "cold'", extraCaEnv);
}

log(`(b) throughput: ${THROUGHPUT_RUNS} interleaved runs of each over '${DOCS_GLOB}' (${options.docs} files)`);
const bulk = interleaved(DOCS_GLOB, THROUGHPUT_RUNS, 'bulk');

log(`    floor: ${THROUGHPUT_RUNS} runs of scripts/bench/read-floor.cjs (readdir + readFileSync + JSON.parse, no validation)`);
const floorTimes = [];
for (let i = 0; i < THROUGHPUT_RUNS; i++) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['scripts/bench/read-floor.cjs', DOCS_DIR], { cwd: ROOT, env: childEnv, stdio: 'ignore' });
  if (result.status !== 0) fail('scripts/bench/read-floor.cjs failed');
  floorTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
}
const floorMs = median(floorTimes);

// (c) teapurl alone with 1, 2 and 4 worker threads, interleaved run by run.
const jobsTimes = Object.fromEntries(JOB_COUNTS.map((jobs) => [jobs, []]));
if (options.jobsTable) {
  log(`(c) --jobs ${JOB_COUNTS.join(', ')}: ${THROUGHPUT_RUNS} interleaved runs of each`);
  for (let i = 0; i < THROUGHPUT_RUNS; i++) {
    for (const jobs of i % 2 === 0 ? JOB_COUNTS : [...JOB_COUNTS].reverse()) {
      const result = run('teapurl', DOCS_GLOB, { extraArgs: ['--jobs', String(jobs)] });
      if (result.status !== 0)
        fail(`teapurl --jobs ${jobs} failed: ${describeExit(run('teapurl', DOCS_GLOB, { capture: true, extraArgs: ['--jobs', String(jobs)] }))}`);
      jobsTimes[jobs].push(result.ms);
    }
  }
}

const coldTeapurl = median(cold.teapurl);
const coldAjv = median(cold.ajv);
const coldRatio = coldTeapurl / coldAjv;
/** The cold-start figures of one environment's runs. */
function coldSummary(times, environment) {
  const [teapurl, ajv] = [median(times.teapurl), median(times.ajv)];
  return {
    runs: options.runs,
    document: ONE_DOC,
    environment,
    teapurlMedianMs: round(teapurl),
    ajvMedianMs: round(ajv),
    teapurlRangeMs: [round(Math.min(...times.teapurl)), round(Math.max(...times.teapurl))],
    ajvRangeMs: [round(Math.min(...times.ajv)), round(Math.max(...times.ajv))],
    ratio: round(teapurl / ajv, 3),
    target: 'teapurl/ajv <= 0.333',
    met: teapurl / ajv <= COLD_TARGET,
  };
}
const bulkTeapurl = median(bulk.teapurl);
const bulkAjv = median(bulk.ajv);
const rateTeapurl = options.docs / (bulkTeapurl / 1000);
const rateAjv = options.docs / (bulkAjv / 1000);
const rateRatio = rateTeapurl / rateAjv;

const summary = {
  ok: true,
  machine,
  coldStart: coldSummary(cold, "Node's defaults (NODE_OPTIONS and NODE_EXTRA_CA_CERTS unset)"),
  coldStartExtraCa: coldCa === null ? null : coldSummary(coldCa, `NODE_EXTRA_CA_CERTS inherited: ${certificates ?? '?'} certificates`),
  throughput: {
    docs: options.docs,
    bytes: generated.bytes,
    runs: THROUGHPUT_RUNS,
    teapurlMedianMs: round(bulkTeapurl),
    ajvMedianMs: round(bulkAjv),
    teapurlDocsPerSec: Math.round(rateTeapurl),
    ajvDocsPerSec: Math.round(rateAjv),
    teapurlUsPerDoc: round((bulkTeapurl * 1000) / options.docs, 2),
    ajvUsPerDoc: round((bulkAjv * 1000) / options.docs, 2),
    ratio: round(rateRatio, 2),
    target: `teapurl/ajv >= ${THROUGHPUT_TARGET(options.docs)}`,
    met: rateRatio >= THROUGHPUT_TARGET(options.docs),
    floorMedianMs: round(floorMs),
    floorUsPerDoc: round((floorMs * 1000) / options.docs, 2),
    floorDocsPerSec: Math.round(options.docs / (floorMs / 1000)),
    floorRatio: round(bulkAjv / floorMs, 2),
  },
  jobs: options.jobsTable
    ? Object.fromEntries(
        JOB_COUNTS.map((jobs) => [jobs, { medianMs: round(median(jobsTimes[jobs])), usPerDoc: round((median(jobsTimes[jobs]) * 1000) / options.docs, 2) }]),
      )
    : null,
};

if (!options.json) {
  const yes = (met) => (met ? 'yes' : 'NO');
  const rows = [
    ['', 'teapurl', 'ajv-cli', 'ratio', 'target', 'met'],
    [
      `cold start, median of ${options.runs} (ms)`,
      coldTeapurl.toFixed(1),
      coldAjv.toFixed(1),
      `${coldRatio.toFixed(3)} (t/a)`,
      '<= 0.333',
      yes(summary.coldStart.met),
    ],
    ['  min..max (ms)', `${summary.coldStart.teapurlRangeMs.join('..')}`, `${summary.coldStart.ajvRangeMs.join('..')}`, '', '', ''],
    ...(summary.coldStartExtraCa === null
      ? []
      : [
          [
            `  with NODE_EXTRA_CA_CERTS (${certificates ?? '?'} certs)`,
            summary.coldStartExtraCa.teapurlMedianMs.toFixed(1),
            summary.coldStartExtraCa.ajvMedianMs.toFixed(1),
            `${summary.coldStartExtraCa.ratio.toFixed(3)} (t/a)`,
            '<= 0.333',
            yes(summary.coldStartExtraCa.met),
          ],
        ]),
    [`${options.docs} docs, median of ${THROUGHPUT_RUNS} (ms)`, bulkTeapurl.toFixed(1), bulkAjv.toFixed(1), '', '', ''],
    [
      '  throughput (docs/s)',
      String(Math.round(rateTeapurl)),
      String(Math.round(rateAjv)),
      `${rateRatio.toFixed(2)}x (t/a)`,
      `>= ${THROUGHPUT_TARGET(options.docs)}x`,
      yes(summary.throughput.met),
    ],
    ['  a document (µs)', summary.throughput.teapurlUsPerDoc.toFixed(2), summary.throughput.ajvUsPerDoc.toFixed(2), '', '', ''],
    ['  floor: list + read + JSON.parse only (ms)', floorMs.toFixed(1), '', `${summary.throughput.floorRatio.toFixed(2)}x (a/floor)`, '', ''],
    ['  floor, a document (µs)', summary.throughput.floorUsPerDoc.toFixed(2), '', '', '', ''],
    ...(options.jobsTable
      ? JOB_COUNTS.map((jobs) => [
          `  teapurl --jobs ${jobs} (ms; µs a document)`,
          `${summary.jobs[jobs].medianMs.toFixed(1)}; ${summary.jobs[jobs].usPerDoc.toFixed(2)}`,
          '',
          `${(bulkAjv / summary.jobs[jobs].medianMs).toFixed(2)}x (t/a)`,
          '',
          '',
        ])
      : []),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log('');
  console.log(`teapurl validate vs ajv-cli 5 (tea-discovery schema, ajv strict mode, output to /dev/null)`);
  console.log(`machine: node ${machine.node}, ${machine.platform}, ${machine.cpus} CPUs (${machine.cpuModel}), load avg ${machine.loadavg1}`);
  console.log(
    `one untimed warm-up run of each tool before timing; runs interleaved; children run with Node's defaults (NODE_OPTIONS and NODE_EXTRA_CA_CERTS unset)`,
  );
  console.log('');
  console.log(line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('');
}
console.log(JSON.stringify(summary));
