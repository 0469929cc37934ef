/**
 * Interval notation, as NuGet and Maven write version ranges: `[1.0,2.0)` (brackets include,
 * parentheses exclude, an empty side is unbounded), `[1.0]` for exactly one version; a version
 * alone is NuGet's minimum version (`1.0` = `[1.0,)`) and Maven's "soft" requirement, read as
 * that version. Maven joins ranges with commas (`(,1.0],[1.2,)`), which is their union.
 */
import { nativeError, type Clause, type ClauseSet } from './clauses.js';

export interface IntervalDialect {
  readonly name: string;
  /** What a version outside brackets means. */
  readonly bare: '>=' | '=';
  /** Whether several ranges may be joined by commas. */
  readonly unions: boolean;
}

export const NUGET_INTERVALS: IntervalDialect = { name: 'NuGet', bare: '>=', unions: false };
export const MAVEN_INTERVALS: IntervalDialect = { name: 'Maven', bare: '=', unions: true };

function interval(body: string, bodyAt: number, open: string, close: string, dialect: IntervalDialect): ClauseSet {
  const comma = body.indexOf(',');
  const trimmed = (text: string, at: number) => ({ version: text.trim(), offset: at + (text.length - text.trimStart().length) });
  if (comma === -1) {
    const { version, offset } = trimmed(body, bodyAt);
    if (open !== '[' || close !== ']') throw nativeError(`a single version in ${dialect.name} brackets is written [v]`, bodyAt - 1);
    if (version === '') throw nativeError('empty brackets', bodyAt);
    return [{ op: '=', version, offset }];
  }
  if (body.indexOf(',', comma + 1) !== -1) throw nativeError(`a ${dialect.name} range has two bounds`, bodyAt + body.indexOf(',', comma + 1));
  const low = trimmed(body.slice(0, comma), bodyAt);
  const high = trimmed(body.slice(comma + 1), bodyAt + comma + 1);
  const set: Clause[] = [];
  if (low.version !== '') set.push({ op: open === '[' ? '>=' : '>', version: low.version, offset: low.offset });
  if (high.version !== '') set.push({ op: close === ']' ? '<=' : '<', version: high.version, offset: high.offset });
  return set;
}

export function readIntervals(text: string, dialect: IntervalDialect): ClauseSet[] {
  const sets: ClauseSet[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i++;
  };
  skipSpaces();
  if (i < text.length && text[i] !== '[' && text[i] !== '(') {
    const version = text.trim();
    if (/[\s,[\]()]/.test(version)) throw nativeError(`a ${dialect.name} range is a version or a bracketed interval`, i);
    return [[{ op: dialect.bare, version, offset: i }]];
  }
  while (i < text.length) {
    const open = text[i]!;
    if (open !== '[' && open !== '(') throw nativeError("expected '[' or '('", i);
    const end = text.slice(i + 1).search(/[\])]/);
    if (end === -1) throw nativeError(`'${open}' is not closed`, i);
    const close = text[i + 1 + end]!;
    sets.push(interval(text.slice(i + 1, i + 1 + end), i + 1, open, close, dialect));
    i += end + 2;
    skipSpaces();
    if (i < text.length) {
      if (!dialect.unions) throw nativeError(`a ${dialect.name} range is one interval`, i);
      if (text[i] !== ',') throw nativeError("ranges are separated by ','", i);
      i++;
      skipSpaces();
      if (i >= text.length) throw nativeError("a range must follow ','", i);
    }
  }
  if (sets.length === 0) throw nativeError(`an empty ${dialect.name} range`, 0);
  return sets;
}
