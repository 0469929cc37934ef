/**
 * Containment: whether a version is inside the range a VERS describes. A VERS is compiled once
 * into its versions' keys and, for each gap between neighbouring constraints, whether the
 * versions in that gap are inside; a question is then one parse of the tested version and a
 * binary search. The answers are those of the specification's containment procedure ("How to
 * parse"), with one reading of our own where it is silent: a VERS of `!=` constraints only
 * (`vers:pypi/!=1.0`) holds every version but those, as `!=` reads, rather than nothing.
 */
import { parseKeyed, versionKeys, type KeyedVers } from './parse-vers.js';
import { checkShape, writeConstraint } from './stringify-vers.js';
import type { AnyVersionScheme } from './schemes/scheme.js';
import { BadVersion, VersError } from './vers-error.js';
import type { Vers, VersComparator } from './vers-types.js';

/**
 * A VERS compiled for repeated containment questions; see {@link compileVers}.
 *
 * @example
 * ```ts
 * import { compileVers, type VersRange } from 'teapurl/vers';
 * const range: VersRange = compileVers('vers:gem/>=2.2.0|!=2.2.1|<2.3.0');
 * range.contains('2.2.1'); // false
 * ```
 */
export interface VersRange {
  /** The VERS, parsed. */
  readonly vers: Vers;
  /** Whether `version` is inside the range; an invalid version is a `invalid-version` {@link VersError}. */
  contains(version: string): boolean;
}

const INSIDE_WHEN_EQUAL: Readonly<Record<VersComparator, boolean>> = { '=': true, '<=': true, '>=': true, '!=': false, '<': false, '>': false, '*': true };

/** Reads a tested version with the range's scheme; the error's offset is into the version. */
export function readVersion(type: string, scheme: AnyVersionScheme, version: string): unknown {
  if (typeof version !== 'string')
    throw new VersError('not-a-string', `a version is a string, not ${version === null ? 'null' : typeof version}`, { offset: 0 });
  try {
    return scheme.parse(version);
  } catch (error) {
    if (!(error instanceof BadVersion)) throw error;
    throw new VersError('invalid-version', `'${version}' is not ${scheme.label} (${type}): ${error.reason}`, { offset: error.offset });
  }
}

function compile(keyed: KeyedVers): VersRange {
  const { vers, scheme } = keyed;
  const keys = keyed.keys ?? versionKeys(keyed.type, scheme, keyed.constraints);
  const comparators = vers.constraints.map((c) => c.comparator);
  const star = comparators[0] === '*';
  const ranged = comparators.filter((c) => c !== '=' && c !== '!=');
  // inside[k]: whether a version strictly between constraint k-1 and constraint k is inside.
  const inside: boolean[] = [];
  let state = ranged.length === 0 ? comparators.every((c) => c === '!=') : ranged[0] === '<' || ranged[0] === '<=';
  for (const c of comparators) {
    inside.push(state);
    if (c === '>' || c === '>=') state = true;
    else if (c === '<' || c === '<=') state = false;
  }
  inside.push(state);
  return {
    vers,
    contains(version: string): boolean {
      const key = readVersion(vers.scheme, scheme, version);
      if (star) return true;
      let lo = 0;
      let hi = keys.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const c = scheme.compare(keys[mid], key);
        if (c < 0) lo = mid + 1;
        else if (c > 0) hi = mid;
        else return INSIDE_WHEN_EQUAL[comparators[mid]!];
      }
      return inside[lo]!;
    },
  };
}

/**
 * Compiles a VERS (a string, read strictly, or a parsed {@link Vers}) for containment questions:
 * the versions are read once, each question costs one parse of the tested version.
 *
 * @example
 * ```ts
 * import { compileVers } from 'teapurl/vers';
 * const affected = compileVers('vers:npm/>=1.0.0|<1.4.2|>=2.0.0|<2.1.5');
 * affected.contains('1.3.9'); // true
 * affected.contains('2.1.5'); // false
 * ```
 */
export function compileVers(vers: string | Vers): VersRange {
  if (typeof vers === 'string') return compile(parseKeyed(vers));
  checkShape(vers);
  return compile(parseKeyed(`vers:${vers.scheme}/${vers.constraints.map(writeConstraint).join('|')}`));
}

/**
 * Whether `version` is inside the range of `vers`. For many questions on one VERS, compile it
 * once with {@link compileVers}.
 *
 * @example
 * ```ts
 * import { versContains } from 'teapurl/vers';
 * versContains('vers:pypi/>=1.0|<2.0', '1.5.post1'); // true
 * versContains('vers:deb/>=1:1.2~rc1', '1:1.2');      // true
 * ```
 */
export function versContains(vers: string | Vers, version: string): boolean {
  return compileVers(vers).contains(version);
}
