/**
 * The definition a PURL type definition's examples are checked against when the schema rejected
 * part of it: the parts the schema accepts, so that one run reports the schema's findings and the
 * examples' together. A rejected member the schema lets be absent is left out (the schema's
 * default then applies); one that has a single allowed value gets that value; the others (the
 * type, the namespace requirement) leave nothing to check the examples against.
 */
import type { ComponentRequirement } from '../../../../types/index.js';
import type { ComponentRules, DefinitionRules, QualifierRules } from '../../definitions/definition-rules.js';
import { toPointer } from '../../../shared/pointer.js';
import { asObject, own } from '../../../validation/checks/read.js';
import { COMPONENTS } from './purl-type-document.js';

/** What the examples can be checked against. */
export interface CheckableDefinition {
  /** The definition to compile, or `null` when too much of it is rejected or missing. */
  readonly rules: DefinitionRules | null;
  /** The definition's type when the schema accepts it: examples can be told apart by type. */
  readonly type: string | null;
  /** Why `rules` (or `type`) is `null`: the pointer of the member at fault, and what is wrong with it. */
  readonly blockedBy: { readonly pointer: string; readonly missing: boolean } | null;
  /** Rejected members left out of `rules`; the examples were not checked against them. */
  readonly leftOut: readonly string[];
}

/** The one requirement a component's definition may have, where the schema allows only one. */
const ONLY_REQUIREMENT: Readonly<Record<(typeof COMPONENTS)[number], ComponentRequirement | null>> = {
  namespace: null,
  name: 'required',
  version: 'optional',
  subpath: 'optional',
};

/** A member the schema accepted: present, of the expected JavaScript type, and not rejected. */
function accepted(value: unknown, pointer: string, rejected: ReadonlySet<string>, type: 'string' | 'boolean'): boolean {
  return typeof value === type && !rejected.has(pointer);
}

function blocked(pointer: string, missing: boolean, type: string | null = null): CheckableDefinition {
  return { rules: null, type, blockedBy: { pointer, missing }, leftOut: [] };
}

/** The parts of one component's definition that the schema accepts. */
function componentRules(
  component: (typeof COMPONENTS)[number],
  raw: unknown,
  rejected: ReadonlySet<string>,
  leftOut: string[],
): ComponentRules | { blockedBy: string; missing: boolean } | undefined {
  const base = `/${component}_definition`;
  const only = ONLY_REQUIREMENT[component];
  const definition = asObject(raw);
  if (!definition) {
    if (only === null) return { blockedBy: base, missing: raw === undefined };
    // The other components may be absent (name only in name: its one requirement is the default).
    if (raw !== undefined) leftOut.push(base);
    return undefined;
  }
  const rules: { -readonly [K in keyof ComponentRules]: ComponentRules[K] } = {};
  const requirement = own(definition, 'requirement');
  if (accepted(requirement, `${base}/requirement`, rejected, 'string')) rules.requirement = requirement as ComponentRequirement;
  else if (only === null) return { blockedBy: `${base}/requirement`, missing: requirement === undefined };
  else rules.requirement = only;
  const caseSensitive = own(definition, 'case_sensitive');
  if (accepted(caseSensitive, `${base}/case_sensitive`, rejected, 'boolean')) rules.case_sensitive = caseSensitive as boolean;
  else if (caseSensitive !== undefined) leftOut.push(`${base}/case_sensitive`);
  const pattern = own(definition, 'permitted_characters');
  if (accepted(pattern, `${base}/permitted_characters`, rejected, 'string')) rules.permitted_characters = pattern as string;
  else if (pattern !== undefined) leftOut.push(`${base}/permitted_characters`);
  return rules;
}

/** The qualifier definitions the schema accepts, each without its rejected optional members. */
function qualifierRules(raw: unknown, rejected: ReadonlySet<string>, leftOut: string[]): QualifierRules[] | undefined {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) {
    leftOut.push('/qualifiers_definition');
    return undefined;
  }
  const rules: QualifierRules[] = [];
  for (let index = 0; index < raw.length; index++) {
    const definition = asObject(raw[index]);
    const at = (member: string) => toPointer(['qualifiers_definition', index, member]);
    const key = own(definition, 'key');
    if (!definition || !accepted(key, at('key'), rejected, 'string')) {
      leftOut.push(toPointer(['qualifiers_definition', index]));
      continue;
    }
    const rule: { -readonly [K in keyof QualifierRules]: QualifierRules[K] } = { key: key as string };
    const requirement = own(definition, 'requirement');
    if (accepted(requirement, at('requirement'), rejected, 'string')) rule.requirement = requirement as ComponentRequirement;
    else if (requirement !== undefined) leftOut.push(at('requirement'));
    const value = own(definition, 'default_value');
    if (accepted(value, at('default_value'), rejected, 'string')) rule.default_value = value as string;
    else if (value !== undefined) leftOut.push(at('default_value'));
    rules.push(rule);
  }
  return rules;
}

/**
 * The parts of a definition the schema accepts, as rules an engine compiles. `rejected` holds the
 * pointers of the schema's findings (see `CheckContext.rejected`).
 */
export function checkableDefinition(document: unknown, rejected: ReadonlySet<string>): CheckableDefinition {
  const root = asObject(document);
  if (!root) return blocked('', false);
  const type = own(root, 'type');
  if (!accepted(type, '/type', rejected, 'string')) return blocked('/type', type === undefined);
  const rules: { -readonly [K in keyof DefinitionRules]: DefinitionRules[K] } = { type: type as string };
  const leftOut: string[] = [];
  for (const component of COMPONENTS) {
    const part = componentRules(component, own(root, `${component}_definition`), rejected, leftOut);
    if (part && 'blockedBy' in part) return blocked(part.blockedBy, part.missing, type as string);
    if (part) rules[`${component}_definition`] = part;
  }
  const qualifiers = qualifierRules(own(root, 'qualifiers_definition'), rejected, leftOut);
  if (qualifiers) rules.qualifiers_definition = qualifiers;
  return { rules, type: type as string, blockedBy: null, leftOut };
}
