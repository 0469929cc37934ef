/**
 * The shape a template's value must have (`patterns` of a template entry), the value decoded (a
 * URL may spell it percent-encoded): a sequence of atoms, each a character, an escaped character
 * or a class (`[0-9]`, `[^-]`), optionally followed by `?`, `*` or `+`. No groups, no alternation
 * and at most MAX_QUANTIFIED atoms that repeat, so that testing a value stays cheap.
 */

/** A compiled value pattern. */
export interface ValuePattern {
  readonly text: string;
  /** Regular expression source, not anchored, without capturing groups. */
  readonly source: string;
  /** Whether a whole value (as the URL spells it) has this shape. */
  test(value: string): boolean;
}

/** The most atoms with `*` or `+` in one pattern. */
export const MAX_QUANTIFIED = 3;

/** A character as a regular expression escape that means it alone, in a class or out of one. */
function literal(c: string): string {
  return /^[A-Za-z0-9]$/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Compiles a pattern, or returns why it cannot be one. Classes may hold ranges (`a-z`); a `-`
 * first or last in a class, or escaped, is itself; `\x` is the character x.
 */
export function compileValuePattern(text: string): ValuePattern | string {
  // The matcher's expressions have no u flag: a character beyond U+FFFF would be two in a class.
  if (/[\uD800-\uDFFF]/.test(text)) return 'the pattern holds a character beyond U+FFFF, which patterns do not support';
  const chars = [...text];
  let source = '';
  let repeating = 0;
  let i = 0;
  while (i < chars.length) {
    let atom: string;
    const c = chars[i]!;
    if (c === '[') {
      const negated = chars[i + 1] === '^';
      let j = i + (negated ? 2 : 1);
      const items: string[] = [];
      let closed = false;
      while (j < chars.length) {
        let from = chars[j]!;
        if (from === ']' && items.length > 0) {
          closed = true;
          break;
        }
        if (from === '\\') from = chars[++j] ?? '';
        if (from === '') return `the class at offset ${i} ends in an escape`;
        let to = from;
        if (chars[j + 1] === '-' && chars[j + 2] !== undefined && chars[j + 2] !== ']') {
          to = chars[j + 2] === '\\' ? (chars[j + 3] ?? '') : chars[j + 2]!;
          if (to === '') return `the class at offset ${i} ends in an escape`;
          if (to < from) return `the range ${from}-${to} at offset ${i} runs backwards`;
          j += chars[j + 2] === '\\' ? 3 : 2;
        }
        items.push(from === to ? literal(from) : `${literal(from)}-${literal(to)}`);
        j++;
      }
      if (!closed) return `the class at offset ${i} is not closed by "]"`;
      atom = `[${negated ? '^' : ''}${items.join('')}]`;
      i = j + 1;
    } else if (c === '\\') {
      const next = chars[i + 1];
      if (next === undefined) return 'the pattern ends in an escape';
      atom = literal(next);
      i += 2;
    } else if ('*+?'.includes(c)) {
      return `"${c}" at offset ${i} repeats nothing`;
    } else if ('()|{}^$.]'.includes(c)) {
      return `"${c}" at offset ${i} is not part of a value pattern (write \\${c} for the character itself)`;
    } else {
      atom = literal(c);
      i++;
    }
    const quantifier = chars[i];
    if (quantifier === '*' || quantifier === '+' || quantifier === '?') {
      if (quantifier !== '?') repeating++;
      atom += quantifier;
      i++;
    }
    source += atom;
  }
  if (source === '') return 'the pattern is empty';
  if (repeating > MAX_QUANTIFIED) return `more than ${MAX_QUANTIFIED} atoms repeat (* or +): testing a value would cost a power of its length`;
  const whole = new RegExp(`^(?:${source})$`);
  return { text, source, test: (value) => whole.test(value) };
}
