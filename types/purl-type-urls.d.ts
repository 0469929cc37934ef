/* Generated from schemas/annotated/purl-type-urls.schema.json by `npm run generate`. Do not edit by hand. */

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
 * A value's shape: characters and classes, each optionally quantified; at most three of them with * or +.
 *
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "valuePattern".
 *
 * @example
 * ```ts
 * import type { ValuePattern } from 'teapurl';
 * const valuePattern: ValuePattern = '[^-]+';
 * ```
 */
export type ValuePattern = string;

/**
 * Where the packages of one PURL type live on the web: RFC 6570 URI templates for a package's page, the page of one version and the download of a package version, expanded over the PURL's components and qualifiers, and the URL shapes that read back to a PURL (with the registry's mirrors and the checksum and signature files beside its downloads).
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
   * Templates of the page of one package version (the registry's page of that release, or a forge's tree at a tag), in order of preference.
   */
  version_page?: UrlTemplate[];
  /**
   * Templates of the download URL of one package version (an archive or artifact), in order of preference.
   */
  download?: UrlTemplate[];
  /**
   * Further URL shapes read back to a PURL by urlToPurl, besides the repository, version page and download templates (another host name, a tag page, a file in another layout). A reverse shape may read parts of the URL that no PURL component holds (ignore).
   */
  reverse?: UrlTemplate[];
  /**
   * Other URL prefixes that serve the same files or pages (another host name of the registry, a mirror, an older layout): a URL starting with one is read back as if it started with the prefix it is the same as. Only for reading: purlToUrls writes the document's own URLs.
   */
  mirrors?: UrlMirror[];
  /**
   * Suffixes of the files a registry keeps beside each download (checksums, signatures: .sha1, .md5, .asc, .asc.sha1): a download URL with one of them reads back to the PURL the download reads back to. They apply to the download templates and to reverse shapes marked download.
   */
  sidecars?: string[];
  /**
   * Paths of the default registry's host that hold the site's own pages, never a package (huggingface.co/docs, /spaces): a URL at or under one reads back to no PURL of this type, whatever its templates would read.
   */
  site_paths?: string[];
  /**
   * Worked cases, checked by the validator: a PURL with the URLs it gives, or a URL with the PURL it reads back to.
   *
   * @minItems 1
   */
  examples: [PurlExample | UrlExample, ...(PurlExample | UrlExample)[]];
}
/**
 * A value computed from one source variable (a component, a qualifier, registry, or another derived variable) by exactly one transformation; undefined when the source is.
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
   * The value in lower case (reading a URL back cannot restore the case, so the template must also hold the source variable). A list is lowercased item by item.
   */
  lowercase?: true;
  /**
   * The value with this text put before it (for a part that appears only when the value is given, e.g. "-" before a Maven classifier); undefined when the value is.
   */
  prefix?: string;
  /**
   * The value with each ASCII capital letter written as this character followed by the letter in lower case (the Go module proxy writes github.com/BurntSushi as github.com/!burnt!sushi); a list item by item. Reading back undoes it, and refuses a capital letter in the URL.
   */
  escape_capitals?: string;
  /**
   * The first character of the value, or, when the value starts with one of these prefixes and goes on after it, the prefix and the next character (Debian's pool folders: g for glibc, libx for libxml2; [] for the first character alone). Reading back cannot restore the value, so the template must also hold the source.
   */
  initial?: string[];
  /**
   * The part of the value after the first occurrence of this text, or the whole value without one (a Debian version without its epoch: after ":"). Reading back takes the text as the value, so what came before is lost: a PURL read back carries the value as the URL writes it.
   */
  after?: string;
  /**
   * The part of the value before the first occurrence of this text, or the whole value without one (a source package name out of "glibc@2.36-9": until "@"). Reading back takes the text as the value, so what came after is lost.
   */
  until?: string;
  /**
   * The part of the value after the last occurrence of this text, or the whole value without one (a project's name out of its path: after_last "/"). Reading back cannot restore the value, so the template must also hold the source.
   */
  after_last?: string;
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
   * What the value of a variable must look like in this shape, decoded: a sequence of characters and classes ([0-9], [^-]), each optionally followed by ?, * or +, anchored at both ends. Reading a URL back, only the splits whose values have these shapes count (a wheel's name and version hold no "-": [^-]+); writing one, the template applies only when every such value has its shape (v[^/]* for a Go module proxy version), so that it writes only URLs it reads back as written.
   */
  patterns?: {
    [k: string]: ValuePattern | undefined;
  };
  /**
   * Variables of a reverse shape that match parts of the URL no PURL component holds (a content hash folder, a wheel's compatibility tags): read, checked by expanding the template again, then left out of the PURL. Only in reverse: a template with them cannot be written.
   */
  ignore?: string[];
  /**
   * false: purlToUrls writes URLs with this template, but urlToPurl does not read them back with it (a URL another type's document reads, such as a Swift package's GitHub archive; a version_prefix that cannot be told from the version). Not in reverse.
   */
  read_back?: false;
  /**
   * true in a reverse shape that is the download of a version (a file), so that the document's sidecars apply to it as to the download templates.
   */
  download?: true;
  /**
   * true in a reverse shape whose reading is one of two that the URL supports (an archive named with the project's name and a version: the tag as a whole, or the project's version): the shapes that read the URL with more of it as values count as well, so that where they name another PURL the URL names none for sure (urlToPurl answers null). Only in reverse.
   */
  contested?: true;
  /**
   * true in a reverse shape whose URL is a file the other components do not tell (a release asset, a project's uploaded download): the PURL read back carries the URL itself as its download_url qualifier, so that the PURL still leads to that very file. Only in reverse.
   */
  download_url?: true;
  /**
   * The template applies only to PURLs with exactly this namespace (as the engine writes it canonically), for types whose namespace names a vendor or distribution that the URL's host stands for (deb's debian, rpm's fedora); reading a URL back gives this namespace.
   */
  namespace?: string;
  /**
   * true: the template applies to a PURL whatever its namespace, without writing it (a package repository given as repository_url stands for the vendor). Without it, a template that does not use the namespace applies only to PURLs without one.
   */
  any_namespace?: true;
  /**
   * The template applies only to PURLs with these qualifiers, each with exactly this value (a Debian .dsc file is the source package: arch=source); reading a URL back gives them, as namespace does the namespace.
   */
  qualifiers?: {
    [k: string]: string | undefined;
  };
  /**
   * Why this shape, for people.
   */
  note?: string;
}
/**
 * This interface was referenced by `PurlTypeUrls`'s JSON-Schema
 * via the `definition` "urlMirror".
 *
 * @example
 * ```ts
 * import type { UrlMirror } from 'teapurl';
 * const urlMirror: UrlMirror = {
 *   url: 'https://repo1.maven.org/maven2',
 *   same_as: 'https://repo.maven.apache.org/maven2',
 * };
 * ```
 */
export interface UrlMirror {
  /**
   * The other prefix, without a trailing slash.
   */
  url: string;
  /**
   * The prefix it stands for: the document's default_registry, or the beginning of one of its templates up to a "/" (https://www.npmjs.com/package).
   */
  same_as: string;
  /**
   * What the mirror is, for people.
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
   * The version page URL it gives, or null when none applies; not checked when absent.
   */
  version_page?: string | null;
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
   * A URL of the registry or forge (http or https, or git+https as package.json and SPDX VCS locations write one).
   */
  url: string;
  /**
   * The canonical PURL it reads back to, or null when it names no package.
   */
  purl: string | null;
}
