/**
 * The range notations built on SemVer-like partial versions: npm (node-semver), Cargo and
 * Composer (whose own reader is composer.ts). They share partial versions (`1`, `1.2`, `1.2.x`, `*`), caret, tilde, hyphen ranges
 * and comparison operators, and differ in a few places a dialect states: what a bare version
 * means (npm and Composer: that version or that x-range; Cargo: a caret range), what a tilde
 * allows to change (Composer: the last part given), and which separators mean AND and OR.
 * Prerelease policies (node-semver's includePrerelease, Cargo's and Composer's stability) are
 * not part of a VERS, which orders versions only: `^1.2.3` becomes `>=1.2.3|<2.0.0`, as the
 * VERS suite writes it, not `<2.0.0-0`.
 */
import { digitsEnd } from '../schemes/numbers.js';
import { nativeError, type Clause, type ClauseSet } from './clauses.js';

export interface Dialect {
  readonly name: string;
  /** Separators of alternatives, longest first. */
  readonly or: readonly string[];
  /** Whether a comma, besides a space, separates the parts of an AND. */
  readonly commaAnd: boolean;
  /** What a version without an operator means. */
  readonly bare: 'x-range' | 'caret';
  /** `~1.2` allows 1.2.x (npm, Cargo) or 1.x (Composer, which bumps the part before the last given). */
  readonly tilde: 'minor' | 'last-given';
  readonly hyphen: boolean;
  /** Whether `!=` is an operator (Composer). */
  readonly notEqual: boolean;
  /** Whether an empty range or alternative means every version (node-semver) or is a mistake. */
  readonly emptyMeansAny: boolean;
}

export const NPM_DIALECT: Dialect = {
  name: 'npm',
  or: ['||'],
  commaAnd: false,
  bare: 'x-range',
  tilde: 'minor',
  hyphen: true,
  notEqual: false,
  emptyMeansAny: true,
};
export const CARGO_DIALECT: Dialect = {
  name: 'Cargo',
  or: [],
  commaAnd: true,
  bare: 'caret',
  tilde: 'minor',
  hyphen: false,
  notEqual: false,
  emptyMeansAny: false,
};

/** A partial version: numbers up to the first wildcard or missing part, then a pre-release. */
interface Partial {
  readonly parts: readonly bigint[];
  readonly pre: string;
  readonly offset: number;
}

const WILDCARDS = new Set(['x', 'X', '*']);

function readPartial(text: string, offset: number, dialect: Dialect): Partial {
  let i = 0;
  if (text[0] === 'v' || text[0] === 'V' || text[0] === '=') i = 1;
  const parts: bigint[] = [];
  let wildcard = false;
  for (let k = 0; k < 3; k++) {
    if (k > 0) {
      if (text[i] !== '.') break;
      i++;
    }
    if (WILDCARDS.has(text[i] ?? '')) {
      wildcard = true;
      i++;
      continue;
    }
    const end = digitsEnd(text, i);
    if (end === i) throw nativeError(`not a ${dialect.name} version: expected a number or x`, offset + i);
    if (!wildcard) parts.push(BigInt(text.slice(i, end)));
    i = end;
  }
  let pre = '';
  if (text[i] === '-' && parts.length === 3) {
    const end = text.indexOf('+', i);
    pre = text.slice(i + 1, end === -1 ? text.length : end);
    if (!/^[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*$/.test(pre)) throw nativeError(`not a ${dialect.name} pre-release: '${pre}'`, offset + i + 1);
    i = end === -1 ? text.length : end;
  }
  if (text[i] === '+' && parts.length === 3) i = text.length;
  if (i !== text.length) throw nativeError(`unexpected '${text[i]}' in a ${dialect.name} version`, offset + i);
  return { parts, pre, offset };
}

/** The full version `parts` (padded with zeros) and pre-release spell. */
function spell(parts: readonly bigint[], pre = ''): string {
  const [major = 0n, minor = 0n, patch = 0n] = parts;
  return `${major}.${minor}.${patch}${pre ? `-${pre}` : ''}`;
}

/** The first version past every version that starts with `parts[0..length)`: `1.2` → `1.3.0`. */
function bump(parts: readonly bigint[], length: number): string {
  const kept = parts.slice(0, length);
  kept[length - 1]! += 1n;
  return spell(kept);
}

const clause = (op: Clause['op'], version: string, offset: number): Clause => ({ op, version, offset });

function xRange(p: Partial): ClauseSet {
  if (p.parts.length === 3) return [clause('=', spell(p.parts, p.pre), p.offset)];
  if (p.parts.length === 0) return [];
  return [clause('>=', spell(p.parts), p.offset), clause('<', bump(p.parts, p.parts.length), p.offset)];
}

function caret(p: Partial): ClauseSet {
  if (p.parts.length === 0) return [];
  const lower = clause('>=', spell(p.parts, p.pre), p.offset);
  // The first non-zero part may not change; with no non-zero part, the last one given may not.
  let fixed = p.parts.findIndex((n) => n !== 0n) + 1;
  if (fixed === 0) fixed = p.parts.length === 3 ? 3 : p.parts.length;
  return [lower, clause('<', bump(p.parts, fixed), p.offset)];
}

function tilde(p: Partial, dialect: Dialect): ClauseSet {
  if (p.parts.length === 0) return [];
  const lower = clause('>=', spell(p.parts, p.pre), p.offset);
  const fixed = dialect.tilde === 'last-given' ? Math.max(1, p.parts.length - 1) : Math.min(p.parts.length, 2);
  return [lower, clause('<', bump(p.parts, fixed), p.offset)];
}

/** `op partial`; `null` when no version can satisfy it (`>*`, `<*`). */
function comparison(op: string, p: Partial): ClauseSet | null {
  const n = p.parts.length;
  switch (op) {
    case '>':
      if (n === 0) return null;
      return [n === 3 ? clause('>', spell(p.parts, p.pre), p.offset) : clause('>=', bump(p.parts, n), p.offset)];
    case '>=':
      return n === 0 ? [] : [clause('>=', spell(p.parts, p.pre), p.offset)];
    case '<':
      return n === 0 ? null : [clause('<', spell(p.parts, p.pre), p.offset)];
    case '<=':
      if (n === 0) return [];
      return [n === 3 ? clause('<=', spell(p.parts, p.pre), p.offset) : clause('<', bump(p.parts, n), p.offset)];
    case '!=':
      return n === 0 ? null : [clause('!=', spell(p.parts, p.pre), p.offset)];
    default:
      return xRange(p);
  }
}

const OPERATORS = ['>=', '<=', '!=', '~>', '>', '<', '=', '~', '^'];

function expression(token: string, offset: number, dialect: Dialect): ClauseSet | null {
  const op = OPERATORS.find((o) => token.startsWith(o) && (o !== '!=' || dialect.notEqual)) ?? '';
  let at = op.length;
  while (token[at] === ' ') at++;
  const p = readPartial(token.slice(at), offset + at, dialect);
  if (op === '^' || (op === '' && dialect.bare === 'caret')) return caret(p);
  if (op === '~' || op === '~>') return tilde(p, dialect);
  return comparison(op === '=' ? '' : op, p);
}

/** Splits an AND into its expressions, keeping an operator with the version after it. */
function expressions(text: string, offset: number, dialect: Dialect): { token: string; offset: number }[] {
  const out: { token: string; offset: number }[] = [];
  let i = 0;
  const isSeparator = (c: string | undefined) => c === ' ' || c === '\t' || (dialect.commaAnd && c === ',');
  while (i < text.length) {
    while (isSeparator(text[i])) i++;
    if (i >= text.length) break;
    const start = i;
    while (i < text.length && '<>=~^!'.includes(text[i]!)) i++;
    while (text[i] === ' ' && i > start) i++;
    while (i < text.length && !isSeparator(text[i])) i++;
    out.push({ token: text.slice(start, i), offset: offset + start });
  }
  return out;
}

function hyphenRange(low: string, high: string, lowAt: number, highAt: number, dialect: Dialect): ClauseSet {
  const from = readPartial(low, lowAt, dialect);
  const to = readPartial(high, highAt, dialect);
  const lower = from.parts.length === 0 ? [] : [clause('>=', spell(from.parts, from.pre), lowAt)];
  if (to.parts.length === 0) return lower;
  const upper = to.parts.length === 3 ? clause('<=', spell(to.parts, to.pre), highAt) : clause('<', bump(to.parts, to.parts.length), highAt);
  return [...lower, upper];
}

/** Reads a range of `dialect` into an OR of ANDs. */
export function readSemverLike(text: string, dialect: Dialect): ClauseSet[] {
  const alternatives: { text: string; offset: number }[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; ) {
    const or = i < text.length ? dialect.or.find((o) => text.startsWith(o, i)) : undefined;
    if (i === text.length || or !== undefined) {
      alternatives.push({ text: text.slice(start, i), offset: start });
      i += or?.length ?? 1;
      start = i;
    } else {
      i++;
    }
  }
  const sets: ClauseSet[] = [];
  for (const alternative of alternatives) {
    const hyphen = dialect.hyphen ? /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(alternative.text) : null;
    if (hyphen) {
      const lowAt = alternative.offset + alternative.text.indexOf(hyphen[1]!);
      const highAt = alternative.offset + alternative.text.lastIndexOf(hyphen[2]!);
      sets.push(hyphenRange(hyphen[1]!, hyphen[2]!, lowAt, highAt, dialect));
      continue;
    }
    const parts = expressions(alternative.text, alternative.offset, dialect);
    if (parts.length === 0 && !dialect.emptyMeansAny)
      throw nativeError(`an empty ${alternatives.length > 1 ? 'alternative' : 'range'} in a ${dialect.name} range`, alternative.offset);
    const set: Clause[] = [];
    let possible = true;
    for (const part of parts) {
      const clauses = expression(part.token, part.offset, dialect);
      if (clauses === null) possible = false;
      else set.push(...clauses);
    }
    if (possible) sets.push(set);
  }
  return sets;
}
