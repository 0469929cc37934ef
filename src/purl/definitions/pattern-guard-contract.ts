/** What a PURL engine asks of a pattern guard: declared apart from the loader, which the guard's chunk must not import. */

/**
 * A pattern compiled on the guard: all the engine asks of it. Declared here rather than taken
 * from re2js, so that teapurl's public declarations do not reach re2js's (which need TypeScript
 * 5.7 or later for `Uint8Array<…>`).
 *
 * @example
 * ```ts
 * import { loadPatternGuard, type Re2Pattern } from 'teapurl/purl';
 * const compiled = (await loadPatternGuard()).compileOnGuard('^(a+)+$');
 * if (typeof compiled !== 'string') compiled.test('aaaa'); // true, in linear time
 * ```
 */
export interface Re2Pattern {
  /** Whether the pattern matches somewhere in `value`, as `RegExp.prototype.test` answers. */
  test(value: string): boolean;
}

/**
 * The linear-time engine a PURL engine runs flagged patterns on: what {@link loadPatternGuard}
 * resolves to, and what {@link PurlEngineOptions.patternGuard} takes.
 *
 * @example
 * ```ts
 * import { loadPatternGuard, type PatternGuard } from 'teapurl/purl';
 * const guard: PatternGuard = await loadPatternGuard();
 * typeof guard.compileOnGuard('^[a-z]+$'); // 'object'
 * ```
 */
export interface PatternGuard {
  /** A definition's ECMA-262 pattern compiled on the guard, or why the guard cannot run it. */
  compileOnGuard(source: string): Re2Pattern | string;
}
