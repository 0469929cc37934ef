#!/usr/bin/env node
// Benchmark: what loading teapurl costs a fresh Node process, beside packageurl-js 2.0.1.
//
// Each subject runs in a new `node` process (nothing cached in memory; the disk cache is warm after
// one untimed run of each), which times its own load with performance.now() around
// `await import(spec)` (teapurl's entries, by their package names, from the built dist/) or
// `require(spec)` (packageurl-js, as CommonJS users load it); "+ first call" subjects also time
// the first parse after loading (teapurl compiles a type when first asked for). Subjects alternate
// within a round, in reversed order every other round; --runs rounds (default 61: on the project's
// shared 2-core machine, medians of 21 rounds moved by a fifth from one run to the next); medians reported.
// One more, untimed, run per subject counts the modules loaded: ES modules through a module.register
// load hook, CommonJS through require.cache.
//
// Targets (issue 13): import('teapurl/purl') no slower than packageurl-js's require (ratio <= 1.0);
// import('teapurl') and import('teapurl/tea/client') at most 1.5x it (issue 33). The exit status is 0 whatever the figures.
//
// Run:   npm run bench:import            (builds first)
//        node scripts/bench-import.mjs [--runs N] [--json]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Inside the package, so that `import('teapurl/purl')` resolves to this package through its exports map.
const WORK = path.join(ROOT, '.bench/import');

const USAGE = 'usage: node scripts/bench-import.mjs [--runs N (default 61)] [--json]';
let values;
try {
  ({ values } = parseArgs({
    options: { runs: { type: 'string', default: '61' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  }));
} catch (error) {
  console.error(`bench-import: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.error(USAGE);
  process.exit(0);
}
const RUNS = Number(values.runs);
if (!Number.isInteger(RUNS) || RUNS < 5) {
  console.error('bench-import: --runs must be an integer of at least 5');
  process.exit(2);
}
if (!fs.existsSync(path.join(ROOT, 'dist/purl/index.js'))) {
  console.error('bench-import: dist/purl/index.js is missing: run npm run build first');
  process.exit(2);
}

// ------------------------------------------------------------------------------------ child programs

const REPORT = `
function report(loadMs, firstMs) {
  const cjs = Object.keys(require.cache).filter((f) => !f.startsWith(${JSON.stringify(WORK)})).length;
  process.stdout.write(JSON.stringify({ loadMs, firstMs, cjs }));
}`;

const ESM = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
${REPORT}
const [spec, call] = process.argv.slice(2);
const t0 = performance.now();
const m = await import(spec);
const t1 = performance.now();
let firstMs = null;
if (call) { m.parsePurl('pkg:npm/%40angular/core@17.0.0'); firstMs = performance.now() - t1; }
report(t1 - t0, firstMs);
`;

const CJS = `${REPORT}
const [spec, call] = process.argv.slice(2);
const t0 = performance.now();
const m = require(spec);
const t1 = performance.now();
let firstMs = null;
if (call) { m.PackageURL.fromString('pkg:npm/%40angular/core@17.0.0').toString(); firstMs = performance.now() - t1; }
report(t1 - t0, firstMs);
`;

// Counts the ES modules (and built-ins) that go through the loader; the file is named by the parent.
const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  const result = await next(url, context);
  appendFileSync(process.env.TEAPURL_BENCH_MODULES, result.format + ' ' + url + '\\n');
  return result;
}`;
const REGISTER = `import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);`;

fs.mkdirSync(WORK, { recursive: true });
fs.writeFileSync(path.join(WORK, 'esm.mjs'), ESM);
fs.writeFileSync(path.join(WORK, 'cjs.cjs'), CJS);
fs.writeFileSync(path.join(WORK, 'hooks.mjs'), HOOKS);
fs.writeFileSync(path.join(WORK, 'register.mjs'), REGISTER);

const SUBJECTS = [
  { id: 'purl', label: "import('teapurl/purl')", program: 'esm.mjs', spec: 'teapurl/purl' },
  { id: 'teapurl', label: "import('teapurl')", program: 'esm.mjs', spec: 'teapurl' },
  { id: 'tea-client', label: "import('teapurl/tea/client')", program: 'esm.mjs', spec: 'teapurl/tea/client' },
  { id: 'pjs', label: "require('packageurl-js')", program: 'cjs.cjs', spec: 'packageurl-js', reference: true },
  { id: 'node', label: "import('teapurl/node')", program: 'esm.mjs', spec: 'teapurl/node', context: true },
  { id: 'tea', label: "import('teapurl/tea')", program: 'esm.mjs', spec: 'teapurl/tea', context: true },
  { id: 'purl-first', label: 'teapurl/purl + first parsePurl', program: 'esm.mjs', spec: 'teapurl/purl', call: true, context: true },
  { id: 'pjs-first', label: 'packageurl-js + first fromString', program: 'cjs.cjs', spec: 'packageurl-js', call: true, context: true },
];

function run(subject, env = {}) {
  const args = [path.join(WORK, subject.program), subject.spec, ...(subject.call ? ['call'] : [])];
  const started = process.hrtime.bigint();
  const child = spawnSync(process.execPath, [...(env.TEAPURL_BENCH_MODULES ? ['--import', path.join(WORK, 'register.mjs')] : []), ...args], {
    cwd: WORK,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (child.status !== 0) {
    console.error(`bench-import: ${subject.label} failed (exit ${child.status}):\n${child.stderr}`);
    process.exit(1);
  }
  return { ...JSON.parse(child.stdout), wallMs };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ------------------------------------------------------------------------------------------- timing

for (const subject of SUBJECTS) run(subject); // warm the disk cache
const samples = new Map(SUBJECTS.map((s) => [s.id, []]));
for (let round = 0; round < RUNS; round++) {
  const order = round % 2 === 0 ? SUBJECTS : [...SUBJECTS].reverse();
  for (const subject of order) samples.get(subject.id).push(run(subject));
}

// --------------------------------------------------------------------------------- module counts

function modules(subject) {
  const log = path.join(WORK, `modules-${subject.id}.txt`);
  fs.rmSync(log, { force: true });
  const { cjs } = run(subject, { TEAPURL_BENCH_MODULES: log });
  const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
  fs.rmSync(log);
  // The child's own program is not the subject's.
  const loaded = lines.filter((line) => !line.includes(WORK));
  const esm = loaded.filter((line) => line.startsWith('module ')).length;
  const builtins = loaded.filter((line) => line.startsWith('builtin ')).map((line) => line.slice('builtin '.length));
  return { esm, cjs, builtins: [...new Set(builtins)].sort() };
}

const rows = SUBJECTS.map((subject) => {
  const xs = samples.get(subject.id);
  return {
    id: subject.id,
    label: subject.label,
    reference: subject.reference === true,
    context: subject.context === true,
    loadMs: Number(median(xs.map((x) => x.loadMs + (x.firstMs ?? 0))).toFixed(2)),
    rangeMs: [Math.min(...xs.map((x) => x.loadMs + (x.firstMs ?? 0))), Math.max(...xs.map((x) => x.loadMs + (x.firstMs ?? 0)))].map((n) =>
      Number(n.toFixed(1)),
    ),
    wallMs: Number(median(xs.map((x) => x.wallMs)).toFixed(1)),
    ...modules(subject),
  };
});
const reference = rows.find((r) => r.reference);
for (const row of rows) row.ratio = Number((row.loadMs / reference.loadMs).toFixed(2));
const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
const targets = [
  { what: "import('teapurl/purl') / require('packageurl-js')", ratio: byId.purl.ratio, limit: 1, met: byId.purl.ratio <= 1 },
  { what: "import('teapurl') / require('packageurl-js')", ratio: byId.teapurl.ratio, limit: 1.5, met: byId.teapurl.ratio <= 1.5 },
  { what: "import('teapurl/tea/client') / require('packageurl-js')", ratio: byId['tea-client'].ratio, limit: 1.5, met: byId['tea-client'].ratio <= 1.5 },
];
const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cpus: os.cpus().length,
  loadavg1: Number(os.loadavg()[0].toFixed(2)),
};

if (values.json) {
  console.log(JSON.stringify({ machine, runs: RUNS, rows, targets }));
} else {
  console.log(`import cost in a fresh Node process: ${RUNS} runs per subject, alternating, medians (ms measured inside the process around the load)`);
  console.log(`machine: node ${machine.node}, ${machine.platform}, ${machine.cpus} CPUs, load avg ${machine.loadavg1}\n`);
  const widths = [36, 9, 14, 8, 5, 5, 11, 12];
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(['subject', 'ms', 'min..max', 'vs pjs', 'ESM', 'CJS', 'built-ins', 'process ms']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) {
    console.log(
      line([r.label, r.loadMs.toFixed(1), `${r.rangeMs[0]}..${r.rangeMs[1]}`, `${r.ratio.toFixed(2)}x`, r.esm, r.cjs, r.builtins.length, r.wallMs.toFixed(1)]),
    );
  }
  console.log('\n(ESM/CJS: modules loaded besides the measuring program; built-ins: node:* modules imported; process ms: the whole child, start to exit)');
  for (const t of targets) console.log(`target: ${t.what} <= ${t.limit}: ${t.met ? 'met' : 'NOT met'} (${t.ratio.toFixed(2)})`);
}
