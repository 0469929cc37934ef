/**
 * Qualifiers as a record with no prototype, so that keys such as `constructor` are plain data.
 *
 * @example
 * ```ts
 * import { parsePurl, type PurlQualifiers } from 'teapurl';
 * const qualifiers: PurlQualifiers | null = parsePurl('pkg:maven/org.apache.commons/io@1.3.4?type=pom&classifier=sources').qualifiers;
 * qualifiers?.type; // 'pom'
 * ```
 */
export type PurlQualifiers = Record<string, string>;

/**
 * The decoded components of a PURL. Absent parts are `null`; `qualifiers` is a null-prototype
 * record, or `null` when there are none. Any object of this shape (a packageurl-js `PackageURL`,
 * for instance) can be passed to {@link PurlEngine.build}.
 *
 * @example
 * ```ts
 * const c: PurlComponents = {
 *   type: 'npm', namespace: '@angular', name: 'core', version: '17.0.0', qualifiers: null, subpath: null,
 * };
 * ```
 */
export interface PurlComponents {
  /** The package type, lowercase, such as `npm`. */
  type: string;
  /** The namespace, decoded, segments joined with `/`; `null` when absent. */
  namespace: string | null;
  /** The name, decoded. */
  name: string;
  /** The version, decoded; `null` when absent. */
  version: string | null;
  /** The qualifiers by lowercase key, values decoded; `null` when there are none. */
  qualifiers: PurlQualifiers | null;
  /** The subpath, decoded, segments joined with `/`; `null` when absent. */
  subpath: string | null;
}

/**
 * What {@link PurlEngine.build} accepts: any object with these members (extra members are ignored).
 * Each member may be absent, `null` or `''` when the component is absent; present ones must be
 * strings, and `qualifiers` a record or a `Map` of strings.
 *
 * @example
 * ```ts
 * import { buildPurl, type PurlComponentsInput } from 'teapurl';
 * const input: PurlComponentsInput = { type: 'npm', namespace: '@angular', name: 'core', version: '17.0.0' };
 * buildPurl(input); // 'pkg:npm/%40angular/core@17.0.0'
 * ```
 */
export interface PurlComponentsInput {
  /** The package type; required. Case is ignored. */
  readonly type?: unknown;
  /** The namespace, unencoded; `/` separates its segments. */
  readonly namespace?: unknown;
  /** The name, unencoded. */
  readonly name?: unknown;
  /** The version, unencoded. */
  readonly version?: unknown;
  /** The qualifiers, unencoded: a record or a `Map` from key to value. */
  readonly qualifiers?: unknown;
  /** The subpath, unencoded; `/` separates its segments. */
  readonly subpath?: unknown;
}

/** A fresh qualifiers record with no prototype. */
export function emptyQualifiers(): PurlQualifiers {
  // Not Object.create(null): V8 makes that a dictionary-mode object, on which Object.keys (as
  // building does) costs some ten times more than on the fast-mode object a literal stays once
  // its prototype is removed.
  return Object.setPrototypeOf({}, null) as PurlQualifiers;
}
