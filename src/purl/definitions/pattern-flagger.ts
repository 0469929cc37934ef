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
import { readRegex, type RegexNode } from './regex-tree.js';

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
  const tree = readRegex(source);
  const cost = costOf(tree);
  // Alternatives at the top level (`^a|b`) are not all anchored.
  const anchored = source.startsWith('^') && tree.type !== 'alternation';
  return anchored ? cost : { ...cost, degree: cost.degree + 1 };
}

function costOf(node: RegexNode): BacktrackingCost {
  switch (node.type) {
    case 'sequence': {
      let degree = 0;
      let log2 = 0;
      let exponential = false;
      for (const item of node.items) {
        const c = costOf(item);
        degree += c.degree;
        log2 += c.log2;
        exponential ||= c.exponential;
      }
      return { degree, log2, exponential };
    }
    case 'alternation': {
      // A loop, not Math.max(...branches): a pattern may have more alternatives than a call has arguments.
      let degree = 0;
      let log2 = 0;
      let exponential = false;
      for (const branch of node.branches) {
        const c = costOf(branch);
        if (c.degree > degree) degree = c.degree;
        if (c.log2 > log2) log2 = c.log2;
        exponential ||= c.exponential;
      }
      return { degree, log2: log2 + Math.log2(node.branches.length), exponential };
    }
    case 'group':
      return costOf(node.body);
    case 'repeat': {
      const cost = costOf(node.body);
      if (node.max > SHORT_REPEAT) {
        const backtracks = cost.exponential || cost.degree > 0 || cost.log2 > 0;
        return backtracks ? EXPONENTIAL : { degree: 1, log2: 0, exponential: false };
      }
      return {
        degree: cost.degree * node.max,
        log2: cost.log2 * node.max + Math.log2(node.max - node.min + 1),
        exponential: cost.exponential,
      };
    }
    // Groups nested this deep are beyond estimating; assume the worst.
    case 'too-deep':
      return EXPONENTIAL;
    default:
      return NONE;
  }
}
