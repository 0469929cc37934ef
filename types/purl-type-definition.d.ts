/* Generated from schemas/annotated/purl-type-definition.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * Further remarks.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "note".
 *
 * @example
 * ```ts
 * import type { Note } from 'teapurl';
 * const note: Note = 'Holds the name of the repository.';
 * ```
 */
export type Note = string;
/**
 * Whether a PURL component must, may or must not appear.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "requirement".
 *
 * @example
 * ```ts
 * import type { ComponentRequirement } from 'teapurl';
 * const componentRequirement: ComponentRequirement = 'prohibited';
 * ```
 */
export type ComponentRequirement = 'optional' | 'required' | 'prohibited';
/**
 * An ECMA-262 regular expression that every value of the component must match. It narrows, never widens, what the PURL specification allows.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "permittedCharacters".
 *
 * @example
 * ```ts
 * import type { PermittedCharacters } from 'teapurl';
 * const permittedCharacters: PermittedCharacters = '^[a-z0-9_]+$';
 * ```
 */
export type PermittedCharacters = string;
/**
 * false when case carries no meaning; the canonical form is then lowercase. Absent means true.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "caseSensitive".
 *
 * @example
 * ```ts
 * import type { CaseSensitive } from 'teapurl';
 * const caseSensitive: CaseSensitive = false;
 * ```
 */
export type CaseSensitive = boolean;
/**
 * Rules, in prose, that tools apply to reach the canonical form. Distinct.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "normalizationRules".
 *
 * @example
 * ```ts
 * import type { NormalizationRules } from 'teapurl';
 * const normalizationRules: NormalizationRules = [
 *   'Change every underscore _ into a dash -',
 *   'Convert the name to lowercase',
 * ];
 * ```
 */
export type NormalizationRules = string[];
/**
 * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "nativeName".
 *
 * @example
 * ```ts
 * import type { NativeName } from 'teapurl';
 * const nativeName: NativeName = 'groupId';
 * ```
 */
export type NativeName = string;
/**
 * The namespace values registered for this type (ECMA-427 2nd edition). A PURL whose namespace is none of them gets a warning, not an error. Distinct, sorted by value.
 *
 * @minItems 1
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "registeredValues".
 *
 * @example
 * ```ts
 * import type { RegisteredValues } from 'teapurl';
 * const registeredValues: RegisteredValues = [
 *   { value: 'debian', description: 'Debian', reference_url: 'https://www.debian.org/' },
 *   { value: 'ubuntu', description: 'Ubuntu' },
 * ];
 * ```
 */
export type RegisteredValues = [RegisteredValue, ...RegisteredValue[]];
/**
 * Any of the four component definitions.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "componentDefinition".
 *
 * @example
 * ```ts
 * import type { ComponentDefinition } from 'teapurl';
 * const componentDefinition: ComponentDefinition = {
 *   requirement: 'optional',
 *   case_sensitive: false,
 *   native_name: 'version',
 * };
 * ```
 */
export type ComponentDefinition =
  NamespaceDefinition | NameDefinition | VersionDefinition | SubpathDefinition;

/**
 * Describes one Package-URL type: how each PURL component behaves for it, which qualifiers it knows, where its packages live, and canonical examples.
 *
 * @example
 * ```ts
 * import type { PurlTypeDefinition } from 'teapurl';
 * const purlTypeDefinition: PurlTypeDefinition = {
 *   $schema: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
 *   $id: 'https://teapurl.dev/purl-types/cargo-definition.json',
 *   type: 'cargo',
 *   type_name: 'Cargo',
 *   description: 'Rust packages managed with Cargo',
 *   repository: { use_repository: true, default_repository_url: 'https://crates.io/' },
 *   namespace_definition: { requirement: 'prohibited', note: 'Cargo packages have no namespace.' },
 *   name_definition: { requirement: 'required', native_name: 'name', case_sensitive: true },
 *   version_definition: { requirement: 'optional', native_name: 'version' },
 *   examples: ['pkg:cargo/rand@0.7.2', 'pkg:cargo/clap@2.33.0'],
 * };
 * ```
 */
export interface PurlTypeDefinition {
  /**
   * URL of the schema the document claims to follow. A packageurl.org schema names the edition of ECMA-427 the definition is written to: purl-type-definition.schema-1.0.json the 1st, purl-type-definition.schema-1.1.json the 2nd; teapurl's own schema reads as the 2nd.
   */
  $schema?: string;
  /**
   * Identifier of this document; by convention it ends with <type>-definition.json.
   */
  $id?: string;
  /**
   * The PURL type string, as it appears after pkg:.
   */
  type: string;
  /**
   * The name people use for this kind of package.
   */
  type_name: string;
  /**
   * What packages of this type are.
   */
  description: string;
  /**
   * Whether packages of this type come from a public repository, and which one by default.
   */
  repository: RepositoryDefinition;
  /**
   * How the namespace behaves for this type. It may be optional, required or prohibited.
   */
  namespace_definition: NamespaceDefinition;
  /**
   * How the name behaves for this type. Every PURL has a name, so it is always required.
   */
  name_definition: NameDefinition;
  /**
   * How the version behaves for this type. A version is always optional.
   */
  version_definition?: VersionDefinition;
  /**
   * The qualifiers this type knows. Some may be required.
   */
  qualifiers_definition?: QualifierDefinition[];
  /**
   * How the subpath behaves for this type. A subpath is always optional.
   */
  subpath_definition?: SubpathDefinition;
  /**
   * Canonical PURLs of this type. Distinct.
   *
   * @minItems 1
   */
  examples: [string, ...string[]];
  /**
   * Further remarks on the type.
   */
  note?: string;
  /**
   * Pages with more on this type. Distinct.
   */
  reference_urls?: string[];
}
/**
 * Whether packages of this type come from a public repository, and which one by default.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "repository".
 *
 * @example
 * ```ts
 * import type { RepositoryDefinition } from 'teapurl';
 * const repositoryDefinition: RepositoryDefinition = {
 *   use_repository: true,
 *   default_repository_url: 'https://repo.maven.apache.org/maven2/',
 *   note: 'Other repositories are named with the repository_url qualifier.',
 * };
 * ```
 */
export interface RepositoryDefinition {
  /**
   * true when packages of this type are published to a public repository.
   */
  use_repository: boolean;
  /**
   * The repository used when a PURL names none.
   */
  default_repository_url?: string;
  /**
   * Further remarks.
   */
  note?: Note;
}
/**
 * How the namespace behaves for this type. It may be optional, required or prohibited.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "namespaceDefinition".
 *
 * @example
 * ```ts
 * import type { NamespaceDefinition } from 'teapurl';
 * const namespaceDefinition: NamespaceDefinition = {
 *   requirement: 'required',
 *   case_sensitive: true,
 *   native_name: 'groupId',
 *   note: 'The namespace holds the groupId.',
 * };
 * ```
 */
export interface NamespaceDefinition {
  /**
   * Whether a PURL component must, may or must not appear.
   */
  requirement: ComponentRequirement;
  /**
   * An ECMA-262 regular expression that every value of the component must match. It narrows, never widens, what the PURL specification allows.
   */
  permitted_characters?: PermittedCharacters;
  /**
   * false when case carries no meaning; the canonical form is then lowercase. Absent means true.
   */
  case_sensitive?: CaseSensitive;
  /**
   * Rules, in prose, that tools apply to reach the canonical form. Distinct.
   */
  normalization_rules?: NormalizationRules;
  /**
   * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
   */
  native_name?: NativeName;
  /**
   * Further remarks.
   */
  note?: Note;
  /**
   * The namespace values registered for this type (ECMA-427 2nd edition). A PURL whose namespace is none of them gets a warning, not an error. Distinct, sorted by value.
   */
  registered_values?: RegisteredValues;
}
/**
 * One registered namespace value.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "registeredValue".
 *
 * @example
 * ```ts
 * import type { RegisteredValue } from 'teapurl';
 * const registeredValue: RegisteredValue = {
 *   value: 'fedora',
 *   description: 'Fedora Linux',
 *   reference_url: 'https://fedoraproject.org/',
 * };
 * ```
 */
export interface RegisteredValue {
  /**
   * The namespace as written in a PURL of this type.
   */
  value: string;
  /**
   * What the namespace value stands for.
   */
  description: string;
  /**
   * Where the value is defined.
   */
  reference_url?: string;
}
/**
 * How the name behaves for this type. Every PURL has a name, so it is always required.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "nameDefinition".
 *
 * @example
 * ```ts
 * import type { NameDefinition } from 'teapurl';
 * const nameDefinition: NameDefinition = {
 *   requirement: 'required',
 *   case_sensitive: false,
 *   native_name: 'name',
 *   normalization_rules: ['Change every underscore _ into a dash -'],
 * };
 * ```
 */
export interface NameDefinition {
  /**
   * Always `'required'`.
   */
  requirement: 'required';
  /**
   * An ECMA-262 regular expression that every value of the component must match. It narrows, never widens, what the PURL specification allows.
   */
  permitted_characters?: PermittedCharacters;
  /**
   * false when case carries no meaning; the canonical form is then lowercase. Absent means true.
   */
  case_sensitive?: CaseSensitive;
  /**
   * Rules, in prose, that tools apply to reach the canonical form. Distinct.
   */
  normalization_rules?: NormalizationRules;
  /**
   * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
   */
  native_name?: NativeName;
  /**
   * Further remarks.
   */
  note?: Note;
}
/**
 * How the version behaves for this type. A version is always optional.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "versionDefinition".
 *
 * @example
 * ```ts
 * import type { VersionDefinition } from 'teapurl';
 * const versionDefinition: VersionDefinition = {
 *   requirement: 'optional',
 *   permitted_characters: '^\\d+(\\.\\d+){0,3}$',
 * };
 * ```
 */
export interface VersionDefinition {
  /**
   * Always `'optional'`.
   */
  requirement: 'optional';
  /**
   * An ECMA-262 regular expression that every value of the component must match. It narrows, never widens, what the PURL specification allows.
   */
  permitted_characters?: PermittedCharacters;
  /**
   * false when case carries no meaning; the canonical form is then lowercase. Absent means true.
   */
  case_sensitive?: CaseSensitive;
  /**
   * Rules, in prose, that tools apply to reach the canonical form. Distinct.
   */
  normalization_rules?: NormalizationRules;
  /**
   * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
   */
  native_name?: NativeName;
  /**
   * Further remarks.
   */
  note?: Note;
}
/**
 * One qualifier key this type knows.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "qualifierDefinition".
 *
 * @example
 * ```ts
 * import type { QualifierDefinition } from 'teapurl';
 * const qualifierDefinition: QualifierDefinition = {
 *   key: 'type',
 *   requirement: 'optional',
 *   native_name: 'type',
 *   default_value: 'jar',
 *   description: 'Maven type, with the meaning given in the POM reference.',
 * };
 * ```
 */
export interface QualifierDefinition {
  /**
   * The qualifier key as written in a PURL.
   */
  key: string;
  /**
   * Whether every PURL of this type must carry the qualifier (required), should carry it (recommended, ECMA-427 2nd edition: a PURL without it gets a warning) or may (optional). Absent means optional.
   */
  requirement?: 'optional' | 'recommended' | 'required';
  /**
   * What the qualifier means.
   */
  description: string;
  /**
   * The value assumed when a PURL omits the qualifier.
   */
  default_value?: string;
  /**
   * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
   */
  native_name?: NativeName;
}
/**
 * How the subpath behaves for this type. A subpath is always optional.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "subpathDefinition".
 *
 * @example
 * ```ts
 * import type { SubpathDefinition } from 'teapurl';
 * const subpathDefinition: SubpathDefinition = {
 *   requirement: 'optional',
 *   note: 'The path of a file inside the package.',
 * };
 * ```
 */
export interface SubpathDefinition {
  /**
   * Always `'optional'`.
   */
  requirement: 'optional';
  /**
   * An ECMA-262 regular expression that every value of the component must match. It narrows, never widens, what the PURL specification allows.
   */
  permitted_characters?: PermittedCharacters;
  /**
   * false when case carries no meaning; the canonical form is then lowercase. Absent means true.
   */
  case_sensitive?: CaseSensitive;
  /**
   * Rules, in prose, that tools apply to reach the canonical form. Distinct.
   */
  normalization_rules?: NormalizationRules;
  /**
   * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
   */
  native_name?: NativeName;
  /**
   * Further remarks.
   */
  note?: Note;
}
