/**
 * The pattern guard: re2js, a linear-time regular expression engine, that runs the long values
 * of a `permitted_characters` pattern the shape analysis flags as able to backtrack
 * catastrophically. It is loaded only when asked for ({@link loadPatternGuard}), with a dynamic
 * import, so that a bundler puts it in a chunk of its own and the PURL engine stays small; the
 * Node adapters and the CLI ask for it when a value was left unchecked for want of it.
 */
/**
 * A pattern compiled on the guard: all the engine asks of it. Declared here rather than taken
 * from re2js, so that teapurl's public declarations do not reach re2js's (which need TypeScript
 * 5.7 or later for `Uint8Array<…>`).
 */
export interface Re2Pattern {
  test(value: string): boolean;
}
/** What the guard's chunk (re2js and the translation into RE2 syntax) gives the engine. */
export interface PatternGuard {
  compileOnGuard(source: string): Re2Pattern | string;
}

let guard: PatternGuard | null = null;
let loading: Promise<void> | null = null;
let flagged = 0;
let awaiting = 0;

/**
 * Loads teapurl's pattern guard, the linear-time regular expression engine re2js, once; later
 * calls return the same promise. Engines built before it loads use it from then on.
 *
 * A type definition's `permitted_characters` pattern that can backtrack catastrophically
 * (`^(a+)+$`) runs directly only on values short enough to be cheap. Until the guard is loaded, a
 * longer value is not run and the engine reports it as `pattern-skipped`; once it is loaded, the
 * value is checked in time linear in its length. A pattern the guard cannot run (one with a
 * backreference or a lookaround) stays limited to its safe length. In a browser bundle the guard
 * (re2js, with teapurl's translation into its syntax) is a separate chunk, fetched only by this call; the Node adapters (`teapurl/node`) and the CLI
 * call it themselves when a value needs it.
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
 * const engine = PurlEngine.fromDefinitions([definition]);
 * const hostile = `pkg:widget/${'a'.repeat(5000)}!`;
 * engine.validate(hostile).errors[0]?.code; // 'pattern-skipped'
 * await loadPatternGuard();
 * engine.validate(hostile).errors[0]?.code; // 'invalid-characters', answered in linear time
 * ```
 */
export function loadPatternGuard(): Promise<void> {
  loading ??= import('./pattern-guard-chunk.js').then(
    (module) => {
      guard = module;
    },
    (error: unknown) => {
      loading = null;
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`teapurl could not load its pattern guard (the re2js package): ${why}`);
    },
  );
  return loading;
}

/** The loaded guard, or `null` while it is not loaded. */
export function loadedPatternGuard(): PatternGuard | null {
  return guard;
}

/**
 * How many flagged patterns were compiled so far while the guard was not loaded. A caller about to
 * hand out an engine compares it before and after building it: when it grew, the engine may need
 * the guard on values nobody has seen yet.
 */
export function flaggedPatternsCompiled(): number {
  return flagged;
}

/** Called when a flagged pattern is compiled. */
export function noteFlaggedPattern(): void {
  if (guard === null) flagged++;
}

/**
 * How many values were left unchecked so far because the guard was not loaded. A caller that can
 * wait compares it before and after a piece of work, and redoes the work with the guard when it grew.
 */
export function valuesAwaitingPatternGuard(): number {
  return awaiting;
}

/** Called when a value is left unchecked for want of the guard. */
export function noteValueAwaitingPatternGuard(): void {
  awaiting++;
}
