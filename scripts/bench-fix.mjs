#!/usr/bin/env node
// Benchmark: does `validate --fix` cost grow linearly with the number of fixes (issue 29 item 4)?
//
// What it measures, in one run (the built library, dist/, in this process):
//   (a) fixText on a PURL type definition with N examples that are not in canonical form (each one
//       fix), N = 1,000 and 4,000, next to validateText on the same text. Applying each fix by
//       re-parsing the whole text (jsonc-parser's modify, which --fix did until issue 29) made the
//       ratio time(4,000) / time(1,000) about 15 (0.6 s and 9.2 s); linear work gives about 4.
//   (b) fixFiles on a discovery document with 300,000 unknown keys, where nothing is fixable, next to
//       validateFiles on it (issue 29 item 5): --fix validated it three more times, without the cap,
//       4.7 s against 1.3 s; now it validates it once, as validateFiles does, and stops there.
//   (c) fixFiles on a CycloneDX JSON SBOM in which every PURL is not canonical (an uppercase type,
//       one fix each), N = 10,000, 25,000 and 100,000 (issue 35 item 2): written (no diff built, as
//       `validate --fix` does) and under dryRun with its diff, next to validateFiles. jsdiff's Myers
//       diff, computed before every write, made 8,000 fixes take 15 s and 16,000 take 276 s; the
//       diff is now written from the fixes' ranges, and only when it is printed.
// Each figure is the median of --runs timed runs (default 3) after one untimed warm-up.
//
// Run:   npm run bench:fix                (builds first)
//        node scripts/bench-fix.mjs [--runs N] [--json]

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { fixText, validateText } = await import(pathToFileURL(path.join(ROOT, 'dist/index.js')).href);
const { fixFiles, validateFiles } = await import(pathToFileURL(path.join(ROOT, 'dist/node/index.js')).href);

const args = process.argv.slice(2);
const json = args.includes('--json');
const runsAt = args.indexOf('--runs');
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: node scripts/bench-fix.mjs [--runs N] [--json]');
  process.exit(2);
}

/** A definition of the made-up type "widget" whose `count` examples each spell an unreserved letter percent-encoded. */
function fixableDefinition(count) {
  const examples = Array.from({ length: count }, (_, i) => `pkg:widget/%61bc-${i}@1.0`);
  return `${JSON.stringify(
    {
      $schema: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
      $id: 'https://example.test/purl-types/widget-definition.json',
      type: 'widget',
      type_name: 'Widget',
      description: 'Widgets.',
      repository: { use_repository: false },
      namespace_definition: { requirement: 'prohibited' },
      name_definition: { requirement: 'required' },
      version_definition: { requirement: 'optional' },
      examples,
    },
    null,
    2,
  )}\n`;
}

async function median(run) {
  await run();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const results = {};
for (const count of [1000, 4000]) {
  const text = fixableDefinition(count);
  const options = { kind: 'purl-type-definition', file: 'widget-definition.json' };
  const check = fixText(text, options);
  if (check.applied.length !== count || !check.valid) throw new Error(`expected ${count} fixes and a valid result, got ${check.applied.length}`);
  results[count] = { fixMs: await median(() => fixText(text, options)), validateMs: await median(() => validateText(text, options)) };
}
const ratio = results[4000].fixMs / results[1000].fixMs;

const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-bench-fix-'));
let unfixable;
try {
  const keys = Object.fromEntries(Array.from({ length: 300_000 }, (_, i) => [`unknown-${i}`, i]));
  writeFileSync(
    path.join(dir, 'discovery.json'),
    JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }], ...keys }),
  );
  const options = { cwd: dir, kind: 'discovery' };
  unfixable = { fixMs: await median(() => fixFiles(['discovery.json'], options)), validateMs: await median(() => validateFiles(['discovery.json'], options)) };
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** A CycloneDX JSON SBOM of `count` components whose PURLs all have an uppercase type. */
function uncanonicalSbom(count) {
  const components = Array.from({ length: count }, (_, i) => ({
    type: 'library',
    'bom-ref': `c${i}`,
    name: `p${i}`,
    version: '1.0.0',
    purl: `pkg:NPM/p${i}@1.0.0`,
  }));
  return `${JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', version: 1, components }, null, 2)}\n`;
}

const SBOM_COUNTS = [10_000, 25_000, 100_000];
const sbom = {};
for (const count of SBOM_COUNTS) {
  const folder = mkdtempSync(path.join(tmpdir(), 'teapurl-bench-fix-sbom-'));
  try {
    const file = path.join(folder, 'bom.cdx.json');
    const text = uncanonicalSbom(count);
    writeFileSync(file, text);
    const options = { cwd: folder };
    const dry = await fixFiles(['bom.cdx.json'], { ...options, dryRun: true });
    if (dry.files[0].applied.length !== count) throw new Error(`expected ${count} fixes, got ${dry.files[0].applied.length}`);
    sbom[count] = {
      validateMs: await median(() => validateFiles(['bom.cdx.json'], options)),
      dryRunWithDiffMs: await median(() => fixFiles(['bom.cdx.json'], { ...options, dryRun: true })),
      // Each run fixes the file as it was: it is written back before the next.
      fixMs: await median(async () => {
        writeFileSync(file, text);
        await fixFiles(['bom.cdx.json'], { ...options, diff: false });
      }),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const round = (ms) => Math.round(ms * 10) / 10;
if (json) {
  console.log(JSON.stringify({ runs, fixes: results, ratio4000to1000: round(ratio), unfixable300kKeys: unfixable, sbomFixes: sbom }, null, 2));
} else {
  for (const count of [1000, 4000])
    console.log(`fixText, ${count} fixes: ${round(results[count].fixMs)} ms (validateText alone ${round(results[count].validateMs)} ms)`);
  console.log(`ratio time(4,000 fixes) / time(1,000 fixes): ${ratio.toFixed(2)} (linear about 4, quadratic about 16)`);
  console.log(`300,000 unknown keys, nothing fixable: fixFiles ${round(unfixable.fixMs)} ms, validateFiles ${round(unfixable.validateMs)} ms`);
  for (const count of SBOM_COUNTS) {
    const r = sbom[count];
    console.log(
      `CycloneDX JSON, ${count} fixes: fixFiles ${round(r.fixMs)} ms, with --dry-run and its diff ${round(r.dryRunWithDiffMs)} ms (validateFiles alone ${round(r.validateMs)} ms)`,
    );
  }
  const growth = sbom[100_000].fixMs / sbom[10_000].fixMs;
  console.log(`ratio time(100,000 fixes) / time(10,000 fixes): ${growth.toFixed(2)} (linear about 10)`);
}
