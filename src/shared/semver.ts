/**
 * Semantic Versioning 2.0.0: parsing and precedence (items 9 to 11 of semver.org), which is how
 * TEA clients order API versions (section 9) and how VERS orders `semver`, `npm`, `cargo` and
 * `golang` versions: `compareSemVerPrecedence` is teapurl's one SemVer precedence.
 */
import { InvalidArgumentError } from './errors.js';

/** A pre-release identifier as precedence reads it: numeric ones as integers (a bigint beyond 2^53), which sort below alphanumeric ones. */
export type SemVerIdentifier = number | bigint | string;

/** What SemVer precedence reads of a version: the three numbers and the pre-release (`undefined` for a release); build metadata is not part of it. */
export interface SemVerPrecedenceKey {
  readonly major: number | bigint;
  readonly minor: number | bigint;
  readonly patch: number | bigint;
  readonly pre: readonly SemVerIdentifier[] | undefined;
}

function compareNumbers(a: number | bigint, b: number | bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareIdentifier(a: SemVerIdentifier, b: SemVerIdentifier): number {
  const aText = typeof a === 'string';
  const bText = typeof b === 'string';
  if (aText !== bText) return aText ? 1 : -1;
  if (aText) return a < (b as string) ? -1 : a > (b as string) ? 1 : 0;
  return compareNumbers(a, b as number | bigint);
}

/**
 * SemVer 2.0.0 precedence (item 11): the numbers in order, then a release above its pre-releases,
 * then the pre-release identifiers one by one (numeric below alphanumeric, numbers by value, text
 * by code unit), then the longer pre-release above its prefix.
 */
export function compareSemVerPrecedence(a: SemVerPrecedenceKey, b: SemVerPrecedenceKey): number {
  const main = compareNumbers(a.major, b.major) || compareNumbers(a.minor, b.minor) || compareNumbers(a.patch, b.patch);
  if (main !== 0) return main;
  if (a.pre === undefined || b.pre === undefined) return a.pre === b.pre ? 0 : a.pre === undefined ? 1 : -1;
  const n = Math.min(a.pre.length, b.pre.length);
  for (let k = 0; k < n; k++) {
    const c = compareIdentifier(a.pre[k]!, b.pre[k]!);
    if (c !== 0) return c;
  }
  return a.pre.length - b.pre.length;
}

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
  if (typeof text !== 'string') return null;
  const match = SEMVER.exec(text);
  if (match === null) return null;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // A number beyond Number.MAX_SAFE_INTEGER cannot be held exactly, so it cannot be ordered.
  if (!(major <= Number.MAX_SAFE_INTEGER && minor <= Number.MAX_SAFE_INTEGER && patch <= Number.MAX_SAFE_INTEGER)) return null;
  const prerelease: Array<string | number> = [];
  for (const id of match[4] === undefined ? [] : match[4].split('.')) {
    if (!/^\d+$/.test(id)) prerelease.push(id);
    else if (Number(id) < Number.MAX_SAFE_INTEGER) prerelease.push(Number(id));
    else return null;
  }
  return { major, minor, patch, prerelease, build: match[5] === undefined ? [] : match[5].split('.'), raw: text };
}

/**
 * Compares two versions by SemVer 2.0.0 precedence (`compareSemVerPrecedence`, teapurl's one): negative
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
  return compareSemVerPrecedence(precedenceKey(a), precedenceKey(b));
}

function precedenceKey(version: SemVer): SemVerPrecedenceKey {
  return { major: version.major, minor: version.minor, patch: version.patch, pre: version.prerelease.length === 0 ? undefined : version.prerelease };
}

/**
 * Compares two TEA API version strings by SemVer precedence (not a package's versions: that is
 * `compareVersions` of `teapurl/vers`); throws an `InvalidArgumentError` naming the string that is not a
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
  if (!parsed) throw new InvalidArgumentError(`${JSON.stringify(text)} is not a semantic version (MAJOR.MINOR.PATCH[-prerelease][+build])`);
  return parsed;
}
