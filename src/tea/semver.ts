/**
 * Semantic Versioning 2.0.0: parsing and precedence (items 9 to 11 of semver.org), which is how
 * TEA clients order API versions (section 9).
 */

/**
 * A parsed semantic version.
 *
 * @example
 * ```ts
 * import { parseSemVer, type SemVer } from 'teapurl';
 * const version: SemVer | null = parseSemVer('1.1.0-rc.1+build.5');
 * // { major: 1, minor: 1, patch: 0, prerelease: ['rc', 1], build: ['build', '5'], raw: '1.1.0-rc.1+build.5' }
 * ```
 */
export interface SemVer {
  /** The MAJOR number. */
  major: number;
  /** The MINOR number. */
  minor: number;
  /** The PATCH number. */
  patch: number;
  /** Dot-separated prerelease identifiers; numeric ones as numbers. Empty for a release. */
  prerelease: Array<string | number>;
  /** Build metadata identifiers; they never affect precedence. */
  build: string[];
  /** The string as given. */
  raw: string;
}

// The pattern of the discovery schema (section 2.2), which is the one from semver.org.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/**
 * Parses a full semantic version (no leading `v`); `null` when the string is not one, or when a
 * numeric part is too large to compare exactly.
 *
 * @example
 * ```ts
 * import { parseSemVer } from 'teapurl';
 * parseSemVer('1.2.3-beta.2+exp.sha.5114f85'); // { major: 1, minor: 2, patch: 3, prerelease: ['beta', 2], build: ['exp', 'sha', '5114f85'], … }
 * parseSemVer('v1.2'); // null
 * ```
 */
export function parseSemVer(text: string): SemVer | null {
  if (typeof text !== 'string') return null;
  const match = SEMVER.exec(text);
  if (!match) return null;
  const [major, minor, patch] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  if (![major, minor, patch].every(Number.isSafeInteger)) return null;
  const prerelease: Array<string | number> = [];
  for (const id of match[4]?.split('.') ?? []) {
    if (/^\d+$/.test(id)) {
      const n = Number(id);
      if (!Number.isSafeInteger(n)) return null;
      prerelease.push(n);
    } else prerelease.push(id);
  }
  return { major, minor, patch, prerelease, build: match[5]?.split('.') ?? [], raw: text };
}

function compareIdentifiers(a: string | number, b: string | number): number {
  // Numeric identifiers have lower precedence than alphanumeric ones (item 11.4.3).
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  // Alphanumeric identifiers compare in ASCII order (item 11.4.2), not by locale.
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Compares two versions by SemVer 2.0.0 precedence: negative when `a` is lower, positive when
 * higher, 0 when equal. A prerelease is lower than its release; build metadata is ignored.
 *
 * @example
 * ```ts
 * import { parseSemVer, compareSemVer } from 'teapurl';
 * compareSemVer(parseSemVer('1.0.0-rc.1')!, parseSemVer('1.0.0')!); // -1
 * compareSemVer(parseSemVer('1.0.0+a')!, parseSemVer('1.0.0+b')!); // 0
 * ```
 */
export function compareSemVer(a: SemVer, b: SemVer): number {
  const core = Math.sign(a.major - b.major) || Math.sign(a.minor - b.minor) || Math.sign(a.patch - b.patch);
  if (core !== 0) return core;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    // A release outranks any of its prereleases (item 11.3).
    return (a.prerelease.length === 0 ? 1 : 0) - (b.prerelease.length === 0 ? 1 : 0);
  }
  const length = Math.min(a.prerelease.length, b.prerelease.length);
  for (let i = 0; i < length; i++) {
    const order = compareIdentifiers(a.prerelease[i]!, b.prerelease[i]!);
    if (order !== 0) return order;
  }
  // A longer set of identifiers wins when all before it are equal (item 11.4.4).
  return Math.sign(a.prerelease.length - b.prerelease.length);
}

/**
 * Compares two version strings by precedence; throws a `TypeError` naming the string that is not a
 * semantic version.
 *
 * @example
 * ```ts
 * import { compareVersions } from 'teapurl';
 * ['1.0.0', '1.0.0-alpha', '0.9.0'].sort(compareVersions); // ['0.9.0', '1.0.0-alpha', '1.0.0']
 * ```
 */
export function compareVersions(a: string, b: string): number {
  return compareSemVer(mustParse(a), mustParse(b));
}

function mustParse(text: string): SemVer {
  const parsed = parseSemVer(text);
  if (!parsed) throw new TypeError(`${JSON.stringify(text)} is not a semantic version (MAJOR.MINOR.PATCH[-prerelease][+build])`);
  return parsed;
}
