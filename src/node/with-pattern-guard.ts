/**
 * How Node callers get the same answers in every run: the pattern guard (re2js) is loaded only
 * when a piece of work actually left a value unchecked for want of it, and that piece of work is
 * then done again. A run that meets no such value (nearly all: the guard serves only patterns that
 * can backtrack catastrophically, on long values) never loads it, so a cold start pays nothing.
 */
import { flaggedPatternsCompiled, loadPatternGuard, valuesAwaitingPatternGuard } from '../purl/definitions/pattern-guard.js';

/** Where the guard's demand stood before a piece of work; see {@link redoWithPatternGuard}. */
export interface PatternGuardMark {
  readonly awaiting: number;
  readonly flagged: number;
}

/** The guard's demand now. Cheap: two counters. */
export function patternGuardMark(): PatternGuardMark {
  return { awaiting: valuesAwaitingPatternGuard(), flagged: flaggedPatternsCompiled() };
}

/** Whether work begun at `mark` left a value unchecked for want of the pattern guard. */
export function guardNeededSince(mark: PatternGuardMark): boolean {
  return valuesAwaitingPatternGuard() !== mark.awaiting;
}

/**
 * `first`, the result of work begun at `mark`, when that work left no value unchecked for want of
 * the pattern guard; else loads the guard and returns `work()` done again. `work` must be safe to
 * repeat. Should the guard fail to load (a broken install), `first` stands: its `pattern-skipped`
 * findings say what was not checked.
 */
export async function redoWithPatternGuard<T>(mark: PatternGuardMark, first: T, work: () => T | Promise<T>): Promise<T> {
  if (!guardNeededSince(mark)) return first;
  return (await loadedOrFailed()) ? work() : first;
}

/** Runs `work`, and again with the pattern guard loaded when it needed it; see {@link redoWithPatternGuard}. */
export async function withPatternGuard<T>(work: () => T | Promise<T>): Promise<T> {
  const mark = patternGuardMark();
  return redoWithPatternGuard(mark, await work(), work);
}

/**
 * Loads the guard when a pattern that may need it was compiled since `mark`: for an engine handed
 * to a caller, which will test values nobody has seen yet.
 */
export async function loadPatternGuardIfCompiledSince(mark: PatternGuardMark): Promise<void> {
  if (flaggedPatternsCompiled() !== mark.flagged) await loadedOrFailed();
}

async function loadedOrFailed(): Promise<boolean> {
  try {
    await loadPatternGuard();
    return true;
  } catch {
    return false;
  }
}
