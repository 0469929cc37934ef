import type { PurlRule } from '../../purl/rules/index.js';
import type { PatternGuard } from '../../purl/definitions/pattern-guard.js';
import { defaultPurlRules } from '../../purl/rules/index.js';
import { bundledPurlEngine, defaultPurlEngine } from '../../purl/default-engine.js';
import type { PurlEngine } from '../../purl/engine/purl-engine.js';

/**
 * What a check knows about the document besides its value, and what the validation it runs in
 * was given. One context serves every check of one document.
 *
 * @example
 * ```ts
 * import type { CheckContext, SemanticCheck } from 'teapurl';
 * const fileNamed: SemanticCheck = {
 *   rule: 'local/file-named',
 *   summary: 'Documents are read from files.',
 *   check: (_document, context: CheckContext) =>
 *     context.file === undefined ? [{ pointer: '', severity: 'warning', rule: 'local/file-named', message: 'no file name' }] : [],
 * };
 * ```
 */
export interface CheckContext {
  /** The file name as given to the validator (`<stdin>`, `<input>` or absent when there is none). */
  readonly file?: string;
  /** Whether the schema accepted the document. A check still runs when it did not: see `rejected`. */
  readonly schemaValid: boolean;
  /**
   * The JSON Pointers of the values the schema rejected (an unknown property's is the property's
   * own); a missing property rejects none. Empty or absent when the schema accepted the document.
   * A check leaves these values out of what it compares or builds (an engine from a type
   * definition), and says what it could not check because of them. Findings at these pointers are
   * not reported: the schema's finding already is; except one that says what is wrong with the
   * value's form (`RawFinding.explainsSchema`), which is reported in place of the schema's.
   */
  readonly rejected?: ReadonlySet<string>;
  /** The PURL rules of this validation (`ValidateOptions.purlRules`): what an engine a check builds applies. */
  readonly purlRules: readonly PurlRule[];
  /** The pattern guard of this validation (`ValidateOptions.patternGuard`), or `null`. */
  readonly patternGuard: PatternGuard | null;
  /** The engine of teapurl's bundled types under {@link purlRules} and {@link patternGuard}, made once per validation. */
  purlEngine(): PurlEngine;
  /**
   * Work that several checks of this document need: `make()` runs once per validation for each
   * `key`, and every later call returns its result.
   */
  shared<T>(key: string, make: () => T): T;
}

/** What a validation gives its checks. */
export interface CheckContextInit {
  readonly file?: string;
  readonly schemaValid: boolean;
  readonly rejected?: ReadonlySet<string>;
  readonly purlRules?: readonly PurlRule[];
  readonly patternGuard?: PatternGuard | null;
}

/** The context for the checks of one document. */
export function checkContext(init: CheckContextInit): CheckContext {
  const purlRules = init.purlRules ?? defaultPurlRules;
  const patternGuard = init.patternGuard ?? null;
  const work = new Map<string, unknown>();
  let engine: PurlEngine | undefined;
  return {
    ...(init.file === undefined ? {} : { file: init.file }),
    schemaValid: init.schemaValid,
    ...(init.rejected === undefined ? {} : { rejected: init.rejected }),
    purlRules,
    patternGuard,
    purlEngine() {
      // The default engine when nothing differs from its options: no engine to make.
      engine ??= purlRules === defaultPurlRules && patternGuard === null ? defaultPurlEngine() : bundledPurlEngine({ rules: purlRules, patternGuard });
      return engine;
    },
    shared<T>(key: string, make: () => T): T {
      if (work.has(key)) return work.get(key) as T;
      const value = make();
      work.set(key, value);
      return value;
    },
  };
}
