/**
 * Interval notation, as NuGet and Maven write version ranges: `[1.0,2.0)` (brackets include,
 * parentheses exclude, an empty side is unbounded), `[1.0]` for exactly one version; a version
 * alone is NuGet's minimum version (`1.0` = `[1.0,)`) and Maven's "soft" requirement, read as
 * that version. Maven joins ranges with commas (`(,1.0],[1.2,)`), which is their union; NuGet has
 * one interval, but advisories write NuGet unions alike, and GitLab's also join them with `||`.
 */
import { alternativesOf, nativeError, type Clause, type ClauseSet } from './clauses.js';

export interface IntervalDialect {
  readonly name: string;
  /** What a version outside brackets means. */
  readonly bare: '>=' | '=';
  /** Whether several ranges may be joined by commas. */
  readonly unions: boolean;
}

export const NUGET_INTERVALS: IntervalDialect = { name: 'NuGet', bare: '>=', unions: true };
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

/** One alternative: a version, or intervals (joined by commas where the dialect allows), from `base` in the native range. */
function readAlternative(text: string, dialect: IntervalDialect, base: number): ClauseSet[] {
  const sets: ClauseSet[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i++;
  };
  skipSpaces();
  if (i < text.length && text[i] !== '[' && text[i] !== '(') {
    const version = text.trim();
    if (/[\s,[\]()]/.test(version)) throw nativeError(`a ${dialect.name} range is a version or a bracketed interval`, base + i);
    return [[{ op: dialect.bare, version, offset: base + i }]];
  }
  while (i < text.length) {
    const open = text[i]!;
    if (open !== '[' && open !== '(') throw nativeError("expected '[' or '('", base + i);
    const end = text.slice(i + 1).search(/[\])]/);
    if (end === -1) throw nativeError(`'${open}' is not closed`, base + i);
    const close = text[i + 1 + end]!;
    sets.push(interval(text.slice(i + 1, i + 1 + end), base + i + 1, open, close, dialect));
    i += end + 2;
    skipSpaces();
    if (i < text.length) {
      if (!dialect.unions) throw nativeError(`a ${dialect.name} range is one interval`, base + i);
      if (text[i] !== ',') throw nativeError("ranges are separated by ','", base + i);
      i++;
      skipSpaces();
      if (i >= text.length) throw nativeError("a range must follow ','", base + i);
    }
  }
  if (sets.length === 0) throw nativeError(`an empty ${dialect.name} range`, base + 0);
  return sets;
}

/**
 * Reads interval notation; advisories (GitLab's) also join alternatives with `||`, and write
 * NuGet unions as Maven does.
 */
export function readIntervals(text: string, dialect: IntervalDialect): ClauseSet[] {
  return alternativesOf(text, ['||'], dialect.name).flatMap((alternative) => readAlternative(alternative.text, dialect, alternative.offset));
}
