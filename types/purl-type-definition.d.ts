/* Generated from schemas/purl-type-definition.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * Further remarks.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "note".
 */
export type Note = string;
/**
 * Whether a PURL component must, may or must not appear.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "requirement".
 */
export type ComponentRequirement = 'optional' | 'required' | 'prohibited';
/**
 * An ECMA-262 regular expression that every value of the component must match. It narrows, never widens, what the PURL specification allows.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "permittedCharacters".
 */
export type PermittedCharacters = string;
/**
 * false when case carries no meaning; the canonical form is then lowercase. Absent means true.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "caseSensitive".
 */
export type CaseSensitive = boolean;
/**
 * Rules, in prose, that tools apply to reach the canonical form. Distinct.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "normalizationRules".
 */
export type NormalizationRules = string[];
/**
 * What the package ecosystem itself calls this part (a Maven namespace is a groupId, an npm namespace a scope).
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "nativeName".
 */
export type NativeName = string;
/**
 * Any of the four component definitions.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "componentDefinition".
 */
export type ComponentDefinition =
  NamespaceDefinition | NameDefinition | VersionDefinition | SubpathDefinition;

/**
 * Describes one Package-URL type: how each PURL component behaves for it, which qualifiers it knows, where its packages live, and canonical examples.
 */
export interface PurlTypeDefinition {
  /**
   * URL of the schema the document claims to follow.
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
  repository: RepositoryDefinition;
  namespace_definition: NamespaceDefinition;
  name_definition: NameDefinition;
  version_definition?: VersionDefinition;
  /**
   * The qualifiers this type knows. Some may be required.
   */
  qualifiers_definition?: QualifierDefinition[];
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
  note?: Note;
}
/**
 * How the namespace behaves for this type. It may be optional, required or prohibited.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "namespaceDefinition".
 */
export interface NamespaceDefinition {
  requirement: ComponentRequirement;
  permitted_characters?: PermittedCharacters;
  case_sensitive?: CaseSensitive;
  normalization_rules?: NormalizationRules;
  native_name?: NativeName;
  note?: Note;
}
/**
 * How the name behaves for this type. Every PURL has a name, so it is always required.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "nameDefinition".
 */
export interface NameDefinition {
  requirement: 'required';
  permitted_characters?: PermittedCharacters;
  case_sensitive?: CaseSensitive;
  normalization_rules?: NormalizationRules;
  native_name?: NativeName;
  note?: Note;
}
/**
 * How the version behaves for this type. A version is always optional.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "versionDefinition".
 */
export interface VersionDefinition {
  requirement: 'optional';
  permitted_characters?: PermittedCharacters;
  case_sensitive?: CaseSensitive;
  normalization_rules?: NormalizationRules;
  native_name?: NativeName;
  note?: Note;
}
/**
 * One qualifier key this type knows.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "qualifierDefinition".
 */
export interface QualifierDefinition {
  /**
   * The qualifier key as written in a PURL.
   */
  key: string;
  /**
   * Whether every PURL of this type must carry the qualifier. Absent means optional.
   */
  requirement?: 'optional' | 'required';
  /**
   * What the qualifier means.
   */
  description: string;
  /**
   * The value assumed when a PURL omits the qualifier.
   */
  default_value?: string;
  native_name?: NativeName;
}
/**
 * How the subpath behaves for this type. A subpath is always optional.
 *
 * This interface was referenced by `PurlTypeDefinition`'s JSON-Schema
 * via the `definition` "subpathDefinition".
 */
export interface SubpathDefinition {
  requirement: 'optional';
  permitted_characters?: PermittedCharacters;
  case_sensitive?: CaseSensitive;
  normalization_rules?: NormalizationRules;
  native_name?: NativeName;
  note?: Note;
}
