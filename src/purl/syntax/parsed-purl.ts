import type { PurlComponents, PurlQualifiers } from '../purl-components.js';
import { caseFreeParts, isCanonicalSource, type CaseFreeParts } from './canonical-source.js';
import type { SourceLayout } from './source-layout.js';
import { buildPurlString } from './build-purl-string.js';

/**
 * The components parsing returns: an ordinary {@link PurlComponents} object (its six members
 * are plain, writable data) that also remembers, in private fields no caller can see, the string
 * it was read from, where its parts were, and what the engine that parsed it made of them.
 * Building such an object while its members are still the ones parsing returned, with that
 * engine, needs neither to read nor to check them again: the string read is the answer when it
 * already was canonical, and otherwise the members are written as they are. Nothing outlives the
 * object, and nothing is shared between inputs.
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
  /** The engine that applied its type rules to the members; `null` until one did. */
  #owner: object | null = null;
  /** Whether that engine writes the name's "/" as separators (see {@link buildPurlString}). */
  #nameIsPath = false;
  /** Whether the type rules left every member as read: only then can the string read be their canonical form. */
  #asRead = true;
  // The members as settled: a caller who assigns one makes the object a plain input.
  readonly #type: string;
  #namespace: string | null;
  #name: string;
  #version: string | null;
  readonly #qualifiers: PurlQualifiers | null;
  #subpath: string | null;
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
   * Records that `owner` applied its type rules to the members, which write the name's "/" as
   * separators when `nameIsPath`; `changed` when the rules changed a member.
   */
  static settle(c: ParsedPurl, owner: object, nameIsPath: boolean, changed: boolean): void {
    c.#owner = owner;
    c.#nameIsPath = nameIsPath;
    if (!changed) return;
    c.#asRead = false;
    c.#namespace = c.namespace;
    c.#name = c.name;
    c.#version = c.version;
    c.#subpath = c.subpath;
  }

  /**
   * The canonical PURL string of `c`, when `c` is a {@link ParsedPurl} that `owner` settled and
   * its members are as settled: the string it was parsed from when that is canonical, else the
   * members written. `null` for anything else (read and build it in full).
   */
  static canonicalForm(c: unknown, owner: object): string | null {
    if (!(typeof c === 'object' && c !== null && #owner in c) || c.#owner !== owner) return null;
    if (c.type !== c.#type || c.namespace !== c.#namespace || c.name !== c.#name || c.version !== c.#version || c.subpath !== c.#subpath) return null;
    if (c.qualifiers !== c.#qualifiers || (c.qualifiers !== null && !samePairs(c.qualifiers, c.#pairs))) return null;
    if (c.#asRead && isCanonicalSource(c.#input, c.#layout)) return c.#input;
    return buildPurlString(c, c.#nameIsPath);
  }

  /** Which components of `c`, as parsing read them, hold no character that lowercasing changes (see {@link caseFreeParts}); 0 for any other object. */
  static caseFree(c: unknown): CaseFreeParts {
    return typeof c === 'object' && c !== null && #layout in c ? caseFreeParts(c.#layout) : 0;
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
