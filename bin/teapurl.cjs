#!/usr/bin/env node
'use strict';
// Starts the bundled CLI with a V8 code cache kept in $XDG_CACHE_HOME/teapurl (default
// ~/.cache/teapurl), the by-hand equivalent of Node 22's module.enableCompileCache(): on Node 20 it
// saves about a tenth of a pre-commit run. The cache can only help: V8 checks cached data against
// the source and rejects what does not fit, and any trouble with the cache file (missing, too big,
// a link, a pipe, a device, a folder, unwritable) means running without it, silently and at once.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

const bundle = path.join(__dirname, '..', 'dist', 'teapurl.cjs');
const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW = 0, O_NONBLOCK = 0 } = fs.constants;

/** The cache folder: $XDG_CACHE_HOME/teapurl, or ~/.cache/teapurl. Relative paths are ignored, as the XDG base directory specification says. */
function cacheFolder() {
  if (process.env.TEAPURL_NO_CACHE) return null;
  const xdg = process.env.XDG_CACHE_HOME;
  const home = process.env.HOME;
  const base = xdg && path.isAbsolute(xdg) ? xdg : home && path.isAbsolute(home) ? path.join(home, '.cache') : null;
  return base && path.join(base, 'teapurl');
}

/**
 * Reads the cache only when it is a regular file of a plausible size. O_NOFOLLOW refuses a link
 * (to /dev/zero, say), O_NONBLOCK keeps a named pipe from blocking the open, and the checks on the
 * open descriptor settle the type and size of what is actually read.
 */
function readCache(file, limit) {
  let fd;
  try {
    fd = fs.openSync(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    const info = fs.fstatSync(fd);
    if (!info.isFile() || info.size === 0 || info.size > limit) return undefined;
    const data = Buffer.allocUnsafe(info.size);
    let read = 0;
    while (read < info.size) {
      const n = fs.readSync(fd, data, read, info.size - read, read);
      if (n === 0) return undefined; // shrank while being read: not worth trusting
      read += n;
    }
    return data;
  } catch {
    return undefined; // first run with this bundle and Node version, or no usable cache
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Creates the cache folder and, when missing, its parent (~/.cache), one level each with mode 0700.
 * Not mkdirSync's recursive mode: on a pseudo file system such as /proc it can retry forever.
 */
function makeFolder(folder) {
  for (const dir of [path.dirname(folder), folder]) {
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Writes the cache through a temporary file created exclusively (never an existing file, never
 * through a link) and renamed into place, and only when the folder is a real folder and nothing
 * but a regular file is in the way. The temporary file is removed on any failure.
 */
function writeCache(folder, file, data) {
  try {
    makeFolder(folder);
    if (!fs.lstatSync(folder).isDirectory()) return;
    const existing = fs.lstatSync(file, { throwIfNoEntry: false });
    if (existing && !existing.isFile()) return;
  } catch {
    return;
  }
  const temporary = `${file}.${process.pid}.tmp`;
  let fd;
  try {
    fd = fs.openSync(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
  } catch {
    return; // a read-only or pseudo file system (/proc), or a leftover of the same pid: no cache
  }
  try {
    fs.writeSync(fd, data);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(temporary, file);
  } catch {
    if (fd !== undefined) fs.closeSync(fd);
    try {
      fs.unlinkSync(temporary);
    } catch {
      // already gone
    }
  }
}

const source = fs.readFileSync(bundle, 'utf8');
const bundleInfo = fs.statSync(bundle);
const folder = cacheFolder();
const cacheFile = folder && path.join(folder, `${process.version}-${process.arch}-${bundleInfo.size}-${Math.trunc(bundleInfo.mtimeMs)}.v8`);
// V8's cache for this bundle is about half its size; four times it is far beyond any real cache.
const cachedData = cacheFile ? readCache(cacheFile, 4 * bundleInfo.size + 1024 * 1024) : undefined;
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
  filename: bundle,
  cachedData,
});
if (cacheFile && (!cachedData || script.cachedDataRejected)) {
  // Written at exit, so the cache also holds the functions this run compiled lazily.
  process.once('exit', () => {
    try {
      writeCache(folder, cacheFile, script.createCachedData());
    } catch {
      // no cache this time
    }
  });
}
const mod = { exports: {} };
script.runInThisContext()(mod.exports, createRequire(bundle), mod, bundle, path.dirname(bundle));
