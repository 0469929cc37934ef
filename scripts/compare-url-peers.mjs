#!/usr/bin/env node
// Side by side (issue 26): the corpus of real URLs (corpus/real-urls/, see
// scripts/collect-url-corpus.mjs) through teapurl and the JavaScript peers that convert URLs.
//
//   URL -> PURL   teapurl urlToPurl(url)                  (loadPurlUrls() from dist/purl)
//                 @socketregistry/packageurl-js UrlConverter.fromUrl(url), its toString()
//   PURL -> URL   for each PURL of the corpus: teapurl purlToUrls(purl) beside
//                 UrlConverter.toDownloadUrl / toRepositoryUrl, and purl's url() (a page)
//
// The corpus line's PURL is the expectation (from its source's metadata, or an independent rule).
// The script prints, per ecosystem, how often each reader gives it, then every cluster of
// disagreements (the same ecosystem, host and differing components, or the same kind of missing
// answer) with an example and the rule that decides it, from RULES below; a cluster no rule
// covers is printed as such, so a new difference is seen. Then the same for the URLs each side
// writes, and the time each reader takes per URL, both run here in one process, as a ratio.
//
// Run:   npm run build && node scripts/compare-url-peers.mjs [--json] [--examples N]
//        --json        one JSON object per corpus line instead of the report
//        --examples N  examples printed per cluster (default 1)
// The exit status is 0 whatever the comparison finds, 2 when dist is missing.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
// The peers come from the benchmarks' own install (scripts/bench/; `node scripts/dev-tools.mjs --bench`).
const { socket, purlWebUrl, peerVersion } = await import('./bench/peers.mjs');
const { PackageURL: SocketPackageUrl, UrlConverter } = socket;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { json: { type: 'boolean', default: false }, examples: { type: 'string', default: '1' } },
});
const EXAMPLES = Math.max(0, Number.parseInt(args.examples, 10) || 0);

const entry = path.join(ROOT, 'dist/purl/index.js');
if (!fs.existsSync(entry)) {
  console.error('dist/purl/index.js is missing: run npm run build first');
  process.exit(2);
}
const { loadPurlUrls, defaultPurlEngine } = await import(entry);
const { purlToUrls, urlToPurl } = await loadPurlUrls();
const engine = defaultPurlEngine();

const version = peerVersion;
const PEERS = { socket: `@socketregistry/packageurl-js ${version('@socketregistry/packageurl-js')}`, purl: `purl ${version('purl')}` };

/**
 * Why teapurl and a peer part ways, by cluster key (`<type> <host> <what differs>`, see
 * clusterKey). The first rule whose pattern matches a cluster decides it.
 */
const RULES = [
  [
    /^deb .* peer:none$/,
    "the peer reads no Debian archive URL; teapurl reads the pool layout of deb.debian.org (and Ubuntu's archives): name, version as the file name writes it (no epoch), architecture",
  ],
  [
    /^maven repo\.maven\.apache\.org peer:none$/,
    'the peer reads Maven 2 layouts only at repo1.maven.org and central.maven.org; teapurl reads Central under every host name it has (default registry and mirrors)',
  ],
  [
    /^cpan .* peer:none$/,
    'the peer reads only metacpan.org/pod/ and /dist/ pages; teapurl reads /dist/, /release/ (with or without author and version) and search.cpan.org',
  ],
  [/^cran .* peer:none$/, "the peer reads only cran.r-project.org/web/packages/<name>; teapurl reads CRAN's canonical package=<name> address too"],
  [/^pypi pypi\.python\.org peer:none$/, "the peer reads pypi.org only; pypi.python.org, PyPI's old host, serves the same pages and files"],
  [/^pypi pypi\.org peer:none$/, 'the peer reads /project/ pages only; teapurl reads the /pypi/ pages too'],
  [
    /^npm registry\.npmjs\.org peer:none$/,
    'the peer reads tarballs and version documents but not a scoped package document written with %2f (@scope%2fname), as npm itself requests it',
  ],
  [/^npm (npmjs\.com|www\.npmjs\.org|npmjs\.org) peer:none$/, 'the peer reads www.npmjs.com only; npmjs.com and npmjs.org serve the same pages'],
  [
    /^(github|bitbucket) .* name$/,
    "a clone URL's .git is not part of the repository's name (the forge serves o/r.git and o/r as one repository); the peer keeps it",
  ],
  [
    /^git gitlab\.com type\+namespace\+name$/,
    'pkg:gitlab is no registered PURL type (the purl-spec types index has none); teapurl reads gitlab.com with the git type, host as namespace and the whole project path as name, so subgroups are kept, where the peer keeps two segments',
  ],
  [/^github github\.com peer:none$/, "the peer reads no github.com URL written with git+ (package.json's repository form), nor a fragment-bearing one"],
  [
    /^github github\.com subpath$/,
    'tree/<ref>/<path> (a package.json homepage in a monorepo): both take the first segment as the ref; the peer drops the path, teapurl keeps it as the subpath',
  ],
  [
    /^maven download: teapurl repo\.maven\.apache\.org, socket repo1\.maven\.org$/,
    "both write Maven Central's layout, teapurl under the maven type's default registry, the peer under repo1.maven.org (the same Central); the peer writes .jar whatever the type qualifier says (a type=pom PURL gets the jar), teapurl the type's extension",
  ],
];
const ruleFor = (key) => RULES.find(([pattern]) => pattern.test(key))?.[1] ?? null;

function attempt(fn) {
  try {
    return fn() ?? null;
  } catch (error) {
    return `error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
}

const COMPONENTS = ['type', 'namespace', 'name', 'version', 'qualifiers', 'subpath'];
/** The components in which two PURLs differ, or `null` when one does not parse. */
function differing(a, b) {
  const x = attempt(() => engine.parse(a, { lenient: true }));
  const y = attempt(() => engine.parse(b, { lenient: true }));
  if (x === null || y === null || typeof x === 'string' || typeof y === 'string') return null;
  return COMPONENTS.filter((c) => JSON.stringify(x[c] ?? null) !== JSON.stringify(y[c] ?? null));
}

function clusterKey(type, url, peer, expected) {
  const host = URL.canParse(url.replace(/^git\+/, '')) ? new URL(url.replace(/^git\+/, '')).hostname : '?';
  if (peer === null) return `${type} ${host} peer:none`;
  if (peer.startsWith('error: ')) return `${type} ${host} peer:error`;
  return `${type} ${host} ${differing(peer, expected)?.join('+') ?? 'unparsable'}`;
}

// ---------------------------------------------------------------------------------------------

const rows = [];
const directory = path.join(ROOT, 'corpus/real-urls');
for (const file of fs
  .readdirSync(directory)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  const type = file.replace(/\.jsonl$/, '');
  for (const line of fs.readFileSync(path.join(directory, file), 'utf8').split('\n')) {
    if (line === '') continue;
    const [url, expected, source] = JSON.parse(line);
    const socket = attempt(() => UrlConverter.fromUrl(url)?.toString());
    rows.push({ type, url, expected, source, teapurl: attempt(() => urlToPurl(url)), socket });
  }
}

if (args.json) {
  for (const row of rows) console.log(JSON.stringify(row));
  process.exit(0);
}

const pct = (n, d) => (d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`);
const pad = (cells, widths) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');

console.log(`URL -> PURL over corpus/real-urls: teapurl beside ${PEERS.socket} UrlConverter.fromUrl`);
console.log(`${rows.length} URLs; "= corpus" is the PURL the corpus line gives\n`);
const widths = [10, 6, 16, 16, 16];
console.log(pad(['ecosystem', 'URLs', 'teapurl = corpus', 'socket = corpus', 'socket answers'], widths));
const types = [...new Set(rows.map((r) => r.type))];
const totals = { n: 0, tea: 0, socket: 0, answers: 0 };
for (const type of types) {
  const of = rows.filter((r) => r.type === type);
  const tea = of.filter((r) => r.teapurl === r.expected).length;
  const socket = of.filter((r) => r.socket === r.expected).length;
  const answers = of.filter((r) => r.socket !== null && !r.socket.startsWith('error: ')).length;
  Object.assign(totals, { n: totals.n + of.length, tea: totals.tea + tea, socket: totals.socket + socket, answers: totals.answers + answers });
  console.log(pad([type, of.length, pct(tea, of.length), pct(socket, of.length), pct(answers, of.length)], widths));
}
console.log(pad(['all', totals.n, pct(totals.tea, totals.n), pct(totals.socket, totals.n), pct(totals.answers, totals.n)], widths));

function printClusters(title, items) {
  const clusters = new Map();
  for (const item of items) {
    if (!clusters.has(item.key)) clusters.set(item.key, []);
    clusters.get(item.key).push(item);
  }
  console.log(`\n${title}: ${items.length} in ${clusters.size} clusters`);
  for (const [key, members] of [...clusters].sort(([, a], [, b]) => b.length - a.length)) {
    console.log(`\n  [${members.length}] ${key}`);
    console.log(`      rule: ${ruleFor(key) ?? '(no rule recorded: a new difference, look at it)'}`);
    for (const member of members.slice(0, EXAMPLES)) for (const line of member.lines) console.log(`      ${line}`);
  }
}

printClusters(
  'Where the peer does not give the corpus PURL',
  rows
    .filter((r) => r.socket !== r.expected)
    .map((r) => ({
      key: clusterKey(r.type, r.url, r.socket, r.expected),
      lines: [`url      ${r.url}`, `corpus   ${r.expected}`, `teapurl  ${r.teapurl}`, `socket   ${r.socket}`],
    })),
);
const own = rows.filter((r) => r.teapurl !== r.expected);
console.log(`\nWhere teapurl does not give the corpus PURL: ${own.length}`);
for (const r of own.slice(0, 20)) console.log(`  ${r.url}\n    corpus ${r.expected}\n    teapurl ${r.teapurl}`);

// ---------------------------------------------------------------------------------------------
// PURL -> URL: the corpus's PURLs, each once.

const purls = [...new Map(rows.map((r) => [r.expected, r])).values()];
const normalise = (url) => (typeof url === 'string' && URL.canParse(url) ? new URL(url).href : (url ?? null));
const written = purls.map((r) => {
  const tea = attempt(() => purlToUrls(r.expected));
  const socketPurl = attempt(() => SocketPackageUrl.fromString(r.expected));
  const socket =
    typeof socketPurl === 'string' || socketPurl === null
      ? { download: socketPurl, repository: socketPurl }
      : { download: attempt(() => UrlConverter.toDownloadUrl(socketPurl)?.url), repository: attempt(() => UrlConverter.toRepositoryUrl(socketPurl)?.url) };
  return {
    ...r,
    tea: typeof tea === 'string' ? { repository: tea, versionPage: tea, download: tea } : tea,
    socket,
    page: attempt(() => purlWebUrl(r.expected)),
  };
});
console.log(
  `\nPURL -> URL for the corpus's ${written.length} PURLs: teapurl's download beside socket's toDownloadUrl, teapurl's pages beside socket's toRepositoryUrl and purl's url()`,
);
const w2 = [10, 6, 15, 15, 17, 17];
console.log(pad(['ecosystem', 'PURLs', 'tea download', 'same download', 'tea page = socket', 'tea page = purl'], w2));
/** Whether a peer's page is one of teapurl's (the package's page or the version's). */
const samePage = (tea, page) => page !== null && [tea.repository, tea.versionPage].map(normalise).includes(normalise(page));
for (const type of types) {
  const of = written.filter((r) => r.type === type);
  const downloads = of.filter((r) => r.tea.download !== null);
  console.log(
    pad(
      [
        type,
        of.length,
        pct(downloads.length, of.length),
        pct(of.filter((r) => r.tea.download !== null && normalise(r.tea.download) === normalise(r.socket.download)).length, downloads.length),
        pct(of.filter((r) => samePage(r.tea, r.socket.repository)).length, of.length),
        pct(of.filter((r) => samePage(r.tea, r.page)).length, of.length),
      ],
      w2,
    ),
  );
}
printClusters(
  'Where the download URLs differ (both give one)',
  written
    .filter((r) => r.tea.download !== null && r.socket.download !== null && normalise(r.tea.download) !== normalise(r.socket.download))
    .map((r) => ({
      key: `${r.type} download: teapurl ${hostOf(r.tea.download)}, socket ${hostOf(r.socket.download)}`,
      lines: [`purl     ${r.expected}`, `teapurl  ${r.tea.download}`, `socket   ${r.socket.download}`],
    })),
);

function hostOf(url) {
  return typeof url === 'string' && URL.canParse(url) ? new URL(url).hostname : String(url);
}

// ---------------------------------------------------------------------------------------------
// Time per URL, both readers over the same URLs in this process.

function timePerUrl(read) {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (const r of rows) read(r.url);
    best = Math.min(best, performance.now() - start);
  }
  return (best * 1e6) / rows.length;
}
const teaTime = timePerUrl((url) => urlToPurl(url));
const socketTime = timePerUrl((url) => {
  try {
    UrlConverter.fromUrl(url)?.toString();
  } catch {
    // a peer that throws is timed like one that answers
  }
});
console.log(
  `\nTime per URL (best of 5 rounds over the ${rows.length} URLs): teapurl ${Math.round(teaTime)} ns, socket ${Math.round(socketTime)} ns, teapurl/socket ${(teaTime / socketTime).toFixed(2)}`,
);
