#!/usr/bin/env node
// Benchmark (issue 27, item 4): does validating an SBOM cost time and memory linear in its size?
//
// For each format (CycloneDX JSON, CycloneDX XML, SPDX JSON, SPDX tag-value) it writes an SBOM of
// 10,000 and of 100,000 components (npm, Maven, PyPI and Debian PURLs, each component with a hash
// and a license as real SBOMs have, one PURL in ten not canonical) and measures, in this process
// and side by side:
//   validate  validateText on the text (the built library, dist/), every PURL checked, findings placed;
//   parse     the text parsed alone, by what any reader of the format needs at least: JSON.parse for
//             JSON, saxes (plain mode) with no handler for XML, a split into "Tag: value" lines for tag-value;
//   fix       fixText on the text: the non-canonical PURLs rewritten, the result validated again;
//   µs/comp   the file read (readFileSync) and validated, per component, beside the floor: the file
//             read and parsed alone (issue 38: at most 5 µs a component); each run of either a
//             process of its own, as the command is, started before the clock (not its start-up);
//   memory    the peak resident set (maxRSS) of a child process that reads the file and validates
//             it, beside that of a child that reads it and parses it alone (the floor; issue 38:
//             at most twice the floor), and the first less a child that only reads it.
// Each time is the median of --runs timed runs (default 3), validation and floor interleaved; in
// this process (validate, parse, fix) after one untimed warm-up. Linear work shows as ratios 100k / 10k near 10.
//
// Run:   npm run bench:sbom               (builds first)
//        node --expose-gc scripts/bench-sbom.mjs [--runs N] [--json] [--sizes 100000] [--formats 'CycloneDX JSON,SPDX JSON'] [--no-fix]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SBOM_FORMATS as FORMATS } from './lib/sbom-samples.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const { fixText, validateText } = await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);

// A timed child: the file read and validated, or read and parsed alone, once, in a process of its
// own as `teapurl validate bom.json` is; print the milliseconds it took. One process per run, for
// teapurl and the floor alike: in one long process, V8 deoptimizes saxes's \`write\` at the end of
// every run (each parser is a new object) and after about six runs of a 100,000-component file it
// runs it without \`getCode10\` inlined, at twice the CPU time, which no user meets.
if (process.argv[2] === '--timed') {
  const [, , , mode, file, format] = process.argv;
  const start = process.hrtime.bigint();
  const text = readFileSync(file, 'utf8');
  if (mode === 'parse') FORMATS[format].parse(text);
  else validateText(text, { file: FORMATS[format].file });
  process.stdout.write(JSON.stringify({ ms: Number(process.hrtime.bigint() - start) / 1e6 }));
  process.exit(0);
}

// A child: read the file, validate it, parse it alone, or neither; print the peak resident set in bytes.
if (process.argv[2] === '--child') {
  const [, , , mode, file, format] = process.argv;
  const text = readFileSync(file, 'utf8');
  if (mode === 'parse') FORMATS[format].parse(text);
  const result = mode === 'validate' ? validateText(text, { file }) : null;
  process.stdout.write(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, findings: result?.findings.length ?? 0 }));
  process.exit(0);
}

const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
const sizesAt = args.indexOf('--sizes');
const SIZES = sizesAt === -1 ? [10_000, 100_000] : args[sizesAt + 1].split(',').map(Number);
const formatsAt = args.indexOf('--formats');
const chosen = formatsAt === -1 ? Object.keys(FORMATS) : args[formatsAt + 1].split(',');
const withFix = !args.includes('--no-fix');
if (!Number.isInteger(runs) || runs < 1 || SIZES.some((n) => !Number.isInteger(n) || n < 10) || chosen.some((f) => !(f in FORMATS))) {
  console.error(`usage: node --expose-gc scripts/bench-sbom.mjs [--runs N] [--json] [--sizes N,N] [--formats ${Object.keys(FORMATS).join(',')}] [--no-fix]`);
  process.exit(2);
}

function median(run) {
  run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/** Medians of `a` and `b`, their runs interleaved so that a change of load weighs on both alike. */
function medians(a, b) {
  a();
  b();
  const times = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, run] of [a, b].entries()) {
      // The garbage of one run is collected before the next starts, not during it.
      globalThis.gc?.();
      const start = process.hrtime.bigint();
      run();
      times[k].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return times.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]);
}

/** Medians of the file read and validated and read and parsed, each run a child of its own, interleaved. */
function childMedians(file, format) {
  const times = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [k, mode] of ['validate', 'parse'].entries()) {
      const r = spawnSync(process.execPath, [SELF, '--timed', mode, file, format], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`timed child ${mode} ${file} failed: ${r.stderr}`);
      times[k].push(JSON.parse(r.stdout).ms);
    }
  }
  return times.map((list) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)]);
}

function childRss(mode, file, format) {
  const r = spawnSync(process.execPath, [SELF, '--child', mode, file, format], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`child ${mode} ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout).maxRss;
}

const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-bench-sbom-'));
const rows = [];
try {
  for (const [format, spec] of Object.entries(FORMATS).filter(([name]) => chosen.includes(name))) {
    for (const n of SIZES) {
      const text = spec.write(n);
      const file = path.join(dir, `${n}-${spec.file}`);
      writeFileSync(file, text);
      const verdict = validateText(text, { file: spec.file });
      const purlFindings = verdict.findings.filter((f) => f.rule.startsWith('sbom/')).length;
      if (withFix) {
        const fixed = fixText(text, { file: spec.file });
        if (fixed.applied.length !== Math.ceil(n / 10)) throw new Error(`${format} ${n}: ${fixed.applied.length} fixes, expected ${Math.ceil(n / 10)}`);
      }
      const [validateMs, parseMs] = medians(
        () => validateText(text, { file: spec.file }),
        () => spec.parse(text),
      );
      const [readValidateMs, floorMs] = childMedians(file, format);
      const readRss = childRss('read', file, format);
      const validateRss = childRss('validate', file, format);
      const floorRss = childRss('parse', file, format);
      const row = {
        format,
        components: n,
        bytes: Buffer.byteLength(text),
        findings: purlFindings,
        validateMs,
        parseMs,
        fixMs: withFix ? median(() => fixText(text, { file: spec.file })) : null,
        usPerComponent: (readValidateMs * 1000) / n,
        floorUsPerComponent: (floorMs * 1000) / n,
        validateRss,
        floorRss,
        memoryBytes: validateRss - readRss,
      };
      rows.push(row);
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (json) {
  console.log(JSON.stringify({ node: process.version, runs, rows }, null, 2));
} else {
  const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const ms = (value) => `${value.toFixed(0)} ms`;
  console.log(`node ${process.version}; median of ${runs} runs; load average ${loadavg()[0].toFixed(1)} (${availableParallelism()} cores)`);
  console.log('memory: peak RSS of a validating child less a reading one; RSS: of the validating child, beside the floor (read + parse)');
  console.log('');
  console.log(
    `${'format'.padEnd(16)}${'components'.padStart(11)}${'size'.padStart(10)}${'validate'.padStart(10)}${'parse'.padStart(9)}${'v/p'.padStart(6)}${'fix'.padStart(10)}${'µs/comp'.padStart(9)}${'floor'.padStart(7)}${'memory'.padStart(10)}${'mem/size'.padStart(10)}${'RSS'.padStart(10)}${'floor'.padStart(10)}${'×'.padStart(6)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.format.padEnd(16)}${String(r.components).padStart(11)}${mb(r.bytes).padStart(10)}${ms(r.validateMs).padStart(10)}${ms(r.parseMs).padStart(9)}${(r.validateMs / r.parseMs).toFixed(1).padStart(6)}${(r.fixMs === null ? '-' : ms(r.fixMs)).padStart(10)}${r.usPerComponent.toFixed(1).padStart(9)}${r.floorUsPerComponent.toFixed(1).padStart(7)}${mb(r.memoryBytes).padStart(10)}${(r.memoryBytes / r.bytes).toFixed(1).padStart(10)}${mb(r.validateRss).padStart(10)}${mb(r.floorRss).padStart(10)}${(r.validateRss / r.floorRss).toFixed(2).padStart(6)}`,
    );
  }
  if (SIZES.length < 2) process.exit(0);
  console.log('');
  console.log(`${SIZES.at(-1) / 1000}k / ${SIZES[0] / 1000}k (linear: about ${SIZES.at(-1) / SIZES[0]})`);
  for (const format of chosen) {
    const [small, large] = [SIZES[0], SIZES.at(-1)].map((n) => rows.find((r) => r.format === format && r.components === n));
    console.log(
      `  ${format.padEnd(16)} validate ${(large.validateMs / small.validateMs).toFixed(1).padStart(5)}   parse ${(large.parseMs / small.parseMs).toFixed(1).padStart(5)}   fix ${withFix ? (large.fixMs / small.fixMs).toFixed(1).padStart(5) : '    -'}   memory ${(large.memoryBytes / small.memoryBytes).toFixed(1).padStart(5)}`,
    );
  }
}
