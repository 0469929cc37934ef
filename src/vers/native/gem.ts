/**
 * RubyGems requirements (Gem::Requirement): comma-separated clauses that must all hold, each
 * `=`, `!=`, `>`, `<`, `>=`, `<=` or `~>` and a version (a bare version means `=`); quotes
 * around a clause, as in a Gemfile (`'~> 2.2.0', '!= 2.2.1'`), are taken off. The pessimistic
 * `~> 2.0.8` is `>= 2.0.8, < 2.1`: the upper bound is Gem::Version#bump (drop the pre-release
 * words and the last number, then add one to the new last number).
 */
import { gemSegments } from '../schemes/gem.js';
import { alternativesOf, clausesOf, nativeError, type ClauseOperator, type ClauseSet } from './clauses.js';

const OPERATORS = ['~>', '>=', '<=', '!=', '>', '<', '='];

/** Gem::Version#bump. */
export function gemBump(version: string, offset: number): string {
  const segments = gemSegments(version);
  while (segments.some((s) => typeof s === 'string')) segments.pop();
  if (segments.length > 1) segments.pop();
  const last = segments[segments.length - 1];
  if (last === undefined || typeof last === 'string') throw nativeError(`'~> ${version}' has no number to bump`, offset);
  segments[segments.length - 1] = BigInt(last) + 1n;
  return segments.join('.');
}

/** One AND of requirements, from `offset` in the native range. */
function readRequirements(text: string, offset: number): ClauseSet {
  const set: ClauseSet[number][] = [];
  const clauses = clausesOf(text, offset, true);
  if (clauses.length === 0) throw nativeError('an empty requirement', offset);
  for (const { text: clause, offset: at } of clauses) {
    if (clause === '') throw nativeError('an empty requirement', at);
    const op = OPERATORS.find((o) => clause.startsWith(o)) ?? '';
    const rest = clause.slice(op.length);
    const version = rest.trim();
    const where = at + op.length + (rest.length - rest.trimStart().length);
    if (version === '') throw nativeError(`'${op}' has no version`, where);
    if (op === '~>') {
      set.push({ op: '>=', version, offset: where }, { op: '<', version: gemBump(version, where), offset: where });
    } else {
      set.push({ op: (op === '' ? '=' : op) as ClauseOperator, version, offset: where });
    }
  }
  return set;
}

/**
 * Gem::Requirement's notation (comma for AND), and as advisories write it: GitLab's advisory
 * database separates the requirements of an AND with spaces and alternatives with `||`
 * (`>=4.0.0 <4.1.2||>=4.2.0 <4.2.1`).
 */
export function readGem(text: string): ClauseSet[] {
  return alternativesOf(text, ['||'], 'RubyGems').map((alternative) => readRequirements(alternative.text, alternative.offset));
}
