#!/usr/bin/env node
// Benchmark (issue 27, item 4): does validating an SBOM cost time and memory linear in its size?
//
// For each format (CycloneDX JSON, CycloneDX XML, SPDX JSON, SPDX tag-value) it writes an SBOM of
// 10,000 and of 100,000 components (npm, Maven, PyPI and Debian PURLs, each component with a hash
// and a license as real SBOMs have, one PURL in ten not canonical) and measures, in this process
// and side by side:
//   validate  validateText on the text (the built library, dist/), every PURL checked, findings placed;
//   parse     the text parsed alone, by what any reader of the format needs at least: JSON.parse for
//             JSON, saxes with no handler for XML, a split into "Tag: value" lines for tag-value;
//   fix       fixText on the text: the non-canonical PURLs rewritten, the result validated again.
// Each time is the median of --runs timed runs (default 3) after one untimed warm-up. Memory is
// the peak resident set of a child process that reads the file and validates it, less that of a
// child that only reads it (maxRSS, so the figure includes what garbage collection had not yet
// freed). Linear work shows as ratios 100k / 10k near 10.
//
// Run:   npm run bench:sbom               (builds first)
//        node scripts/bench-sbom.mjs [--runs N] [--json]

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SBOM_FORMATS as FORMATS } from './lib/sbom-samples.mjs';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..');
const { fixText, validateText } = await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);

// A child: read the file, validate it (or not), print the peak resident set in bytes.
if (process.argv[2] === '--child') {
  const [, , , mode, file] = process.argv;
  const text = readFileSync(file, 'utf8');
  const result = mode === 'validate' ? validateText(text, { file }) : null;
  process.stdout.write(JSON.stringify({ maxRss: process.resourceUsage().maxRSS * 1024, findings: result?.findings.length ?? 0 }));
  process.exit(0);
}

const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/bench-sbom.mjs [--runs N] [--json]');
  process.exit(2);
}

const SIZES = [10_000, 100_000];

function median(run) {
  run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

function childRss(mode, file) {
  const r = spawnSync(process.execPath, [SELF, '--child', mode, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`child ${mode} ${file} failed: ${r.stderr}`);
  return JSON.parse(r.stdout).maxRss;
}

const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-bench-sbom-'));
const rows = [];
try {
  for (const [format, spec] of Object.entries(FORMATS)) {
    for (const n of SIZES) {
      const text = spec.write(n);
      const file = path.join(dir, `${n}-${spec.file}`);
      writeFileSync(file, text);
      const verdict = validateText(text, { file: spec.file });
      const purlFindings = verdict.findings.filter((f) => f.rule.startsWith('sbom/')).length;
      const fixed = fixText(text, { file: spec.file });
      if (fixed.applied.length !== n / 10) throw new Error(`${format} ${n}: ${fixed.applied.length} fixes, expected ${n / 10}`);
      const row = {
        format,
        components: n,
        bytes: Buffer.byteLength(text),
        findings: purlFindings,
        validateMs: median(() => validateText(text, { file: spec.file })),
        parseMs: median(() => spec.parse(text)),
        fixMs: median(() => fixText(text, { file: spec.file })),
        memoryBytes: childRss('validate', file) - childRss('read', file),
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
  console.log(`node ${process.version}; median of ${runs} runs; memory: peak RSS of a validating child less a reading one`);
  console.log('');
  console.log(
    `${'format'.padEnd(16)}${'components'.padStart(11)}${'size'.padStart(10)}${'validate'.padStart(10)}${'parse'.padStart(9)}${'v/p'.padStart(6)}${'fix'.padStart(10)}${'memory'.padStart(10)}${'mem/size'.padStart(10)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.format.padEnd(16)}${String(r.components).padStart(11)}${mb(r.bytes).padStart(10)}${ms(r.validateMs).padStart(10)}${ms(r.parseMs).padStart(9)}${(r.validateMs / r.parseMs).toFixed(1).padStart(6)}${ms(r.fixMs).padStart(10)}${mb(r.memoryBytes).padStart(10)}${(r.memoryBytes / r.bytes).toFixed(1).padStart(10)}`,
    );
  }
  console.log('');
  console.log('100k / 10k (linear: about 10)');
  for (const format of Object.keys(FORMATS)) {
    const [small, large] = SIZES.map((n) => rows.find((r) => r.format === format && r.components === n));
    console.log(
      `  ${format.padEnd(16)} validate ${(large.validateMs / small.validateMs).toFixed(1).padStart(5)}   parse ${(large.parseMs / small.parseMs).toFixed(1).padStart(5)}   fix ${(large.fixMs / small.fixMs).toFixed(1).padStart(5)}   memory ${(large.memoryBytes / small.memoryBytes).toFixed(1).padStart(5)}`,
    );
  }
}
