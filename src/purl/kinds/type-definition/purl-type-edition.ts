/**
 * The edition of ECMA-427 a PURL type definition is written to: its own module, light, so that
 * `definitionEdition` is exported by `teapurl` without the edition's checks and the engine they use.
 */
import { asObject, own } from '../../../validation/checks/read.js';

/**
 * The editions of ECMA-427 whose type definition schema teapurl reads: 1 (schema 1.0), 2 (schema 1.1).
 *
 * @example
 * ```ts
 * import { definitionEdition, type PurlSpecEdition } from 'teapurl';
 * const edition: PurlSpecEdition = definitionEdition({ $id: 'https://packageurl.org/types/npm-definition.json' }).edition; // 1
 * ```
 */
export type PurlSpecEdition = 1 | 2;

const FIRST = 'https://packageurl.org/schemas/purl-type-definition.schema-1.0.json';
export const SECOND = 'https://packageurl.org/purl-schemas/purl-type-definition.schema-1.1.json';
/** Where the 2nd edition's schema stood before it moved to `purl-schemas/` (purl-spec #999). */
export const SECOND_DRAFT = 'https://packageurl.org/schemas/purl-type-definition.schema-1.1.json';
const TEAPURL = 'https://teapurl.dev/schemas/purl-type-definition.schema.json';

/** Each `$schema` that names an edition. teapurl's own schema holds the 2nd edition's members. */
const EDITION_OF_SCHEMA: ReadonlyMap<string, PurlSpecEdition> = new Map([
  [FIRST, 1],
  [SECOND, 2],
  [SECOND_DRAFT, 2],
  [TEAPURL, 2],
]);

/** Where each edition publishes its type definitions: the `$id` a definition of that edition has. */
export const ID_FOLDER: Readonly<Record<PurlSpecEdition, string>> = {
  1: 'https://packageurl.org/types/',
  2: 'https://packageurl.org/purl-types/',
};

/** An edition in words, as findings name it. */
export function editionName(edition: PurlSpecEdition): string {
  return edition === 1 ? "ECMA-427's 1st edition (schema 1.0)" : "ECMA-427's 2nd edition (schema 1.1)";
}

/**
 * The edition a definition is written to, and what says so.
 *
 * @example
 * ```ts
 * import { definitionEdition, type DefinitionEdition } from 'teapurl';
 * const found: DefinitionEdition = definitionEdition({ $schema: 'https://packageurl.org/purl-schemas/purl-type-definition.schema-1.1.json' });
 * // { edition: 2, namedBy: '$schema' }
 * ```
 */
export interface DefinitionEdition {
  /** The edition: 1 or 2. */
  readonly edition: PurlSpecEdition;
  /** `$schema` or `$id` when the document names the edition; `default` when neither does (the 2nd). */
  readonly namedBy: '$schema' | '$id' | 'default';
}

export function editionOfId(id: unknown): PurlSpecEdition | undefined {
  if (typeof id !== 'string') return undefined;
  if (id.startsWith(ID_FOLDER[1])) return 1;
  if (id.startsWith(ID_FOLDER[2])) return 2;
  return undefined;
}

/**
 * The edition a PURL type definition is written to: the one its `$schema` names, else the one
 * its `$id`'s folder on packageurl.org belongs to, else the 2nd (the edition of new files).
 *
 * @example
 * ```ts
 * import { definitionEdition } from 'teapurl';
 * definitionEdition({ $schema: 'https://packageurl.org/schemas/purl-type-definition.schema-1.0.json' }); // { edition: 1, namedBy: '$schema' }
 * definitionEdition({ $id: 'https://packageurl.org/purl-types/npm-definition.json' }); // { edition: 2, namedBy: '$id' }
 * definitionEdition({}); // { edition: 2, namedBy: 'default' }
 * ```
 */
export function definitionEdition(document: unknown): DefinitionEdition {
  const root = asObject(document);
  const schema = own(root, '$schema');
  const bySchema = typeof schema === 'string' ? EDITION_OF_SCHEMA.get(schema.replace(/#$/, '')) : undefined;
  if (bySchema !== undefined) return { edition: bySchema, namedBy: '$schema' };
  const byId = editionOfId(own(root, '$id'));
  if (byId !== undefined) return { edition: byId, namedBy: '$id' };
  return { edition: 2, namedBy: 'default' };
}
