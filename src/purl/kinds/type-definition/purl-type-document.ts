/** Defensive views of a PURL type definition for the checks that go beyond its schema. */
import { asArray, asObject, own } from '../../../validation/checks/read.js';

/** The four components a definition describes with a component definition object. */
export const COMPONENTS = ['namespace', 'name', 'version', 'subpath'] as const;

/** One component definition that carries a `permitted_characters` string. */
export interface PatternSite {
  readonly component: (typeof COMPONENTS)[number];
  readonly source: string;
  /** `case_sensitive` as written; `undefined` when absent (the default is true). */
  readonly caseSensitive: unknown;
  readonly pointer: string;
}

/** The `type` member when it is a string, else `undefined`. */
export function definitionType(document: unknown): string | undefined {
  const type = own(asObject(document), 'type');
  return typeof type === 'string' ? type : undefined;
}

/** Every component definition with a string `permitted_characters`, in component order. */
export function patternSites(document: unknown): PatternSite[] {
  const root = asObject(document);
  const sites: PatternSite[] = [];
  for (const component of COMPONENTS) {
    const definition = asObject(own(root, `${component}_definition`));
    const source = own(definition, 'permitted_characters');
    if (typeof source !== 'string') continue;
    sites.push({
      component,
      source,
      caseSensitive: own(definition, 'case_sensitive'),
      pointer: `/${component}_definition/permitted_characters`,
    });
  }
  return sites;
}

/** The `examples` that are strings, with their index. */
export function exampleStrings(document: unknown): { index: number; purl: string }[] {
  const examples = asArray(own(asObject(document), 'examples'));
  const found: { index: number; purl: string }[] = [];
  examples.forEach((purl, index) => {
    if (typeof purl === 'string') found.push({ index, purl });
  });
  return found;
}

/** The qualifier definitions that are objects, with their index. */
export function qualifierDefinitions(document: unknown): { index: number; definition: Record<string, unknown> }[] {
  const found: { index: number; definition: Record<string, unknown> }[] = [];
  asArray(own(asObject(document), 'qualifiers_definition')).forEach((item, index) => {
    const definition = asObject(item);
    if (definition) found.push({ index, definition });
  });
  return found;
}
