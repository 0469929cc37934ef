import type { ComponentRequirement, PurlTypeDefinition } from '../../../types/index.js';

/** What the engine reads of one component's definition. */
export interface ComponentRules {
  readonly requirement?: ComponentRequirement;
  readonly case_sensitive?: boolean;
  readonly permitted_characters?: string;
  /** The namespace values registered for the type (ECMA-427 2nd edition); the engine reads `value` alone. */
  readonly registered_values?: readonly { readonly value: string }[];
}

/** Whether a PURL must, should (ECMA-427 2nd edition: a warning when missing) or may carry a qualifier. */
export type QualifierRequirement = 'optional' | 'recommended' | 'required';

/** What the engine reads of one qualifier's definition. */
export interface QualifierRules {
  readonly key: string;
  readonly requirement?: QualifierRequirement;
  readonly default_value?: string;
}

/**
 * The part of a type definition the engine compiles: requirements, case folding, permitted
 * characters, qualifier keys with their requirements and defaults. A whole definition document
 * is one; the bundled types ship as these alone (their descriptions, notes and examples live in a
 * module of their own), which keeps the browser bundle and the import small.
 */
export interface DefinitionRules {
  readonly type: string;
  readonly namespace_definition?: ComponentRules;
  readonly name_definition?: ComponentRules;
  readonly version_definition?: ComponentRules;
  readonly subpath_definition?: ComponentRules;
  readonly qualifiers_definition?: readonly QualifierRules[];
}

const COMPONENT_KEYS = ['namespace_definition', 'name_definition', 'version_definition', 'subpath_definition'] as const;

function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

/** What an absent `requirement` means for each component (compileDefinition reads it so). */
const ABSENT_REQUIREMENT = {
  namespace_definition: 'optional',
  name_definition: 'required',
  version_definition: 'optional',
  subpath_definition: 'optional',
} as const;

/**
 * The rules of a definition, without its prose: what `npm run generate` bundles for the default
 * types. What the engine reads the same way when absent is left out (a requirement equal to the
 * component's default, `case_sensitive: true`, a qualifier that is not required), since these
 * rules are in every bundle of teapurl/purl.
 */
export function definitionRules(definition: PurlTypeDefinition): DefinitionRules {
  const rules: { -readonly [K in keyof DefinitionRules]: DefinitionRules[K] } = { type: definition.type };
  for (const key of COMPONENT_KEYS) {
    const component = definition[key];
    if (component === undefined) continue;
    const picked: { -readonly [K in keyof ComponentRules]: ComponentRules[K] } = pick(component as ComponentRules, [
      'requirement',
      'case_sensitive',
      'permitted_characters',
    ]);
    if (picked.requirement === ABSENT_REQUIREMENT[key]) delete picked.requirement;
    if (picked.case_sensitive !== false) delete picked.case_sensitive;
    const registered = key === 'namespace_definition' ? definition.namespace_definition?.registered_values : undefined;
    if (registered !== undefined) picked.registered_values = registered.map((r) => ({ value: r.value }));
    if (Object.keys(picked).length > 0) rules[key] = picked;
  }
  if (definition.qualifiers_definition !== undefined) {
    rules.qualifiers_definition = definition.qualifiers_definition.map((q) => {
      const picked: { -readonly [K in keyof QualifierRules]: QualifierRules[K] } = pick(q as QualifierRules, ['key', 'requirement', 'default_value']);
      if (picked.requirement !== 'required' && picked.requirement !== 'recommended') delete picked.requirement;
      return picked;
    });
  }
  return rules;
}
