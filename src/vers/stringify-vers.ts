/**
 * stringifyVers: a parsed VERS written back, percent-encoding each version canonically. The
 * result must itself be canonical, so it is read back strictly: constraints out of order, a
 * repeated version or an invalid version are the same errors parseVers gives.
 */
import { encodeVersion } from './percent.js';
import { parseKeyed } from './parse-vers.js';
import { VersError } from './vers-error.js';
import type { Vers, VersComparator, VersConstraint } from './vers-types.js';

const COMPARATORS: ReadonlySet<string> = new Set<VersComparator>(['=', '!=', '<', '<=', '>', '>=', '*']);

/** One constraint as written in a VERS (`=` is a bare version). */
export function writeConstraint(c: VersConstraint): string {
  if (c.comparator === '*') return '*';
  return `${c.comparator === '=' ? '' : c.comparator}${encodeVersion(c.version)}`;
}

/** Checks the shape of a {@link Vers} built by hand (or read from JSON) before it is written. */
export function checkShape(vers: Vers): void {
  if (typeof vers !== 'object' || vers === null || typeof vers.scheme !== 'string' || !Array.isArray(vers.constraints)) {
    throw new VersError('not-a-string', 'expected { scheme, constraints: [{ comparator, version }] }', { offset: 0 });
  }
  if (vers.constraints.length === 0) throw new VersError('empty-constraints', 'the constraints are empty', { offset: 0 });
  vers.constraints.forEach((c: VersConstraint, i: number) => {
    const position = { offset: 0, constraint: i + 1 };
    if (typeof c !== 'object' || c === null || typeof c.version !== 'string' || !COMPARATORS.has(c.comparator)) {
      throw new VersError('not-a-string', `constraint ${i + 1} is not { comparator: '=' | '!=' | '<' | '<=' | '>' | '>=' | '*', version: string }`, position);
    }
    if (c.comparator === '*' && (c.version !== '' || vers.constraints.length > 1)) {
      throw new VersError('star', "'*' stands alone: it is the only constraint, with version ''", position);
    }
  });
}

/**
 * Writes a parsed VERS as its canonical string. The constraints must already be in canonical
 * order (see normalizeVers to sort them); a problem is the {@link VersError} parseVers would
 * give for the string written.
 *
 * @example
 * ```ts
 * import { stringifyVers } from 'teapurl/vers';
 * stringifyVers({ scheme: 'pypi', constraints: [{ comparator: '>=', version: '1.0' }, { comparator: '<', version: '2.0' }] });
 * // 'vers:pypi/>=1.0|<2.0'
 * ```
 */
export function stringifyVers(vers: Vers): string {
  checkShape(vers);
  const text = `vers:${vers.scheme}/${vers.constraints.map(writeConstraint).join('|')}`;
  parseKeyed(text);
  return text;
}
