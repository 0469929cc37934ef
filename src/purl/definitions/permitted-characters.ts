import { createContext, Script } from 'node:vm';
import { MAX_PURL_LENGTH } from '../syntax/generic-rules.js';
import { PATTERN_FLAGS } from '../../schemas/regex-syntax.js';

/** A compiled `permitted_characters` pattern. */
export interface PermittedCharacters {
  /** The pattern as the definition writes it. */
  readonly source: string;
  /** Whether the pattern may backtrack badly on some inputs, which then run under a time limit. */
  readonly guarded: boolean;
  /**
   * The value on which the pattern ran out of time, or `null` while it never has. From then on
   * the pattern is not run again: the time budget is per definition, not per value.
   */
  readonly slowOn: string | null;
  /** Whether `value` matches; `null` when the pattern ran out of time on it, or is no longer run ({@link slowOn}). */
  test(value: string): boolean | null;
}

/** How long a guarded pattern may run on one value. */
export const PATTERN_TIME_LIMIT_MS = 50;

/** The most backtracking steps (roughly) a pattern may take when run directly, without a time limit. */
const DIRECT_STEPS = 1e6;

/** The guarded pattern running directly inside {@link forEachUnderPatternTimeLimit}, and on what. */
interface SharedWatch {
  running: GuardedPattern | null;
  value: string;
}

/** Set while {@link forEachUnderPatternTimeLimit} runs its steps under one shared time limit. */
let sharedWatch: SharedWatch | null = null;

/**
 * A pattern that may backtrack badly. Alone, each value runs in a V8 context with a time limit,
 * which interrupts even a regular expression mid-match; within
 * {@link forEachUnderPatternTimeLimit}, it runs directly under the loop's shared limit, which
 * spares the cost of arming a watchdog per value (tens of microseconds, more than most matches).
 */
class GuardedPattern implements PermittedCharacters {
  readonly guarded = true;
  #slowOn: string | null = null;
  readonly #pattern: RegExp;
  readonly #context: object;
  static readonly #script = new Script('pattern.test(value)');

  constructor(
    readonly source: string,
    flags: string,
    private readonly maxDirectLength: number,
  ) {
    this.#pattern = new RegExp(source, flags);
    this.#context = createContext({ pattern: new RegExp(source, flags), value: '' });
  }

  get slowOn(): string | null {
    return this.#slowOn;
  }

  /** Stops running the pattern for good: `value` took it over the time limit. */
  markSlow(value: string): void {
    this.#slowOn ??= value;
  }

  test(value: string): boolean | null {
    if (this.#slowOn !== null) return null;
    if (value.length <= this.maxDirectLength) return this.#pattern.test(value);
    const watch = sharedWatch;
    if (watch !== null) {
      watch.running = this;
      watch.value = value;
      const matched = this.#pattern.test(value);
      watch.running = null;
      return matched;
    }
    (this.#context as { value: string }).value = value;
    // The limit is wall-clock time: a process descheduled on a busy machine can lose it without
    // the pattern being slow. So a value is only judged slow when it runs out of time twice running,
    // as the shared loop below judges it.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        return GuardedPattern.#script.runInContext(this.#context, { timeout: PATTERN_TIME_LIMIT_MS }) === true;
      } catch (error) {
        if (!isTimeout(error)) throw error;
      }
    }
    this.markSlow(value);
    return null;
  }
}

function isTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT';
}

/**
 * Compiles a definition's ECMA-262 pattern. Its worst-case backtracking is estimated from its
 * shape (see {@link backtrackingCost}): a pattern that can take exponential time (`(a+)+`,
 * `(a|aa)*`) always runs under a time limit; one that can take polynomial time (`a*a*a*`,
 * `(.*a){12}`) runs directly on values short enough to be cheap and under the time limit on longer
 * ones. Ordinary patterns (`^[a-z0-9_.-]+$`) always run directly. A guarded pattern that runs out
 * of time once is not run again ({@link PermittedCharacters.slowOn}).
 *
 * @throws SyntaxError when the pattern is not a valid regular expression with the `u` flag.
 */
export function compilePermittedCharacters(source: string): PermittedCharacters {
  const flags = PATTERN_FLAGS;
  const pattern = new RegExp(source, flags);
  const maxDirectLength = directLengthLimit(backtrackingCost(source));
  if (maxDirectLength === Infinity) {
    return { source, guarded: false, slowOn: null, test: (value) => pattern.test(value) };
  }
  return new GuardedPattern(source, flags, maxDirectLength);
}

const sharedContext = createContext({ task: null as (() => void) | null });
const sharedScript = new Script('task()');

/**
 * Runs `step(0)`, …, `step(count - 1)` with every guarded pattern they test sharing one time
 * limit per stretch of steps instead of one per value, so that thousands of values cost what
 * thousands of matches cost. When the limit strikes inside a pattern, the step is run again at
 * the start of a fresh stretch; if the same pattern on the same value is again what the limit
 * strikes, it alone used the whole limit, as a value run alone would: the pattern is marked slow
 * (not run again) and the step runs once more. A step interrupted outside any pattern with no
 * other step done in its stretch runs on its own. So each step must be safe to repeat (write its
 * result at its index).
 */
export function forEachUnderPatternTimeLimit(count: number, step: (index: number) => void): void {
  if (sharedWatch !== null) {
    // Already under a shared limit: the outer loop's watchdog covers these steps as well.
    for (let i = 0; i < count; i++) step(i);
    return;
  }
  let next = 0;
  const task = () => {
    while (next < count) {
      step(next);
      next++;
    }
  };
  let suspect: { pattern: GuardedPattern; value: string; step: number } | null = null;
  while (next < count) {
    const first = next;
    const watch: SharedWatch = { running: null, value: '' };
    sharedWatch = watch;
    (sharedContext as { task: (() => void) | null }).task = task;
    try {
      sharedScript.runInContext(sharedContext, { timeout: PATTERN_TIME_LIMIT_MS });
    } catch (error) {
      if (!isTimeout(error)) throw error;
      sharedWatch = null;
      const culprit = watch.running;
      if (culprit !== null) {
        const again: boolean = suspect !== null && suspect.pattern === culprit && suspect.value === watch.value && suspect.step === next && first === next;
        if (again) culprit.markSlow(watch.value);
        suspect = again ? null : { pattern: culprit, value: watch.value, step: next };
      } else if (next === first) {
        // This step alone outlasted the limit, and no pattern was running: run it on its own.
        step(next);
        next++;
      }
    } finally {
      sharedWatch = null;
      (sharedContext as { task: (() => void) | null }).task = null;
    }
  }
}

export { regexSyntaxError } from '../../schemas/regex-syntax.js';

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
