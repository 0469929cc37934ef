import type { PurlTypeDefinition } from '../../../types/index.js';
import { compileDefinition, type CompiledType, type CompileSettings } from '../definitions/compile-definition.js';
import type { DefinitionRules } from '../definitions/definition-rules.js';
import { inPlaceRules, type FastPathType, type InPlaceRules } from './canonical-fast-path.js';
import type { KnownType } from '../syntax/vocabulary.js';

/**
 * One type an engine knows, compiled with that engine's rules and pattern guard. Compiled when
 * first asked for, unless the engine compiled it at once to report a bad pattern while loading:
 * an engine over the 42 bundled types that only ever sees npm PURLs compiles npm alone, so
 * making one and first use stay cheap.
 */
export class TypeEntry implements KnownType, FastPathType {
  readonly type: string;
  /** The qualifier keys the definition names, known without compiling it. */
  readonly qualifierKeys: readonly string[];
  /** The definition document, when the engine was given one (not the bundled rules alone). */
  readonly document: PurlTypeDefinition | null;
  #rules: DefinitionRules | null;
  readonly #settings: CompileSettings;
  #compiled: CompiledType | null;
  #inPlace: InPlaceRules | null | undefined;

  /** `compiled`, when given, is the type compiled already (by a caller that shares its patterns). */
  constructor(rules: DefinitionRules, document: PurlTypeDefinition | null, settings: CompileSettings, compiled: CompiledType | null = null) {
    this.type = compiled?.type ?? rules.type;
    this.qualifierKeys = compiled?.qualifierKeys ?? (rules.qualifiers_definition ?? []).map((q) => q.key);
    this.document = document;
    this.#rules = compiled === null ? rules : null;
    this.#settings = settings;
    this.#compiled = compiled;
  }

  get compiled(): CompiledType {
    if (this.#compiled === null) {
      this.#compiled = compileDefinition(this.#rules!, this.#settings);
      this.#rules = null;
    }
    return this.#compiled;
  }

  /** What the canonical fast path checks of this type, or `null` when it cannot take it. */
  get inPlace(): InPlaceRules | null {
    if (this.#inPlace === undefined) this.#inPlace = inPlaceRules(this.compiled);
    return this.#inPlace;
  }
}
