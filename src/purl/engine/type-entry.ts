import type { PurlTypeDefinition } from '../../../types/index.js';
import { compileDefinition, type CompiledType, type RulesLookup } from '../definitions/compile-definition.js';
import { purlRulesFor, type PurlRule, type RuleComponent } from '../rules/index.js';
import type { DefinitionRules } from '../definitions/definition-rules.js';
import type { InPlaceRules } from '../syntax/canonical-in-place.js';
import type { KnownType } from '../syntax/vocabulary.js';

/**
 * One type an engine knows. Compiled when first asked for: an engine over the 42 bundled types
 * that only ever sees npm PURLs compiles npm alone, so importing and first use stay cheap.
 */
export class TypeEntry implements KnownType {
  readonly type: string;
  /** The qualifier keys the definition names, known without compiling it. */
  readonly qualifierKeys: readonly string[];
  /** The definition document, when the engine was given one (not the bundled rules alone). */
  readonly document: PurlTypeDefinition | null;
  #rules: DefinitionRules | null;
  #registered: RulesLookup | null;
  #compiled: CompiledType | null;

  private constructor(
    type: string,
    qualifierKeys: readonly string[],
    document: PurlTypeDefinition | null,
    rules: DefinitionRules | null,
    registered: RulesLookup | null,
    compiled: CompiledType | null,
  ) {
    this.type = type;
    this.qualifierKeys = qualifierKeys;
    this.document = document;
    this.#rules = rules;
    this.#registered = registered;
    this.#compiled = compiled;
  }

  /** A type compiled already (so that compile errors were reported when the engine was built). */
  static compiled(compiled: CompiledType, document: PurlTypeDefinition | null): TypeEntry {
    return new TypeEntry(compiled.type, compiled.qualifierKeys, document, null, null, compiled);
  }

  /**
   * A type compiled on first use, from rules known to compile (the bundled ones, checked when
   * teapurl is built). The registered rules it will use are the ones registered now: an engine
   * behaves as if compiled when it was built, whatever is registered between then and first use.
   */
  static lazy(rules: DefinitionRules, document: PurlTypeDefinition | null = null): TypeEntry {
    return new TypeEntry(rules.type, (rules.qualifiers_definition ?? []).map((q) => q.key), document, rules, registeredNow(rules.type), null);
  }

  get compiled(): CompiledType {
    if (this.#compiled === null) {
      this.#compiled = compileDefinition(this.#rules!, this.#registered!);
      this.#rules = null;
      this.#registered = null;
    }
    return this.#compiled;
  }

  get inPlace(): InPlaceRules | null {
    return this.compiled.inPlace;
  }
}

const RULE_COMPONENTS: readonly RuleComponent[] = ['namespace', 'name', 'version', 'subpath'];
const NO_RULES: readonly PurlRule[] = [];
const NONE_REGISTERED: RulesLookup = () => NO_RULES;

/** The rules registered for `type` at this moment, copied (the registry's lists grow in place). */
function registeredNow(type: string): RulesLookup {
  let snapshot: Map<RuleComponent, readonly PurlRule[]> | undefined;
  for (const component of RULE_COMPONENTS) {
    const rules = purlRulesFor(type, component);
    if (rules.length > 0) (snapshot ??= new Map()).set(component, [...rules]);
  }
  return snapshot === undefined ? NONE_REGISTERED : (_type, component) => snapshot.get(component) ?? NO_RULES;
}
