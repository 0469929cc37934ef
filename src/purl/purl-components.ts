/**
 * Qualifiers as a record with no prototype, so that keys such as `constructor` are plain data.
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
  type: string;
  namespace: string | null;
  name: string;
  version: string | null;
  qualifiers: PurlQualifiers | null;
  subpath: string | null;
}

/** What {@link PurlEngine.build} accepts: any object with these members (extra members are ignored). */
export interface PurlComponentsInput {
  readonly type?: unknown;
  readonly namespace?: unknown;
  readonly name?: unknown;
  readonly version?: unknown;
  readonly qualifiers?: unknown;
  readonly subpath?: unknown;
}

/** A fresh qualifiers record with no prototype. */
export function emptyQualifiers(): PurlQualifiers {
  // Not Object.create(null): V8 makes that a dictionary-mode object, on which Object.keys (as
  // building does) costs some ten times more than on the fast-mode object a literal stays once
  // its prototype is removed.
  return Object.setPrototypeOf({}, null) as PurlQualifiers;
}
