import { runInContext, createContext, Script } from 'node:vm';

/** A compiled `permitted_characters` pattern. */
export interface PermittedCharacters {
  /** The pattern as the definition writes it. */
  readonly source: string;
  /** Whether the pattern may backtrack catastrophically, and so runs under a time limit. */
  readonly guarded: boolean;
  /** Whether `value` matches; `null` when a guarded pattern ran out of time. */
  test(value: string): boolean | null;
}

/** How long a guarded pattern may run on one value. */
export const PATTERN_TIME_LIMIT_MS = 50;

/**
 * Compiles a definition's ECMA-262 pattern. Patterns with a quantified group that itself holds
 * a quantifier or an alternation (`(a+)+`, `(a|a)*`) can take exponential time on a crafted
 * input; those run inside a V8 context with a time limit, which interrupts even a regular
 * expression mid-match. Every other pattern runs directly.
 *
 * @throws SyntaxError when the pattern is not a valid regular expression.
 */
export function compilePermittedCharacters(source: string): PermittedCharacters {
  const flags = compiles(source, 'u') ? 'u' : '';
  const pattern = new RegExp(source, flags);
  if (!mayBacktrackCatastrophically(source)) {
    return { source, guarded: false, test: (value) => pattern.test(value) };
  }
  const context = createContext({ pattern: new RegExp(source, flags), value: '' });
  runInContext('Object.freeze(globalThis)', context);
  const script = new Script('pattern.test(value)');
  return {
    source,
    guarded: true,
    test(value) {
      (context as { value: string }).value = value;
      try {
        return script.runInContext(context, { timeout: PATTERN_TIME_LIMIT_MS }) === true;
      } catch {
        return null;
      }
    },
  };
}

function compiles(source: string, flags: string): boolean {
  try {
    new RegExp(source, flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * A conservative syntactic test for nested quantifiers: true when a group that is followed by a
 * quantifier contains a quantifier or `|`. It may flag a safe pattern (which then only runs a
 * little slower), never the reverse for the classic exponential shapes.
 */
export function mayBacktrackCatastrophically(source: string): boolean {
  const stack: { quantified: boolean }[] = [];
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') stack.push({ quantified: false });
    else if (c === ')') {
      const group = stack.pop();
      const next = source[i + 1];
      const repeated = next === '*' || next === '+' || (next === '{' && isLongRepeat(source.slice(i + 1)));
      if (group?.quantified && repeated) return true;
      const outer = stack.at(-1);
      if (outer && (group?.quantified || repeated)) outer.quantified = true;
    } else if (c === '*' || c === '+' || c === '|' || (c === '{' && isLongRepeat(source.slice(i)))) {
      const top = stack.at(-1);
      if (top) top.quantified = true;
    }
  }
  return false;
}

/** `{n,}` or `{n,m}` with m above 10: a repeat long enough to nest badly (`{0,3}` is harmless). */
function isLongRepeat(text: string): boolean {
  const match = /^\{\d+(,(\d*))?\}/.exec(text);
  if (!match) return false;
  if (match[1] === undefined) return false;
  return match[2] === '' || Number(match[2]) > 10;
}
