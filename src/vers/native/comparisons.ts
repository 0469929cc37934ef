/**
 * Plain comparison lists, the notation advisories use where an ecosystem has no range notation of
 * its own: Go (go.mod names versions, never ranges), whose GitLab advisories read
 * `>=1.2.0 <1.2.5||>=1.3.0 <1.3.2||=1.4.0`. Alternatives are separated by `||`, the comparisons of
 * an AND by spaces or commas; each comparison is `=`, `==`, `!=`, `<`, `<=`, `>`, `>=` or none
 * (equality) and a version, which is kept as written (a Go `v` stays).
 */
import { alternativesOf, clausesOf, nativeError, type ClauseOperator, type ClauseSet } from './clauses.js';

/** Longest first, each with the clause operator it stands for. */
const OPERATORS: readonly (readonly [string, ClauseOperator])[] = [
  ['==', '='],
  ['>=', '>='],
  ['<=', '<='],
  ['!=', '!='],
  ['=', '='],
  ['<', '<'],
  ['>', '>'],
];

/** Reads a comparison list (see the module comment) into an OR of ANDs; `notation` names it in messages. */
export function readComparisons(text: string, notation: string): ClauseSet[] {
  return alternativesOf(text, ['||'], notation).map(({ text: alternative, offset }) => {
    const clauses = clausesOf(alternative, offset, true, '<>=!');
    if (clauses.length === 0) throw nativeError(`an empty ${notation} range`, offset);
    return clauses.map(({ text: clause, offset: at }) => {
      const [written, op] = OPERATORS.find(([o]) => clause.startsWith(o)) ?? ['', '='];
      const rest = clause.slice(written.length);
      const version = rest.trim();
      const where = at + written.length + (rest.length - rest.trimStart().length);
      if (version === '') throw nativeError(`'${written}' has no version`, where);
      if ('<>=!'.includes(version[0]!)) throw nativeError(`'${clause}' is not a comparison: one operator, then a version`, where);
      return { op, version, offset: where };
    });
  });
}
