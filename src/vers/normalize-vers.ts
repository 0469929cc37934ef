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
 * normalizeVers('vers:pypi/>0.0.0|>=0.0.1|<1');                      // 'vers:pypi/>0.0.0|<1'
 * normalizeVers('vers:pypi/<1|>0.0.0', { simplify: false });         // 'vers:pypi/>0.0.0|<1'
 * ```
 */
export interface NormalizeVersOptions {
  /**
   * Drop repeated and redundant constraints ("How to parse", constraints simplification). Default
   * `true`. With `false`, a VERS that would need a constraint dropped is refused instead, the
   * error naming the constraint and giving the simplified VERS as the suggestion. Either way the
   * result is a VERS {@link parseVers} accepts.
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
      const what = last.version === c.version ? `'${c.version}'` : `'${last.version}' (equal to '${c.version}')`;
      throw new VersError(
        'duplicate-version',
        `${what} appears with '${last.comparator}' and '${c.comparator}': a version is written once, and which of the two is meant cannot be told; keep one constraint for it (for instance '${writeConstraint(last)}' or '${writeConstraint(c)}')`,
        { offset: c.offset },
      );
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

/** A VERS read leniently, its spelling made canonical and its constraints sorted (stably) by version. */
function sorted(vers: string | Vers, readAll: boolean): { type: string; scheme: AnyVersionScheme; keyed: Keyed[] | undefined } {
  let text: string;
  if (typeof vers === 'string') {
    text = vers;
  } else {
    checkShape(vers);
    text = `vers:${vers.scheme}/${vers.constraints.map(writeConstraint).join('|')}`;
  }
  const read = readVers(text, true);
  const scheme = requireScheme(read.type, read.typeOffset);
  if (read.constraints === undefined) return { type: read.type, scheme, keyed: undefined };
  checkCanonicalSpelling(read.type, scheme, read.constraints);
  // A lone version needs no order (as in parseVers); the others are read to be sorted.
  const keys = read.constraints.length === 1 && !readAll ? [undefined] : versionKeys(read.type, scheme, read.constraints);
  const keyed: Keyed[] = read.constraints.map((c, i) => ({ comparator: c.comparator, version: c.version, key: keys[i], offset: c.offset }));
  // Array.prototype.sort is stable: equal versions keep their order.
  keyed.sort((a, b) => scheme.compare(a.key, b.key));
  return { type: read.type, scheme, keyed };
}

const written = (type: string, keyed: readonly Keyed[] | undefined) => `vers:${type}/${keyed === undefined ? '*' : keyed.map(writeConstraint).join('|')}`;

/** Throws the first canonical-form problem of sorted constraints (order, uniqueness, comparator sequence). */
function checkCanonical(scheme: AnyVersionScheme, keyed: readonly Keyed[]): void {
  const placed: PlacedConstraint[] = keyed as Keyed[];
  checkSortedUnique(
    scheme,
    placed,
    keyed.map((c) => c.key),
  );
  checkComparatorSequence(placed);
}

/**
 * Normalises a VERS to the one canonical form {@link parseVers}, {@link versContains} and
 * {@link stringifyVers} accept: constraints sorted by version, the scheme and type lowercased,
 * percent-encoding made canonical, `=1.0` written `1.0`, and repeated and redundant constraints
 * removed as "How to parse" describes (`>=1.0.0|>=3.0.0` is `>=1.0.0`; `=1.0.0|<2.0.0` is
 * `<2.0.0`). What cannot be repaired is a {@link VersError}: whitespace, empty or doubled pipes,
 * a star that is not alone, an invalid version, or one version under two comparators
 * (`1.0.0|!=1.0.0`), whose message says what to keep. With `{ simplify: false }` a VERS that
 * would need a constraint dropped is refused, with the simplified VERS as the suggestion.
 *
 * @example
 * ```ts
 * import { normalizeVers } from 'teapurl/vers';
 * normalizeVers('vers:pypi/0.0.2|0.0.6|>=0.0.0|0.0.1');               // 'vers:pypi/>=0.0.0'
 * normalizeVers('vers:NPM/<2.0.0|>=1.0.0|>=1.0.0');                   // 'vers:npm/>=1.0.0|<2.0.0'
 * normalizeVers('VERS:NPM/=1.0%2e0|>=2.0.0');                         // 'vers:npm/1.0.0|>=2.0.0'
 * ```
 */
export function normalizeVers(vers: string | Vers, options: NormalizeVersOptions = {}): string {
  const simplifying = options.simplify ?? true;
  const { type, scheme, keyed } = sorted(vers, simplifying);
  if (keyed === undefined) return written(type, keyed);
  if (simplifying) {
    const simple = simplify(scheme, keyed);
    checkCanonical(scheme, simple);
    return written(type, simple);
  }
  try {
    checkCanonical(scheme, keyed);
  } catch (error) {
    if (!(error instanceof VersError)) throw error;
    let suggestion = '';
    try {
      suggestion = `; simplified, it is '${normalizeVers(vers)}'`;
    } catch {
      // No simplified form either: the error stands alone.
    }
    throw new VersError(error.code, `${error.message.replace(/^non-canonical VERS: /, '').replace(/ \(in constraint \d+ at offset \d+\)$/, '')}${suggestion}`, {
      offset: error.offset,
      ...(error.constraint === undefined ? {} : { constraint: error.constraint }),
    });
  }
  return written(type, keyed);
}

/**
 * Sorts a VERS's constraints by version (a stable sort) and makes its spelling canonical,
 * keeping every constraint, repeated and redundant ones too: the form the VERS test suite's
 * `validate` cases expect (`>=0.0.1|>=0.0.1|<1` stays so). The result is not always a VERS
 * {@link parseVers} accepts; {@link normalizeVers} gives the canonical form.
 *
 * @example
 * ```ts
 * import { sortVers } from 'teapurl/vers';
 * sortVers('vers:pypi/0.0.2|0.0.6|>=0.0.0|0.0.1'); // 'vers:pypi/>=0.0.0|0.0.1|0.0.2|0.0.6'
 * sortVers('vers:pypi/>=0.0.1|>=0.0.1|<1');        // 'vers:pypi/>=0.0.1|>=0.0.1|<1'
 * ```
 */
export function sortVers(vers: string | Vers): string {
  const { type, keyed } = sorted(vers, false);
  return written(type, keyed);
}
