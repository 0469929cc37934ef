// One way to bundle an entry for a browser, shared by `npm run size` (scripts/bundle-size.mjs) and
// the browser test (test-browser/purl-bundle.browser.test.ts), so the figure the README quotes and
// the one the test asserts come from the same settings: esbuild --bundle --minify --splitting
// --platform=browser --format=esm, gzip at zlib's default level (6) as pako computes it. pako
// ports zlib's reference deflate, so a figure is the same on every machine; Node's own zlib is
// Chromium's fork, whose output depends on the CPU's features and on Node's version (the same
// bundle: 19,962 bytes there, 19,896 with pako, 19,933 with GNU gzip -6). With splitting, what a page loads
// at first (the entry and the chunks it imports statically) is apart from what loads only when
// asked for (a dynamic import(): teapurl's pattern guard, re2js); the sizes say both.
import { build } from 'esbuild';
import { gzip } from 'pako';
import path from 'node:path';

const ENTRY = 'entry';

/** Bytes of `bytes` gzipped at level 6 with pako: the same figure on every machine. */
export function gzipSize(bytes) {
  return gzip(bytes, { level: 6 }).length;
}

/**
 * Bundles `contents` (an ES module, e.g. `export * from 'teapurl/purl'`) resolved from
 * `resolveDir`. Returns every output file (`files`, by name; the entry is `entry.js`), `code`
 * (the eagerly loaded files, concatenated, for looking into), `bytes` and `gzipBytes` of the
 * eagerly loaded files (minified unless `minify: false`; gzip per file, summed),
 * `lazyGzipBytes` of the files only a dynamic import() loads, and `lazy`, those files one by one
 * with their `bytes`, `gzipBytes` and the source files bundled into each (`inputs`). Any import that cannot be resolved
 * for the browser (a Node built-in) fails the build, unless `external` names it (left as an
 * import in the output, not bundled). `plugins` are esbuild plugins run before the entry's own.
 */
export async function bundleForBrowser({ contents, resolveDir, minify = true, loader = 'js', external = [], plugins = [] }) {
  const virtualEntry = {
    name: 'virtual-entry',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^${ENTRY}$`) }, () => ({ path: ENTRY, namespace: 'virtual-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'virtual-entry' }, () => ({ contents, resolveDir, loader }));
    },
  };
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    minify,
    platform: 'browser',
    format: 'esm',
    outdir: '/bundle',
    chunkNames: '[name]-[hash]',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [virtualEntry, ...plugins],
    external,
  });
  const files = Object.fromEntries(result.outputFiles.map((file) => [path.basename(file.path), file.contents]));
  // The eager set: the entry and what it (transitively) imports with import statements.
  const outputs = Object.fromEntries(Object.entries(result.metafile.outputs).map(([file, info]) => [path.basename(file), info]));
  const eager = new Set([`${ENTRY}.js`]);
  for (const name of eager) {
    for (const imported of outputs[name]?.imports ?? [])
      if (imported.kind === 'import-statement' && !imported.external) eager.add(path.basename(imported.path));
  }
  const sum = (names, size) => names.reduce((total, name) => total + size(files[name]), 0);
  const eagerNames = [...eager];
  const lazyNames = Object.keys(files).filter((name) => !eager.has(name));
  return {
    files: Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')])),
    eager: eagerNames,
    code: eagerNames.map((name) => Buffer.from(files[name]).toString('utf8')).join('\n'),
    bytes: sum(eagerNames, (b) => b.length),
    gzipBytes: sum(eagerNames, gzipSize),
    lazyGzipBytes: sum(lazyNames, gzipSize),
    lazy: lazyNames.map((name) => ({ name, bytes: files[name].length, gzipBytes: gzipSize(files[name]), inputs: Object.keys(outputs[name]?.inputs ?? {}) })),
  };
}
