#!/usr/bin/env node
// Generates the real-world PURL corpus in corpus/purls/: PURLs built from real package names
// (npm, PyPI, NuGet, Maven, Go, Debian, Cargo, RubyGems, GitHub), written the ways tools write
// them, each with the canonical form and the components it must parse to.
//
// The expectations are computed here, independently of teapurl's engine (nothing from src/ is
// imported): the generator knows the components it starts from and writes the canonical string
// with scripts/lib/canonical-purl.mjs (the per-type normalisations corpus/purl-types/ states,
// ECMA-427's encoding and how-to-build). The spelling is written separately, by the rules of the
// tool style it imitates.
//
// Sources (facts from public package indexes, read from this machine):
//   /work/.library/env/packages/npm.tsv, pypi.tsv, nuget.tsv, maven-partial.tsv, go-partial.tsv,
//   installed-*.txt (pip, wheel, gem, nuget and maven lines) and `apt-cache dumpavail` (Debian
//   bookworm: package names, versions with epochs, architectures, source packages, Homepage
//   fields that name GitHub repositories, librust-*-dev packages that name crates).
//
// Output: one JSON Lines file per ecosystem. Each line is an array
//   [spelling, input, canonical, type, namespace, name, version, qualifiers, subpath]
// where `spelling` names the way the input is written (e.g. "raw-scope", "epoch-encoded"),
// components are decoded and normalised, absent ones null, and qualifiers an object or null.
//
// Deterministic: a seeded PRNG picks packages and spellings from sorted inputs, so the same
// inputs give byte-identical output.
//
// Run:   node scripts/generate-purl-corpus.mjs [--packages DIR] [--out DIR] [--seed N] [--check]
//        --check compares with the committed files instead of writing them (exit 1 on a change).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { prng } from './lib/prng.mjs';
import { buildCanonical, byText, encodeComponent, normalise } from './lib/canonical-purl.mjs';
import { debianStanzas } from './lib/debian-stanzas.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    packages: { type: 'string', default: '/work/.library/env/packages' },
    out: { type: 'string', default: path.join(ROOT, 'corpus/purls') },
    seed: { type: 'string', default: '12' },
    check: { type: 'boolean', default: false },
  },
});

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: scripts/lib/prng.mjs (mulberry32).
const random = prng(Number(args.seed));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;
/** `count` items of `list` chosen without replacement, in a seeded order. */
function sample(list, count) {
  const copy = [...list];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}
// ---------------------------------------------------------------------------------------------
// Spellings: how tools write the same components. Each writer gets raw components and returns
// the string; `enc` chooses how a piece is escaped.

/** ECMA-427's canonical escaping (the same encoder as above). */
const canon = encodeComponent;
/** JavaScript's encodeURIComponent, as packageurl-js 1.x and many tools write (`:` as %3A). */
const uriComponent = (s) => encodeURIComponent(s);
/** Written as it is, as tools that paste strings together do (used only where no `%?#&=` occurs). */
const minimal = (s) => s;

function spell(c, { enc = canon, nsEnc = enc, versionEnc = enc, qualifierOrder, qualifierEnc = enc, type = c.type } = {}) {
  let purl = `pkg:${type}/`;
  if (c.namespace) purl += `${c.namespace.split('/').map(nsEnc).join('/')}/`;
  purl += enc(c.name);
  if (c.version) purl += `@${versionEnc(c.version)}`;
  if (c.qualifiers) {
    const keys = qualifierOrder ?? Object.keys(c.qualifiers);
    purl += `?${keys.map((k) => `${k}=${qualifierEnc(c.qualifiers[k])}`).join('&')}`;
  }
  if (c.subpath) purl += `#${c.subpath.split('/').map(enc).join('/')}`;
  return purl;
}

// ---------------------------------------------------------------------------------------------
// Reading the sources.

const PKG = args.packages;
function tsvRows(file, skipHeader = true) {
  const text = fs.readFileSync(path.join(PKG, file), 'utf8');
  const rows = text
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t'));
  return skipHeader ? rows.slice(1) : rows;
}
function installedRows(prefix) {
  const rows = [];
  for (const file of fs
    .readdirSync(PKG)
    .filter((f) => f.startsWith('installed-'))
    .sort()) {
    for (const row of tsvRows(file, false)) if (row[0] === prefix || row[0].startsWith(`${prefix} `)) rows.push(row.slice(1));
  }
  return uniqueRows(rows);
}
function uniqueRows(rows) {
  const seen = new Map();
  for (const row of rows) seen.set(row.join('\t'), row);
  return [...seen.keys()].sort(byText).map((k) => seen.get(k));
}

// ---------------------------------------------------------------------------------------------
// The corpus.

const corpus = {};
function add(ecosystem, spelling, raw, input) {
  const expected = normalise(raw);
  (corpus[ecosystem] ??= []).push([
    spelling,
    input,
    buildCanonical(expected),
    expected.type,
    expected.namespace ?? null,
    expected.name,
    expected.version ?? null,
    expected.qualifiers ?? null,
    expected.subpath ?? null,
  ]);
}
const comp = (type, namespace, name, version, qualifiers = null, subpath = null) => ({ type, namespace, name, version, qualifiers, subpath });

// npm: scoped names with the scope written raw (`@`) and encoded (`%40`), with and without a
// version; unscoped names; grandfathered mixed-case names; prerelease versions.
function npm() {
  const rows = tsvRows('npm.tsv').filter((r) => r[0] && r[1]);
  const scoped = rows.filter((r) => r[0].startsWith('@'));
  const plain = rows.filter((r) => !r[0].startsWith('@'));
  const mixedCase = plain.filter((r) => /[A-Z]/.test(r[0]));
  for (const [full, version] of sample(scoped, 3000)) {
    const [scope, name] = full.split('/');
    const c = comp('npm', scope, name, version);
    const form = random();
    if (form < 0.4) add('npm', 'encoded-scope', c, spell(c));
    else if (form < 0.8) add('npm', 'raw-scope', c, spell(c, { nsEnc: minimal }));
    else if (form < 0.9) add('npm', 'raw-scope-no-version', { ...c, version: null }, spell({ ...c, version: null }, { nsEnc: minimal }));
    else add('npm', 'encoded-scope-no-version', { ...c, version: null }, spell({ ...c, version: null }));
  }
  for (const [name, version] of [...sample(plain, 2700), ...mixedCase]) {
    const c = comp('npm', null, name, version);
    if (/[A-Z]/.test(name)) add('npm', 'mixed-case-name', c, spell(c));
    else if (/-/.test(version)) add('npm', 'prerelease', c, spell(c));
    else if (chance(0.1)) add('npm', 'no-version', { ...c, version: null }, spell({ ...c, version: null }));
    else add('npm', 'plain', c, spell(c));
  }
}

// PyPI: index names (already normalised by the index) with their newest version, including
// epochs (`1!`) written raw and encoded and versions with capitals; installed distributions
// under their own spelling (capitals, `_`, `.`) and normalised; local versions (`+cpu`).
function pypi() {
  const rows = tsvRows('pypi.tsv').filter((r) => r[0] && r[1]);
  const epochs = rows.filter((r) => r[1].includes('!'));
  const upper = rows.filter((r) => /[A-Z]/.test(r[1]));
  const chosen = [
    ...sample(
      rows.filter((r) => !r[1].includes('!') && !/[A-Z]/.test(r[1])),
      3500,
    ),
    ...upper,
  ];
  for (const [name, version] of chosen) {
    const c = comp('pypi', null, name, version);
    if (/[A-Z]/.test(version)) add('pypi', 'version-capitals', c, spell(c));
    else add('pypi', 'index-name', c, spell(c));
  }
  for (const [name, version] of epochs) {
    const c = comp('pypi', null, name, version);
    if (chance(0.5)) add('pypi', 'epoch-raw', c, spell(c, { versionEnc: minimal }));
    else add('pypi', 'epoch-encoded', c, spell(c));
  }
  const installed = uniqueRows([...installedRows('pip'), ...installedRows('wheel')]);
  for (const [name, version] of installed) {
    const c = comp('pypi', null, name, version);
    const local = version.includes('+');
    if (local) {
      add('pypi', 'local-version-raw', c, spell(c, { versionEnc: minimal }));
      add('pypi', 'local-version-encoded', c, spell(c));
    } else if (/[A-Z_.]/.test(name)) {
      add('pypi', 'distribution-spelling', c, spell(c));
      const normalisedName = name.toLowerCase().replaceAll('_', '-');
      add('pypi', 'normalised-name', { ...c, name: normalisedName }, spell({ ...c, name: normalisedName }));
      if (chance(0.3)) add('pypi', 'distribution-spelling-no-version', { ...c, version: null }, spell({ ...c, version: null }));
    } else {
      add('pypi', 'installed', c, spell(c));
    }
  }
  // PyTorch's own index serves builds with local version labels (`+cpu`, `+cu121`, …).
  const torch = installed.filter(([n]) => /^torch(vision|audio)?$/.test(n));
  for (const [name, version] of torch) {
    const base = version.split('+')[0];
    for (const label of ['cpu', 'cu118', 'cu121', 'cu124', 'cu126', 'rocm6.2']) {
      const c = comp('pypi', null, name, `${base}+${label}`);
      add('pypi', 'local-version-raw', c, spell(c, { versionEnc: minimal }));
      add('pypi', 'local-version-encoded', c, spell(c));
    }
  }
}

// NuGet: package ids as the index spells them (case kept: the definition says case-sensitive),
// the lowercased ids that tools reading the local package cache write, prerelease versions.
function nuget() {
  const rows = tsvRows('nuget.tsv').filter((r) => r[0]);
  for (const row of rows) {
    const [id, newest] = row;
    const served = (row[4] ?? '').split(' ').filter(Boolean);
    const versions = sample(served.length ? served : [newest], 3);
    for (const version of versions) {
      const c = comp('nuget', null, id, version);
      if (version.includes('+')) add('nuget', 'build-metadata', c, spell(c, { versionEnc: minimal }));
      else if (version.includes('-')) add('nuget', 'prerelease', c, spell(c));
      else add('nuget', 'index-id', c, spell(c));
    }
    if (/[A-Z]/.test(id) && chance(0.25)) {
      const c = comp('nuget', null, id.toLowerCase(), newest);
      add('nuget', 'lowercased-id', c, spell(c));
    }
  }
  for (const [id, version] of installedRows('nuget on disk'))
    add('nuget', 'lowercased-id', comp('nuget', null, id, version), spell(comp('nuget', null, id, version)));
}

// Maven: group/artifact/version with the qualifiers build tools write (`type`, `classifier`, in
// either order) and a repository_url written with raw or encoded `:` and `/`.
function maven() {
  const coords = [];
  for (const row of tsvRows('maven-partial.tsv')) {
    for (const v of sample((row[2] ?? '').split(' ').filter(Boolean), 2)) coords.push([row[0], v]);
  }
  coords.push(...installedRows('maven on disk'));
  for (const [ga, version] of uniqueRows(coords)) {
    const [group, artifact] = ga.split(':');
    // A coordinate that is not one (a listing artefact such as "name classifier=...") is skipped.
    if (!/^[A-Za-z0-9._-]+$/.test(group ?? '') || !/^[A-Za-z0-9._-]+$/.test(artifact ?? '')) continue;
    const base = comp('maven', group, artifact, version);
    const form = random();
    if (form < 0.35) add('maven', 'plain', base, spell(base));
    else if (form < 0.5) {
      const c = { ...base, qualifiers: { type: 'jar' } };
      add('maven', 'type-jar', c, spell(c));
    } else if (form < 0.6) {
      const c = { ...base, qualifiers: { type: 'pom' } };
      add('maven', 'type-pom', c, spell(c));
    } else if (form < 0.75) {
      const c = { ...base, qualifiers: { type: 'jar', classifier: pick(['sources', 'javadoc']) } };
      add('maven', 'qualifiers-unsorted', c, spell(c, { qualifierOrder: ['type', 'classifier'] }));
    } else if (form < 0.85) {
      const c = { ...base, qualifiers: { classifier: 'sources', type: 'jar' } };
      add('maven', 'qualifiers-sorted', c, spell(c));
    } else if (form < 0.93) {
      const c = { ...base, qualifiers: { repository_url: pick(['https://repo.maven.apache.org/maven2', 'https://repo1.maven.org/maven2/']) } };
      add('maven', 'repository-url-raw', c, spell(c, { qualifierEnc: minimal }));
    } else {
      const c = { ...base, qualifiers: { repository_url: 'https://repo.maven.apache.org/maven2' } };
      add('maven', 'repository-url-encoded', c, spell(c, { qualifierEnc: uriComponent }));
    }
  }
}

// Go: module paths split at the last `/` (namespace, name), mixed-case paths kept as they are
// (the definition says case-sensitive), major-version suffixes (`/v2` is the name), pseudo-
// versions and `+incompatible` written raw and encoded.
function golang() {
  const rows = tsvRows('go-partial.tsv').filter((r) => r[0]);
  for (const row of rows) {
    const module = row[0];
    const slash = module.lastIndexOf('/');
    if (slash < 0) continue;
    const namespace = module.slice(0, slash);
    const name = module.slice(slash + 1);
    for (const version of (row[2] ?? '').split(' ').filter(Boolean)) {
      const c = comp('golang', namespace, name, version);
      let spelling = /[A-Z]/.test(module) ? 'mixed-case-path' : /^v\d+$/.test(name) ? 'major-version-suffix' : 'module';
      if (/-\d{14}-[0-9a-f]{12}$/.test(version)) spelling = 'pseudo-version';
      if (version.includes('+')) {
        add('golang', 'plus-raw', c, spell(c, { versionEnc: minimal }));
        add('golang', 'plus-encoded', c, spell(c));
      } else add('golang', spelling, c, spell(c));
    }
  }
  // Packages inside well-known modules, written with the package directory as the subpath.
  const packages = [
    ['golang.org/x', 'crypto', ['ssh', 'bcrypt', 'acme/autocert', 'chacha20poly1305']],
    ['golang.org/x', 'net', ['http2', 'html', 'websocket', 'proxy']],
    ['golang.org/x', 'text', ['unicode/norm', 'encoding/charmap', 'language']],
    ['golang.org/x', 'sys', ['unix', 'windows/registry', 'cpu']],
    ['golang.org/x', 'tools', ['go/packages', 'go/ast/astutil', 'cmd/stringer']],
  ];
  for (const [namespace, name, subs] of packages) {
    const row = rows.find((r) => r[0] === `${namespace}/${name}`);
    const versions = row ? (row[2] ?? '').split(' ').filter(Boolean) : [];
    for (const version of versions)
      for (const sub of subs) {
        const c = comp('golang', namespace, name, version, null, sub);
        add('golang', 'package-subpath', c, spell(c));
      }
  }
}

// Debian: binary packages with their architecture and distribution, versions with epochs (raw
// `:` and `%3A`), `+` (raw and `%2B`) and `~`; the epoch as a qualifier beside a version
// without it; the source package as `upstream=`; source packages as `arch=source`; qualifiers
// in the order tools write them.
function deb(stanzas) {
  const binaries = stanzas.filter((s) => /^[a-z0-9][a-z0-9+.-]*$/.test(s.Package));
  const withEpoch = binaries.filter((s) => /^\d+:/.test(s.Version));
  const rest = binaries.filter((s) => !/^\d+:/.test(s.Version));
  const chosen = [...sample(withEpoch, 1800), ...sample(rest, 2800)];
  for (const s of chosen) {
    const arch = s.Architecture ?? 'all';
    const distro = pick(['debian-12', 'bookworm', 'debian-12.15']);
    const c = comp('deb', 'debian', s.Package, s.Version, { arch, distro });
    const epoch = /^(\d+):(.*)$/.exec(s.Version);
    const form = random();
    if (epoch && form < 0.15) {
      const e = comp('deb', 'debian', s.Package, epoch[2], { arch, distro, epoch: epoch[1] });
      add('deb', 'epoch-qualifier', e, spell(e, { versionEnc: minimal }));
    } else if (form < 0.4) add('deb', epoch ? 'epoch-raw' : 'plain-raw', c, spell(c, { enc: minimal }));
    else if (form < 0.6) add('deb', epoch ? 'epoch-encoded' : 'uri-encoded', c, spell(c, { versionEnc: uriComponent }));
    else if (form < 0.8) add('deb', 'canonical-order', c, spell(c));
    else {
      const source = /^(\S+)(?: \((\S+)\))?$/.exec(s.Source ?? '');
      if (source) {
        const upstream = source[2] ? `${source[1]}@${source[2]}` : source[1];
        const u = comp('deb', 'debian', s.Package, s.Version, { arch, upstream, distro });
        add(
          'deb',
          'upstream-qualifier',
          u,
          spell(u, { versionEnc: minimal, qualifierEnc: chance(0.5) ? minimal : uriComponent, qualifierOrder: ['arch', 'upstream', 'distro'] }),
        );
      } else {
        add('deb', 'qualifiers-unsorted', c, spell(c, { versionEnc: minimal, qualifierOrder: ['distro', 'arch'] }));
      }
    }
  }
  // Source packages: name and version of the source, `arch=source`.
  const sources = new Map();
  for (const s of binaries) {
    const source = /^(\S+)(?: \((\S+)\))?$/.exec(s.Source ?? `${s.Package}`);
    if (source) sources.set(`${source[1]} ${source[2] ?? s.Version}`, [source[1], source[2] ?? s.Version]);
  }
  for (const [name, version] of sample(
    [...sources.keys()].sort(byText).map((k) => sources.get(k)),
    600,
  )) {
    const c = comp('deb', 'debian', name, version, { arch: 'source' });
    add('deb', 'source-package', c, spell(c, { versionEnc: minimal }));
  }
}

// Cargo: crates that Debian packages as librust-<crate>-dev (Debian writes `_` as `-`, which
// crates.io treats as the same name), with the upstream version Debian packaged.
function cargo(stanzas) {
  const crates = new Map();
  for (const s of stanzas) {
    const m = /^librust-([a-z0-9-]+)-dev$/.exec(s.Package);
    if (!m) continue;
    // Debian's upstream version less its repack suffixes; "X+reallyY" packages Y; "~" is semver's "-".
    const version = s.Version.replace(/^\d+:/, '')
      .replace(/-[^-]*$/, '')
      .replace(/^.*\+really\.?/, '')
      .replace(/[+~](dfsg|ds|repack).*$/, '')
      .replaceAll('~', '-');
    crates.set(`${m[1]} ${version}`, [m[1], version]);
  }
  for (const [name, version] of [...crates.keys()].sort(byText).map((k) => crates.get(k))) {
    const c = comp('cargo', null, name, version);
    if (version.includes('+')) {
      add('cargo', 'plus-raw', c, spell(c, { versionEnc: minimal }));
      add('cargo', 'plus-encoded', c, spell(c));
    } else if (version.includes('-')) add('cargo', 'prerelease', c, spell(c));
    else if (chance(0.1)) add('cargo', 'no-version', { ...c, version: null }, spell({ ...c, version: null }));
    else add('cargo', 'crate', c, spell(c));
  }
}

// RubyGems: gems installed with Ruby, with and without the default platform qualifier.
function gem() {
  for (const [name, version] of installedRows('gem')) {
    const c = comp('gem', null, name, version);
    add('gem', 'gem', c, spell(c));
    const p = { ...c, qualifiers: { platform: 'ruby' } };
    add('gem', 'platform-ruby', p, spell(p));
  }
}

// GitHub: repositories named by Debian Homepage fields and by Go module paths. Versions are tags
// (for Go modules, the served versions; a module in a subdirectory is tagged `<dir>/vX.Y.Z`; for
// Debian, a tag spelled from the upstream version, `v` or not), written as the tag, as
// `refs/tags/<tag>` with raw `/` and with `%2F`; owner and repository as GitHub shows them
// (capitals included; the type is case-insensitive, so the canonical form is lowercase).
function github(stanzas) {
  const repos = new Map();
  for (const s of stanzas) {
    const m = /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9-]+)\/([A-Za-z0-9._-]+?)(?:\.git)?(?:[/#?].*)?$/.exec(s.Homepage ?? '');
    if (!m || m[2] === '' || m[2] === '.' || m[2] === '..') continue;
    const upstream = s.Version.replace(/^\d+:/, '')
      .replace(/-[^-]*$/, '')
      .replace(/[+~].*$/, '');
    if (!/^\d+(\.\d+)*$/.test(upstream)) continue;
    repos.set(`${m[1]}/${m[2]}`, upstream);
  }
  const refs = [];
  for (const key of sample([...repos.keys()].sort(byText), 1700)) {
    const [owner, repo] = key.split('/');
    refs.push([owner, repo, `${chance(0.6) ? 'v' : ''}${repos.get(key)}`, 'debian-homepage']);
  }
  for (const row of tsvRows('go-partial.tsv')) {
    const m = /^github\.com\/([^/]+)\/([^/]+)(?:\/(.+))?$/.exec(row[0]);
    if (!m) continue;
    // A module in a subdirectory is tagged with the directory; a major-version suffix is not one.
    const directory = (m[3] ?? '').replace(/(^|\/)v\d+$/, '');
    const dir = directory ? `${directory}/` : '';
    for (const v of sample(
      (row[2] ?? '').split(' ').filter((x) => !/-\d{14}-/.test(x)),
      3,
    ))
      refs.push([m[1], m[2], `${dir}${v}`, 'go-module']);
  }
  for (const [owner, repo, tag] of refs) {
    const mixed = /[A-Z]/.test(owner + repo);
    const form = random();
    if (tag.includes('/')) {
      const c = comp('github', owner, repo, tag);
      add('github', 'directory-tag-raw', c, spell(c, { versionEnc: minimal }));
      add('github', 'directory-tag-encoded', c, spell(c));
    } else if (form < 0.35) {
      const c = comp('github', owner, repo, tag);
      add('github', mixed ? 'tag-mixed-case' : 'tag', c, spell(c));
    } else if (form < 0.65) {
      const c = comp('github', owner, repo, `refs/tags/${tag}`);
      add('github', 'refs-tags-raw', c, spell(c, { versionEnc: minimal }));
    } else if (form < 0.9) {
      const c = comp('github', owner, repo, `refs/tags/${tag}`);
      add('github', 'refs-tags-encoded', c, spell(c));
    } else {
      const c = comp('github', owner, repo, null);
      add('github', mixed ? 'no-version-mixed-case' : 'no-version', c, spell(c));
    }
  }
}

// ---------------------------------------------------------------------------------------------

const stanzas = debianStanzas();
npm();
pypi();
nuget();
maven();
golang();
deb(stanzas);
cargo(stanzas);
gem();
github(stanzas);

fs.mkdirSync(args.out, { recursive: true });
let changed = 0;
let total = 0;
for (const ecosystem of Object.keys(corpus).sort()) {
  // One entry per input: a package picked twice under the same spelling would only repeat it.
  const seen = new Set();
  const entries = corpus[ecosystem].filter((e) => !seen.has(e[1]) && seen.add(e[1]));
  const text = `${entries.map((e) => JSON.stringify(e)).join('\n')}\n`;
  const file = path.join(args.out, `${ecosystem}.jsonl`);
  total += entries.length;
  const kinds = {};
  for (const e of entries) kinds[e[0]] = (kinds[e[0]] ?? 0) + 1;
  console.log(
    `${ecosystem.padEnd(7)} ${String(entries.length).padStart(6)}  ${Object.entries(kinds)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  if (args.check) {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
      console.error(`${path.relative(ROOT, file)} differs from what the generator writes`);
      changed++;
    }
  } else fs.writeFileSync(file, text);
}
console.log(`total   ${String(total).padStart(6)}`);
if (changed) process.exit(1);
