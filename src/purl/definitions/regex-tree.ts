/**
 * One reading of a definition's `permitted_characters` pattern (ECMA-262 syntax, `u` flag) as a
 * tree, for the two tools that look inside a pattern: the flagger (pattern-flagger.ts), which
 * estimates its backtracking from its shape, and the RE2 translation (re2-syntax.ts), which
 * rewrites it for the linear-time guard. One parser, so that the two never read a pattern
 * differently.
 *
 * The reader does not validate: a pattern is compiled with `RegExp` before it is read, and what
 * only an invalid pattern could hold (a lone `{`, a stray `)`) is read as leniently as it can be,
 * never with an exception. Groups nested beyond {@link MAX_GROUP_DEPTH} end the reading with a
 * `too-deep` node, so that no pattern can exhaust the stack.
 */

/** Group nesting beyond which a pattern is not read further. */
export const MAX_GROUP_DEPTH = 200;

/** The class escapes: `\d`, `\D`, `\w`, `\W`, `\s`, `\S`. */
export type ClassEscape = 'd' | 'D' | 'w' | 'W' | 's' | 'S';

/** A member of a character class: a range of code points, a class escape, or what cannot be read as either. */
export type ClassMember =
  | { readonly type: 'range'; readonly low: number; readonly high: number }
  | { readonly type: 'set'; readonly escape: ClassEscape }
  | { readonly type: 'unsupported'; readonly escape: string };

/** What a group is: its body matters to a match only for the first three. */
export type GroupKind = 'capture' | 'non-capture' | 'named' | 'lookaround' | 'modifier';

/** A node of a pattern's tree. */
export type RegexNode =
  | { readonly type: 'alternation'; readonly branches: readonly RegexNode[] }
  | { readonly type: 'sequence'; readonly items: readonly RegexNode[] }
  | { readonly type: 'group'; readonly kind: GroupKind; readonly body: RegexNode }
  | { readonly type: 'repeat'; readonly body: RegexNode; readonly min: number; readonly max: number; readonly text: string }
  | { readonly type: 'class'; readonly negated: boolean; readonly members: readonly ClassMember[] }
  | { readonly type: 'any' }
  | { readonly type: 'assertion'; readonly text: '^' | '$' | '\\b' | '\\B' }
  | { readonly type: 'set'; readonly escape: ClassEscape }
  | { readonly type: 'char'; readonly codePoint: number }
  /** An escape the reader does not turn into a character: a backreference, `\p{…}`, or one unknown. */
  | { readonly type: 'unsupported'; readonly escape: string }
  /** A `)` with no group open: only in a pattern that does not compile. */
  | { readonly type: 'unbalanced' }
  | { readonly type: 'too-deep' };

const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
/** The characters an identity escape may name under `u`. */
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/';
/** `{n}`, `{n,}` or `{n,m}` at `lastIndex`. */
const REPEAT = /\{(\d+)(,(\d*))?\}/y;

function isClassEscape(c: string | undefined): c is ClassEscape {
  return c !== undefined && 'dDwWsS'.includes(c) && c.length === 1;
}

/** Reads `source` (ECMA-262, `u` flag) into its tree. */
export function readRegex(source: string): RegexNode {
  let i = 0;
  let depth = 0;

  /** A character escape after `\` at `i`: its code point, or `null` when it is not one. */
  function characterEscape(inClass: boolean): number | null {
    const c = source[i] ?? '';
    if (c in CONTROL_ESCAPES) {
      i++;
      return CONTROL_ESCAPES[c] as number;
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
    if (inClass && (c === 'b' || c === '-')) {
      i++;
      return c === 'b' ? 0x08 : 0x2d;
    }
    if (c !== '' && SYNTAX_CHARACTERS.includes(c)) {
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
      i = end < 0 ? source.length : end + 1;
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

  /** Past an escape that is not a character (at `i`, after the `\`), returning how it was written. */
  function unsupportedEscape(): string {
    const from = i;
    const c = source[i];
    if ((c === 'p' || c === 'P' || c === 'k') && source[i + 1] === (c === 'k' ? '<' : '{')) {
      const end = source.indexOf(c === 'k' ? '>' : '}', i);
      i = end < 0 ? source.length : end + 1;
    } else if (c !== undefined && /[1-9]/.test(c)) {
      while (/[0-9]/.test(source[i] ?? '')) i++;
    } else {
      i += c === undefined ? 0 : c.length;
    }
    return source.slice(from, i);
  }

  function codePointAt(): number {
    const code = source.codePointAt(i) as number;
    i += code > 0xffff ? 2 : 1;
    return code;
  }

  /** One class member at `i`: a class escape, one code point, or an escape it cannot read. */
  function classAtom(): ClassMember | number {
    if (source[i] !== '\\') return codePointAt();
    i++;
    const e = source[i];
    if (isClassEscape(e)) {
      i++;
      return { type: 'set', escape: e };
    }
    return characterEscape(true) ?? { type: 'unsupported', escape: unsupportedEscape() };
  }

  function characterClass(): RegexNode {
    i++; // [
    const negated = source[i] === '^';
    if (negated) i++;
    const members: ClassMember[] = [];
    while (i < source.length && source[i] !== ']') {
      const first = classAtom();
      if (typeof first !== 'number') {
        members.push(first);
      } else if (source[i] === '-' && source[i + 1] !== ']' && i + 1 < source.length) {
        i++;
        const last = classAtom();
        // Under `u` a range between a set and anything is a syntax error; read it as its two ends.
        if (typeof last === 'number') members.push({ type: 'range', low: first, high: last });
        else members.push({ type: 'range', low: first, high: first }, { type: 'range', low: 0x2d, high: 0x2d }, last);
      } else {
        members.push({ type: 'range', low: first, high: first });
      }
    }
    i++; // ]
    return { type: 'class', negated, members };
  }

  function group(): RegexNode {
    i++; // (
    let kind: GroupKind = 'capture';
    if (source[i] === '?') {
      const next = source[i + 1];
      if (next === ':') {
        kind = 'non-capture';
        i += 2;
      } else if (next === '=' || next === '!') {
        kind = 'lookaround';
        i += 2;
      } else if (next === '<' && (source[i + 2] === '=' || source[i + 2] === '!')) {
        kind = 'lookaround';
        i += 3;
      } else if (next === '<') {
        kind = 'named';
        i = source.indexOf('>', i) + 1 || source.length;
      } else {
        kind = 'modifier';
        const colon = source.indexOf(':', i);
        i = colon < 0 ? source.length : colon + 1;
      }
    }
    if (depth >= MAX_GROUP_DEPTH) {
      i = source.length;
      return { type: 'too-deep' };
    }
    depth++;
    const body = alternation();
    depth--;
    if (source[i] === ')') i++;
    return { type: 'group', kind, body };
  }

  function atom(): RegexNode {
    const c = source[i];
    if (c === '(') return group();
    if (c === '[') return characterClass();
    if (c === '.') {
      i++;
      return { type: 'any' };
    }
    if (c === '^' || c === '$') {
      i++;
      return { type: 'assertion', text: c };
    }
    if (c !== '\\') return { type: 'char', codePoint: codePointAt() };
    i++;
    const e = source[i];
    if (e === 'b' || e === 'B') {
      i++;
      return { type: 'assertion', text: e === 'b' ? '\\b' : '\\B' };
    }
    if (isClassEscape(e)) {
      i++;
      return { type: 'set', escape: e };
    }
    const code = characterEscape(false);
    return code === null ? { type: 'unsupported', escape: unsupportedEscape() } : { type: 'char', codePoint: code };
  }

  function quantified(body: RegexNode): RegexNode {
    const from = i;
    const c = source[i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      min = c === '+' ? 1 : 0;
      max = c === '?' ? 1 : Infinity;
    } else if (c === '{') {
      REPEAT.lastIndex = i;
      const repeat = REPEAT.exec(source);
      if (!repeat) return body;
      i += repeat[0].length;
      min = Number(repeat[1]);
      max = repeat[2] === undefined ? min : repeat[3] === '' ? Infinity : Number(repeat[3]);
    } else {
      return body;
    }
    if (source[i] === '?') i++; // lazy: the same strings match
    return { type: 'repeat', body, min, max, text: source.slice(from, i) };
  }

  function branch(): RegexNode {
    const items: RegexNode[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const item = quantified(atom());
      items.push(item);
      if (item.type === 'too-deep') break;
    }
    return items.length === 1 ? (items[0] as RegexNode) : { type: 'sequence', items };
  }

  function alternation(): RegexNode {
    const branches = [branch()];
    while (source[i] === '|') {
      i++;
      branches.push(branch());
    }
    return branches.length === 1 ? (branches[0] as RegexNode) : { type: 'alternation', branches };
  }

  const root = alternation();
  if (i >= source.length) return root;
  // A stray `)`: what follows is read on, so that nothing of the pattern goes unseen.
  const rest: RegexNode[] = [root];
  while (i < source.length) {
    i++;
    rest.push({ type: 'unbalanced' }, alternation());
  }
  return { type: 'sequence', items: rest };
}
