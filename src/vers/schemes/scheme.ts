import type { BadVersion } from '../vers-error.js';

/**
 * One versioning scheme: how its versions are read and ordered. `parse` turns a version into a
 * comparison key once (throwing {@link BadVersion} for a string that is not a version of the
 * scheme), so a range compiled from a VERS compares keys, never strings again.
 */
export interface VersionScheme<K = unknown> {
  /** What a version of this scheme is, for messages: `a PEP 440 version`. */
  readonly label: string;
  readonly parse: (version: string) => K;
  /** Negative, zero or positive; zero means equal as the ecosystem defines equality. */
  readonly compare: (a: K, b: K) => number;
  /**
   * The type's canonical spelling of a version, where it has one beyond validity (RFC 3339 allows
   * a lowercase `t` and `z`; a VERS does not): the problem with `version`, or `undefined`.
   */
  readonly canonical?: (version: string) => BadVersion | undefined;
}

/** A scheme with its key type erased, as the table holds them. */
// biome-ignore lint/suspicious/noExplicitAny: the table erases each scheme's key type; unknown would not accept them
export type AnyVersionScheme = VersionScheme<any>;

/** Builds a scheme; the type parameter ties `parse` and `compare` together. */
export function scheme<K>(
  label: string,
  parse: (version: string) => K,
  compare: (a: K, b: K) => number,
  canonical?: (version: string) => BadVersion | undefined,
): VersionScheme<K> {
  return Object.freeze(canonical ? { label, parse, compare, canonical } : { label, parse, compare });
}
