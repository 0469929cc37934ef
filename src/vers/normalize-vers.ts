/**
 * normalizeVers: a VERS brought to canonical form where a reader may repair it. The VERS test
 * suite's `validate` cases define what that is: constraints sorted by version (a stable sort, so
 * equal versions keep their order), the scheme and type lowercased, percent-encoding made
 * canonical, `=1.0` written `1.0`. The suite keeps repeated and redundant constraints
 * (`>=0.0.1|>=0.0.1`, `>0.0.0|>=0.0.1`), which the specification's text calls errors; with
 * `{ simplify: true }` they are removed as "How to parse" describes, and the result is a VERS
 * parseVers accepts.
 */
import { checkComparatorSequence, checkSortedUnique, type PlacedConstraint } from './check-order.js';
import { readVers } from './read-vers.js';
import { checkCanonicalSpelling, requireScheme, versionKeys } from './parse-vers.js';
import { checkShape, writeConstraint } from './stringify-vers.js';
import type { AnyVersionScheme } from './schemes/scheme.js';
import { VersError } from './vers-error.js';
import type { Vers, VersComparator } from './vers-types.js';

/**
 * Options of {@link normalizeVers}.
 *
 * @example
 * ```ts
 * import { normalizeVers } from 'teapurl/vers';
 * normalizeVers('vers:pypi/>0.0.0|>=0.0.1|<1', { simplify: true }); // 'vers:pypi/>0.0.0|<1'
 * ```
 */
export interface NormalizeVersOptions {
  /**
   * Also drop repeated and redundant constraints ("How to parse", constraints simplification),
   * so the result passes parseVers. Default `false`: only sort, as the VERS test suite expects.
   */
  readonly simplify?: boolean;
}

interface Keyed {
  readonly comparator: VersComparator;
  readonly version: string;
  readonly key: unknown;
  readonly offset: number;
}

const isLess = (c: VersComparator) => c === '<' || c === '<=';
const isGreater = (c: VersComparator) => c === '>' || c === '>=';
const isEqualOrLess = (c: VersComparator) => c === '=' || isLess(c);
const isEqualOrGreater = (c: VersComparator) => c === '=' || isGreater(c);

/** The simplification procedure of "How to parse", on constraints sorted by version. */
function simplify(scheme: AnyVersionScheme, sorted: readonly Keyed[]): Keyed[] {
  // Each version once: an exact repeat goes; the same version under another comparator cannot be merged.
  const unique: Keyed[] = [];
  for (const c of sorted) {
    const last = unique[unique.length - 1];
    if (last !== undefined && scheme.compare(last.key, c.key) === 0) {
      if (last.comparator === c.comparator) continue;
      throw new VersError('duplicate-version', `'${c.version}' appears with '${last.comparator}' and '${c.comparator}': the constraints contradict or overlap, and cannot be simplified`, { offset: c.offset });
    }
    unique.push(c);
  }
  if (unique.length === 1) return unique;
  const unequal = unique.filter((c) => c.comparator === '!=');
  const list = unique.filter((c) => c.comparator !== '!=');
  if (list.length === 0) return unequal;
  let i = 0;
  while (i < list.length) {
    const current = list[i]!.comparator;
    const next = list[i + 1]?.comparator;
    const previous = i > 0 ? list[i - 1]!.comparator : undefined;
    if (next !== undefined && isGreater(current) && isEqualOrGreater(next)) {
      list.splice(i + 1, 1);
    } else if (next !== undefined && isEqualOrLess(current) && isLess(next)) {
      list.splice(i, 1);
      if (i > 0) i--;
    } else if (previous !== undefined && isGreater(previous) && isEqualOrGreater(current)) {
      list.splice(i, 1);
      i--;
    } else if (previous !== undefined && isEqualOrLess(previous) && isLess(current)) {
      list.splice(i - 1, 1);
      i--;
    } else {
      i++;
    }
  }
  return [...unequal, ...list].sort((a, b) => scheme.compare(a.key, b.key));
}

/**
 * Normalises a VERS: sorts its constraints by version and makes its spelling canonical (see
 * {@link NormalizeVersOptions} for removing repeated and redundant constraints too). Whitespace,
 * empty or doubled pipes, a star that is not alone and invalid versions stay errors.
 *
 * @example
 * ```ts
 * import { normalizeVers } from 'teapurl/vers';
 * normalizeVers('vers:pypi/0.0.2|0.0.6|>=0.0.0|0.0.1');  // 'vers:pypi/>=0.0.0|0.0.1|0.0.2|0.0.6'
 * normalizeVers('vers:NPM/<2.0.0|>=1.0.0|>=1.0.0', { simplify: true }); // 'vers:npm/>=1.0.0|<2.0.0'
 * ```
 */
export function normalizeVers(vers: string | Vers, options: NormalizeVersOptions = {}): string {
  let text: string;
  if (typeof vers === 'string') {
    text = vers;
  } else {
    checkShape(vers);
    text = `vers:${vers.scheme}/${vers.constraints.map(writeConstraint).join('|')}`;
  }
  const read = readVers(text, true);
  const scheme = requireScheme(read.type, read.typeOffset);
  if (read.constraints === undefined) return `vers:${read.type}/*`;
  checkCanonicalSpelling(read.type, scheme, read.constraints);
  // A lone version needs no order (as in parseVers); the others are read to be sorted.
  const keys = read.constraints.length === 1 && !options.simplify ? [undefined] : versionKeys(read.type, scheme, read.constraints);
  let keyed: Keyed[] = read.constraints.map((c, i) => ({ comparator: c.comparator, version: c.version, key: keys[i], offset: c.offset }));
  // Array.prototype.sort is stable: equal versions keep their order.
  keyed.sort((a, b) => scheme.compare(a.key, b.key));
  if (options.simplify) {
    keyed = simplify(scheme, keyed);
    const placed: PlacedConstraint[] = keyed;
    checkSortedUnique(scheme, placed, keyed.map((c) => c.key));
    checkComparatorSequence(placed);
  }
  return `vers:${read.type}/${keyed.map(writeConstraint).join('|')}`;
}
