/**
 * Sets of versions as sorted, disjoint intervals, and the canonical VERS constraints of such a
 * set. A native range is read into clauses (an OR of ANDs of simple comparisons); its intervals
 * are intersected within an AND and merged across the OR, so what is written is the range's
 * meaning in canonical form whatever the native spelling repeated or overlapped.
 */
import type { AnyVersionScheme } from '../schemes/scheme.js';
import type { VersConstraint } from '../vers-types.js';

export interface Bound {
  /** The version as the native range spelled it (or as the conversion built it). */
  readonly version: string;
  readonly key: unknown;
  readonly inclusive: boolean;
}

/** `lo`/`hi` undefined: unbounded on that side. */
export interface Interval {
  readonly lo: Bound | undefined;
  readonly hi: Bound | undefined;
}

export const EVERYTHING: Interval = { lo: undefined, hi: undefined };

/** The lower of two lower bounds (undefined is below all), an inclusive one first on a tie. */
function compareLower(scheme: AnyVersionScheme, a: Bound | undefined, b: Bound | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  return scheme.compare(a.key, b.key) || (a.inclusive === b.inclusive ? 0 : a.inclusive ? -1 : 1);
}

/** The lower of two upper bounds (undefined is above all), an exclusive one first on a tie. */
function compareUpper(scheme: AnyVersionScheme, a: Bound | undefined, b: Bound | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  return scheme.compare(a.key, b.key) || (a.inclusive === b.inclusive ? 0 : a.inclusive ? 1 : -1);
}

function isEmpty(scheme: AnyVersionScheme, i: Interval): boolean {
  if (i.lo === undefined || i.hi === undefined) return false;
  const c = scheme.compare(i.lo.key, i.hi.key);
  return c > 0 || (c === 0 && !(i.lo.inclusive && i.hi.inclusive));
}

/** The intersection of two sets. */
export function intersect(scheme: AnyVersionScheme, a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const x of a) {
    for (const y of b) {
      const lo = compareLower(scheme, x.lo, y.lo) >= 0 ? x.lo : y.lo;
      const hi = compareUpper(scheme, x.hi, y.hi) <= 0 ? x.hi : y.hi;
      const i = { lo, hi };
      if (!isEmpty(scheme, i)) out.push(i);
    }
  }
  return union(scheme, out);
}

/** The union of intervals: sorted, overlapping and touching ones merged. */
export function union(scheme: AnyVersionScheme, intervals: readonly Interval[]): Interval[] {
  const sorted = intervals.filter((i) => !isEmpty(scheme, i)).sort((x, y) => compareLower(scheme, x.lo, y.lo));
  const out: Interval[] = [];
  for (const next of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && touches(scheme, last, next)) {
      out[out.length - 1] = { lo: last.lo, hi: compareUpper(scheme, last.hi, next.hi) >= 0 ? last.hi : next.hi };
    } else {
      out.push(next);
    }
  }
  return out;
}

/** Whether `next` (which starts no lower than `last`) overlaps or adjoins `last`. */
function touches(scheme: AnyVersionScheme, last: Interval, next: Interval): boolean {
  if (last.hi === undefined || next.lo === undefined) return true;
  const c = scheme.compare(next.lo.key, last.hi.key);
  return c < 0 || (c === 0 && (next.lo.inclusive || last.hi.inclusive));
}

/**
 * The canonical constraints of a non-empty set: `*` for everything, `=v` for a single version,
 * `>=`/`>` and `<=`/`<` around each interval, and `!=v` where two intervals leave out just `v`.
 */
export function toConstraints(scheme: AnyVersionScheme, set: readonly Interval[]): VersConstraint[] {
  if (set.length === 1 && set[0]!.lo === undefined && set[0]!.hi === undefined) return [{ comparator: '*', version: '' }];
  const out: VersConstraint[] = [];
  set.forEach((interval, index) => {
    const { lo, hi } = interval;
    if (lo !== undefined && hi !== undefined && scheme.compare(lo.key, hi.key) === 0) {
      out.push({ comparator: '=', version: lo.version });
      return;
    }
    if (lo !== undefined) {
      const previous = set[index - 1]?.hi;
      // Only one version between two intervals is left out (both bounds exclusive, else merged).
      if (previous !== undefined && scheme.compare(previous.key, lo.key) === 0) out[out.length - 1] = { comparator: '!=', version: lo.version };
      else out.push({ comparator: lo.inclusive ? '>=' : '>', version: lo.version });
    }
    if (hi !== undefined) out.push({ comparator: hi.inclusive ? '<=' : '<', version: hi.version });
  });
  return out;
}
