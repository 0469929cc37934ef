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

/** One alternative of a range, with where it starts in the native text. */
export interface Alternative {
  readonly text: string;
  readonly offset: number;
}

/**
 * Splits a native range at its OR separators (longest first; `||` before `|`), each alternative
 * with its offset. An empty alternative (`a || || b`, a leading or trailing `||`) is a mistake.
 */
export function alternativesOf(text: string, separators: readonly string[], notation: string): Alternative[] {
  const out: Alternative[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; ) {
    const or = i < text.length ? separators.find((o) => text.startsWith(o, i)) : undefined;
    if (i === text.length || or !== undefined) {
      const part = text.slice(start, i);
      if (part.trim() === '' && (or !== undefined || out.length > 0)) throw nativeError(`an empty alternative in a ${notation} range`, start);
      out.push({ text: part, offset: start });
      i += or?.length ?? 1;
      start = i;
    } else {
      i++;
    }
  }
  return out;
}

/**
 * Splits an AND at whitespace (and commas when `comma`), keeping an operator that stands alone
 * with the version after it: `>= 1.0 <2.0` is `>= 1.0` and `<2.0`. Quotes around a part (as in a
 * Gemfile) are taken off.
 */
export function clausesOf(text: string, offset: number, comma: boolean, operatorChars = '<>=!~^'): Alternative[] {
  const out: Alternative[] = [];
  const isSeparator = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || (comma && c === ',');
  let i = 0;
  while (i < text.length) {
    while (isSeparator(text[i])) i++;
    if (i >= text.length) break;
    let start = i;
    const quote = text[i] === "'" || text[i] === '"' ? text[i] : undefined;
    if (quote !== undefined) {
      const end = text.indexOf(quote, i + 1);
      if (end === -1) throw nativeError(`an unclosed ${quote}`, offset + i);
      const inner = text.slice(i + 1, end);
      const lead = inner.length - inner.trimStart().length;
      out.push({ text: inner.trim(), offset: offset + i + 1 + lead });
      i = end + 1;
      continue;
    }
    while (i < text.length && operatorChars.includes(text[i]!)) i++;
    if (i > start) while (isSeparator(text[i]) && text[i] !== ',') i++;
    while (i < text.length && !isSeparator(text[i])) i++;
    out.push({ text: text.slice(start, i).trimEnd(), offset: offset + start });
    start = i;
  }
  return out;
}
