/** What a parsed VERS is made of; see `parseVers`. */

/**
 * A comparator; `=` is written as a bare version, `*` stands alone.
 *
 * @example
 * ```ts
 * import type { VersComparator } from 'teapurl/vers';
 * const atLeast: VersComparator = '>=';
 * ```
 */
export type VersComparator = '=' | '!=' | '<' | '<=' | '>' | '>=' | '*';

/**
 * One constraint: a comparator and a decoded version (`''` for `*`).
 *
 * @example
 * ```ts
 * import type { VersConstraint } from 'teapurl/vers';
 * const below: VersConstraint = { comparator: '<', version: '2.0.0' };
 * ```
 */
export interface VersConstraint {
  /** `=`, `!=`, `<`, `<=`, `>`, `>=`, or `*` (alone, with version `''`). */
  readonly comparator: VersComparator;
  /** The version, percent-decoded. */
  readonly version: string;
}

/**
 * A parsed VERS: `scheme` is the VERS type (the versioning scheme, `npm`, `pypi`), as the VERS
 * test suite names it; `constraints` in canonical order.
 *
 * @example
 * ```ts
 * import { stringifyVers, type Vers } from 'teapurl/vers';
 * const vers: Vers = { scheme: 'npm', constraints: [{ comparator: '>=', version: '1.0.0' }] };
 * stringifyVers(vers); // 'vers:npm/>=1.0.0'
 * ```
 */
export interface Vers {
  /** The VERS type: `npm`, `pypi`, `maven`… */
  readonly scheme: string;
  /** The constraints, sorted by version. */
  readonly constraints: readonly VersConstraint[];
}

/**
 * The longest VERS (or native range) teapurl reads, in characters; a longer one is a `too-long`
 * VersError.
 *
 * @example
 * ```ts
 * import { checkVers, MAX_VERS_LENGTH } from 'teapurl/vers';
 * checkVers(`vers:npm/${'1'.repeat(MAX_VERS_LENGTH)}`); // { ok: false, error: VersError (too-long) }
 * ```
 */
export const MAX_VERS_LENGTH = 65_536;

/**
 * The longest version (decoded) teapurl reads, in characters, as node-semver and Maven bound them.
 *
 * @example
 * ```ts
 * import { MAX_VERSION_LENGTH } from 'teapurl/vers';
 * MAX_VERSION_LENGTH; // 256
 * ```
 */
export const MAX_VERSION_LENGTH = 256;
