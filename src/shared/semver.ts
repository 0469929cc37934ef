/**
 * Semantic Versioning 2.0.0: parsing and precedence (items 9 to 11 of semver.org), which is how
 * TEA clients order API versions (section 9). Precedence is the `semver` package's.
 */
import SemVerClass from 'semver/classes/semver.js';

/**
 * A parsed semantic version.
 *
 * @example
 * ```ts
 * import { parseSemVer, type SemVer } from 'teapurl/tea';
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

// The pattern of the discovery schema (section 2.2), which is the one from semver.org: it alone
// decides what is a version, so no looser reading of the semver package can creep in.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;
const STRICT = { loose: false, includePrerelease: true } as const;
const parsed = new WeakMap<SemVer, SemVerClass>();

/**
 * Parses a full semantic version (no leading `v`); `null` when the string is not one, or when a
 * numeric part is too large to compare exactly.
 *
 * @example
 * ```ts
 * import { parseSemVer } from 'teapurl/tea';
 * parseSemVer('1.2.3-beta.2+exp.sha.5114f85'); // { major: 1, minor: 2, patch: 3, prerelease: ['beta', 2], build: ['exp', 'sha', '5114f85'], … }
 * parseSemVer('v1.2'); // null
 * ```
 */
export function parseSemVer(text: string): SemVer | null {
  if (typeof text !== 'string' || !SEMVER.test(text)) return null;
  let version: SemVerClass;
  try {
    version = new SemVerClass(text, STRICT);
  } catch {
    // The package refuses MAJOR, MINOR or PATCH beyond Number.MAX_SAFE_INTEGER.
    return null;
  }
  // It keeps a numeric prerelease identifier it cannot hold exactly as a string, which would then
  // sort as alphanumeric; such a version cannot be ordered correctly, so it is refused.
  if (version.prerelease.some((id) => typeof id === 'string' && /^\d+$/.test(id))) return null;
  const result: SemVer = {
    major: version.major,
    minor: version.minor,
    patch: version.patch,
    prerelease: [...version.prerelease],
    build: [...version.build],
    raw: text,
  };
  parsed.set(result, version);
  return result;
}

function toClass(version: SemVer): SemVerClass {
  const known = parsed.get(version);
  if (known) return known;
  const made = parseSemVer(version.raw);
  if (!made) throw new TypeError(`${JSON.stringify(version.raw)} is not a semantic version (MAJOR.MINOR.PATCH[-prerelease][+build])`);
  return parsed.get(made)!;
}

/**
 * Compares two versions by SemVer 2.0.0 precedence (the `semver` package's `compare`): negative
 * when `a` is lower, positive when higher, 0 when equal. A prerelease is lower than its release;
 * build metadata is ignored.
 *
 * @example
 * ```ts
 * import { parseSemVer, compareSemVer } from 'teapurl/tea';
 * compareSemVer(parseSemVer('1.0.0-rc.1')!, parseSemVer('1.0.0')!); // -1
 * compareSemVer(parseSemVer('1.0.0+a')!, parseSemVer('1.0.0+b')!); // 0
 * ```
 */
export function compareSemVer(a: SemVer, b: SemVer): number {
  return toClass(a).compare(toClass(b));
}

/**
 * Compares two TEA API version strings by SemVer precedence (not a package's versions: that is
 * `compareVersions` of `teapurl/vers`); throws a `TypeError` naming the string that is not a
 * semantic version.
 *
 * @example
 * ```ts
 * import { compareApiVersions } from 'teapurl/tea/client';
 * ['1.0.0', '1.0.0-alpha', '0.9.0'].sort(compareApiVersions); // ['0.9.0', '1.0.0-alpha', '1.0.0']
 * ```
 */
export function compareApiVersions(a: string, b: string): number {
  return compareSemVer(mustParse(a), mustParse(b));
}

function mustParse(text: string): SemVer {
  const parsed = parseSemVer(text);
  if (!parsed) throw new TypeError(`${JSON.stringify(text)} is not a semantic version (MAJOR.MINOR.PATCH[-prerelease][+build])`);
  return parsed;
}
