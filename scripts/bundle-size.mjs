#!/usr/bin/env node
// Size in a browser: teapurl's entries and three PURL libraries bundled side by side with the same
// esbuild settings (--bundle --minify --platform=browser --format=esm; scripts/lib/browser-bundle.mjs,
// which the browser test uses too), each as a whole entry (`export * from '<entry>'`), so every
// export is kept. Also `teapurl` as an application imports it (two named exports), to show what
// tree-shaking leaves. teapurl is bundled from dist/ (what the package ships; run npm run build first).
//
// A library that imports Node built-ins does not bundle for a browser; it is then measured with those
// left external, and flagged. Prints, per bundle: raw (bundled, not minified), min (minified) and gzip bytes (zlib's default
// level, computed with pako: the same on every machine) of the minified code, and each gzip size as a ratio to packageurl-js's.
// Target: teapurl/purl at most 16,000 bytes gzip (issue 33; docs/performance.md), and
// the browser test holds it to the same 16,000), with the
// 42 bundled types' rules. The exit status is 0 whatever the figures, unless a bundle fails to build.
//
// Run:   npm run size               (builds first)
//        node scripts/bundle-size.mjs [--json]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinModules } from 'node:module';
import { bundleForBrowser } from './lib/browser-bundle.mjs';
// The peers come from the benchmarks' own install (scripts/bench/; `npm run size` installs it).
const { peerVersion, PEERS_FOLDER } = await import('./bench/peers.mjs');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PURL_BUDGET = 16_000;
const json = process.argv.includes('--json');

if (!fs.existsSync(path.join(ROOT, 'dist/purl/index.js'))) {
  console.error('bundle-size: dist/purl/index.js is missing: run npm run build first');
  process.exit(2);
}

const version = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
const own = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;

const SUBJECTS = [
  { label: `teapurl/purl ${own}`, contents: "export * from './dist/purl/index.js';" },
  { label: `teapurl ${own}`, contents: "export * from './dist/index.js';" },
  { label: `teapurl { validateText }`, contents: "export { validateText } from './dist/index.js';" },
  // Issue 33's budget: at most 40,000 bytes gzip at first (test-browser/tea-client.browser.test.ts).
  { label: `teapurl/tea/client ${own}`, contents: "export * from './dist/tea/client/index.js';" },
  { label: `packageurl-js ${version('packageurl-js')}`, contents: "export * from 'packageurl-js';", peer: true, reference: true },
  {
    label: `@socketregistry/packageurl-js ${peerVersion('@socketregistry/packageurl-js')}`,
    contents: "export * from '@socketregistry/packageurl-js';",
    peer: true,
    resolveDir: PEERS_FOLDER,
  },
  { label: `purl ${peerVersion('purl')}`, contents: "export * from 'purl';", peer: true, resolveDir: PEERS_FOLDER },
];

/** The Node built-ins a failed browser build could not resolve, from esbuild's errors. */
function unresolvedBuiltins(error) {
  const names = new Set();
  for (const e of error.errors ?? []) {
    const m = /Could not resolve "([^"]+)"/.exec(e.text);
    if (m && builtinModules.includes(m[1].replace(/^node:/, '').split('/')[0])) names.add(m[1]);
  }
  return [...names].sort();
}

async function measure(contents, external, resolveDir = ROOT) {
  const [raw, min] = await Promise.all([
    bundleForBrowser({ contents, resolveDir, minify: false, external }),
    bundleForBrowser({ contents, resolveDir, external }),
  ]);
  return { raw: raw.bytes, min: min.bytes, gzip: min.gzipBytes, lazyGzip: min.lazyGzipBytes, lazy: min.lazy };
}

const rows = [];
for (const subject of SUBJECTS) {
  let sizes;
  let needsNode = [];
  try {
    sizes = await measure(subject.contents, [], subject.resolveDir);
  } catch (error) {
    // A library that imports Node built-ins does not bundle for a browser as it is; measured with
    // them left external (what a bundler's Node polyfills would then add is not counted).
    needsNode = unresolvedBuiltins(error);
    if (needsNode.length === 0) throw error;
    const external = [...new Set(needsNode.flatMap((name) => [name, name.replace(/^node:/, ''), `node:${name.replace(/^node:/, '')}`]))];
    sizes = await measure(subject.contents, external, subject.resolveDir);
  }
  rows.push({ label: subject.label, reference: subject.reference === true, ...sizes, needsNode });
}
const reference = rows.find((r) => r.reference);
for (const row of rows) row.ratio = Number((row.gzip / reference.gzip).toFixed(2));
const purl = rows[0];
const result = { budget: PURL_BUDGET, met: purl.gzip <= PURL_BUDGET, rows };

if (json) {
  console.log(JSON.stringify(result));
} else {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log('browser bundles: esbuild --bundle --minify --splitting --platform=browser --format=esm, whole entry unless named;');
  console.log('sizes are what a page loads at first; what only a dynamic import() loads is listed below the table');
  console.log(`node ${process.version}, esbuild ${version('esbuild')}\n`);
  const head = ['bundle', 'raw', 'min', 'gzip', 'gzip vs packageurl-js'];
  const widths = [40, 10, 10, 10, 22];
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows)
    console.log(line([`${row.label}${row.needsNode.length > 0 ? ' *' : ''}`, kb(row.raw), kb(row.min), kb(row.gzip), `${row.ratio.toFixed(2)}x`]));
  for (const row of rows.filter((r) => r.needsNode.length > 0)) {
    console.log(`* ${row.label} does not bundle for a browser: it imports ${row.needsNode.join(', ')}; measured with those left out (no polyfills counted)`);
  }
  for (const row of rows.filter((r) => r.lazyGzip > 0)) {
    console.log(`${row.label}: ${kb(row.lazyGzip)} gzip more, loaded only when asked for, each file by a dynamic import():`);
    // esbuild names a chunk after its module (pattern-guard-chunk-<hash>.js); shared code is chunk-<hash>.js.
    for (const file of [...row.lazy].sort((x, y) => y.gzipBytes - x.gzipBytes)) {
      console.log(
        `  ${file.name
          .replace(/-[A-Z0-9]{8}(?=[-.])/g, '')
          .replace(/\.js$/, '')
          .padEnd(40)} ${kb(file.gzipBytes).padStart(9)}`,
      );
    }
  }
  // The URL chunk alone: the file loadPurlUrls() imports (src/purl/urls/lazy-chunk.ts, bundled into dist/chunks/lazy-chunk-*.js).
  const urlChunk = purl.lazy.find((file) => file.inputs.some((input) => /(^|\/)lazy-chunk[-.]/.test(input)));
  if (urlChunk)
    console.log(`teapurl/purl's URL chunk (loadPurlUrls()): ${kb(urlChunk.bytes)} minified, ${kb(urlChunk.gzipBytes)} gzip (${urlChunk.gzipBytes} bytes)`);
  console.log(`\ntarget: teapurl/purl <= ${kb(PURL_BUDGET)} gzip: ${result.met ? 'met' : 'NOT met'} (${purl.gzip} bytes)`);
}
