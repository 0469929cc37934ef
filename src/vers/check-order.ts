/**
 * The rules on a whole constraint list (specification, "Normalized, canonical representation"):
 * versions sorted and unique under the type's order, and, between neighbours, the comparator
 * rules that keep a range from being empty or redundant.
 */
import type { AnyVersionScheme } from './schemes/scheme.js';
import type { VersComparator } from './vers-types.js';
import { VersError } from './vers-error.js';

/** What the checks need of each constraint. */
export interface PlacedConstraint {
  readonly comparator: VersComparator;
  readonly version: string;
  /** Offset in the VERS, for the error. */
  readonly offset: number;
}

const isLess = (c: VersComparator) => c === '<' || c === '<=';
const isGreater = (c: VersComparator) => c === '>' || c === '>=';

/** Throws the first sorting or uniqueness problem of `constraints`, whose keys are `keys`. */
export function checkSortedUnique(scheme: AnyVersionScheme, constraints: readonly PlacedConstraint[], keys: readonly unknown[]): void {
  for (let i = 1; i < constraints.length; i++) {
    const c = scheme.compare(keys[i - 1], keys[i]);
    if (c < 0) continue;
    const here = constraints[i]!;
    const before = constraints[i - 1]!;
    const position = { offset: here.offset, constraint: i + 1 };
    if (c > 0) throw new VersError('unsorted', `constraints are not sorted by version: '${here.version}' sorts before '${before.version}'`, position);
    const same = here.version === before.version ? `'${here.version}' appears twice` : `'${here.version}' equals '${before.version}'`;
    throw new VersError('duplicate-version', `versions are unique: ${same}`, position);
  }
}

/**
 * Throws the first comparator-sequence problem: ignoring `!=`, an `=` is followed only by `=`,
 * `>` or `>=`; ignoring `=` and `!=` too, `<`/`<=` and `>`/`>=` alternate.
 */
export function checkComparatorSequence(constraints: readonly PlacedConstraint[]): void {
  let previousEqual: PlacedConstraint | undefined;
  let previousRange: PlacedConstraint | undefined;
  for (let i = 0; i < constraints.length; i++) {
    const here = constraints[i]!;
    const c = here.comparator;
    if (c === '!=') continue;
    const position = { offset: here.offset, constraint: i + 1 };
    if (previousEqual !== undefined && isLess(c)) {
      throw new VersError(
        'comparator-sequence',
        `'${previousEqual.version}' (=) is followed by '${c}${here.version}': an equality is followed only by =, > or >=`,
        position,
      );
    }
    previousEqual = c === '=' ? here : undefined;
    if (c === '=') continue;
    if (previousRange !== undefined && isLess(previousRange.comparator) === isLess(c)) {
      const kind = isLess(c) ? "'<' or '<='" : "'>' or '>='";
      throw new VersError(
        'comparator-sequence',
        `'${previousRange.comparator}${previousRange.version}' is followed by '${c}${here.version}': ${kind} must be followed by ${isLess(c) ? "'>' or '>='" : "'<' or '<='"}`,
        position,
      );
    }
    if (isLess(c) || isGreater(c)) previousRange = here;
  }
}
