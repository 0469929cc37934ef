/** What a parsed VERS is made of; see `parseVers`. */

/** A comparator; `=` is written as a bare version, `*` stands alone. */
export type VersComparator = '=' | '!=' | '<' | '<=' | '>' | '>=' | '*';

/** One constraint: a comparator and a decoded version (`''` for `*`). */
export interface VersConstraint {
  readonly comparator: VersComparator;
  readonly version: string;
}

/**
 * A parsed VERS: `scheme` is the VERS type (the versioning scheme, `npm`, `pypi`), as the VERS
 * test suite names it; `constraints` in canonical order.
 */
export interface Vers {
  readonly scheme: string;
  readonly constraints: readonly VersConstraint[];
}

/** The longest VERS teapurl reads, in characters; a longer one is a `too-long` {@link VersError}. */
export const MAX_VERS_LENGTH = 65_536;

/** The longest version (decoded) teapurl reads, in characters, as node-semver and Maven bound them. */
export const MAX_VERSION_LENGTH = 256;
