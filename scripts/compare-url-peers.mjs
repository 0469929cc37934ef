#!/usr/bin/env node
// Peer comparison of PURL <-> URL mapping (issue 15, item 5): for every worked example of the URL
// corpus (corpus/purl-urls/*-urls.json) it sets teapurl beside the two peers that map PURLs to URLs.
//
//   purl example  teapurl purlToUrls(p)                      repository and download
//                 @socketregistry/packageurl-js UrlConverter toRepositoryUrl / toDownloadUrl
//                                                            (getAllUrls), the .url of each
//                 purl (npm) url(p)                          one "package web page": compared
//                                                            with the repository URL
//   url example   teapurl urlToPurl(u)                       the canonical PURL or null
//                 UrlConverter.fromUrl(u)                    its toString(), or none
//                 (`purl` reads no URLs)
//
// URLs are compared after WHATWG URL normalisation (scheme and host lower case, default port
// dropped), and also with a trailing "/" ignored, which is reported as its own kind of difference
// so a real difference is never hidden behind one. For each example the line says whether the
// peer agrees, differs, or has nothing for it (type not covered or null), and a summary counts
// them per peer. The corpus expectation (what the example document says) is printed too, so a
// difference between teapurl and its own data shows up.
//
// Run:   npm run build && node scripts/compare-url-peers.mjs [--differences] [--json]
//        --differences  print only examples where some peer differs from teapurl
//        --json         one JSON object per example instead of text
// The exit status is 0 whatever the comparison finds, 2 when dist is missing.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// The peers come from the benchmarks' own install (scripts/bench/; `node scripts/dev-tools.mjs --bench`).
const { socket, purlWebUrl, peerVersion } = await import('./bench/peers.mjs');
const { PackageURL: SocketPackageUrl, UrlConverter } = socket;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = path.join(ROOT, 'corpus/purl-urls');
const { values: args } = parseArgs({
  options: { differences: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
});

const distPurl = path.join(ROOT, 'dist/purl/index.js');
if (!fs.existsSync(distPurl)) {
  console.error('dist/purl/index.js is missing: run npm run build first');
  process.exit(2);
}
const { purlToUrls, urlToPurl } = await (await import(distPurl)).loadPurlUrls();

const version = peerVersion;
const PEERS = {
  socket: `@socketregistry/packageurl-js ${version('@socketregistry/packageurl-js')} UrlConverter`,
  purl: `purl ${version('purl')} url()`,
};

/** A peer call that throws is a result too ("error: ..."), never the end of the run. */
function attempt(fn) {
  try {
    return { value: fn() ?? null };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function normalise(url) {
  if (url === null || url === undefined) return null;
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

/**
 * How a peer's URL relates to teapurl's: same, same-but-slash (only a trailing "/" differs),
 * differs, teapurl-only (the peer gives none), peer-only (teapurl gives none), both-none, error.
 */
function relate(ours, theirs) {
  if (theirs && typeof theirs === 'object' && 'error' in theirs) return 'error';
  const a = normalise(ours);
  const b = normalise(theirs);
  if (a === null && b === null) return 'both-none';
  if (b === null) return 'teapurl-only';
  if (a === null) return 'peer-only';
  if (a === b) return 'same';
  if (a.replace(/\/$/, '') === b.replace(/\/$/, '')) return 'same-but-slash';
  return 'differs';
}

const documents = fs
  .readdirSync(CORPUS)
  .filter((f) => f.endsWith('-urls.json'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(CORPUS, f), 'utf8')));

const rows = [];
for (const doc of documents) {
  for (const example of doc.examples) {
    if ('url' in example) {
      const ours = attempt(() => urlToPurl(example.url));
      const theirs = attempt(() => {
        const read = UrlConverter.fromUrl(example.url);
        return read ? read.toString() : null;
      });
      rows.push({
        type: doc.type,
        kind: 'url',
        input: example.url,
        expected: example.purl,
        teapurl: ours.error ? `error: ${ours.error}` : ours.value,
        socket: theirs.error ? `error: ${theirs.error}` : theirs.value,
        relation: { socket: relatePurl(ours.value ?? null, theirs) },
      });
      continue;
    }
    const ours = attempt(() => purlToUrls(example.purl));
    const tea = ours.value ?? { repository: null, download: null };
    const socketPurl = attempt(() => SocketPackageUrl.fromString(example.purl));
    const socket = socketPurl.error
      ? { repository: socketPurl, download: socketPurl }
      : {
          repository: attempt(() => UrlConverter.toRepositoryUrl(socketPurl.value)?.url),
          download: attempt(() => UrlConverter.toDownloadUrl(socketPurl.value)?.url),
        };
    const purlPage = attempt(() => purlWebUrl(example.purl));
    const shown = (r) => (r.error ? `error: ${r.error}` : r.value);
    rows.push({
      type: doc.type,
      kind: 'purl',
      input: example.purl,
      expected: { repository: example.repository, download: example.download },
      teapurl: ours.error ? { error: ours.error } : tea,
      socket: { repository: shown(socket.repository), download: shown(socket.download) },
      purl: { repository: shown(purlPage) },
      relation: {
        socketRepository: relate(tea.repository, socket.repository.error ? socket.repository : socket.repository.value),
        socketDownload: relate(tea.download, socket.download.error ? socket.download : socket.download.value),
        purlRepository: relate(tea.repository, purlPage.error ? purlPage : purlPage.value),
      },
    });
  }
}

function relatePurl(ours, theirs) {
  if (theirs.error) return 'error';
  if (ours === null && theirs.value === null) return 'both-none';
  if (theirs.value === null) return 'teapurl-only';
  if (ours === null) return 'peer-only';
  return ours === theirs.value ? 'same' : 'differs';
}

const isDifferent = (row) => Object.values(row.relation).some((r) => r !== 'same' && r !== 'both-none');
const selected = args.differences ? rows.filter(isDifferent) : rows;

if (args.json) {
  for (const row of selected) console.log(JSON.stringify(row));
  process.exit(0);
}

console.log(`PURL <-> URL: teapurl beside ${PEERS.socket} and ${PEERS.purl}`);
console.log(`${documents.length} documents, ${rows.length} examples\n`);
const mark = (relation) => (relation === 'same' || relation === 'both-none' ? '=' : '≠');
for (const row of selected) {
  if (row.kind === 'url') {
    console.log(`[${row.type}] ${row.input}`);
    console.log(`  expected  ${row.expected}`);
    console.log(`  teapurl   ${row.teapurl}`);
    console.log(`  socket  ${mark(row.relation.socket)} ${row.socket}  (${row.relation.socket})`);
  } else {
    console.log(`[${row.type}] ${row.input}`);
    if (row.teapurl.error) console.log(`  teapurl   error: ${row.teapurl.error}`);
    for (const key of ['repository', 'download']) {
      const label = key === 'repository' ? 'repo' : 'dl  ';
      const expectedNote = row.teapurl[key] === row.expected[key] ? '' : `   (corpus expects ${row.expected[key]})`;
      console.log(`  ${label} teapurl   ${row.teapurl[key]}${expectedNote}`);
      const socketRelation = key === 'repository' ? row.relation.socketRepository : row.relation.socketDownload;
      console.log(`  ${label} socket  ${mark(socketRelation)} ${row.socket[key]}  (${socketRelation})`);
      if (key === 'repository') {
        console.log(`  ${label} purl    ${mark(row.relation.purlRepository)} ${row.purl.repository}  (${row.relation.purlRepository})`);
      }
    }
  }
  console.log('');
}

// Summary: per comparison, how many examples fall in each relation.
const summary = new Map();
for (const row of rows) {
  for (const [what, relation] of Object.entries(row.relation)) {
    const key = row.kind === 'url' ? 'socket fromUrl' : { socketRepository: 'socket repository', socketDownload: 'socket download', purlRepository: 'purl web page' }[what];
    const counts = summary.get(key) ?? {};
    counts[relation] = (counts[relation] ?? 0) + 1;
    summary.set(key, counts);
  }
}
console.log('Summary (relation of the peer to teapurl, examples):');
for (const [key, counts] of summary) {
  console.log(`  ${key.padEnd(18)} ${Object.entries(counts).map(([r, n]) => `${r} ${n}`).join(', ')}`);
}
const ownMisses = rows.filter((row) =>
  row.kind === 'url'
    ? row.teapurl !== row.expected
    : row.teapurl.error || row.teapurl.repository !== row.expected.repository || row.teapurl.download !== row.expected.download,
);
console.log(`teapurl against its own corpus expectations: ${rows.length - ownMisses.length} of ${rows.length} agree`);
