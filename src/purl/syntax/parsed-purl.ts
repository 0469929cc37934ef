import type { PurlComponents, PurlQualifiers } from '../purl-components.js';
import { isCanonicalSource, isCaseFree, type SourceLayout } from './canonical-source.js';

/**
 * The components parsing returns: an ordinary {@link PurlComponents} object (its six members
 * are plain, writable data) that also remembers, in private fields no caller can see, the string
 * it was read from and where its parts were. Building such an object while its members are still
 * the ones parsing returned, with the engine that parsed it, can then skip the encoding work
 * when that string already was canonical: the parts that did not change are not built again.
 * Nothing outlives the object, and nothing is shared between inputs.
 */
export class ParsedPurl implements PurlComponents {
  type: string;
  namespace: string | null;
  name: string;
  version: string | null;
  qualifiers: PurlQualifiers | null;
  subpath: string | null;

  readonly #input: string;
  readonly #layout: SourceLayout;
  /** The engine whose type rules left every member as read; `null` until one did. */
  #owner: object | null = null;
  // The members as read: a caller who assigns one makes the object a plain input.
  readonly #type: string;
  readonly #namespace: string | null;
  readonly #name: string;
  readonly #version: string | null;
  readonly #qualifiers: PurlQualifiers | null;
  readonly #subpath: string | null;
  /** Keys and values of `qualifiers` as read, alternating. */
  readonly #pairs: readonly string[] | null;

  constructor(
    input: string,
    layout: SourceLayout,
    type: string,
    namespace: string | null,
    name: string,
    version: string | null,
    qualifiers: PurlQualifiers | null,
    pairs: readonly string[] | null,
    subpath: string | null,
  ) {
    this.type = type;
    this.namespace = namespace;
    this.name = name;
    this.version = version;
    this.qualifiers = qualifiers;
    this.subpath = subpath;
    this.#type = type;
    this.#namespace = namespace;
    this.#name = name;
    this.#version = version;
    this.#qualifiers = qualifiers;
    this.#subpath = subpath;
    this.#input = input;
    this.#layout = layout;
    this.#pairs = pairs;
  }

  /**
   * Records that `owner` applied its type rules to `c` and that they left every member as read
   * (only then can the string read be the canonical form of the members).
   */
  static settle(c: ParsedPurl, owner: object): void {
    c.#owner = owner;
  }

  /**
   * The string `c` was parsed from, when `c` is a {@link ParsedPurl} that `owner` settled, its
   * members are untouched, and that string is in canonical form; else `null` (build it).
   */
  static canonicalSource(c: unknown, owner: object): string | null {
    if (!(typeof c === 'object' && c !== null && #owner in c) || c.#owner !== owner) return null;
    if (c.type !== c.#type || c.namespace !== c.#namespace || c.name !== c.#name || c.version !== c.#version || c.subpath !== c.#subpath) return null;
    if (c.qualifiers !== c.#qualifiers || (c.qualifiers !== null && !samePairs(c.qualifiers, c.#pairs))) return null;
    return isCanonicalSource(c.#input, c.#layout) ? c.#input : null;
  }

  /**
   * Whether the namespace and name of `c`, as parsing read them, hold no character that
   * lowercasing changes (parsing saw none); `false` for any other object.
   */
  static caseFree(c: unknown): boolean {
    return typeof c === 'object' && c !== null && #layout in c && isCaseFree(c.#input, c.#layout);
  }

  /** The string `c` was parsed from when it is the canonical form of the members as read (the type rules changed nothing), else `null`. */
  static sourceIfCanonical(c: ParsedPurl): string | null {
    return isCanonicalSource(c.#input, c.#layout) ? c.#input : null;
  }
}

/** Whether `record` holds exactly these keys and values, in this order. */
export function samePairs(record: PurlQualifiers, pairs: readonly string[] | null): boolean {
  if (pairs === null) return false;
  // for…in rather than Object.keys: V8 walks the record's cached key list without making an array.
  let i = 0;
  for (const key in record) {
    if (key !== pairs[i] || record[key] !== pairs[i + 1]) return false;
    i += 2;
  }
  return i === pairs.length;
}
