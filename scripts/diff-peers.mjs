#!/usr/bin/env node
// Differential run: teapurl, packageurl-js, @socketregistry/packageurl-js and `purl` over the
// real-world corpus (corpus/purls/, see scripts/generate-purl-corpus.mjs). For every PURL each
// library parses the input and writes its canonical string:
//   teapurl          engine.parse(s) (strict) and engine.canonicalize(s)
//   packageurl-js    PackageURL.fromString(s), then .toString()
//   socket           the same API (@socketregistry/packageurl-js)
//   purl             parse(s), then normalize(s)
// Each result is compared with the corpus's expectation (computed by the generator from ECMA-427
// and the type definitions, not by any of these libraries) and described by what differs: which
// characters are escaped differently, which component is read differently, or the error. PURLs
// are grouped into clusters by ecosystem, spelling and the four descriptions; every cluster where
// the libraries do not all agree is printed with a few examples and the specification rule that
// decides it.
//
// Run:   npm run diff:peers                (builds teapurl first)
//        node scripts/diff-peers.mjs [--examples N] [--json]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PackageURL as PackageUrlJs } from 'packageurl-js';
// The peers come from the benchmarks' own install (scripts/bench/; `npm run diff:peers` installs it).
const { socket, purl, peerVersion } = await import('./bench/peers.mjs');
const { PackageURL: SocketPackageUrl } = socket;
const { parse: purlParse, normalize: purlNormalize } = purl;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.join(ROOT, 'corpus/purls');
const { values: args } = parseArgs({
  options: { examples: { type: 'string', default: '3' }, json: { type: 'boolean', default: false } },
});
const EXAMPLES = Math.max(1, Number(args.examples));

const distIndex = path.join(ROOT, 'dist/purl/index.js');
if (!fs.existsSync(distIndex)) {
  console.error('dist/purl/index.js is missing: run npm run build first (npm run diff:peers does)');
  process.exit(2);
}
const { defaultPurlEngine } = await import(distIndex);
const engine = defaultPurlEngine();

const version = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
const LIBRARIES = [
  {
    id: 'teapurl',
    label: `teapurl ${JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version}`,
    parse: (s) => engine.parse(s),
    canonical: (s) => engine.canonicalize(s),
  },
  {
    id: 'packageurl-js',
    label: `packageurl-js ${version('packageurl-js')}`,
    parse: (s) => PackageUrlJs.fromString(s),
    canonical: (s) => PackageUrlJs.fromString(s).toString(),
  },
  {
    id: 'socket',
    label: `@socketregistry/packageurl-js ${peerVersion('@socketregistry/packageurl-js')}`,
    parse: (s) => SocketPackageUrl.fromString(s),
    canonical: (s) => SocketPackageUrl.fromString(s).toString(),
  },
  {
    id: 'purl',
    label: `purl ${peerVersion('purl')}`,
    parse: (s) => {
      const parsed = purlParse(s);
      if (parsed === null) throw new Error('not a valid PURL (parse returned null)');
      return parsed;
    },
    canonical: (s) => purlNormalize(s),
  },
];

// ---------------------------------------------------------------------------------------------
// Reading the corpus.

const entries = [];
for (const file of fs
  .readdirSync(CORPUS)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  const ecosystem = file.replace(/\.jsonl$/, '');
  for (const line of fs.readFileSync(path.join(CORPUS, file), 'utf8').split('\n')) {
    if (line === '') continue;
    const [spelling, input, canonical, type, namespace, name, ver, qualifiers, subpath] = JSON.parse(line);
    entries.push({ ecosystem, spelling, input, canonical, components: { type, namespace, name, version: ver, qualifiers, subpath } });
  }
}

// ---------------------------------------------------------------------------------------------
// Describing a result against the expectation.

const COMPONENTS = ['type', 'namespace', 'name', 'version', 'qualifiers', 'subpath'];

function plain(c) {
  const value = (v) => (v === undefined || v === '' ? null : v);
  let qualifiers = c.qualifiers instanceof Map ? Object.fromEntries(c.qualifiers) : c.qualifiers;
  qualifiers = qualifiers && Object.keys(qualifiers).length ? Object.fromEntries(Object.entries(qualifiers).sort(([a], [b]) => (a < b ? -1 : 1))) : null;
  return { type: value(c.type), namespace: value(c.namespace), name: value(c.name), version: value(c.version), qualifiers, subpath: value(c.subpath) };
}

/** The units of a PURL string: each a character, or an escape decoded to its character. */
function units(s) {
  const out = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      out.push({ ch: String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16)), escaped: true, lower: /[a-f]/.test(s.slice(i + 1, i + 3)) });
      i += 2;
    } else out.push({ ch: s[i], escaped: false, lower: false });
  }
  return out;
}

const show = (ch) => (ch === ' ' ? 'space' : ch);

/** How `actual` (a canonical string) differs from `expected`. */
function describeString(actual, expected) {
  if (actual === expected) return null;
  const a = units(actual);
  const e = units(expected);
  if (a.length === e.length && a.every((u, i) => u.ch === e[i].ch)) {
    const notes = new Set();
    a.forEach((u, i) => {
      if (u.escaped && !e[i].escaped) notes.add(`escapes ${show(u.ch)}`);
      if (!u.escaped && e[i].escaped) notes.add(`leaves ${show(u.ch)} unescaped`);
      if (u.escaped && e[i].escaped && u.lower) notes.add('writes lowercase hex');
    });
    return [...notes].sort().join(', ');
  }
  const qa = actual.split('?');
  const qe = expected.split('?');
  if (qa.length === 2 && qe.length === 2 && qa[0] === qe[0]) {
    const sorted = (q) => q.split('#')[0].split('&').sort().join('&');
    if (sorted(qa[1]) === sorted(qe[1])) return 'qualifiers not sorted';
  }
  if (actual.toLowerCase() === expected.toLowerCase()) return 'case differs';
  return 'different PURL';
}

/** How parsed components differ from the expected ones. */
function describeComponents(actual, expected) {
  const notes = [];
  for (const key of COMPONENTS) {
    const a = JSON.stringify(actual[key]);
    const e = JSON.stringify(expected[key]);
    if (a === e) continue;
    if (typeof actual[key] === 'string' && typeof expected[key] === 'string') {
      const text = actual[key];
      if (text.toLowerCase() === expected[key]) notes.push(`${key} case kept`);
      else if (text === expected[key].toLowerCase()) notes.push(`${key} lowercased`);
      else if (text.replaceAll('_', '-') === expected[key]) notes.push(`${key} "_" kept`);
      else if (text.toLowerCase().replaceAll('_', '-') === expected[key]) notes.push(`${key} case and "_" kept`);
      else if (safeDecode(text) === expected[key]) notes.push(`${key} left percent-encoded`);
      else notes.push(`${key} read differently`);
    } else if (key === 'qualifiers' && a.replaceAll(' ', '+') === e) notes.push('qualifier "+" read as a space');
    else notes.push(`${key} read differently`);
  }
  return notes.join(', ') || null;
}

function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function errorText(error) {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 140);
}

/** One library's verdict on one entry: `ok`, or what differs. */
function verdict(library, entry) {
  const notes = [];
  let parseError = null;
  try {
    const parts = describeComponents(plain(library.parse(entry.input)), plain(entry.components));
    if (parts) notes.push(`parse: ${parts}`);
  } catch (error) {
    parseError = errorText(error);
  }
  let canonical = null;
  try {
    canonical = library.canonical(entry.input);
    const difference = describeString(canonical, entry.canonical);
    if (difference) notes.push(`canonical: ${difference}`);
  } catch (_error) {
    if (parseError === null) notes.push(`canonical: throws`);
  }
  if (parseError !== null) notes.unshift('throws');
  return { text: notes.length ? notes.join('; ') : 'ok', canonical, error: parseError };
}

// ---------------------------------------------------------------------------------------------
// The rule that decides each kind of difference.

const RULES = [
  [
    /leaves \+ unescaped/,
    'ECMA-427 "Character encoding": only A-Z a-z 0-9, ".-_~" and ":" stay unencoded; "+" is a data octet and is written %2B (suite: pkg:deb/debian/attr@1:2.4.47-2%2Bb1).',
  ],
  [
    /leaves \/ unescaped/,
    'ECMA-427 "Character encoding": "/" is left unencoded only as a separator (between namespace or subpath segments); in a version or qualifier value it is %2F (suite: repository_url=https:%2F%2F...).',
  ],
  [/leaves ! unescaped/, 'ECMA-427 "Character encoding": "!" is not in the allowed set, so a PyPI epoch "1!2.0" is written 1%212.0.'],
  [
    /leaves @ unescaped/,
    'ECMA-427 "Character encoding": "@" unencoded is the version separator; inside a component it is %40 (npm definition: the scope\'s "@" is always percent-encoded).',
  ],
  [/escapes ~/, 'ECMA-427 "Character encoding": the punctuation ".-_~" shall not be percent-encoded.'],
  [
    /leaves = unescaped|leaves & unescaped|leaves \? unescaped|leaves # unescaped/,
    'ECMA-427 "Character encoding": "=", "&", "?" and "#" are unencoded only as separators; inside a component they are percent-encoded.',
  ],
  [/escapes :/, 'ECMA-427 "Character encoding": the colon ":" shall not be percent-encoded, whether used as a separator or otherwise.'],
  [/qualifiers not sorted/, 'how-to-build: the qualifier strings are sorted lexicographically.'],
  [
    /version read differently|namespace read differently|name read differently/,
    'how-to-parse: the version is split off at the last "@" (split once from the right), after the qualifiers and subpath; a "/" inside the version does not move it.',
  ],
  [/name lowercased/, 'npm definition: the name is case-sensitive (mixed-case names from before 2015 were kept); nothing lowercases it.'],
  [
    /case kept/,
    'type definition: case_sensitive false (pypi name and version, deb namespace and name, github namespace and name) means the canonical form is lowercase.',
  ],
  [/"_" kept/, 'pypi definition: "_" in a name becomes "-".'],
  [/read as a space/, 'how-to-parse: a qualifier value is percent-decoded, nothing more; "+" is not a space (that is HTML form encoding, not RFC 3986).'],
  [/left percent-encoded/, 'how-to-parse: every component is percent-decoded when read.'],
  [/throws/, 'ECMA-427: the input is a valid PURL (every component within its definition); refusing it is wrong.'],
];

function rulesFor(texts) {
  const found = [];
  for (const [pattern, rule] of RULES) if (texts.some((t) => pattern.test(t)) && !found.includes(rule)) found.push(rule);
  return found;
}

// ---------------------------------------------------------------------------------------------
// Running and clustering.

const clusters = new Map();
/** Per single departure ("canonical: leaves + unescaped"), how many PURLs each library shows it on. */
const behaviours = {};

/** A verdict split into its single departures. */
function atoms(text) {
  if (text === 'ok') return [];
  return text.split('; ').flatMap((section) => {
    const colon = section.indexOf(': ');
    if (colon < 0) return [section];
    const head = section.slice(0, colon);
    return section
      .slice(colon + 2)
      .split(', ')
      .map((item) => `${head}: ${item}`);
  });
}
const agreeing = Object.fromEntries(LIBRARIES.map((l) => [l.id, 0]));
const perEcosystem = {};
for (const entry of entries) {
  const verdicts = LIBRARIES.map((library) => verdict(library, entry));
  const eco = (perEcosystem[entry.ecosystem] ??= { total: 0, ...Object.fromEntries(LIBRARIES.map((l) => [l.id, 0])) });
  eco.total++;
  verdicts.forEach((v, i) => {
    if (v.text === 'ok') {
      agreeing[LIBRARIES[i].id]++;
      eco[LIBRARIES[i].id]++;
    }
  });
  verdicts.forEach((v, i) => {
    for (const atom of atoms(v.text)) {
      const row = (behaviours[atom] ??= Object.fromEntries(LIBRARIES.map((l) => [l.id, 0])));
      row[LIBRARIES[i].id]++;
    }
  });
  if (verdicts.every((v) => v.text === 'ok')) continue;
  const key = verdicts.map((v) => v.text).join(' | ');
  let cluster = clusters.get(key);
  if (!cluster) clusters.set(key, (cluster = { verdicts: verdicts.map((v) => v.text), count: 0, where: {}, examples: [] }));
  cluster.count++;
  const where = `${entry.ecosystem}/${entry.spelling}`;
  cluster.where[where] = (cluster.where[where] ?? 0) + 1;
  // Examples from as many spellings as possible: the first of each, up to the limit.
  if (cluster.examples.length < EXAMPLES && cluster.where[where] === 1) {
    cluster.examples.push({
      input: entry.input,
      expected: entry.canonical,
      results: Object.fromEntries(LIBRARIES.map((l, i) => [l.id, verdicts[i].error ? `error: ${verdicts[i].error}` : verdicts[i].canonical])),
    });
  }
}

const sortedClusters = [...clusters.values()].sort((a, b) => b.count - a.count);
for (const cluster of sortedClusters) cluster.rules = rulesFor(cluster.verdicts.filter((v) => v !== 'ok'));

const behaviourRows = Object.entries(behaviours)
  .map(([behaviour, counts]) => ({ behaviour, counts, rules: rulesFor([behaviour]) }))
  .sort((a, b) => Math.max(...Object.values(b.counts)) - Math.max(...Object.values(a.counts)) || (a.behaviour < b.behaviour ? -1 : 1));

if (args.json) {
  console.log(
    JSON.stringify(
      { libraries: LIBRARIES.map((l) => l.label), total: entries.length, agreeing, perEcosystem, behaviours: behaviourRows, clusters: sortedClusters },
      null,
      2,
    ),
  );
  process.exit(0);
}

const pct = (n) => `${((100 * n) / entries.length).toFixed(1)}%`;
console.log(`Real-world corpus: ${entries.length} PURLs (corpus/purls). Agreement with the specification's answer (parse and canonical form):`);
for (const l of LIBRARIES) console.log(`  ${l.label.padEnd(38)} ${String(agreeing[l.id]).padStart(6)}  ${pct(agreeing[l.id])}`);
console.log('');
console.log(`${'ecosystem'.padEnd(10)}${'PURLs'.padStart(7)}${LIBRARIES.map((l) => l.id.padStart(15)).join('')}`);
for (const [eco, counts] of Object.entries(perEcosystem)) {
  console.log(`${eco.padEnd(10)}${String(counts.total).padStart(7)}${LIBRARIES.map((l) => String(counts[l.id]).padStart(15)).join('')}`);
}
console.log('');
console.log('Departures from the specification, one by one (PURLs showing each, per library):');
console.log(`${''.padEnd(48)}${LIBRARIES.map((l) => l.id.padStart(15)).join('')}`);
for (const row of behaviourRows) {
  console.log(`${row.behaviour.padEnd(48)}${LIBRARIES.map((l) => String(row.counts[l.id] || '-').padStart(15)).join('')}`);
}
console.log('');
console.log(`${sortedClusters.length} clusters (PURLs on which the four libraries answer the same way) where at least one departs:`);
for (const cluster of sortedClusters) {
  console.log('');
  const where = Object.entries(cluster.where)
    .sort((a, b) => b[1] - a[1])
    .map(([w, n]) => `${w} ${n}`);
  console.log(
    `[${cluster.count}] departing: ${LIBRARIES.filter((_, i) => cluster.verdicts[i] !== 'ok')
      .map((l) => l.id)
      .join(', ')}`,
  );
  console.log(`    in: ${where.slice(0, 8).join(', ')}${where.length > 8 ? `, … (${where.length} spellings)` : ''}`);
  LIBRARIES.forEach((l, i) => console.log(`    ${l.id.padEnd(14)} ${cluster.verdicts[i]}`));
  for (const rule of cluster.rules) console.log(`    rule: ${rule}`);
  for (const example of cluster.examples) {
    console.log(`    e.g. ${example.input}`);
    console.log(`         ${'spec'.padEnd(14)} ${example.expected}`);
    for (const l of LIBRARIES) if (example.results[l.id] !== example.expected) console.log(`         ${l.id.padEnd(14)} ${example.results[l.id]}`);
  }
}
