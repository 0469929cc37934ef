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
 * differ in version and in the names they accept), and modifiers such as `(?i:…)`. Captures are
 * dropped (`(?:…)`): the guard only asks whether a value matches.
 *
 * The source must already compile as an ECMA-262 pattern with the `u` flag; this reads it, it
 * does not validate it.
 */

/** RE2 syntax for the same language, or why there is none. */
export type Re2Translation = { readonly ok: true; readonly pattern: string } | { readonly ok: false; readonly reason: string };

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

const CLASS_ESCAPES: Readonly<Record<string, Ranges>> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};

const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };

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

/**
 * Translates `source` (ECMA-262, `u` flag) into RE2 syntax for the same language; see the
 * module comment for what differs and what is refused.
 */
export function toRe2Syntax(source: string): Re2Translation {
  let i = 0;

  const peek = () => source.codePointAt(i);

  /** A character escape after `\`, at `i` (past the backslash): its code point, or `null` when it is not one. */
  function characterEscape(inClass: boolean): number | null {
    const c = source[i]!;
    if (c in CONTROL_ESCAPES) {
      i++;
      return CONTROL_ESCAPES[c]!;
    }
    if (c === 'c') {
      i += 2;
      return source.charCodeAt(i - 1) % 32;
    }
    if (c === '0' && !/[0-9]/.test(source[i + 1] ?? '')) {
      i++;
      return 0;
    }
    if (c === 'x') {
      i += 3;
      return parseInt(source.slice(i - 2, i), 16);
    }
    if (c === 'u') return unicodeEscape();
    if (inClass && c === 'b') {
      i++;
      return 0x08;
    }
    if (inClass && c === '-') {
      i++;
      return 0x2d;
    }
    // Identity escapes: under `u`, only syntax characters and `/`.
    if ('^$\\.*+?()[]{}|/'.includes(c)) {
      i++;
      return c.charCodeAt(0);
    }
    return null;
  }

  /** `\u{…}`, or `\uXXXX` (joined with a following `\uXXXX` low surrogate, as `u` reads it). */
  function unicodeEscape(): number {
    if (source[i + 1] === '{') {
      const end = source.indexOf('}', i);
      const value = parseInt(source.slice(i + 2, end), 16);
      i = end + 1;
      return value;
    }
    const value = parseInt(source.slice(i + 1, i + 5), 16);
    i += 5;
    if (value >= 0xd800 && value <= 0xdbff && source.startsWith('\\u', i) && source[i + 2] !== '{') {
      const low = parseInt(source.slice(i + 2, i + 6), 16);
      if (low >= 0xdc00 && low <= 0xdfff) {
        i += 6;
        return (value - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      }
    }
    return value;
  }

  function refuseUnsupportedEscape(): never {
    const c = source[i];
    if (c === 'p' || c === 'P') throw new Refusal('it uses a Unicode property escape (\\p{…}), whose tables differ between the two engines');
    if (c === 'k' || (c !== undefined && /[1-9]/.test(c))) throw new Refusal('it uses a backreference, which a linear-time engine cannot run');
    throw new Refusal(`it uses the escape \\${c ?? ''}, which teapurl does not translate`);
  }

  /** One class member at `i`: a set of ranges (`\d`) or one code point. */
  function classAtom(): Ranges | number {
    if (source[i] === '\\') {
      i++;
      const set = CLASS_ESCAPES[source[i]!];
      if (set) {
        i++;
        return set;
      }
      const code = characterEscape(true);
      if (code === null) refuseUnsupportedEscape();
      return code;
    }
    const code = peek()!;
    i += code > 0xffff ? 2 : 1;
    return code;
  }

  function characterClass(): string {
    i++; // [
    const negated = source[i] === '^';
    if (negated) i++;
    const members: [number, number][] = [];
    while (source[i] !== ']') {
      const first = classAtom();
      if (typeof first === 'number' && source[i] === '-' && source[i + 1] !== ']') {
        i++;
        const last = classAtom() as number; // under `u`, a range between sets is a syntax error
        members.push([first, last]);
      } else if (typeof first === 'number') {
        members.push([first, first]);
      } else {
        members.push(...first.map(([low, high]): [number, number] => [low, high]));
      }
    }
    i++; // ]
    if (members.length === 0) return negated ? `[${rangesBody(EVERYTHING)}]` : NOTHING;
    return `[${negated ? '^' : ''}${members.map(([low, high]) => (low === high ? literal(low) : `${literal(low)}-${literal(high)}`)).join('')}]`;
  }

  function group(): string {
    i++; // (
    if (source[i] !== '?') return `(?:${alternation()}${close()}`;
    const kind = source[i + 1];
    if (kind === ':') {
      i += 2;
      return `(?:${alternation()}${close()}`;
    }
    if (kind === '<' && source[i + 2] !== '=' && source[i + 2] !== '!') {
      i = source.indexOf('>', i) + 1; // a named group: the name does not matter to a match
      return `(?:${alternation()}${close()}`;
    }
    if (kind === '=' || kind === '!' || kind === '<') throw new Refusal('it uses lookahead or lookbehind, which a linear-time engine cannot run');
    throw new Refusal('it uses a group modifier such as (?i:…), which teapurl does not translate');
  }

  function close(): string {
    i++; // )
    return ')';
  }

  function quantifier(): string {
    const c = source[i];
    let out = '';
    if (c === '*' || c === '+' || c === '?') {
      out = c;
      i++;
    } else if (c === '{') {
      const end = source.indexOf('}', i);
      out = source.slice(i, end + 1);
      i = end + 1;
    } else {
      return '';
    }
    if (source[i] === '?') {
      out += '?';
      i++;
    }
    return out;
  }

  function atom(): string {
    const c = source[i]!;
    if (c === '(') return group();
    if (c === '[') return characterClass();
    if (c === '.') {
      i++;
      return `[^${rangesBody(LINE_TERMINATORS)}]`;
    }
    if (c === '^' || c === '$') {
      i++;
      return c;
    }
    if (c === '\\') {
      i++;
      const e = source[i]!;
      if (e === 'b' || e === 'B') {
        i++;
        return `\\${e}`;
      }
      const set = CLASS_ESCAPES[e];
      if (set) {
        i++;
        return `[${rangesBody(set)}]`;
      }
      const code = characterEscape(false);
      if (code === null) refuseUnsupportedEscape();
      return literal(code);
    }
    const code = peek()!;
    i += code > 0xffff ? 2 : 1;
    return literal(code);
  }

  function alternation(): string {
    let out = '';
    while (i < source.length && source[i] !== ')') {
      if (source[i] === '|') {
        i++;
        out += '|';
        continue;
      }
      out += atom();
      out += quantifier();
    }
    return out;
  }

  try {
    let pattern = '';
    while (i < source.length) {
      pattern += alternation();
      // A stray `)` cannot occur in a pattern that compiles; guard the loop all the same.
      if (source[i] === ')') throw new Refusal('it has an unbalanced parenthesis');
    }
    return { ok: true, pattern };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
    throw error;
  }
}
