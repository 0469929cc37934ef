/**
 * Composer's constraints, as composer/semver's VersionParser::parseConstraints reads them:
 * alternatives separated by `||` (or `|`), the constraints of an AND by commas or spaces; a
 * version is up to four numbers with Composer's stability suffixes (`1.2.3.4`, `2.0-beta1`).
 * A version named by a comparison or alone is that version exactly, normalised as Composer does
 * (`<=1.2` is `<=1.2.0.0`, so 1.2.5 is outside; `1.2` is `=1.2.0.0`): only a wildcard (`1.2.*`),
 * `~`, `^` and the upper end of a hyphen range make a partial version a range. `~1.2` is
 * `>=1.2 <2.0` (the last number given may change), `~1.2.3.4` `<1.2.4`; `^0.3` is `<0.4`; the
 * upper end of `1.0 - 2` is `<3`, of `1.0 - 2.1.0` `<=2.1.0`. Stability flags (`@dev`) and
 * references (`#abc123`) are a resolver's business and are dropped; Composer's `-dev` on a range's
 * bounds is a stability policy too (the VERS states the order of versions, not which stabilities
 * a resolver picks), as for npm's `-0`.
 */
import { digitsEnd } from '../schemes/numbers.js';
import { alternativesOf, clausesOf, nativeError, type Clause, type ClauseOperator, type ClauseSet } from './clauses.js';

/** Longest first, each with the clause operator it stands for (`~` and `^` apart). */
const OPERATORS: readonly (readonly [string, ClauseOperator | '~' | '^'])[] = [
  ['>=', '>='],
  ['<=', '<='],
  ['<>', '!='],
  ['!=', '!='],
  ['==', '='],
  ['~', '~'],
  ['^', '^'],
  ['>', '>'],
  ['<', '<'],
  ['=', '='],
];

const WILDCARDS = new Set(['*', 'x', 'X']);

/** A Composer version as written: its leading numbers (at most four), whether a wildcard ends them, and what follows. */
interface Written {
  readonly text: string;
  readonly numbers: readonly bigint[];
  readonly wildcard: boolean;
  /** Whether anything follows the numbers (a stability suffix): then the version is kept as written. */
  readonly suffixed: boolean;
  readonly offset: number;
}

function readWritten(raw: string, offset: number): Written {
  // Stability flags and references are a resolver's: `1.0@beta`, `dev-main#abc123`.
  const text = raw.replace(/[@#].*$/, '');
  if (text === '') throw nativeError(`'${raw}' names no version`, offset);
  let i = text[0] === 'v' || text[0] === 'V' ? 1 : 0;
  const numbers: bigint[] = [];
  let wildcard = false;
  while (numbers.length < 4) {
    if (numbers.length > 0) {
      if (text[i] !== '.') break;
      if (WILDCARDS.has(text[i + 1] ?? '') && i + 2 === text.length) {
        wildcard = true;
        i += 2;
        break;
      }
      if (digitsEnd(text, i + 1) === i + 1) break;
      i++;
    } else if (WILDCARDS.has(text[i] ?? '') && i + 1 === text.length) {
      wildcard = true;
      i++;
      break;
    }
    const end = digitsEnd(text, i);
    if (end === i) {
      if (/^dev-/i.test(text)) return { text, numbers: [], wildcard: false, suffixed: true, offset };
      throw nativeError(`not a Composer version: '${raw}' starts with neither a number nor dev-`, offset + i);
    }
    numbers.push(BigInt(text.slice(i, end)));
    i = end;
  }
  return { text, numbers, wildcard, suffixed: i !== text.length, offset };
}

/** A version's spelling in the VERS: numbers alone padded to three (four kept), a suffixed one as written. */
function spell(w: Written): string {
  if (w.suffixed) return w.text;
  const numbers = [...w.numbers];
  while (numbers.length < 3) numbers.push(0n);
  return numbers.join('.');
}

/** The first version past every one starting with `numbers[0..length)`: `1.2` at 2 → `1.3.0`. */
function bump(numbers: readonly bigint[], length: number): string {
  const kept = numbers.slice(0, length);
  while (kept.length < length) kept.push(0n);
  kept[length - 1]! += 1n;
  while (kept.length < 3) kept.push(0n);
  return kept.join('.');
}

const clause = (op: ClauseOperator, version: string, offset: number): Clause => ({ op, version, offset });

/** The versions a wildcard stands for: `1.2.*` is `>=1.2.0 <1.3.0`, `*` every version. */
function wildcardRange(w: Written): ClauseSet {
  if (w.numbers.length === 0) return [];
  return [clause('>=', spell({ ...w, suffixed: false }), w.offset), clause('<', bump(w.numbers, w.numbers.length), w.offset)];
}

function tildeRange(w: Written): ClauseSet {
  if (w.numbers.length === 0) throw nativeError(`'~' needs a version with a number`, w.offset);
  return [clause('>=', spell(w), w.offset), clause('<', bump(w.numbers, Math.max(1, w.numbers.length - 1)), w.offset)];
}

function caretRange(w: Written): ClauseSet {
  if (w.numbers.length === 0) throw nativeError(`'^' needs a version with a number`, w.offset);
  const [major = 0n, minor, patch] = w.numbers;
  const position = major !== 0n || minor === undefined ? 1 : minor !== 0n || patch === undefined ? 2 : 3;
  return [clause('>=', spell(w), w.offset), clause('<', bump(w.numbers, position), w.offset)];
}

/** `op version`; `null` when no version satisfies it (`<*`, `>*`). */
function constraint(text: string, offset: number): ClauseSet | null {
  const [written, op] = OPERATORS.find(([o]) => text.startsWith(o)) ?? ['', '='];
  const rest = text.slice(written.length);
  const versionText = rest.trim();
  const at = offset + written.length + (rest.length - rest.trimStart().length);
  if (versionText === '') throw nativeError(`'${written}' has no version`, at);
  const w = readWritten(versionText, at);
  if (op === '~') return tildeRange(w);
  if (op === '^') return caretRange(w);
  if (w.wildcard) {
    if (op === '=') return wildcardRange(w);
    if (w.numbers.length === 0) return op === '>=' || op === '<=' ? [] : null;
    // A comparison with a wildcard compares with the range's ends (`>=1.2.*` is >=1.2.0, `<1.2.*` <1.2.0).
    const [low, high] = wildcardRange(w) as [Clause, Clause];
    if (op === '>=' || op === '<') return [clause(op, low.version, at)];
    if (op === '>') return [clause('>=', high.version, at)];
    if (op === '<=') return [clause('<', high.version, at)];
    return null;
  }
  return [clause(op, spell(w), at)];
}

/** `low - high`: the upper end of a partial `high` (fewer than three numbers, no suffix) is its x-range's end. */
function hyphenRange(low: string, high: string, lowAt: number, highAt: number): ClauseSet {
  const from = readWritten(low, lowAt);
  const to = readWritten(high, highAt);
  const lower = from.numbers.length === 0 && from.wildcard ? [] : [clause('>=', spell(from), lowAt)];
  if (to.wildcard && to.numbers.length === 0) return lower;
  const partial = !to.suffixed && to.numbers.length < 3;
  return [...lower, partial || to.wildcard ? clause('<', bump(to.numbers, to.numbers.length), highAt) : clause('<=', spell(to), highAt)];
}

/** Reads a Composer constraint string into an OR of ANDs. */
export function readComposer(text: string): ClauseSet[] {
  const sets: ClauseSet[] = [];
  for (const alternative of alternativesOf(text, ['||', '|'], 'Composer')) {
    const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(alternative.text);
    if (hyphen) {
      const lowAt = alternative.offset + alternative.text.indexOf(hyphen[1]!);
      const highAt = alternative.offset + alternative.text.lastIndexOf(hyphen[2]!);
      sets.push(hyphenRange(hyphen[1]!, hyphen[2]!, lowAt, highAt));
      continue;
    }
    const parts = clausesOf(alternative.text, alternative.offset, true, '<>=!~^');
    if (parts.length === 0) throw nativeError('an empty Composer constraint', alternative.offset);
    const set: Clause[] = [];
    let possible = true;
    for (const part of parts) {
      const clauses = constraint(part.text, part.offset);
      if (clauses === null) possible = false;
      else set.push(...clauses);
    }
    if (possible) sets.push(set);
  }
  return sets;
}
