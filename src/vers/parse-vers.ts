/**
 * parseVers and checkVers: a VERS read strictly, as the specification requires of a VERS string
 * (it "shall already be in canonical form"), its versions read by the type's scheme.
 */
import { checkComparatorSequence, checkSortedUnique } from './check-order.js';
import { readVers, type ReadConstraint, type ReadVers } from './read-vers.js';
import { schemeOf } from './schemes/index.js';
import type { AnyVersionScheme } from './schemes/scheme.js';
import { BadVersion, VersError } from './vers-error.js';
import type { Vers } from './vers-types.js';

/** A VERS with what containment needs: its scheme and, once read, each version's key. */
export interface KeyedVers {
  readonly vers: Vers;
  readonly type: string;
  readonly scheme: AnyVersionScheme;
  readonly constraints: readonly ReadConstraint[];
  /** In constraint order; `undefined` when parsing had no need to read the versions. */
  readonly keys: readonly unknown[] | undefined;
}

/**
 * Options of {@link parseVers} and {@link checkVers}.
 *
 * @example
 * ```ts
 * import { checkVers } from 'teapurl/vers';
 * checkVers('vers:npm/1.0%252F0').ok;                          // true: a lone version is not read
 * checkVers('vers:npm/1.0%252F0', { checkVersions: true }).ok; // false: not an npm version
 * ```
 */
export interface ParseVersOptions {
  /**
   * Require every version to be a valid version of the type, even a lone one. By default a
   * version is read by the type's scheme where the VERS's validity depends on it: to check the
   * order of two or more constraints (and always for the type's canonical spelling, such as
   * datetime's uppercase `T`), as "How to parse" checks syntax and order, not versions.
   */
  readonly checkVersions?: boolean;
}

/** The scheme of `type`, or an `unknown-type` error placed at `offset`. */
export function requireScheme(type: string, offset: number): AnyVersionScheme {
  const scheme = schemeOf(type);
  if (scheme === undefined) throw new VersError('unknown-type', `unknown VERS type '${type}': teapurl has no version scheme for it`, { offset });
  return scheme;
}

function versionError(
  type: string,
  scheme: AnyVersionScheme,
  c: ReadConstraint,
  index: number,
  problem: BadVersion,
  rule: 'invalid-version' | 'non-canonical-version',
): VersError {
  const offset = c.versionOffset + (c.plain ? problem.offset : 0);
  const what = rule === 'invalid-version' ? `is not ${scheme.label} (${type})` : `is not spelled canonically for ${type}`;
  return new VersError(rule, `'${c.version}' ${what}: ${problem.reason}`, { offset, constraint: index + 1 });
}

/** Reads each constraint's version with `scheme`; a version it refuses is an `invalid-version` error. */
export function versionKeys(type: string, scheme: AnyVersionScheme, constraints: readonly ReadConstraint[]): unknown[] {
  return constraints.map((c, i) => {
    try {
      return scheme.parse(c.version);
    } catch (error) {
      if (!(error instanceof BadVersion)) throw error;
      throw versionError(type, scheme, c, i, error, 'invalid-version');
    }
  });
}

/** Refuses a version the type spells otherwise in a VERS (`non-canonical-version`). */
export function checkCanonicalSpelling(type: string, scheme: AnyVersionScheme, constraints: readonly ReadConstraint[]): void {
  if (scheme.canonical === undefined) return;
  constraints.forEach((c, i) => {
    const problem = scheme.canonical!(c.version);
    if (problem !== undefined) throw versionError(type, scheme, c, i, problem, 'non-canonical-version');
  });
}

function toVers(read: ReadVers): Vers {
  const constraints =
    read.constraints === undefined ? [{ comparator: '*' as const, version: '' }] : read.constraints.map(({ comparator, version }) => ({ comparator, version }));
  return { scheme: read.type, constraints };
}

/** The strict reading behind parseVers, keeping what containment needs. */
export function parseKeyed(input: unknown, options: ParseVersOptions = {}): KeyedVers {
  const read = readVers(input, false);
  const scheme = requireScheme(read.type, read.typeOffset);
  const vers = toVers(read);
  const constraints = read.constraints ?? [];
  checkCanonicalSpelling(read.type, scheme, constraints);
  if (constraints.length < 2 && !options.checkVersions) return { vers, type: read.type, scheme, constraints, keys: undefined };
  const keys = versionKeys(read.type, scheme, constraints);
  checkSortedUnique(scheme, constraints, keys);
  checkComparatorSequence(constraints);
  return { vers, type: read.type, scheme, constraints, keys };
}

/**
 * Parses a VERS strictly: the string must already be canonical (no whitespace, no empty or
 * doubled pipe, versions sorted and unique, comparators in a valid sequence, canonical
 * percent-encoding, lowercase scheme and type). A problem is a {@link VersError} naming the rule
 * and the offset. Versions are percent-decoded once.
 *
 * @example
 * ```ts
 * import { parseVers } from 'teapurl/vers';
 * parseVers('vers:npm/1.2.3|>=2.0.0|<5.0.0');
 * // { scheme: 'npm', constraints: [{ comparator: '=', version: '1.2.3' }, { comparator: '>=', version: '2.0.0' }, { comparator: '<', version: '5.0.0' }] }
 * ```
 */
export function parseVers(vers: string, options: ParseVersOptions = {}): Vers {
  return parseKeyed(vers, options).vers;
}

/**
 * The outcome of {@link checkVers}: the parsed VERS, or the first problem.
 *
 * @example
 * ```ts
 * import { checkVers, type VersCheck } from 'teapurl/vers';
 * const result: VersCheck = checkVers('vers:pypi/>=1.0|<2.0');
 * if (result.ok) console.log(result.vers.constraints.length); // 2
 * ```
 */
export type VersCheck =
  | {
      /** The VERS is valid. */
      readonly ok: true;
      /** It, parsed. */
      readonly vers: Vers;
    }
  | {
      /** The VERS is refused. */
      readonly ok: false;
      /** Why: the rule, offset and constraint. */
      readonly error: VersError;
    };

/**
 * Checks a VERS without throwing.
 *
 * @example
 * ```ts
 * import { checkVers } from 'teapurl/vers';
 * const result = checkVers('vers:npm/>=1.0.0| <2.0.0');
 * if (!result.ok) console.log(result.error.code, result.error.offset); // whitespace 17
 * ```
 */
export function checkVers(vers: string, options: ParseVersOptions = {}): VersCheck {
  try {
    return { ok: true, vers: parseVers(vers, options) };
  } catch (error) {
    if (error instanceof VersError) return { ok: false, error };
    throw error;
  }
}
