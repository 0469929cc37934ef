/**
 * What a native range reads into before its versions are ordered: an OR of ANDs of simple
 * comparisons, each remembering where it stood in the native text for error messages.
 */
import type { AnyVersionScheme } from '../schemes/scheme.js';
import { BadVersion, VersError } from '../vers-error.js';
import { EVERYTHING, intersect, union, type Bound, type Interval } from './intervals.js';

export type ClauseOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface Clause {
  readonly op: ClauseOperator;
  readonly version: string;
  /** Where the version (or the expression it was built from) stands in the native range. */
  readonly offset: number;
}

/** An AND of clauses; an empty one holds every version. */
export type ClauseSet = readonly Clause[];

/** A native range's syntax mistake at `offset`. */
export function nativeError(reason: string, offset: number): VersError {
  return new VersError('native-syntax', reason, { offset });
}

function clauseIntervals(type: string, scheme: AnyVersionScheme, clause: Clause): Interval[] {
  let key: unknown;
  try {
    key = scheme.parse(clause.version);
  } catch (error) {
    if (!(error instanceof BadVersion)) throw error;
    throw new VersError('invalid-version', `'${clause.version}' is not ${scheme.label} (${type}): ${error.reason}`, { offset: clause.offset });
  }
  const bound = (inclusive: boolean): Bound => ({ version: clause.version, key, inclusive });
  switch (clause.op) {
    case '=':
      return [{ lo: bound(true), hi: bound(true) }];
    case '!=':
      return [
        { lo: undefined, hi: bound(false) },
        { lo: bound(false), hi: undefined },
      ];
    case '<':
    case '<=':
      return [{ lo: undefined, hi: bound(clause.op === '<=') }];
    default:
      return [{ lo: bound(clause.op === '>='), hi: undefined }];
  }
}

/** The set of versions an OR of ANDs holds. */
export function clauseSetsToIntervals(type: string, scheme: AnyVersionScheme, sets: readonly ClauseSet[]): Interval[] {
  const parts: Interval[] = [];
  for (const set of sets) {
    let current: Interval[] = [EVERYTHING];
    for (const clause of set) current = intersect(scheme, current, clauseIntervals(type, scheme, clause));
    parts.push(...current);
  }
  return union(scheme, parts);
}
