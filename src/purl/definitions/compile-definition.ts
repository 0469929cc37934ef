import type { ComponentRequirement } from '../../../types/index.js';
import type { ComponentRules, DefinitionRules } from './definition-rules.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { NO_RULES_LOOKUP, type PurlRule, type RuleComponent, type RulesLookup } from '../rules/index.js';
import { permittedCharacters, type PermittedCharacters } from './permitted-characters.js';
import type { PatternGuard } from './pattern-guard.js';
import { regexSyntaxError } from '../../shared/regex-syntax.js';
import { cut } from '../../shared/message-text.js';
import { TeapurlError } from '../../shared/errors.js';

/** What compiling a definition uses besides the definition: the engine's rules and pattern guard. */
export interface CompileSettings {
  /** The rules of the engine the type is compiled for. */
  readonly rules: RulesLookup;
  /** The engine's pattern guard, or `null`. */
  readonly patternGuard: PatternGuard | null;
  /**
   * The longest value a `permitted_characters` pattern runs on directly: `patternSafeLength`
   * (pattern-flagger.ts) for a definition given at run time, a table made when teapurl is built
   * for the bundled ones.
   */
  readonly safeLength: (pattern: string) => number;
}

/** The settings of the generic plan, which has no rules and no pattern. */
const GENERIC_SETTINGS: CompileSettings = { rules: NO_RULES_LOOKUP, patternGuard: null, safeLength: () => 0 };

/** What the engine does with one component, worked out once per definition. */
export interface ComponentPlan {
  readonly component: RuleComponent;
  readonly requirement: ComponentRequirement;
  /** `case_sensitive: false`: the canonical form is lowercase. */
  readonly lowercase: boolean;
  readonly permitted: PermittedCharacters | null;
  readonly rules: readonly PurlRule[];
  /** Whether there are rules or a pattern to apply (most plans have neither). */
  readonly checked: boolean;
  /** Whether an absent value is an error (`requirement: required`). */
  readonly required: boolean;
  /** Whether a present value needs any work: refusing (prohibited), case folding, rules or pattern. */
  readonly acts: boolean;
}

/** A type definition compiled for parsing and building. */
export interface CompiledType {
  readonly type: string;
  /** The qualifier keys the definition names, in its order. */
  readonly qualifierKeys: readonly string[];
  readonly namespace: ComponentPlan;
  readonly name: ComponentPlan;
  readonly version: ComponentPlan;
  readonly subpath: ComponentPlan;
  readonly requiredQualifiers: readonly string[];
  /** Qualifier defaults (`default_value`), a null-prototype record. */
  readonly qualifierDefaults: Readonly<PurlQualifiers>;
  /** When a rule says so: how many leading path segments the namespace keeps; the rest belong to the name. */
  readonly namespaceSegments: number | null;
  /** Whether applying the type reads the qualifiers: a rule (which may look at them) or a required qualifier. */
  readonly readsQualifiers: boolean;
  /**
   * The namespace values registered for the type (ECMA-427 2nd edition), as the canonical form
   * writes them (lowercased when the namespace is), or `null` when the definition registers none.
   * A namespace outside them is a warning, never an error.
   */
  readonly registeredNamespaces: ReadonlySet<string> | null;
  /** The qualifier keys marked `recommended`: a PURL without one gets a warning. */
  readonly recommendedQualifiers: readonly string[];
}

/**
 * Raised when a definition cannot be compiled (its `permitted_characters` is not a pattern the
 * JavaScript engine compiles with the `u` flag). `PurlEngine.fromDefinitions` and
 * `PurlEngine.fromDirectory` report it as a {@link DefinitionSetError} naming the document; it
 * reaches callers of the lower-level compile step only. `code` is always `'invalid-pattern'`.
 *
 * @example
 * ```ts
 * import { DefinitionCompileError } from 'teapurl';
 * const error = new DefinitionCompileError('widget', '/name_definition/permitted_characters', 'widget: … is not a valid regular expression');
 * error.pointer; // '/name_definition/permitted_characters'
 * ```
 */
export class DefinitionCompileError extends TeapurlError<'invalid-pattern'> {
  /** Always `'DefinitionCompileError'`. */
  override name = 'DefinitionCompileError';
  constructor(
    /** The PURL type of the definition. */
    readonly type: string,
    /** JSON Pointer to the offending value in the definition, such as `/name_definition/permitted_characters`. */
    readonly pointer: string,
    message: string,
  ) {
    super(message, { code: 'invalid-pattern' });
  }
}

function plan(
  type: string,
  component: RuleComponent,
  definition: ComponentRules | undefined,
  absentRequirement: ComponentRequirement,
  settings: CompileSettings,
): ComponentPlan {
  let permitted: PermittedCharacters | null = null;
  if (definition?.permitted_characters !== undefined) {
    try {
      permitted = permittedCharacters(definition.permitted_characters, settings.patternGuard, settings.safeLength);
    } catch (error) {
      const why = regexSyntaxError(definition.permitted_characters);
      const what =
        why === null
          ? `cannot be compiled (${cut(String((error as Error).message))})`
          : why.startsWith('it is too')
            ? `cannot be compiled: ${why}`
            : `is not a valid regular expression with the u flag: ${why}`;
      throw new DefinitionCompileError(type, `/${component}_definition/permitted_characters`, `${type}: ${component}_definition.permitted_characters ${what}`);
    }
  }
  const rules = settings.rules(type, component);
  const requirement = definition?.requirement ?? absentRequirement;
  const lowercase = definition?.case_sensitive === false;
  const checked = rules.length > 0 || permitted !== null;
  return {
    component,
    requirement,
    lowercase,
    permitted,
    rules,
    checked,
    required: requirement === 'required',
    acts: requirement === 'prohibited' || lowercase || checked,
  };
}

/**
 * Compiles a (schema-valid) definition, or the rules part of one: patterns compiled (on the
 * engine's pattern guard when it has one), case folding and the engine's rules looked up,
 * required qualifiers and defaults collected, so that parsing does no per-call setup. A component
 * the definition leaves out is optional, except version and subpath which the schema only allows
 * as optional anyway.
 */
export function compileDefinition(definition: DefinitionRules, settings: CompileSettings): CompiledType {
  const { type } = definition;
  const qualifierDefaults = emptyQualifiers();
  const requiredQualifiers: string[] = [];
  const recommendedQualifiers: string[] = [];
  const qualifierKeys: string[] = [];
  for (const q of definition.qualifiers_definition ?? []) {
    qualifierKeys.push(q.key);
    if (q.requirement === 'required') requiredQualifiers.push(q.key);
    else if (q.requirement === 'recommended') recommendedQualifiers.push(q.key);
    if (q.default_value !== undefined) qualifierDefaults[q.key] = q.default_value;
  }
  const namespace = plan(type, 'namespace', definition.namespace_definition, 'optional', settings);
  const name = plan(type, 'name', definition.name_definition, 'required', settings);
  const version = plan(type, 'version', definition.version_definition, 'optional', settings);
  const subpath = plan(type, 'subpath', definition.subpath_definition, 'optional', settings);
  const hasRules = [namespace, name, version, subpath].some((p) => p.rules.length > 0);
  const readsQualifiers = hasRules || requiredQualifiers.length > 0;
  return {
    type,
    qualifierKeys,
    namespace,
    name,
    version,
    subpath,
    requiredQualifiers,
    qualifierDefaults,
    namespaceSegments: name.rules.find((r) => r.namespaceSegments !== undefined)?.namespaceSegments ?? null,
    readsQualifiers,
    registeredNamespaces: registeredNamespaces(definition.namespace_definition, namespace.lowercase),
    recommendedQualifiers,
  };
}

function registeredNamespaces(definition: ComponentRules | undefined, lowercase: boolean): ReadonlySet<string> | null {
  const registered = definition?.registered_values;
  if (registered === undefined || registered.length === 0) return null;
  return new Set(registered.map((r) => (lowercase ? r.value.toLowerCase() : r.value)));
}

/** The plan for a type no loaded definition describes: ECMA-427's generic rules only, no rules of the engine's. */
export const GENERIC_PLAN: CompiledType = genericPlan('');

function genericPlan(type: string): CompiledType {
  return {
    type,
    qualifierKeys: [],
    namespace: plan(type, 'namespace', undefined, 'optional', GENERIC_SETTINGS),
    name: plan(type, 'name', undefined, 'required', GENERIC_SETTINGS),
    version: plan(type, 'version', undefined, 'optional', GENERIC_SETTINGS),
    subpath: plan(type, 'subpath', undefined, 'optional', GENERIC_SETTINGS),
    requiredQualifiers: [],
    qualifierDefaults: emptyQualifiers(),
    namespaceSegments: null,
    readsQualifiers: false,
    registeredNamespaces: null,
    recommendedQualifiers: [],
  };
}
