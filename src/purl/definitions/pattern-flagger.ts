/**
 * The pattern guard's flagger: which `permitted_characters` patterns can backtrack
 * catastrophically, told from their shape. It runs when a definition given at run time is
 * compiled; the bundled types' patterns were measured when teapurl was built
 * (`BUNDLED_PATTERN_SAFE_LENGTHS`), so that the flagger is in the chunks of the engines made from
 * definitions, not in what `teapurl/purl` loads first.
 */
import { MAX_PURL_LENGTH } from '../syntax/generic-rules.js';
import { permittedCharacters, type PermittedCharacters } from './permitted-characters.js';
import type { PatternGuard } from './pattern-guard.js';

/** The most backtracking steps (roughly) a pattern may take when run directly. */
const DIRECT_STEPS = 1e6;

/** The longest value the pattern `source` may run on directly: `Infinity` when it is always cheap, 0 when never. */
export function patternSafeLength(source: string): number {
  return directLengthLimit(backtrackingCost(source));
}

/**
 * Compiles a definition's ECMA-262 pattern. Its worst-case backtracking is estimated from its
 * shape (see {@link backtrackingCost}): a pattern that can take exponential time (`(a+)+`,
 * `(a|aa)*`) is never run directly; one that can take polynomial time (`a*a*a*`, `(.*a){12}`)
 * runs directly on values short enough to be cheap. Longer values of either run on `guard`, when
 * there is one. Ordinary patterns (`^[a-z0-9_.-]+$`) always run directly.
 *
 * @throws SyntaxError when the pattern is not a valid regular expression with the `u` flag.
 */
export function compilePermittedCharacters(source: string, guard: PatternGuard | null = null): PermittedCharacters {
  return permittedCharacters(source, guard, patternSafeLength);
}

/**
 * An upper bound on a pattern's backtracking: on an input of length n it explores at most about
 * `2^log2 * n^degree` paths, or exponentially many when `exponential`.
 */
export interface BacktrackingCost {
  readonly degree: number;
  readonly log2: number;
  readonly exponential: boolean;
}

const NONE: BacktrackingCost = { degree: 0, log2: 0, exponential: false };
const EXPONENTIAL: BacktrackingCost = { degree: 0, log2: 0, exponential: true };
/** `{n}`, `{n,}` or `{n,m}` at `lastIndex`. */
const REPEAT = /\{(\d+)(,(\d*))?\}/y;
/** Group nesting beyond which a pattern's cost is not estimated but assumed exponential. */
const MAX_GROUP_DEPTH = 200;
/** A bounded repeat `{n,m}` with m above this is treated as unbounded. */
const SHORT_REPEAT = 10;

/** The longest value a pattern of this cost may run on directly: `Infinity` when it is always cheap, 0 when never. */
function directLengthLimit(cost: BacktrackingCost): number {
  if (cost.exponential || 2 ** cost.log2 > DIRECT_STEPS) return 0;
  if (cost.degree === 0) return Infinity;
  const limit = Math.floor((DIRECT_STEPS / 2 ** cost.log2) ** (1 / cost.degree));
  // No component is longer than a whole PURL may be.
  return limit >= MAX_PURL_LENGTH ? Infinity : limit;
}

/**
 * Estimates a pattern's worst-case backtracking from its shape, conservatively: each unbounded
 * quantifier on a simple atom is a factor n, a bounded repeat multiplies what it repeats, an
 * alternation or optional atom doubles, and an unbounded quantifier on anything that can itself
 * backtrack (`(a+)+`, `(a|b)*`) is exponential. A pattern not anchored with `^` is tried at every
 * position, one more factor n. A safe pattern may be overestimated (it then only runs a little
 * slower on long values), never the classic catastrophic shapes underestimated.
 */
export function backtrackingCost(source: string): BacktrackingCost {
  let i = 0;
  let depth = 0;
  let topLevelAlternatives = false;

  const sequence = (a: BacktrackingCost, b: BacktrackingCost): BacktrackingCost => ({
    degree: a.degree + b.degree,
    log2: a.log2 + b.log2,
    exponential: a.exponential || b.exponential,
  });

  function alternation(): BacktrackingCost {
    const branches = [branch()];
    while (source[i] === '|') {
      i++;
      branches.push(branch());
    }
    if (branches.length === 1) return branches[0] ?? NONE;
    if (depth === 0) topLevelAlternatives = true;
    // A loop, not Math.max(...branches): a pattern may have more alternatives than a call has arguments.
    let degree = 0;
    let log2 = 0;
    let exponential = false;
    for (const b of branches) {
      if (b.degree > degree) degree = b.degree;
      if (b.log2 > log2) log2 = b.log2;
      exponential ||= b.exponential;
    }
    return { degree, log2: log2 + Math.log2(branches.length), exponential };
  }

  function branch(): BacktrackingCost {
    let cost = NONE;
    while (i < source.length && source[i] !== '|' && source[i] !== ')') cost = sequence(cost, quantified(atom()));
    return cost;
  }

  function atom(): BacktrackingCost {
    const c = source[i];
    if (c === '\\') {
      i += 2;
      return NONE;
    }
    if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
      i++;
      return NONE;
    }
    if (c === '(') {
      i++;
      if (source[i] === '?') {
        if (source[i + 1] === '<' && source[i + 2] !== '=' && source[i + 2] !== '!') i = source.indexOf('>', i) + 1 || source.length;
        else i += source[i + 1] === '<' ? 3 : 2;
      }
      // Groups nested this deep are beyond estimating (and recursing further); assume the worst.
      if (depth >= MAX_GROUP_DEPTH) {
        i = source.length;
        return EXPONENTIAL;
      }
      depth++;
      const inner = alternation();
      depth--;
      if (source[i] === ')') i++;
      return inner;
    }
    i++;
    return NONE;
  }

  function quantified(cost: BacktrackingCost): BacktrackingCost {
    const c = source[i];
    let min: number;
    let max: number;
    if (c === '*' || c === '+' || c === '?') {
      i++;
      [min, max] = c === '?' ? [0, 1] : [c === '+' ? 1 : 0, Infinity];
    } else if (c === '{') {
      REPEAT.lastIndex = i;
      const repeat = REPEAT.exec(source);
      if (!repeat) return cost;
      i += repeat[0].length;
      min = Number(repeat[1]);
      max = repeat[2] === undefined ? min : repeat[3] === '' ? Infinity : Number(repeat[3]);
    } else {
      return cost;
    }
    if (source[i] === '?') i++; // lazy
    if (max > SHORT_REPEAT) {
      const backtracks = cost.exponential || cost.degree > 0 || cost.log2 > 0;
      return backtracks ? EXPONENTIAL : { degree: 1, log2: 0, exponential: false };
    }
    return {
      degree: cost.degree * max,
      log2: cost.log2 * max + Math.log2(max - min + 1),
      exponential: cost.exponential,
    };
  }

  const cost = alternation();
  // Alternatives at the top level (`^a|b`) are not all anchored.
  const anchored = source.startsWith('^') && !topLevelAlternatives;
  return anchored ? cost : { ...cost, degree: cost.degree + 1 };
}
