#!/usr/bin/env node
// Benchmark: `teapurl docs`, the documentation site generator, with the built package (dist/).
//
// For each definition set (the PURL specification's published types in ../shared/purl-spec/types,
// 42 definition files, and our corpus/purl-types, 42) and each format (html, both), one run is the whole job
// a user waits for: load the folder (read, validate, compile the engine), generate every page
// in memory, write them to a fresh folder. Median of several runs in one process (default 9),
// plus cold runs of the CLI (`node bin/teapurl.cjs docs --types DIR --out DIR`), each a new
// process timed from spawn to exit, which includes Node's own start-up.
// Target: under 1 s for the whole site of the published types (the issue says 41; the folder holds 42). The exit status is 0 whatever the figures.
//
// Run:   npm run build && node scripts/bench-docs.mjs [--runs N] [--cold N] [--json]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, cold: { type: 'string', default: '5' }, json: { type: 'boolean', default: false } },
});
const RUNS = Math.max(3, Number(values.runs));
const COLD = Math.max(1, Number(values.cold));
const log = values.json ? () => {} : (...args) => console.log(...args);

const distIndex = path.join(ROOT, 'dist/index.js');
const cli = path.join(ROOT, 'bin/teapurl.cjs');
if (!fs.existsSync(distIndex) || !fs.existsSync(path.join(ROOT, 'dist/teapurl.cjs'))) {
  console.error('dist/ is missing: run npm run build first');
  process.exit(2);
}
const { generateDocsSite, writeDocsSite } = await import(path.join(ROOT, 'dist/docs/index.js'));
const { purlEngineFromDirectory } = await import(path.join(ROOT, 'dist/node/index.js'));

const SETS = [
  { label: 'purl-spec types', dir: path.resolve(ROOT, '../shared/purl-spec/types') },
  { label: 'corpus/purl-types', dir: path.join(ROOT, 'corpus/purl-types') },
].filter((set) => {
  if (fs.existsSync(set.dir)) return true;
  console.error(`${set.dir} is missing: skipping ${set.label}`);
  return false;
});
const FORMATS = ['html', 'both'];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'teapurl-bench-docs-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(1)} ms`;

/** One whole job in this process: load, generate, write. Returns milliseconds and what was made. */
async function inProcess(dir, format, out) {
  const start = process.hrtime.bigint();
  const engine = await purlEngineFromDirectory(dir);
  const definitions = engine.types().map((type) => engine.definition(type));
  const files = generateDocsSite(definitions, { format, engine });
  await writeDocsSite(out, files, format);
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  return { elapsed, types: definitions.length, pages: files.length, bytes: files.reduce((n, f) => n + Buffer.byteLength(f.content), 0) };
}

/** One cold CLI run: a new Node process, timed from spawn to exit. */
function coldCli(dir, format, out) {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [cli, 'docs', '--types', dir, '--out', out, '--format', format], { encoding: 'utf8' });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0) throw new Error(`teapurl docs failed (${run.status}): ${run.stderr}`);
  return elapsed;
}

const results = [];
let counter = 0;
try {
  log(
    `teapurl docs benchmark: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}); ${RUNS} in-process runs, ${COLD} cold CLI runs each`,
  );
  for (const set of SETS) {
    for (const format of FORMATS) {
      const times = [];
      let shape;
      for (let i = 0; i < RUNS; i++) {
        shape = await inProcess(set.dir, format, path.join(scratch, `run-${counter++}`));
        times.push(shape.elapsed);
      }
      const cold = [];
      for (let i = 0; i < COLD; i++) cold.push(coldCli(set.dir, format, path.join(scratch, `cold-${counter++}`)));
      const row = {
        set: set.label,
        format,
        types: shape.types,
        pages: shape.pages,
        kib: Math.round(shape.bytes / 1024),
        medianMs: median(times),
        firstMs: times[0],
        coldCliFirstMs: cold[0],
        coldCliMedianMs: median(cold),
      };
      results.push(row);
      log(
        `${row.set.padEnd(18)} ${format.padEnd(4)}  ${row.types} types, ${row.pages} pages, ${row.kib} KiB: ` +
          `load+generate+write median ${ms(row.medianMs)} (first ${ms(row.firstMs)}); ` +
          `cold CLI ${ms(row.coldCliFirstMs)} (median of ${COLD}: ${ms(row.coldCliMedianMs)})`,
      );
    }
  }
  const spec = results.filter((r) => r.set === 'purl-spec types');
  if (spec.length > 0) {
    const worst = Math.max(...spec.map((r) => Math.max(r.medianMs, r.coldCliMedianMs)));
    log(`target: under 1 s for the whole site of the published types; slowest measure ${ms(worst)}: ${worst < 1000 ? 'met' : 'NOT met'}`);
  }
  if (values.json) console.log(JSON.stringify({ node: process.version, runs: RUNS, cold: COLD, results }, null, 2));
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
