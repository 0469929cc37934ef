/* Generated from schemas/purl-type-urls.schema.json by `npm run generate`. Do not edit by hand. */

/**
 * A template variable: namespace, name, version, subpath, namespace_segments, subpath_segments, registry, q.<qualifier key>, or a derived variable.
 *
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "variableName".
 *
 * @example
 * ```ts
 * import type { VariableName } from 'teapurl';
 * const variableName: VariableName = 'q.classifier';
 * ```
 */
export type VariableName = string;

/**
 * Where the packages of one PURL type live on the web: RFC 6570 URI templates for a package's repository page and for the download of a package version, expanded over the PURL's components and qualifiers, and the URL shapes that read back to a PURL.
 *
 * @example
 * ```ts
 * import type { PurlTypeUrls } from 'teapurl';
 * const purlTypeUrls: PurlTypeUrls = {
 *   $schema: 'https://teapurl.dev/schemas/purl-type-urls.schema.json',
 *   type: 'cargo',
 *   repository: [{ template: 'https://crates.io/crates/{name}' }],
 *   download: [{ template: 'https://static.crates.io/crates/{name}/{name}-{version}.crate' }],
 *   examples: [
 *     {
 *       purl: 'pkg:cargo/rand@0.7.2',
 *       repository: 'https://crates.io/crates/rand',
 *       download: 'https://static.crates.io/crates/rand/rand-0.7.2.crate',
 *     },
 *   ],
 * };
 * ```
 */
export interface PurlTypeUrls {
  /**
   * URL of the schema the document claims to follow.
   */
  $schema?: string;
  /**
   * The PURL type these URLs are for, as it appears after pkg:. It must be a registered type (one the PURL engine has a definition for).
   */
  type: string;
  /**
   * Where the URL layout comes from (the registry's documentation), for people.
   */
  description?: string;
  /**
   * The base URL the variable {+registry} takes when the PURL has no repository_url qualifier. Without a trailing slash.
   */
  default_registry?: string;
  /**
   * Values a variable takes when the PURL does not give it, e.g. {"q.type": "jar"} for a qualifier whose absence means a default.
   */
  defaults?: {
    [k: string]: string | undefined;
  };
  /**
   * Variables derived from a component or qualifier, for layouts that spell a component differently (a Maven groupId's dots as path segments, an npm scope without its @).
   */
  variables?: {
    [k: string]: DerivedVariable | undefined;
  };
  /**
   * Templates of the package's page (its home in the registry or forge), in order of preference: the first one whose variables the PURL gives is used.
   */
  repository?: UrlTemplate[];
  /**
   * Templates of the download URL of one package version (an archive or artifact), in order of preference.
   */
  download?: UrlTemplate[];
  /**
   * Further URL shapes read back to a PURL by urlToPurl, besides the repository and download templates (another host name, a tag page).
   */
  reverse?: UrlTemplate[];
  /**
   * Worked cases, checked by the validator: a PURL with the URLs it gives, or a URL with the PURL it reads back to.
   *
   * @minItems 1
   */
  examples: [PurlExample | UrlExample, ...(PurlExample | UrlExample)[]];
}
/**
 * A value computed from one source variable by exactly one transformation; undefined when the source is.
 *
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "derivedVariable".
 *
 * @example
 * ```ts
 * import type { DerivedVariable } from 'teapurl';
 * const derivedVariable: DerivedVariable = { from: 'namespace', split: '.' };
 * ```
 */
export interface DerivedVariable {
  /**
   * A template variable: namespace, name, version, subpath, namespace_segments, subpath_segments, registry, q.<qualifier key>, or a derived variable.
   */
  from: VariableName;
  /**
   * Split the value at this separator into a list (expand it with an explode modifier, e.g. {/group*}, so that each part is its own encoded path segment).
   */
  split?: string;
  /**
   * The value without this prefix; undefined when the value does not start with it.
   */
  strip_prefix?: string;
  /**
   * The value in lower case (reading a URL back cannot restore the case, so the template must also hold the source variable).
   */
  lowercase?: true;
  /**
   * The value with this text put before it (for a part that appears only when the value is given, e.g. "-" before a Maven classifier); undefined when the value is.
   */
  prefix?: string;
}
/**
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "urlTemplate".
 *
 * @example
 * ```ts
 * import type { UrlTemplate } from 'teapurl';
 * const urlTemplate: UrlTemplate = { template: '{+registry}/{name}/-/{name}-{version}.tgz' };
 * ```
 */
export interface UrlTemplate {
  /**
   * An RFC 6570 URI template (level 4). A component or qualifier value is expanded with simple ({name}) or path-segment ({/name}) expansion, so reserved characters in it are percent-encoded; only {+registry} may use reserved expansion.
   */
  template: string;
  /**
   * Variables the template may be used without: they expand to nothing when the PURL does not give them. Every other variable of the template must have a value for the template to apply.
   */
  optional?: VariableName[];
  /**
   * The template applies only to PURLs with exactly this namespace (as the engine writes it canonically), for types whose namespace names a vendor or distribution that the URL's host stands for (deb's debian, rpm's fedora); reading a URL back gives this namespace.
   */
  namespace?: string;
  /**
   * Why this shape, for people.
   */
  note?: string;
}
/**
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "purlExample".
 *
 * @example
 * ```ts
 * import type { PurlExample } from 'teapurl';
 * const purlExample: PurlExample = {
 *   purl: 'pkg:cargo/rand',
 *   repository: 'https://crates.io/crates/rand',
 *   download: null,
 * };
 * ```
 */
export interface PurlExample {
  /**
   * A canonical PURL of this type.
   */
  purl: string;
  /**
   * The repository URL it gives, or null when none applies.
   */
  repository: string | null;
  /**
   * The download URL it gives, or null when none applies (for instance without a version).
   */
  download: string | null;
}
/**
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "urlExample".
 *
 * @example
 * ```ts
 * import type { UrlExample } from 'teapurl';
 * const urlExample: UrlExample = { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand' };
 * ```
 */
export interface UrlExample {
  /**
   * A URL of the registry or forge.
   */
  url: string;
  /**
   * The canonical PURL it reads back to, or null when it names no package.
   */
  purl: string | null;
}
