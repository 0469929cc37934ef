/**
 * The pattern guard: re2js, a linear-time regular expression engine, that runs the long values
 * of a `permitted_characters` pattern the shape analysis flags as able to backtrack
 * catastrophically. An engine uses it only when it is given one ({@link PurlEngineOptions.patternGuard});
 * {@link loadPatternGuard} fetches it with a dynamic import, so that a bundler puts it in a chunk
 * of its own and the PURL engine stays small.
 */

import type { PatternGuard } from './pattern-guard-contract.js';
import { TeapurlError } from '../../shared/errors.js';

export type { PatternGuard, Re2Pattern } from './pattern-guard-contract.js';

let loading: Promise<PatternGuard> | null = null;

/**
 * {@link loadPatternGuard} could not load the guard's engine (the re2js package, as its own chunk);
 * `code` is always `'pattern-guard-unavailable'`, and `cause` is what the import threw. A later
 * call tries again.
 *
 * @example
 * ```ts
 * import { loadPatternGuard, PatternGuardError } from 'teapurl/purl';
 * const guard = await loadPatternGuard().catch((error: unknown) => {
 *   if (error instanceof PatternGuardError) return undefined; // validate without the guard
 *   throw error;
 * });
 * ```
 */
export class PatternGuardError extends TeapurlError<'pattern-guard-unavailable'> {
  /** Always `'PatternGuardError'`. */
  override name = 'PatternGuardError';
}

/**
 * Loads teapurl's pattern guard, the linear-time regular expression engine re2js; later calls
 * return the same promise. Give it to the engines and validations that should use it: loading it
 * changes nothing for any other.
 *
 * A type definition's `permitted_characters` pattern that can backtrack catastrophically
 * (`^(a+)+$`) runs directly only on values short enough to be cheap. An engine without the guard
 * does not run it on a longer value and reports that value as `pattern-skipped`; an engine with
 * it checks the value in time linear in its length. A pattern the guard cannot run (one with a
 * backreference or a lookaround) stays limited to its safe length. In a browser bundle the guard
 * (re2js, with teapurl's translation into its syntax) is a separate chunk, fetched only by this
 * call; `teapurl/node` and the command line use it on their own when a value needs it.
 *
 * @throws Error when re2js cannot be loaded (it is not installed, or a bundled chunk cannot be
 * fetched); a later call tries again.
 *
 * @example
 * ```ts
 * import { PurlEngine, loadPatternGuard } from 'teapurl/purl';
 * const definition = {
 *   type: 'widget',
 *   type_name: 'Widget',
 *   description: 'A type with a pattern that can backtrack catastrophically',
 *   repository: { use_repository: false },
 *   namespace_definition: { requirement: 'prohibited' },
 *   name_definition: { requirement: 'required', permitted_characters: '^(a+)+$' },
 *   examples: ['pkg:widget/aaa'],
 * };
 * const hostile = `pkg:widget/${'a'.repeat(5000)}!`;
 * PurlEngine.fromDefinitions([definition]).validate(hostile).errors[0]?.code; // 'pattern-skipped'
 * const guarded = PurlEngine.fromDefinitions([definition], { patternGuard: await loadPatternGuard() });
 * guarded.validate(hostile).errors[0]?.code; // 'invalid-characters', answered in linear time
 * ```
 */
export function loadPatternGuard(): Promise<PatternGuard> {
  loading ??= import('./pattern-guard-chunk.js').then(
    (module): PatternGuard => module.patternGuard,
    (error: unknown) => {
      // A failed import is not remembered, so that a later call tries again (a network fault).
      loading = null;
      const why = error instanceof Error ? error.message : String(error);
      throw new PatternGuardError(`teapurl could not load its pattern guard (the re2js package): ${why}`, { code: 'pattern-guard-unavailable', cause: error });
    },
  );
  return loading;
}
