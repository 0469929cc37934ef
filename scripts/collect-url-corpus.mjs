#!/usr/bin/env node
// Collects the corpus of real URLs in corpus/real-urls/: URLs found on this machine, each with the
// PURL it names, for test/purl/urls/real-urls.test.ts and scripts/compare-url-peers.mjs.
//
// The expected PURLs come from the sources' own metadata where they have it, and otherwise from
// a per-host rule written here; never from teapurl's URL mapper (nothing from src/ is imported:
// PURL strings are written by scripts/lib/canonical-purl.mjs).
//
//   npm cache        ~/.npm/_cacache: the URLs npm fetched (tarballs and package documents of
//                    registry.npmjs.org); the PURL from the package.json inside the cached
//                    tarball, or the name in the cached package document.
//   apt-get          `apt-get download --print-uris` for the installed Debian packages and a
//                    seeded sample of the others; the PURL from the package's record in apt's
//                    lists (`apt-cache dumpavail`) whose Filename is the URL's pool path: name,
//                    version and architecture, the version without its epoch, which no pool
//                    file name carries.
//   Maven            ~/.m2/repository, a copy of Maven Central's layout: each file's URL on
//                    Central (https://repo.maven.apache.org/maven2/ and its path); the PURL from
//                    the POM beside it (groupId, artifactId, version, from <parent> where the POM
//                    inherits them), the file's extension as type and what its name has between
//                    version and extension as classifier.
//   Debian Homepage  the Homepage fields of apt's lists. A registry page (metacpan, CRAN,
//                    Hackage, PyPI, RubyGems, crates.io, npm) is kept only when the package it
//                    names is the Debian package's by Debian's naming policy (libfoo-bar-perl
//                    for Foo-Bar, r-cran-x, libghc-x-dev, python3-x, ruby-x, librust-x-dev,
//                    node-x): two sources agree. A forge page (github.com, gitlab.com,
//                    bitbucket.org) is kept in the shapes the forge rule below reads.
//   POM scm, package.json, Python metadata
//                    <scm><url> and <url> of the POMs above; repository and homepage of the
//                    package.json files under node_modules; Home-page, Download-URL and
//                    Project-URL of the installed Python distributions (every interpreter on
//                    PATH and under ~/.pyenv): forge pages by the forge rule, PyPI project
//                    pages when they name the distribution they come with.
//
// Forge rule: github.com/<owner>/<repository>[.git] names pkg:github/<owner>/<repository>;
// .../tree/<ref>/<path> the same at <ref> with <path> as subpath; bitbucket.org/<owner>/<repo>
// pkg:bitbucket/...; gitlab.com/<path> (no "/-/" in it) pkg:git/gitlab.com/<path>, the git type's
// host and path. A git+ before https and a #fragment (#readme) are part of the URL as found.
// Other shapes are not collected: the corpus holds URLs whose package is certain.
//
// Output: corpus/real-urls/<type>.jsonl, one line per URL, sorted: [url, purl, source]. Large
// sources are sampled with a seeded PRNG, so the same machine gives the same files.
//
// Run:   node scripts/collect-url-corpus.mjs [--out DIR] [--check]
//        --check compares with the committed files instead of writing them (exit 1 on a change).

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prng } from './lib/prng.mjs';
import { buildCanonical, byText, normalise } from './lib/canonical-purl.mjs';
import { debianStanzas } from './lib/debian-stanzas.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(ROOT, 'corpus/real-urls') },
    check: { type: 'boolean', default: false },
  },
});
const HOME = os.homedir();
const CENTRAL = 'https://repo.maven.apache.org/maven2';
/** Most lines taken from one large source for one type (a seeded sample of the rest is left out). */
const CAPS = {
  'apt-get deb': 1000,
  'Maven maven': 1000,
  'Debian Homepage github': 700,
  'Debian Homepage cpan': 400,
  'Debian Homepage cran': 300,
  'Debian Homepage hackage': 300,
};

const random = prng(26);
function sample(list, count) {
  const copy = [...list].sort(byText);
  for (let i = 0; i < Math.min(count, copy.length); i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

const purl = (type, namespace, name, version = null, qualifiers = null, subpath = null) =>
  buildCanonical(normalise({ type, namespace, name, version, qualifiers, subpath }));

/** url -> [purl, source]; the first source to find a URL keeps it. */
const found = new Map();
function add(url, expected, source) {
  // A POM's unexpanded ${property} is a placeholder, not a part of any URL.
  if (typeof url !== 'string' || expected === null || found.has(url) || /[\s{}$]/.test(url)) return;
  found.set(url, [expected, source]);
}
const typeOf = (expected) => /^pkg:([^/]+)\//.exec(expected)[1];

/** Adds a source's lines, for each type a seeded sample of them when it has more than its cap. */
function addAll(lines, source) {
  const unique = new Map(lines.filter(([url]) => !found.has(url)));
  const types = [...new Set([...unique.values()].map(typeOf))].sort(byText);
  for (const type of types) {
    const urls = [...unique.keys()].filter((url) => typeOf(unique.get(url)) === type);
    const cap = CAPS[`${source} ${type}`];
    for (const url of cap !== undefined && urls.length > cap ? sample(urls, cap) : urls) add(url, unique.get(url), source);
  }
}

// ---------------------------------------------------------------------------------------------
// The forge rule, and the registry pages Debian's Homepage fields and Python metadata have.

function parseHttp(text) {
  const url = text.replace(/^git\+(?=https?:\/\/)/, '');
  if (!/^https?:\/\//.test(url) || !URL.canParse(url)) return null;
  return new URL(url);
}
const segments = (url) =>
  url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));

function forgePurl(text) {
  const url = parseHttp(text);
  if (url === null || url.search !== '') return null;
  const parts = segments(url);
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'github.com' && parts.length === 2) return purl('github', parts[0], parts[1].replace(/\.git$/, ''));
  if (host === 'github.com' && parts.length >= 4 && parts[2] === 'tree' && url.hash === '')
    return purl('github', parts[0], parts[1], parts[3], null, parts.slice(4).join('/') || null);
  if (host === 'bitbucket.org' && parts.length === 2) return purl('bitbucket', parts[0], parts[1].replace(/\.git$/, ''));
  // The git type's name is the path on the host, written with its slashes as they are (ECMA-427's
  // git tests): the same string as the path's last part after a namespace of host and the rest.
  if (host === 'gitlab.com' && parts.length >= 2 && !parts.includes('-') && url.hash === '')
    return purl('git', ['gitlab.com', ...parts.slice(0, -1)].join('/'), parts.at(-1));
  return null;
}

/**
 * Forge download shapes (issue 36): real release, archive and download URLs of GitHub and
 * Bitbucket projects, listed here (no machine source has them), each read by the rule below,
 * not by teapurl. A release asset is the repository at the release tag with the asset as
 * download_url (the PURL alone leads to the source archive); an archive named with the project's
 * name, "@" and a version (a digit, or "v" and a digit, first) is that version; one named with
 * the name, "-" and something else than a version is the repository without a version, with the
 * archive as download_url; after refs/tags/ the rest of the path, its extension cut, is the tag;
 * a file of a Bitbucket repository's Downloads is the repository without a version, with the
 * file as download_url; a tree page without a revision is the repository.
 */
const FORGE_SHAPE_URLS = [
  'https://github.com/apache/nifi/archive/refs/tags/rel/nifi-2.0.0-M3.tar.gz',
  'https://github.com/FasterXML/woodstox/archive/woodstox-core-5.0.2.zip',
  'https://github.com/n8n-io/n8n/archive/n8n@0.23.0.tar.gz',
  'https://github.com/syncthing/syncthing/releases/download/v0.14.36/syncthing-source-v0.14.36.tar.gz',
  'https://github.com/torakiki/pdfsam/releases/download/v3.3.2/pdfsam-3.3.2-bin.zip',
  'https://github.com/yarnpkg/yarn/releases/download/v1.3.2/yarn-v1.3.2.tar.gz',
  'https://github.com/z3APA3A/3proxy/releases/download/0.8.11/3proxy-0.8.11.zip',
  'https://github.com/TG1999/fetchcode/tree',
  'https://bitbucket.org/multicoreware/x265/downloads/x265_2.6.tar.gz',
  'https://bitbucket.org/robeden/trove/downloads/trove-3.0.3.zip',
  'https://bitbucket.org/efotinis/deskpins/downloads/DeskPins-1.31-setup.exe',
];

const ARCHIVE_EXTENSION = /\.(tar\.gz|zip)$/;

function forgeShapePurl(text) {
  const url = new URL(text);
  const parts = url.pathname.split('/').slice(1);
  const [owner, repo, kind] = parts;
  const withFile = (type, version) => purl(type, owner, repo, version, { download_url: text });
  if (url.hostname === 'bitbucket.org' && kind === 'downloads' && parts.length === 4) return withFile('bitbucket', null);
  if (url.hostname !== 'github.com') return null;
  if (kind === 'tree' && parts.length === 3) return purl('github', owner, repo);
  if (kind === 'releases' && parts[3] === 'download' && parts.length === 6) return withFile('github', parts[4]);
  if (kind !== 'archive' || !ARCHIVE_EXTENSION.test(text)) return null;
  const ref = parts.slice(3).join('/').replace(ARCHIVE_EXTENSION, '');
  if (ref.startsWith('refs/tags/')) return purl('github', owner, repo, ref.slice('refs/tags/'.length));
  // "<repo>@<version>" is a monorepo's tag of a package; "<repo>-<version>" may be the tag as a
  // whole or the version after the name, so it is not collected; "<repo>-<other>" is no version.
  if (ref.startsWith(`${repo}@`) && /^v?[0-9]/.test(ref.slice(repo.length + 1))) return purl('github', owner, repo, ref.slice(repo.length + 1));
  if (ref.startsWith(`${repo}-`) && !/^v?[0-9]/.test(ref.slice(repo.length + 1))) return purl('github', owner, repo, null, { download_url: text });
  return null;
}

function forgeShapes() {
  return FORGE_SHAPE_URLS.map((url) => [url, forgeShapePurl(url)]);
}

/** A registry page: [type, name] when the URL is one, by host and path. */
function registryPage(text) {
  const url = parseHttp(text);
  if (url === null) return null;
  const host = url.hostname.replace(/^www\./, '');
  const parts = segments(url);
  const only = (n) => (parts.length === n ? parts : null);
  if ((host === 'metacpan.org' || host === 'search.cpan.org') && only(2) && ['release', 'dist'].includes(parts[0])) return ['cpan', parts[1]];
  if (host === 'cran.r-project.org' && url.search === '' && parts.length === 1 && parts[0].startsWith('package='))
    return ['cran', parts[0].slice('package='.length)];
  if (
    host === 'cran.r-project.org' &&
    parts[0] === 'web' &&
    parts[1] === 'packages' &&
    (parts.length === 3 || (parts.length === 4 && parts[3] === 'index.html'))
  )
    return ['cran', parts[2]];
  if (host === 'hackage.haskell.org' && only(2) && parts[0] === 'package' && !/-[0-9.]+$/.test(parts[1])) return ['hackage', parts[1]];
  if ((host === 'pypi.org' || host === 'pypi.python.org') && only(2) && ['project', 'pypi'].includes(parts[0])) return ['pypi', parts[1]];
  if (host === 'rubygems.org' && only(2) && parts[0] === 'gems') return ['gem', parts[1]];
  if (host === 'crates.io' && only(2) && parts[0] === 'crates') return ['cargo', parts[1]];
  if ((host === 'npmjs.com' || host === 'npmjs.org') && only(2) && parts[0] === 'package') return ['npm', parts[1]];
  return null;
}

const debianName = (text) => text.toLowerCase().replace(/[_.]/g, '-');
/** Debian's name for the package of a registry, by its naming policy. */
const DEBIAN_NAMES = {
  cpan: (name) => [`lib${name.toLowerCase().replace(/::/g, '-')}-perl`],
  cran: (name) => [`r-cran-${name.toLowerCase()}`],
  hackage: (name) => ['dev', 'doc', 'prof'].map((suffix) => `libghc-${name.toLowerCase()}-${suffix}`),
  pypi: (name) => [`python3-${debianName(name)}`, `python3-${name.toLowerCase()}`],
  gem: (name) => [`ruby-${debianName(name)}`],
  cargo: (name) => [`librust-${debianName(name)}-dev`],
  npm: (name) => [`node-${name.toLowerCase()}`],
};

// ---------------------------------------------------------------------------------------------
// npm's cache.

function walk(dir, visit) {
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => byText(a.name, b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, visit);
    else if (entry.isFile()) visit(full);
  }
}

/** The JSON text of the first `<folder>/package.json` in a gzipped tar. */
function packageJsonInTarball(buffer) {
  const tar = zlib.gunzipSync(buffer);
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = tar.toString('utf8', at, at + 100).replace(/\0.*$/s, '');
    if (name === '') return null;
    const size = Number.parseInt(
      tar
        .toString('utf8', at + 124, at + 136)
        .replace(/\0.*$/s, '')
        .trim() || '0',
      8,
    );
    if (/^[^/]+\/package\.json$/.test(name)) return tar.toString('utf8', at + 512, at + 512 + size);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return null;
}

function npmCache() {
  const cache = path.join(HOME, '.npm/_cacache');
  const lines = [];
  walk(path.join(cache, 'index-v5'), (file) => {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const json = line.slice(line.indexOf('\t') + 1);
      if (!json.startsWith('{')) continue;
      let entry;
      try {
        entry = JSON.parse(json);
      } catch {
        continue;
      }
      const prefix = 'make-fetch-happen:request-cache:';
      if (typeof entry.key !== 'string' || !entry.key.startsWith(prefix) || typeof entry.integrity !== 'string') continue;
      const [algorithm, digest] = entry.integrity.split(/\s/)[0].split('-');
      const hex = Buffer.from(digest, 'base64').toString('hex');
      const content = path.join(cache, 'content-v2', algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
      if (!fs.existsSync(content)) continue;
      const url = entry.key.slice(prefix.length);
      try {
        const bytes = fs.readFileSync(content);
        const manifest = JSON.parse(url.endsWith('.tgz') ? packageJsonInTarball(bytes) : bytes.toString('utf8'));
        const [scope, name] = manifest.name.startsWith('@') ? manifest.name.split('/') : [null, manifest.name];
        lines.push([url, purl('npm', scope, name, url.endsWith('.tgz') ? manifest.version : null)]);
      } catch {
        // A cached body that is not a package document or tarball names nothing for sure.
      }
    }
  });
  return lines;
}

// ---------------------------------------------------------------------------------------------
// apt.

function aptUris(stanzas) {
  const byFilename = new Map(stanzas.filter((s) => s.Filename).map((s) => [s.Filename, s]));
  const names = [...new Set(stanzas.filter((s) => s.Filename).map((s) => s.Package))].sort(byText);
  const installed = new Set(execFileSync('dpkg-query', ['-W', '-f', '${Package}\n'], { encoding: 'utf8' }).split('\n'));
  const chosen = [
    ...names.filter((n) => installed.has(n)),
    ...sample(
      names.filter((n) => !installed.has(n)),
      800,
    ),
  ];
  const lines = [];
  for (let i = 0; i < chosen.length; i += 200) {
    let out;
    try {
      out = execFileSync('apt-get', ['download', '--print-uris', '-qq', ...chosen.slice(i, i + 200)], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    } catch (error) {
      out = error.stdout ?? '';
    }
    for (const line of out.split('\n')) {
      const m = /^'([^']+)' /.exec(line);
      if (!m) continue;
      const url = m[1];
      const pool = url.indexOf('/pool/');
      const stanza = pool === -1 ? undefined : (byFilename.get(url.slice(pool + 1)) ?? byFilename.get(decodeURIComponent(url.slice(pool + 1))));
      if (stanza === undefined) continue;
      const version = stanza.Version.replace(/^[0-9]+:/, '');
      lines.push([url, purl('deb', 'debian', stanza.Package, version, { arch: stanza.Architecture })]);
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Maven's local repository.

const xmlText = (s) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').trim();
/** The first <tag> directly in `text` once nested blocks are cut out. */
function field(text, tag) {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(text);
  return m ? xmlText(m[1]) : null;
}

function pomCoordinates(text) {
  const clean = text.replace(/<!--[\s\S]*?-->/g, '');
  const parent = /<parent>([\s\S]*?)<\/parent>/.exec(clean)?.[1] ?? '';
  // The project's own elements: those outside the parent and outside every block that nests coordinates.
  const own = clean
    .replace(/<parent>[\s\S]*?<\/parent>/, '')
    .replace(
      /<(dependencies|dependencyManagement|build|profiles|reporting|plugins|pluginManagement|distributionManagement|extensions|exclusions)>[\s\S]*?<\/\1>/g,
      '',
    );
  const groupId = field(own, 'groupId') ?? field(parent, 'groupId');
  const artifactId = field(own, 'artifactId');
  const version = field(own, 'version') ?? field(parent, 'version');
  const scm = /<scm>([\s\S]*?)<\/scm>/.exec(own)?.[1];
  return { groupId, artifactId, version, urls: [field(own, 'url'), scm ? field(scm, 'url') : null].filter(Boolean) };
}

function mavenRepository() {
  const repository = path.join(HOME, '.m2/repository');
  const files = [];
  const pomUrls = [];
  walk(repository, (file) => {
    if (!file.endsWith('.pom')) return;
    const { groupId, artifactId, version, urls } = pomCoordinates(fs.readFileSync(file, 'utf8'));
    if (!groupId || !artifactId || !version || `${groupId}${artifactId}${version}`.includes('$')) return;
    const folder = path.dirname(file);
    // Only a POM where Central's layout puts its coordinates: a relocated or odd one is left out.
    if (path.relative(repository, folder) !== [...groupId.split('.'), artifactId, version].join('/')) return;
    for (const name of fs.readdirSync(folder).sort(byText)) {
      const stem = `${artifactId}-${version}`;
      if (!name.startsWith(stem) || !/\.(jar|pom)$/.test(name)) continue;
      const rest = name.slice(stem.length);
      const dot = rest.indexOf('.');
      const classifier = rest.startsWith('-') ? rest.slice(1, dot) : null;
      if (!rest.startsWith('-') && dot !== 0) continue;
      const type = rest.slice(dot + 1);
      const qualifiers = { ...(classifier ? { classifier } : {}), ...(type !== 'jar' ? { type } : {}) };
      files.push([
        `${CENTRAL}/${path.relative(repository, path.join(folder, name))}`,
        purl('maven', groupId, artifactId, version, Object.keys(qualifiers).length ? qualifiers : null),
      ]);
    }
    for (const url of urls) pomUrls.push([url, forgePurl(url)]);
  });
  return { files, pomUrls: pomUrls.filter(([, p]) => p !== null) };
}

// ---------------------------------------------------------------------------------------------
// Homepages, package.json and Python metadata.

function homepages(stanzas) {
  const lines = [];
  for (const stanza of stanzas) {
    const url = stanza.Homepage;
    if (!url) continue;
    const forge = forgePurl(url);
    if (forge !== null) {
      lines.push([url, forge]);
      continue;
    }
    const page = registryPage(url);
    if (page !== null && DEBIAN_NAMES[page[0]](page[1]).includes(stanza.Package)) lines.push([url, purl(page[0], null, page[1])]);
  }
  return lines;
}

function packageJsons() {
  const lines = [];
  const roots = [path.join(ROOT, 'node_modules'), '/usr/lib/node_modules'];
  for (const root of roots) {
    walk(root, (file) => {
      if (path.basename(file) !== 'package.json' || path.basename(path.dirname(path.dirname(file))).startsWith('.')) return;
      let manifest;
      try {
        manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        return;
      }
      for (const url of [typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url, manifest.homepage]) {
        if (typeof url === 'string') lines.push([url, forgePurl(url)]);
      }
    });
  }
  return lines.filter(([, p]) => p !== null);
}

const PYTHON_URLS = `
import importlib.metadata as m, json
out = []
for d in m.distributions():
    md = d.metadata
    urls = [md.get('Home-page'), md.get('Download-URL')] + [v.split(',', 1)[-1].strip() for v in (md.get_all('Project-URL') or [])]
    out.append([md.get('Name'), [u for u in urls if u]])
print(json.dumps(out))
`;

function pythonMetadata() {
  const interpreters = ['/usr/bin/python3'];
  const pyenv = path.join(HOME, '.pyenv/versions');
  if (fs.existsSync(pyenv)) for (const v of fs.readdirSync(pyenv).sort(byText)) interpreters.push(path.join(pyenv, v, 'bin/python'));
  const lines = [];
  for (const python of interpreters.filter((p) => fs.existsSync(p))) {
    let dists;
    try {
      dists = JSON.parse(execFileSync(python, ['-c', PYTHON_URLS], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    } catch {
      continue;
    }
    for (const [name, urls] of dists) {
      for (const url of urls) {
        const forge = forgePurl(url);
        const page = registryPage(url);
        if (forge !== null) lines.push([url, forge]);
        else if (page?.[0] === 'pypi' && name && debianName(page[1]) === debianName(name)) lines.push([url, purl('pypi', null, page[1])]);
      }
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------

const stanzas = debianStanzas();
const maven = mavenRepository();
addAll(npmCache(), 'npm cache');
addAll(aptUris(stanzas), 'apt-get');
addAll(maven.files, 'Maven');
addAll(homepages(stanzas), 'Debian Homepage');
addAll(maven.pomUrls, 'POM url');
addAll(packageJsons(), 'package.json');
addAll(pythonMetadata(), 'Python metadata');
addAll(forgeShapes(), 'forge shapes');

const byType = new Map();
for (const [url, [expected, source]] of found) {
  const type = typeOf(expected);
  if (!byType.has(type)) byType.set(type, []);
  byType.get(type).push([url, expected, source]);
}
let changed = false;
if (!args.check) fs.mkdirSync(args.out, { recursive: true });
const existing = fs.existsSync(args.out) ? fs.readdirSync(args.out).filter((f) => f.endsWith('.jsonl')) : [];
for (const [type, lines] of [...byType].sort(([a], [b]) => byText(a, b))) {
  const text =
    lines
      .sort(([a], [b]) => byText(a, b))
      .map((line) => JSON.stringify(line))
      .join('\n') + '\n';
  const file = path.join(args.out, `${type}.jsonl`);
  const sources = [...new Set(lines.map(([, , source]) => source))].join(', ');
  console.log(`${type.padEnd(10)} ${String(lines.length).padStart(5)}  ${sources}`);
  if (args.check) {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
      console.error(`${path.relative(ROOT, file)} differs from what this machine gives`);
      changed = true;
    }
  } else {
    fs.writeFileSync(file, text);
  }
}
for (const stale of existing.filter((f) => !byType.has(f.replace(/\.jsonl$/, '')))) {
  if (args.check) {
    console.error(`${stale} is no longer collected`);
    changed = true;
  } else {
    fs.rmSync(path.join(args.out, stale));
  }
}
console.log(`${'total'.padEnd(10)} ${String(found.size).padStart(5)}`);
process.exit(changed ? 1 : 0);
