/* Generated from schemas/annotated/vers-type-definition.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * One VERS type (a versioning scheme, by convention named as the PURL type): its name, what its versions are, and VERS ranges that use it, with native ranges and their VERS equivalents. Read with the published VERS type definition schema 0.2; teapurl checks the examples with its VERS engine.
 *
 * @example
 * ```ts
 * import type { VersTypeDefinition } from 'teapurl';
 * const versTypeDefinition: VersTypeDefinition = {
 *   $schema: 'https://packageurl.org/schemas/vers-type-definition.schema-0.2.json',
 *   $id: 'https://packageurl.org/vers-types/npm-definition.json',
 *   type: 'npm',
 *   type_name: 'npm version',
 *   description: 'Versions of npm packages, ordered by SemVer precedence.',
 *   vers_examples: ['vers:npm/>=1.0.0|<2.0.0'],
 *   native_and_vers_equivalent_examples: [
 *     { native_range: '^1.0.0', vers_range: 'vers:npm/>=1.0.0|<2.0.0' },
 *   ],
 * };
 * ```
 */
export interface VersTypeDefinition {
  /**
   * The schema the document follows.
   */
  $schema?: string;
  /**
   * Where the definition is published: https://packageurl.org/vers-types/<type>-definition.json.
   */
  $id: string;
  /**
   * The VERS type, lowercase: the versioning scheme a range names after `vers:`.
   */
  type: string;
  /**
   * The type's name for people.
   */
  type_name: string;
  /**
   * What the type's versions are and how they are ordered.
   */
  description: string;
  /**
   * VERS ranges of this type, each valid.
   *
   * @minItems 1
   */
  vers_examples: [string, ...string[]];
  /**
   * Ranges in the ecosystem's own notation, each with the VERS it means.
   *
   * @minItems 1
   */
  native_and_vers_equivalent_examples?: [NativeExample, ...NativeExample[]];
  /**
   * Anything else a reader should know.
   */
  note?: string;
  /**
   * Where the scheme is specified or implemented.
   *
   * @minItems 1
   */
  reference_urls?: [string, ...string[]];
}
/**
 * A native range and the VERS it is equivalent to.
 *
 * This interface was referenced by `VersTypeDefinition`'s JSON-Schema
 * via the `definition` "nativeExample".
 *
 * @example
 * ```ts
 * import type { NativeExample } from 'teapurl';
 * const nativeExample: NativeExample = {
 *   native_range: '~=2.2',
 *   vers_range: 'vers:pypi/>=2.2|<3',
 *   note: 'A compatible release: 2.2 or later, before 3.',
 * };
 * ```
 */
export interface NativeExample {
  /**
   * The range in the ecosystem's own notation.
   */
  native_range: string;
  /**
   * The same range as a VERS.
   */
  vers_range: string;
  /**
   * Why the two are equivalent, when it needs saying.
   */
  note?: string;
}
