import { PATTERN_FLAGS } from '../../shared/regex-syntax.js';
import type { PatternGuard, Re2Pattern } from './pattern-guard.js';

/** A compiled `permitted_characters` pattern. */
export interface PermittedCharacters {
  /** The pattern as the definition writes it. */
  readonly source: string;
  /** Whether the shape analysis flags the pattern as able to backtrack catastrophically. */
  readonly guarded: boolean;
  /** The longest value the pattern runs on directly: `Infinity` unless {@link guarded}. */
  readonly safeLength: number;
  /**
   * Whether `value` matches; `null` when the pattern is not run on it: a value longer than
   * {@link safeLength} with no pattern guard, or one the guard cannot run.
   */
  test(value: string): boolean | null;
  /**
   * Why {@link test} gives no answer on a value of this length, as a clause naming what to do;
   * `null` when it answers. `length` `null` speaks of several values longer than {@link safeLength}.
   */
  unrunReason(length: number | null): string | null;
}

/**
 * A pattern that may backtrack badly. Values up to its safe length run directly; longer ones run
 * on the pattern guard the engine was given, translated into RE2 syntax that matches the same
 * strings, or are not run at all when it was given none.
 */
class GuardedPattern implements PermittedCharacters {
  readonly guarded = true;
  readonly #pattern: RegExp;
  readonly #guard: PatternGuard | null;
  /** The pattern on the guard, or why the guard cannot run it; `undefined` until first needed. */
  #onGuard: Re2Pattern | string | undefined;

  constructor(
    readonly source: string,
    flags: string,
    readonly safeLength: number,
    guard: PatternGuard | null,
  ) {
    this.#pattern = new RegExp(source, flags);
    this.#guard = guard;
  }

  test(value: string): boolean | null {
    if (value.length <= this.safeLength) return this.#pattern.test(value);
    const onGuard = this.#guardPattern();
    return onGuard === null || typeof onGuard === 'string' ? null : onGuard.test(value);
  }

  unrunReason(length: number | null): string | null {
    if (length !== null && length <= this.safeLength) return null;
    const onGuard = this.#guardPattern();
    if (onGuard !== null && typeof onGuard !== 'string') return null;
    const limit =
      this.safeLength === 0
        ? 'the pattern can backtrack catastrophically (exponential time) on values of any length, so teapurl does not run it directly'
        : length === null
          ? `the pattern can backtrack catastrophically and these values are longer than the ${this.safeLength} characters it can safely run on`
          : `the pattern can backtrack catastrophically and the value is ${length} characters, more than the ${this.safeLength} it can safely run on`;
    if (onGuard === null)
      return `${limit}; give the engine the linear-time pattern guard to check it (patternGuard: await loadPatternGuard(), from teapurl/purl)`;
    return `${limit}, and the linear-time pattern guard cannot run this pattern: ${onGuard}`;
  }

  /** The pattern compiled on the guard, why the guard cannot run it, or `null` without a guard. */
  #guardPattern(): Re2Pattern | string | null {
    if (this.#guard === null) return null;
    this.#onGuard ??= this.#guard.compileOnGuard(this.source);
    return this.#onGuard;
  }
}

/**
 * Compiles a definition's ECMA-262 pattern, to be run directly on values up to `safeLength(source)`
 * characters (`Infinity` for an ordinary pattern such as `^[a-z0-9_.-]+$`; 0 for one that can
 * backtrack exponentially): what `patternSafeLength` (pattern-flagger.ts) works out from the
 * pattern's shape, asked once the pattern compiled. Longer values run on `guard`, when there is one.
 *
 * @throws SyntaxError when the pattern is not a valid regular expression with the `u` flag.
 */
export function permittedCharacters(source: string, guard: PatternGuard | null, safeLength: (source: string) => number): PermittedCharacters {
  const flags = PATTERN_FLAGS;
  const pattern = new RegExp(source, flags);
  // Compiled now, not at the first value: V8 refuses a pattern too large for it only then.
  pattern.test('');
  const limit = safeLength(source);
  if (limit === Infinity) {
    return { source, guarded: false, safeLength: limit, test: (value) => pattern.test(value), unrunReason: () => null };
  }
  return new GuardedPattern(source, flags, limit, guard);
}

export { regexSyntaxError } from '../../shared/regex-syntax.js';
