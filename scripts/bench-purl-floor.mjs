#!/usr/bin/env node
// Where the time of teapurl's PURL engine goes, measured against a parse that does no checks at
// all. On the inputs of bench-purl.mjs (the 200,000 suite-derived PURLs, and the real-world
// corpus, or --corpus FILE of PURL lines), in one process, rounds alternating, median CPU time
// per PURL:
//
//   floor          split at the separators with indexOf and join the parts again: no decoding,
//                  no validation, no canonical form (the least any parser and builder does)
//   locate         teapurl's one pass over the string: the character scan part by part and the
//                  separators (locateParts)
//   syntax         + reading each part: scheme and type checked, qualifier keys checked and
//                  looked up, values and escapes decoded, duplicates and raw controls refused
//   parse          + the type layer: the definition's case folding, rules, patterns, requirements
//   build(parse)   + build: the untouched and canonical checks of the parse, or writing its members
//   read + build   parse, read every component, build: the way a program uses a parse
//   build(copy)    build alone, of a plain copy of the parsed components (read and checked in full)
//   canonicalize   the one-call canonical form
//   packageurl-js  PackageURL.fromString(s).toString(), for scale
//
// Then what decoding each component only when it is first read would cost, measured on the same
// strings split the same way (--lazy: also the members' own accessors, which a lazily decoded
// member must be to stay an own property, against plain data and prototype getters).
//
// Run:   node --import tsx scripts/bench-purl-floor.mjs [--corpus FILE] [--rounds N] [--only suite|corpus]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PackageURL } from 'packageurl-js';
import { floorBuild, floorParse } from './lib/purl-floor.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE = path.resolve(ROOT, '../shared/purl-spec/tests');
const { values } = parseArgs({ options: { corpus: { type: 'string' }, rounds: { type: 'string', default: '9' }, only: { type: 'string' } } });
const ROUNDS = Math.max(3, Number(values.rounds));

// The stages are internal modules, which the built package bundles away: all of it comes from the
// sources (run with tsx, which compiles each module once with esbuild, as the build does).
const { defaultPurlEngine, loadPurlDefinitions } = await import('../src/purl/index.ts');
const { parsePurlString } = await import('../src/purl/syntax/parse-purl-string.ts');
const { locateParts } = await import('../src/purl/syntax/source-layout.ts');
const { vocabulary } = await import('../src/purl/syntax/vocabulary.ts');
const engine = defaultPurlEngine();
const words = vocabulary(
  engine.types().map((type) => ({ type })),
  (await loadPurlDefinitions()).flatMap((d) => (d.qualifiers_definition ?? []).map((q) => q.key)),
);
const SYNTAX = { lenient: false, words };

/** The length of every component (qualifier keys and values included): reading each. */
function readEvery(c) {
  let n = c.type.length + c.name.length + (c.namespace?.length ?? 0) + (c.version?.length ?? 0) + (c.subpath?.length ?? 0);
  const qualifiers = c.qualifiers;
  if (qualifiers != null) for (const key in qualifiers) n += key.length + qualifiers[key].length;
  return n;
}

/** The suite-derived set of bench-purl.mjs: each conformance seed's name varied (`<name>-<counter>`). */
function suitePurls() {
  const files = [path.join(SUITE, 'spec/specification-test.json')];
  for (const f of fs.readdirSync(path.join(SUITE, 'types'))) if (f.endsWith('.json')) files.push(path.join(SUITE, 'types', f));
  const seeds = [];
  const seen = new Set();
  for (const file of files) {
    for (const t of JSON.parse(fs.readFileSync(file, 'utf8')).tests) {
      if (t.test_type !== 'parse' || t.expected_failure || t.test_group !== 'required') continue;
      const c = engine.parse(t.input);
      const vary = (i) => engine.build({ ...c, name: `${c.name}-${i.toString(36)}` });
      try {
        const key = vary(0);
        if (seen.has(key)) continue;
        seen.add(key);
        PackageURL.fromString(vary(1)).toString();
        seeds.push(vary);
      } catch {
        // a seed some library refuses, as in bench-purl.mjs
      }
    }
  }
  return Array.from({ length: 200_000 }, (_, i) => seeds[i % seeds.length](Math.floor(i / seeds.length) + 3));
}

/** The corpus's input spellings (corpus/purls/*.jsonl), or a file of PURL lines. */
function corpusPurls(where) {
  const lines = fs.statSync(where).isDirectory()
    ? fs
        .readdirSync(where)
        .filter((f) => f.endsWith('.jsonl'))
        .sort()
        .flatMap((f) =>
          fs
            .readFileSync(path.join(where, f), 'utf8')
            .split('\n')
            .filter((l) => l !== '')
            .map((l) => JSON.parse(l)[1]),
        )
    : fs
        .readFileSync(where, 'utf8')
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#'));
  return [...new Set(lines)].filter(accepted);
}

function accepted(s) {
  try {
    engine.build(engine.parse(s));
    engine.canonicalize(s);
    PackageURL.fromString(s).toString();
    return true;
  } catch {
    return false;
  }
}

/** Median CPU time per PURL of each runner, rounds alternating (reversed every other round). */
function time(runners, n) {
  const names = Object.keys(runners);
  const times = Object.fromEntries(names.map((k) => [k, []]));
  for (const run of Object.values(runners)) run();
  for (let round = 0; round < ROUNDS; round++) {
    for (const k of round % 2 ? [...names].reverse() : names) {
      const start = process.cpuUsage();
      runners[k]();
      const used = process.cpuUsage(start);
      times[k].push(((used.user + used.system) * 1000) / n);
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return Object.fromEntries(names.map((k) => [k, median(times[k])]));
}

function measure(name, purls) {
  const n = purls.length;
  const copies = purls.map((s) => ({ ...engine.parse(s) }));
  let sink = 0;
  // Every result is kept for a while, so that no stage's objects can be optimised away.
  const kept = new Array(1024);
  const keep = (value) => {
    kept[sink++ & 1023] = value;
  };
  const ns = time(
    {
      floor: () => {
        for (let i = 0; i < n; i++) keep(floorBuild(floorParse(purls[i])));
      },
      locate: () => {
        for (let i = 0; i < n; i++) keep(locateParts(purls[i]));
      },
      syntax: () => {
        for (let i = 0; i < n; i++) keep(parsePurlString(purls[i], SYNTAX));
      },
      parse: () => {
        for (let i = 0; i < n; i++) keep(engine.parse(purls[i]));
      },
      'build(parse)': () => {
        for (let i = 0; i < n; i++) keep(engine.build(engine.parse(purls[i])));
      },
      'read + build': () => {
        for (let i = 0; i < n; i++) {
          const c = engine.parse(purls[i]);
          sink += readEvery(c);
          keep(engine.build(c));
        }
      },
      'build(copy)': () => {
        for (let i = 0; i < n; i++) keep(engine.build(copies[i]));
      },
      canonicalize: () => {
        for (let i = 0; i < n; i++) keep(engine.canonicalize(purls[i]));
      },
      'packageurl-js': () => {
        for (let i = 0; i < n; i++) keep(PackageURL.fromString(purls[i]).toString());
      },
      'packageurl-js read': () => {
        for (let i = 0; i < n; i++) {
          const p = PackageURL.fromString(purls[i]);
          sink += readEvery(p);
          keep(p.toString());
        }
      },
    },
    n,
  );
  const row = (label, value, note) => console.log(`  ${label.padEnd(58)} ${value.toFixed(0).padStart(6)} ns  ${note}`);
  const over = (a, b) => `+ ${(ns[a] - ns[b]).toFixed(0)}`;
  console.log(`\n${name}: ${n} PURLs, median CPU time per PURL over ${ROUNDS} alternating rounds`);
  row('no-checks split and join (floor)', ns.floor, '');
  row('locate: character scan and separators', ns.locate, 'the one pass every parse and canonicalize starts with');
  row('syntax layer (locate + read each part)', ns.syntax, `${over('syntax', 'locate')}: scheme, type, keys checked; values decoded; errors`);
  row('parse (syntax + type rules)', ns.parse, `${over('parse', 'syntax')}: definitions' case folding, rules, patterns, requirements`);
  row('build(parse(s))', ns['build(parse)'], `${over('build(parse)', 'parse')}: untouched and canonical checks, or the members written`);
  row('parse, read every component, build', ns['read + build'], `${over('read + build', 'build(parse)')}: the reads`);
  row('build(plain copy) alone', ns['build(copy)'], 'a full build: read, type rules, encode, join');
  row('canonicalize(s)', ns.canonicalize, '');
  row('packageurl-js fromString(s).toString()', ns['packageurl-js'], '');
  row('packageurl-js fromString, read every component, toString', ns['packageurl-js read'], '');
  const pj = ns['packageurl-js'];
  console.log(
    `  ratios to packageurl-js: floor ${(pj / ns.floor).toFixed(2)}x, build(parse) ${(pj / ns['build(parse)']).toFixed(2)}x, canonicalize ${(pj / ns.canonicalize).toFixed(2)}x, read + build ${(ns['packageurl-js read'] / ns['read + build']).toFixed(2)}x (against its reading row)`,
  );
  console.log(
    `  build(parse) is ${(ns['build(parse)'] / ns.floor).toFixed(2)}x the floor; 5x packageurl-js is ${(pj / 5).toFixed(0)} ns a PURL, 7x ${(pj / 7).toFixed(0)} ns${kept.length === 1024 ? '' : ' '}`,
  );
  lazyMembers(purls);
}

/**
 * Decoding a component only when it is first read: the components as they are made from the
 * parts' places (the checks a parse makes are the same either way, and left out here), eager
 * data against an object whose members are own accessors (the only way a member decoded on first
 * read stays an own, enumerable property, as Object.keys, spreading and JSON.stringify need)
 * and against getters on a prototype (fast, but no own members: Object.keys gives []).
 */
function lazyMembers(purls) {
  const parts = purls.map((s) => locateParts(s)).map((l, i) => [purls[i], l]);
  const slice = (s, from, to) => (from < 0 ? null : s.slice(from, to));
  const eager = ([s, l]) => ({
    type: s.slice(l.typeStart, l.pathStart - 1),
    namespace: l.nameStart === l.pathStart ? null : s.slice(l.pathStart, l.nameStart - 1),
    name: s.slice(l.nameStart, l.nameEnd),
    version: l.versionAt === -1 ? null : s.slice(l.versionAt + 1, l.pathEnd),
    qualifiers: null,
    subpath: slice(s, l.hash === -1 ? -1 : l.hash + 1, s.length),
  });
  const ownAccessors = ([s, l]) => {
    let type, namespace, name, version, subpath;
    let read = 0;
    let qualifiers = null;
    return {
      get type() {
        if (!(read & 1)) (type = s.slice(l.typeStart, l.pathStart - 1)), (read |= 1);
        return type;
      },
      set type(v) {
        (type = v), (read |= 1);
      },
      get namespace() {
        if (!(read & 2)) (namespace = l.nameStart === l.pathStart ? null : s.slice(l.pathStart, l.nameStart - 1)), (read |= 2);
        return namespace;
      },
      set namespace(v) {
        (namespace = v), (read |= 2);
      },
      get name() {
        if (!(read & 4)) (name = s.slice(l.nameStart, l.nameEnd)), (read |= 4);
        return name;
      },
      set name(v) {
        (name = v), (read |= 4);
      },
      get version() {
        if (!(read & 8)) (version = l.versionAt === -1 ? null : s.slice(l.versionAt + 1, l.pathEnd)), (read |= 8);
        return version;
      },
      set version(v) {
        (version = v), (read |= 8);
      },
      get qualifiers() {
        return qualifiers;
      },
      set qualifiers(v) {
        qualifiers = v;
      },
      get subpath() {
        if (!(read & 16)) (subpath = slice(s, l.hash === -1 ? -1 : l.hash + 1, s.length)), (read |= 16);
        return subpath;
      },
      set subpath(v) {
        (subpath = v), (read |= 16);
      },
    };
  };
  class PrototypeGetters {
    #s;
    #l;
    constructor([s, l]) {
      this.#s = s;
      this.#l = l;
    }
    get type() {
      return this.#s.slice(this.#l.typeStart, this.#l.pathStart - 1);
    }
    get namespace() {
      return this.#l.nameStart === this.#l.pathStart ? null : this.#s.slice(this.#l.pathStart, this.#l.nameStart - 1);
    }
    get name() {
      return this.#s.slice(this.#l.nameStart, this.#l.nameEnd);
    }
    get version() {
      return this.#l.versionAt === -1 ? null : this.#s.slice(this.#l.versionAt + 1, this.#l.pathEnd);
    }
    get qualifiers() {
      return null;
    }
    get subpath() {
      return slice(this.#s, this.#l.hash === -1 ? -1 : this.#l.hash + 1, this.#s.length);
    }
  }
  let sink = 0;
  const ns = time(
    {
      'plain data: make': () => parts.forEach((p) => (sink += eager(p) === null ? 0 : 1)),
      'plain data: make, read every member': () => parts.forEach((p) => (sink += readEvery(eager(p)))),
      'own accessors: make': () => parts.forEach((p) => (sink += ownAccessors(p) === null ? 0 : 1)),
      'own accessors: make, read every member': () => parts.forEach((p) => (sink += readEvery(ownAccessors(p)))),
      'prototype getters: make, read every member': () => parts.forEach((p) => (sink += readEvery(new PrototypeGetters(p)))),
    },
    parts.length,
  );
  console.log(
    `  members decoded on first read (the same parts, no checks; Object.keys of prototype getters: ${JSON.stringify(Object.keys(new PrototypeGetters(parts[0])))}):`,
  );
  for (const [label, value] of Object.entries(ns)) console.log(`    ${label.padEnd(44)} ${value.toFixed(0).padStart(6)} ns`);
  if (sink < 0) console.log(sink);
}

if (values.only !== 'corpus') {
  if (fs.existsSync(SUITE)) measure('suite', suitePurls());
  else console.error(`${SUITE} is missing: no suite set`);
}
if (values.only !== 'suite') {
  const corpus = values.corpus ?? path.join(ROOT, 'corpus/purls');
  measure(`corpus ${path.relative(ROOT, corpus) || corpus}`, corpusPurls(corpus));
}
