/**
 * versFromOsv: an OSV `affected` entry (the Open Source Vulnerability format's package, its
 * `ranges` and `versions`) as a PURL and a VERS. OSV states a range as events on a timeline of
 * versions: from each `introduced` version the package is affected until the next `fixed`
 * (exclusive) or `last_affected` (inclusive) one, and not at or above a `limit`; `versions`
 * lists affected versions one by one. Both are read under the VERS type of the package's
 * ecosystem and written as one canonical VERS, their union. A `GIT` range orders commits, which
 * have no VERS order: it is left out when something else states the range, and is an error when
 * nothing does.
 */
import { TeapurlError } from '../shared/errors.js';
import { requireScheme } from './parse-vers.js';
import type { AnyVersionScheme } from './schemes/scheme.js';
import { stringifyVers } from './stringify-vers.js';
import { lookupTable } from './table.js';
import { BadVersion } from './vers-error.js';
import { toConstraints, union, intersect, type Bound, type Interval } from './native/intervals.js';

/**
 * Why {@link versFromOsv} refused an entry: `osv-shape` (not the OSV schema's shape),
 * `osv-ecosystem` (an ecosystem with no PURL type or VERS scheme here), `osv-git-range` (only
 * `GIT` ranges), `osv-range-type` (a range type OSV does not define), `osv-invalid-version`,
 * `osv-nothing-affected` (no range and no version, or ranges that hold no version).
 *
 * @example
 * ```ts
 * import type { OsvErrorCode } from 'teapurl/vers';
 * const code: OsvErrorCode = 'osv-git-range';
 * ```
 */
export type OsvErrorCode = 'osv-shape' | 'osv-ecosystem' | 'osv-git-range' | 'osv-range-type' | 'osv-invalid-version' | 'osv-nothing-affected';

/**
 * A refused OSV entry: `code` says why, `path` where in the entry (`ranges[0].events[1].fixed`).
 *
 * @example
 * ```ts
 * import { OsvError, versFromOsv } from 'teapurl/vers';
 * try {
 *   versFromOsv({ package: { ecosystem: 'npm', name: 'x' }, ranges: [{ type: 'GIT', repo: 'https://example.com/x.git', events: [{ introduced: '0' }] }] });
 * } catch (error) {
 *   if (error instanceof OsvError) console.log(error.code, error.path); // osv-git-range ranges[0]
 * }
 * ```
 */
export class OsvError extends TeapurlError<OsvErrorCode> {
  /** Where in the `affected` entry, as a property path; `''` for the entry itself. */
  readonly path: string;

  constructor(code: OsvErrorCode, path: string, detail: string) {
    super(`${path === '' ? '' : `${path}: `}${detail}`, { code });
    this.path = path;
  }
}

/** How an OSV package name becomes a PURL's namespace and name. */
type NameSplit = 'none' | 'npm-scope' | 'maven-colon' | 'last-slash' | 'first-slash';

interface EcosystemEntry {
  /** The PURL type, which is also the VERS type by the VERS convention. */
  readonly type: string;
  readonly split: NameSplit;
  /** A namespace the PURL type requires (`pkg:deb/debian/…`). */
  readonly namespace?: string;
  /** The PURL type's own spelling of names (PyPI: lowercase, `_` as `-`, as the PURL type says). */
  readonly normalizeName?: (name: string) => string;
}

/**
 * OSV's ecosystems (its schema's list; a `:suffix` such as `Debian:12` names a release and is
 * ignored) with a PURL type that teapurl has a VERS scheme for.
 */
const ECOSYSTEMS = lookupTable<EcosystemEntry>({
  npm: { type: 'npm', split: 'npm-scope' },
  PyPI: { type: 'pypi', split: 'none', normalizeName: (name) => name.toLowerCase().replace(/_/g, '-') },
  Maven: { type: 'maven', split: 'maven-colon' },
  Go: { type: 'golang', split: 'last-slash' },
  'crates.io': { type: 'cargo', split: 'none' },
  RubyGems: { type: 'gem', split: 'none' },
  NuGet: { type: 'nuget', split: 'none' },
  Packagist: { type: 'composer', split: 'first-slash' },
  ConanCenter: { type: 'conan', split: 'none' },
  Debian: { type: 'deb', split: 'none', namespace: 'debian' },
  Ubuntu: { type: 'deb', split: 'none', namespace: 'ubuntu' },
  Alpine: { type: 'apk', split: 'none', namespace: 'alpine' },
  'Rocky Linux': { type: 'rpm', split: 'none', namespace: 'rocky-linux' },
  AlmaLinux: { type: 'rpm', split: 'none', namespace: 'almalinux' },
  'Red Hat': { type: 'rpm', split: 'none', namespace: 'redhat' },
  openSUSE: { type: 'rpm', split: 'none', namespace: 'opensuse' },
  SUSE: { type: 'rpm', split: 'none', namespace: 'suse' },
});

/**
 * The OSV ecosystems {@link versFromOsv} reads, sorted.
 *
 * @example
 * ```ts
 * import { osvEcosystems } from 'teapurl/vers';
 * osvEcosystems().includes('PyPI'); // true
 * ```
 */
export function osvEcosystems(): readonly string[] {
  return Object.freeze(Object.keys(ECOSYSTEMS).sort());
}

/** A PURL segment percent-encoded: everything but ASCII letters, digits and `.-_~`. */
function encodeSegment(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9._~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function splitName(split: NameSplit, name: string): [string[], string] {
  const at = (index: number, width: number): [string[], string] => (index <= 0 ? [[], name] : [name.slice(0, index).split('/'), name.slice(index + width)]);
  switch (split) {
    case 'npm-scope':
      return name.startsWith('@') ? at(name.indexOf('/'), 1) : [[], name];
    case 'maven-colon':
      return at(name.indexOf(':'), 1);
    case 'last-slash':
      return at(name.lastIndexOf('/'), 1);
    case 'first-slash':
      return at(name.indexOf('/'), 1);
    default:
      return [[], name];
  }
}

/** The PURL of an OSV package (without a version), from its ecosystem and name. */
function purlOf(entry: EcosystemEntry, name: string): string {
  const normalized = entry.normalizeName ? entry.normalizeName(name) : name;
  const [namespace, last] = splitName(entry.split, normalized);
  const segments = [...(entry.namespace === undefined ? [] : [entry.namespace]), ...namespace, last].map(encodeSegment);
  return `pkg:${entry.type}/${segments.join('/')}`;
}

/**
 * An OSV `affected` entry, as the OSV schema describes it (only the fields read here).
 *
 * @example
 * ```ts
 * import type { OsvAffected } from 'teapurl/vers';
 * const affected: OsvAffected = { package: { ecosystem: 'npm', name: 'lodash' }, ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '4.17.21' }] }] };
 * ```
 */
export interface OsvAffected {
  /** The package: its ecosystem and name, or its PURL. */
  readonly package?: OsvPackage;
  /** The ranges of affected versions, each a list of events. */
  readonly ranges?: readonly OsvRange[];
  /** Affected versions listed one by one. */
  readonly versions?: readonly string[];
}

/**
 * An OSV `affected[].package`.
 *
 * @example
 * ```ts
 * import type { OsvPackage } from 'teapurl/vers';
 * const pkg: OsvPackage = { ecosystem: 'Maven', name: 'org.apache.logging.log4j:log4j-core' };
 * ```
 */
export interface OsvPackage {
  /** OSV's ecosystem name (`npm`, `PyPI`, `Debian:12`…). */
  readonly ecosystem?: string;
  /** The package's name in its ecosystem. */
  readonly name?: string;
  /** The package's PURL, preferred over ecosystem and name when given. */
  readonly purl?: string;
}

/**
 * An OSV `affected[].ranges[]` item.
 *
 * @example
 * ```ts
 * import type { OsvRange } from 'teapurl/vers';
 * const range: OsvRange = { type: 'ECOSYSTEM', events: [{ introduced: '1.0' }, { last_affected: '1.4' }] };
 * ```
 */
export interface OsvRange {
  /** `SEMVER`, `ECOSYSTEM` or `GIT`. */
  readonly type?: string;
  /** The repository of a `GIT` range. */
  readonly repo?: string;
  /** Each `{ introduced }`, `{ fixed }`, `{ last_affected }` or `{ limit }`. */
  readonly events?: readonly Readonly<Record<string, string>>[];
}

/**
 * One range of an entry as {@link versFromOsv} read it.
 *
 * @example
 * ```ts
 * import type { OsvRangeVers } from 'teapurl/vers';
 * const range: OsvRangeVers = { index: 0, type: 'SEMVER', vers: 'vers:npm/<4.17.21' };
 * ```
 */
export interface OsvRangeVers {
  /** Its index in the entry's `ranges`. */
  readonly index: number;
  /** Its OSV range type. */
  readonly type: 'SEMVER' | 'ECOSYSTEM';
  /** It alone, as a canonical VERS. */
  readonly vers: string;
}

/**
 * What {@link versFromOsv} makes of an entry.
 *
 * @example
 * ```ts
 * import { versFromOsv, type OsvVers } from 'teapurl/vers';
 * const read: OsvVers = versFromOsv({ package: { ecosystem: 'PyPI', name: 'Django' }, ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.0' }, { fixed: '4.0.8' }] }] });
 * read.vers; // 'vers:pypi/>=4.0|<4.0.8'
 * ```
 */
export interface OsvVers {
  /** The package's PURL: `package.purl` as given (its version and subpath left off), else built from the ecosystem and name. */
  readonly purl: string;
  /** Every range and listed version, as one canonical VERS of the PURL's type. */
  readonly vers: string;
  /** Each range read alone, in the entry's order (`GIT` ranges left out): its index, type and VERS. */
  readonly ranges: readonly OsvRangeVers[];
  /** What was left out, in words (a `GIT` range beside other ranges). */
  readonly skipped: readonly string[];
}

const EVENT_KINDS = ['introduced', 'fixed', 'last_affected', 'limit'] as const;
type EventKind = (typeof EVENT_KINDS)[number];

interface Event {
  readonly kind: EventKind;
  readonly version: string;
  /** `undefined` for `introduced: "0"` (before every version) and `limit: "*"` (after every one). */
  readonly key: unknown;
  readonly path: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readKey(type: string, scheme: AnyVersionScheme, version: string, path: string): unknown {
  try {
    return scheme.parse(version);
  } catch (error) {
    if (!(error instanceof BadVersion)) throw error;
    throw new OsvError('osv-invalid-version', path, `'${version}' is not ${scheme.label} (${type}): ${error.reason}`);
  }
}

function readEvents(type: string, scheme: AnyVersionScheme, events: unknown, path: string): Event[] {
  if (!Array.isArray(events) || events.length === 0) throw new OsvError('osv-shape', `${path}.events`, 'a range has a non-empty list of events');
  return events.map((event: unknown, i): Event => {
    const at = `${path}.events[${i}]`;
    const keys = isRecord(event) ? Object.keys(event) : [];
    const kind = keys.length === 1 ? EVENT_KINDS.find((k) => k === keys[0]) : undefined;
    if (!isRecord(event) || kind === undefined)
      throw new OsvError('osv-shape', at, `an event is one of ${EVENT_KINDS.map((k) => `{ "${k}": version }`).join(', ')}`);
    const version = event[kind];
    if (typeof version !== 'string' || version === '') throw new OsvError('osv-shape', `${at}.${kind}`, 'the version is a non-empty string');
    const unbounded = (kind === 'introduced' && version === '0') || (kind === 'limit' && version === '*');
    return { kind, version, key: unbounded ? undefined : readKey(type, scheme, version, `${at}.${kind}`), path: `${at}.${kind}` };
  });
}

/** The versions a range's events hold, by OSV's evaluation: sorted events, affected from each introduced to the next fixed or last_affected, and below the highest limit. */
function rangeIntervals(scheme: AnyVersionScheme, events: readonly Event[]): Interval[] {
  const order = (e: Event) => (e.key === undefined ? (e.kind === 'introduced' ? -1 : 1) : 0);
  const sorted = [...events].filter((e) => e.kind !== 'limit').sort((a, b) => order(a) - order(b) || (order(a) === 0 ? scheme.compare(a.key, b.key) : 0));
  const intervals: Interval[] = [];
  let open: Bound | undefined | null = null;
  const bound = (e: Event, inclusive: boolean): Bound => ({ version: e.version, key: e.key, inclusive });
  for (const e of sorted) {
    if (e.kind === 'introduced') {
      if (open === null) open = e.key === undefined ? undefined : bound(e, true);
    } else if (open !== null) {
      intervals.push({ lo: open, hi: bound(e, e.kind === 'last_affected') });
      open = null;
    }
  }
  if (open !== null) intervals.push({ lo: open, hi: undefined });
  const limits = events.filter((e) => e.kind === 'limit');
  if (limits.length === 0 || limits.some((e) => e.key === undefined)) return union(scheme, intervals);
  const highest = limits.reduce((a, b) => (scheme.compare(a.key, b.key) >= 0 ? a : b));
  return intersect(scheme, union(scheme, intervals), [{ lo: undefined, hi: bound(highest, false) }]);
}

/** `package.purl` without its version, qualifiers kept, subpath dropped; checked only for its type. */
function givenPurl(purl: string, type: string | undefined): { purl: string; type: string } {
  const match = /^pkg:\/*([A-Za-z][A-Za-z0-9.+-]*)\/([^?#]*)(\?[^#]*)?/.exec(purl);
  if (match === null) throw new OsvError('osv-shape', 'package.purl', `'${purl}' is not a PURL (pkg:type/name)`);
  const purlType = match[1]!.toLowerCase();
  if (type !== undefined && type !== purlType)
    throw new OsvError('osv-shape', 'package.purl', `'${purl}' is of type '${purlType}', but the ecosystem's PURL type is '${type}'`);
  const path = match[2]!.replace(/@[^/]*$/, '');
  return { purl: `pkg:${purlType}/${path}${match[3] ?? ''}`, type: purlType };
}

/**
 * Converts an OSV `affected` entry to its package's PURL and a canonical VERS: the union of its
 * `SEMVER` and `ECOSYSTEM` ranges and its `versions`, each version read by the VERS scheme of the
 * package's ecosystem (npm, PyPI, Maven, Go, crates.io, RubyGems, NuGet, Packagist, ConanCenter,
 * Debian, Ubuntu, Alpine and the RPM distributions; see {@link osvEcosystems}). A refusal is an
 * {@link OsvError} naming where in the entry: a `GIT` range with nothing else (commits have no
 * VERS order), an ecosystem with no VERS scheme, an invalid version.
 *
 * @example
 * ```ts
 * import { versFromOsv } from 'teapurl/vers';
 * versFromOsv({
 *   package: { ecosystem: 'npm', name: '@babel/traverse' },
 *   ranges: [{ type: 'SEMVER', events: [{ introduced: '0' }, { fixed: '7.23.2' }, { introduced: '8.0.0-alpha.0' }, { fixed: '8.0.0-alpha.4' }] }],
 * });
 * // { purl: 'pkg:npm/%40babel/traverse', vers: 'vers:npm/<7.23.2|>=8.0.0-alpha.0|<8.0.0-alpha.4', ranges: [...], skipped: [] }
 * ```
 */
export function versFromOsv(affected: OsvAffected): OsvVers {
  if (!isRecord(affected)) throw new OsvError('osv-shape', '', 'an affected entry is an object');
  const pkg = affected.package;
  if (!isRecord(pkg)) throw new OsvError('osv-shape', 'package', 'the entry names its package: { ecosystem, name } or { purl }');
  const ecosystemName = typeof pkg.ecosystem === 'string' ? pkg.ecosystem : undefined;
  const entry = ecosystemName === undefined ? undefined : ECOSYSTEMS[ecosystemName.split(':')[0]!];
  if (ecosystemName !== undefined && entry === undefined) {
    throw new OsvError(
      'osv-ecosystem',
      'package.ecosystem',
      `the OSV ecosystem '${ecosystemName}' has no VERS scheme in teapurl; ecosystems read: ${osvEcosystems().join(', ')}`,
    );
  }
  let purl: string;
  let type: string;
  if (typeof pkg.purl === 'string' && pkg.purl !== '') {
    ({ purl, type } = givenPurl(pkg.purl, entry?.type));
  } else if (entry !== undefined && typeof pkg.name === 'string' && pkg.name !== '') {
    purl = purlOf(entry, pkg.name);
    type = entry.type;
  } else {
    throw new OsvError('osv-shape', 'package', 'the package has an ecosystem and a name, or a purl');
  }
  let scheme: AnyVersionScheme;
  try {
    scheme = requireScheme(type, 0);
  } catch {
    throw new OsvError('osv-ecosystem', 'package.purl', `the PURL type '${type}' has no VERS scheme in teapurl`);
  }

  const all: Interval[] = [];
  const ranges: OsvRangeVers[] = [];
  const skipped: string[] = [];
  const rangeList = affected.ranges ?? [];
  if (!Array.isArray(rangeList)) throw new OsvError('osv-shape', 'ranges', 'ranges is a list');
  rangeList.forEach((range: unknown, index) => {
    const path = `ranges[${index}]`;
    if (!isRecord(range)) throw new OsvError('osv-shape', path, 'a range is an object with a type and events');
    if (range.type === 'GIT') {
      skipped.push(`${path}: a GIT range orders commits, which have no VERS order`);
      return;
    }
    if (range.type !== 'SEMVER' && range.type !== 'ECOSYSTEM')
      throw new OsvError('osv-range-type', `${path}.type`, `the range type is SEMVER, ECOSYSTEM or GIT, not ${JSON.stringify(range.type)}`);
    const intervals = rangeIntervals(scheme, readEvents(type, scheme, range.events, path));
    if (intervals.length === 0)
      throw new OsvError('osv-nothing-affected', path, 'the events leave no version affected (a fixed version before every introduced one?)');
    all.push(...intervals);
    ranges.push({ index, type: range.type, vers: stringifyVers({ scheme: type, constraints: toConstraints(scheme, intervals) }) });
  });
  const versions = affected.versions ?? [];
  if (!Array.isArray(versions)) throw new OsvError('osv-shape', 'versions', 'versions is a list of strings');
  versions.forEach((version: unknown, i) => {
    const path = `versions[${i}]`;
    if (typeof version !== 'string' || version === '') throw new OsvError('osv-shape', path, 'a version is a non-empty string');
    const bound: Bound = { version, key: readKey(type, scheme, version, path), inclusive: true };
    all.push({ lo: bound, hi: bound });
  });
  if (all.length === 0) {
    if (skipped.length > 0)
      throw new OsvError(
        'osv-git-range',
        'ranges[' + String(rangeList.findIndex((r) => isRecord(r) && r.type === 'GIT')) + ']',
        'only GIT ranges: commits have no VERS order; list the affected versions in versions, or add an ECOSYSTEM range',
      );
    throw new OsvError('osv-nothing-affected', '', 'the entry has neither ranges nor versions');
  }
  const vers = stringifyVers({ scheme: type, constraints: toConstraints(scheme, union(scheme, all)) });
  return { purl, vers, ranges, skipped };
}
