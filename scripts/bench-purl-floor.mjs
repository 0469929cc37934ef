#!/usr/bin/env node
// Where the time of teapurl's PURL engine goes, measured against a parse that does no checks at
// all. On the same inputs as bench-purl.mjs (the 200,000 suite-derived PURLs, and a corpus file
// with --corpus FILE), in one process, rounds alternating, median CPU time per PURL:
//
//   floor        split at the separators with indexOf and join the parts again: no decoding,
//                no validation, no canonical form (the least any parser and builder does)
//   syntax       teapurl's syntax layer alone: separators from the right, scheme, type,
//                percent-decoding, qualifier keys, and noting whether the input is canonical
//   parse        + the type layer: the definition's case folding, rules, patterns, requirements
//   build(parse) + build: the canonical check on the untouched parse, or a full build
//   build(copy)  build alone, of a plain copy of the parsed components (no parse to lean on)
//   canonicalize the one-call canonical form
//   packageurl-js  PackageURL.fromString(s).toString(), for scale
//
// Run:   node --import tsx scripts/bench-purl-floor.mjs [--corpus FILE] [--rounds N]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PackageURL } from 'packageurl-js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITE = path.resolve(ROOT, '../shared/purl-spec/tests');
const { values } = parseArgs({ options: { corpus: { type: 'string' }, rounds: { type: 'string', default: '9' } } });
const ROUNDS = Math.max(3, Number(values.rounds));

// The stages are internal modules, which the built package bundles away: all of it comes from the
// sources (run with tsx, which compiles each module once with esbuild, as the build does).
const { defaultPurlEngine } = await import('../src/purl/index.ts');
const { defaultPurlDefinitions } = await import('../src/purl/default-definitions.ts');
const { parsePurlString } = await import('../src/purl/syntax/parse-purl-string.ts');
const { vocabulary } = await import('../src/purl/syntax/vocabulary.ts');
const engine = defaultPurlEngine();
const words = vocabulary(engine.types().map((type) => ({ type })), defaultPurlDefinitions().flatMap((d) => (d.qualifiers_definition ?? []).map((q) => q.key)));
const STRICT = { lenient: false };

/** The no-checks parse: the components split out at the separators, nothing decoded or checked. */
function floorParse(s) {
  let end = s.length;
  let subpath = null;
  let qualifiers = null;
  let version = null;
  let namespace = null;
  const hash = s.indexOf('#');
  if (hash !== -1) {
    subpath = s.slice(hash + 1);
    end = hash;
  }
  const question = s.indexOf('?');
  if (question !== -1 && question < end) {
    qualifiers = {};
    for (let from = question + 1; from < end; ) {
      let next = s.indexOf('&', from);
      if (next === -1 || next > end) next = end;
      const equals = s.indexOf('=', from);
      qualifiers[s.slice(from, equals)] = s.slice(equals + 1, next);
      from = next + 1;
    }
    end = question;
  }
  const typeEnd = s.indexOf('/', 4);
  const type = s.slice(4, typeEnd);
  const at = s.indexOf('@', typeEnd + 2);
  if (at !== -1 && at < end) {
    version = s.slice(at + 1, end);
    end = at;
  }
  let lastSlash = typeEnd;
  for (let i = s.indexOf('/', typeEnd + 1); i !== -1 && i < end; i = s.indexOf('/', i + 1)) lastSlash = i;
  if (lastSlash > typeEnd) namespace = s.slice(typeEnd + 1, lastSlash);
  return { type, namespace, name: s.slice(lastSlash + 1, end), version, qualifiers, subpath };
}

/** The no-checks build: the parts joined, qualifiers in the order given. */
function floorBuild(c) {
  let out = `pkg:${c.type}/`;
  if (c.namespace !== null) out += `${c.namespace}/`;
  out += c.name;
  if (c.version !== null) out += `@${c.version}`;
  if (c.qualifiers !== null) {
    let separator = '?';
    for (const key in c.qualifiers) {
      out += `${separator}${key}=${c.qualifiers[key]}`;
      separator = '&';
    }
  }
  if (c.subpath !== null) out += `#${c.subpath}`;
  return out;
}

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

function measure(name, purls) {
  const n = purls.length;
  const copies = purls.map((s) => ({ ...engine.parse(s) }));
  let sink = 0;
  // Every result is kept for a while, so that no stage's objects can be optimised away.
  const kept = new Array(1024);
  const keep = (value) => {
    kept[sink++ & 1023] = value;
  };
  const runners = {
    floor: () => {
      for (let i = 0; i < n; i++) keep(floorBuild(floorParse(purls[i])));
    },
    syntax: () => {
      for (let i = 0; i < n; i++) keep(parsePurlString(purls[i], STRICT, words));
    },
    parse: () => {
      for (let i = 0; i < n; i++) keep(engine.parse(purls[i]));
    },
    'build(parse)': () => {
      for (let i = 0; i < n; i++) keep(engine.build(engine.parse(purls[i])));
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
  };
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
  const ns = Object.fromEntries(names.map((k) => [k, median(times[k])]));
  const row = (label, value, note) => console.log(`  ${label.padEnd(44)} ${value.toFixed(0).padStart(6)} ns  ${note}`);
  console.log(`\n${name}: ${n} PURLs, median CPU time per PURL over ${ROUNDS} alternating rounds`);
  row('no-checks split and join (floor)', ns.floor, '');
  row('syntax layer', ns.syntax, `floor + ${(ns.syntax - ns.floor).toFixed(0)}: decoding, separator rules, key checks, canonical notes`);
  row('parse (syntax + type rules)', ns.parse, `+ ${(ns.parse - ns.syntax).toFixed(0)}: definitions' case folding, rules, patterns, requirements`);
  row('build(parse(s))', ns['build(parse)'], `+ ${(ns['build(parse)'] - ns.parse).toFixed(0)}: build (canonical check of the untouched parse, or a full build)`);
  row('build(plain copy) alone', ns['build(copy)'], 'a full build: read, type rules, encode, join');
  row('canonicalize(s)', ns.canonicalize, '');
  row('packageurl-js fromString(s).toString()', ns['packageurl-js'], '');
  const pj = ns['packageurl-js'];
  console.log(`  ratios to packageurl-js: floor ${(pj / ns.floor).toFixed(2)}x, build(parse) ${(pj / ns['build(parse)']).toFixed(2)}x, canonicalize ${(pj / ns.canonicalize).toFixed(2)}x`);
  console.log(`  5x packageurl-js is ${(pj / 5).toFixed(0)} ns a PURL; 6x is ${(pj / 6).toFixed(0)} ns${kept.length === 1024 ? '' : ' '}`);
}

if (fs.existsSync(SUITE)) measure('suite', suitePurls());
else console.error(`${SUITE} is missing: no suite set`);
if (values.corpus !== undefined) {
  const lines = fs.readFileSync(values.corpus, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'));
  measure(`corpus ${values.corpus}`, [...new Set(lines)].filter(accepted));
}
