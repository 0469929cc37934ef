#!/usr/bin/env node
'use strict';
// Starts the bundled CLI with a V8 code cache kept in ~/.cache/teapurl (or $XDG_CACHE_HOME), the
// by-hand equivalent of Node 22's module.enableCompileCache(): on Node 20 it saves about a tenth of
// a pre-commit run. A missing, stale or unwritable cache only costs that time, never correctness:
// V8 checks cached data against the source and rejects what does not fit.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const bundle = path.join(__dirname, '..', 'dist', 'teapurl.cjs');

function cacheFileFor(stat) {
  if (process.env.TEAPURL_NO_CACHE) return null;
  const base = process.env.XDG_CACHE_HOME || (process.env.HOME && path.join(process.env.HOME, '.cache'));
  if (!base) return null;
  return path.join(base, 'teapurl', `${process.version}-${process.arch}-${stat.size}-${Math.trunc(stat.mtimeMs)}.v8`);
}

const source = fs.readFileSync(bundle, 'utf8');
const cacheFile = cacheFileFor(fs.statSync(bundle));
let cachedData;
if (cacheFile) {
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    // first run with this bundle and Node version
  }
}
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundle,
  cachedData,
});
if (cacheFile && (!cachedData || script.cachedDataRejected)) {
  // Written at exit, so the cache also holds the functions this run compiled lazily.
  process.once('exit', () => {
    try {
      fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
      const temporary = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(temporary, script.createCachedData());
      fs.renameSync(temporary, cacheFile);
    } catch {
      // an unwritable cache directory only means no cache
    }
  });
}
const mod = { exports: {} };
script.runInThisContext()(mod.exports, createRequire(bundle), mod, bundle, path.dirname(bundle));
