#!/usr/bin/env node
// Benchmark: the catastrophic-pattern guard (issue 13, item 3). In one run:
//   (a) bytes: teapurl/purl (src/purl/index.ts) bundled by esbuild for the browser (ESM, code
//       splitting, minified), gzip size of what a page loads up front (the entry and the chunks
//       it imports) beside the re2js chunk that only loadPatternGuard() fetches;
//   (b) time per hostile value of 100,000 characters, for each hostile pattern: left unchecked
//       (`pattern-skipped`, the guard not loaded) beside checked on re2js after loadPatternGuard();
//       V8 itself is shown on a value of 28 characters, since on the long one it would not finish;
//   (c) loadPatternGuard() in fresh Node processes (median of --runs), beside a bare `import('re2js')`.
// Run:   npm run build && node --import tsx scripts/bench-pattern-guard.mjs [--runs N]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleForBrowser } from './lib/browser-bundle.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 15;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

// (a) bytes, with the settings `npm run size` and the browser test use
const bundle = await bundleForBrowser({ contents: "export * from './src/purl/index.ts';", resolveDir: ROOT, loader: 'ts' });
console.log('(a) browser bundle of teapurl/purl (esbuild, ESM, splitting, minified; gzip)');
console.log(
  `    loaded up front ${kb(bundle.gzipBytes)} (${bundle.eager.length} file(s))   fetched on demand (loadPatternGuard() and the other load… calls) ${kb(bundle.lazyGzipBytes)}   ratio ${(bundle.lazyGzipBytes / bundle.gzipBytes).toFixed(2)}x`,
);

// (b) time per hostile value
// The pattern itself, without parsing around it: the compiled pattern from the sources (run with tsx).
const { compilePermittedCharacters } = await import('../src/purl/definitions/pattern-flagger.ts');
const { loadPatternGuard } = await import('../src/purl/definitions/pattern-guard.ts');
const HOSTILE = [
  ['^(a+)+$', 'a'.repeat(100_000) + '!', 'a'.repeat(22) + '!'],
  ['^(a|aa)*$', 'a'.repeat(100_000) + 'b', 'a'.repeat(30) + 'b'],
  ['(.*a){12}$', 'a'.repeat(100_000) + '!', 'a'.repeat(22) + '!'],
  ['^(\\w+\\s?)*$', 'ab '.repeat(33_333) + '!', 'abc'.repeat(7) + '!'],
];
function timeIt(run, repeat) {
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
}
const skipped = HOSTILE.map(([source, value]) => {
  const pattern = compilePermittedCharacters(source);
  return timeIt(() => pattern.test(value), 50);
});
// The guard is given to what uses it (an engine's option; here, the compiled pattern).
const patternGuard = await loadPatternGuard();
console.log('(b) one hostile value of 100,000 characters (median ms): not checked without the guard | checked on re2js | V8 on a short one');
HOSTILE.forEach(([source, value, short], i) => {
  const pattern = compilePermittedCharacters(source, patternGuard);
  const answer = pattern.test(value);
  const onGuard = timeIt(() => pattern.test(value), 7);
  const native = new RegExp(source, 'u');
  const v8 = timeIt(() => native.test(short), 1);
  console.log(
    `    ${source.padEnd(14)} skipped ${skipped[i].toFixed(4)} ms   re2js ${onGuard.toFixed(1)} ms (answer ${answer})   ratio ${(onGuard / skipped[i]).toFixed(0)}x   V8 on ${short.length} chars ${v8.toFixed(1)} ms`,
  );
});

// (c) load time, fresh processes
const child = (code) => {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout);
};
// As users load it: the built teapurl/purl entry.
const guardUrl = pathToFileURL(path.join(ROOT, 'dist/purl/index.js')).href;
const loads = [];
const bare = [];
for (let i = 0; i < RUNS; i++) {
  loads.push(
    child(
      `const { loadPatternGuard } = await import(${JSON.stringify(guardUrl)}); const t = performance.now(); await loadPatternGuard(); process.stdout.write(String(performance.now() - t));`,
    ),
  );
  bare.push(child(`const t = performance.now(); await import('re2js'); process.stdout.write(String(performance.now() - t));`));
}
console.log(
  `(c) loadPatternGuard() in a fresh Node process, median of ${RUNS}: ${median(loads).toFixed(1)} ms   bare import('re2js') ${median(bare).toFixed(1)} ms   ratio ${(median(loads) / median(bare)).toFixed(2)}x`,
);
