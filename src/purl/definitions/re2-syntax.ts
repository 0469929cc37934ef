/**
 * Rewrites a definition's ECMA-262 pattern (`u` flag) into RE2 syntax that matches exactly the
 * same strings, for the linear-time pattern guard (re2js). The two dialects look alike but differ:
 *
 * - `\s` / `\S`: ECMA-262 counts 25 white-space code points (`\v`, U+00A0, U+2028, U+FEFF, …);
 *   RE2's `\s` is `[\t\n\f\r ]`. Written out here as explicit code-point ranges.
 * - `.`: ECMA-262 excludes the four line terminators (`\n`, `\r`, U+2028, U+2029); RE2 only `\n`.
 *   Written out as a negated class of those four.
 * - `\d`, `\w`, `\b`, `\B`: ASCII in both (no `i` flag here, where ECMA-262 would add U+017F and
 *   U+212A to `\w`). `\d` and `\w` are written out all the same; `\b` and `\B` are kept.
 * - `^`, `$`: without the `m` flag both mean the very start and end of the input (RE2's `$` is
 *   not Perl's, which also matches before a final newline).
 * - Literals: every character that is not an ASCII letter, digit or `_` is written as `\x{…}`, so
 *   that nothing RE2 reads specially (`[[:alpha:]]`, `\Q…\E`, a `]` first in a class) can arise,
 *   and `\uD83D\uDE00` (one code point under `u`) becomes one code point.
 * - `[]` matches nothing and `[^]` any character in ECMA-262; RE2 reads a `]` right after `[` as
 *   a literal. Written out as explicit ranges.
 *
 * What RE2 cannot do, or does differently in ways not worth the risk, is refused with a reason,
 * and the caller treats the pattern as one the guard cannot run: backreferences (`\1`, `\k<n>`),
 * lookahead and lookbehind, Unicode property escapes (`\p{…}`: the two engines' Unicode tables
 * differ in version and in the names they accept), modifiers such as `(?i:…)`, and groups nested
 * deeper than the tree reader reads (regex-tree.ts). Captures are
 * dropped (`(?:…)`): the guard only asks whether a value matches.
 *
 * The source must already compile as an ECMA-262 pattern with the `u` flag; this reads it, it
 * does not validate it.
 */

/** RE2 syntax for the same language, or why there is none. */
export type Re2Translation = { readonly ok: true; readonly pattern: string } | { readonly ok: false; readonly reason: string };

import { MAX_GROUP_DEPTH, readRegex, type ClassEscape, type ClassMember, type RegexNode } from './regex-tree.js';

type Ranges = readonly (readonly [number, number])[];

const MAX_CODE_POINT = 0x10ffff;
const DIGITS: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMA-262 WhiteSpace and LineTerminator, the code points `\s` matches. */
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];
const EVERYTHING: Ranges = [[0, MAX_CODE_POINT]];

/** The code points not in `ranges` (sorted, disjoint). */
function complement(ranges: Ranges): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [low, high] of ranges) {
    if (low > next) out.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

const CLASS_ESCAPES: Readonly<Record<ClassEscape, Ranges>> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

function literal(codePoint: number): string {
  const c = String.fromCodePoint(codePoint);
  return /^[A-Za-z0-9_]$/.test(c) ? c : `\\x{${codePoint.toString(16)}}`;
}

function rangesBody(ranges: Ranges): string {
  return ranges.map(([low, high]) => (low === high ? literal(low) : `${literal(low)}-${literal(high)}`)).join('');
}

/** A class matching no code point: RE2 has no `[]`, but an empty negation of everything works. */
const NOTHING = `[^${rangesBody(EVERYTHING)}]`;

class Refusal {
  constructor(readonly reason: string) {}
}

function refuseEscape(escape: string): never {
  const c = escape[0];
  if (c === 'p' || c === 'P') throw new Refusal('it uses a Unicode property escape (\\p{…}), whose tables differ between the two engines');
  if (c === 'k' || (c !== undefined && /[1-9]/.test(c))) throw new Refusal('it uses a backreference, which a linear-time engine cannot run');
  throw new Refusal(`it uses the escape \\${c ?? ''}, which teapurl does not translate`);
}

function classBody(members: readonly ClassMember[]): string {
  let out = '';
  for (const member of members) {
    if (member.type === 'unsupported') refuseEscape(member.escape);
    if (member.type === 'set') out += rangesBody(CLASS_ESCAPES[member.escape]);
    else out += member.low === member.high ? literal(member.low) : `${literal(member.low)}-${literal(member.high)}`;
  }
  return out;
}

function written(node: RegexNode): string {
  switch (node.type) {
    case 'alternation':
      return node.branches.map(written).join('|');
    case 'sequence':
      return node.items.map(written).join('');
    case 'group':
      if (node.kind === 'lookaround') throw new Refusal('it uses lookahead or lookbehind, which a linear-time engine cannot run');
      if (node.kind === 'modifier') throw new Refusal('it uses a group modifier such as (?i:…), which teapurl does not translate');
      return `(?:${written(node.body)})`;
    case 'repeat':
      return written(node.body) + node.text;
    case 'class':
      if (node.members.length === 0) return node.negated ? `[${rangesBody(EVERYTHING)}]` : NOTHING;
      return `[${node.negated ? '^' : ''}${classBody(node.members)}]`;
    case 'any':
      return `[^${rangesBody(LINE_TERMINATORS)}]`;
    case 'assertion':
      return node.text;
    case 'set':
      return `[${rangesBody(CLASS_ESCAPES[node.escape])}]`;
    case 'char':
      return literal(node.codePoint);
    case 'unsupported':
      return refuseEscape(node.escape);
    case 'unbalanced':
      throw new Refusal('it has an unbalanced parenthesis');
    case 'too-deep':
      throw new Refusal(`it nests groups more than ${MAX_GROUP_DEPTH} deep`);
  }
}

/**
 * Translates `source` (ECMA-262, `u` flag) into RE2 syntax for the same language; see the
 * module comment for what differs and what is refused.
 */
export function toRe2Syntax(source: string): Re2Translation {
  try {
    return { ok: true, pattern: written(readRegex(source)) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
    throw error;
  }
}
