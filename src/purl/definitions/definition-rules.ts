import type { ComponentRequirement, PurlTypeDefinition } from '../../../types/index.js';

/** What the engine reads of one component's definition. */
export interface ComponentRules {
  readonly requirement?: ComponentRequirement;
  readonly case_sensitive?: boolean;
  readonly permitted_characters?: string;
}

/** What the engine reads of one qualifier's definition. */
export interface QualifierRules {
  readonly key: string;
  readonly requirement?: ComponentRequirement;
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

/** The rules of a definition, without its prose: what `npm run generate` bundles for the default types. */
export function definitionRules(definition: PurlTypeDefinition): DefinitionRules {
  const rules: { -readonly [K in keyof DefinitionRules]: DefinitionRules[K] } = { type: definition.type };
  for (const key of COMPONENT_KEYS) {
    const component = definition[key];
    if (component !== undefined) rules[key] = pick(component as ComponentRules, ['requirement', 'case_sensitive', 'permitted_characters']);
  }
  if (definition.qualifiers_definition !== undefined) {
    rules.qualifiers_definition = definition.qualifiers_definition.map((q) => pick(q as QualifierRules, ['key', 'requirement', 'default_value']));
  }
  return rules;
}
