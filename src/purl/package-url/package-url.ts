import { defaultPurlEngine } from '../default-engine.js';
import { NORMALISED_BUILD } from '../engine/engine-internals.js';
import { PurlError, quote } from '../purl-error.js';
import type { PurlComponents, PurlComponentsInput, PurlQualifiers } from '../purl-components.js';
import { LENIENT, parseQualifierString } from '../syntax/parse-purl-string.js';
import { samePairs } from '../syntax/parsed-purl.js';
import { componentTable, type PurlComponentTable } from './component-table.js';
import { knownQualifierNames, type PurlKnownQualifierNames } from './known-qualifier-names.js';
import { fieldsOf, ownQualifiers, typeTable, type PurlTypeTable } from './type-table.js';

/**
 * A PURL as an object with packageurl-js 2.x's `PackageURL` members: six plain fields
 * (`undefined` when a component is absent) and `toString()`. Code typed against packageurl-js's
 * `PackageURL` accepts it, and the other way round.
 *
 * @example
 * ```ts
 * import { PackageURL } from 'teapurl/purl';
 * const purl: PackageURL = PackageURL.fromString('pkg:npm/%40angular/core@17.0.0');
 * purl.namespace; // '@angular'
 * purl.qualifiers; // undefined
 * ```
 */
export interface PackageURL {
  /** The package type, lowercase, such as `npm`. */
  type: string;
  /** The name, decoded and normalised under the type's definition. */
  name: string;
  /** The namespace, decoded, segments joined with `/`; `undefined` when absent. */
  namespace: string | undefined;
  /** The version, decoded; `undefined` when absent. */
  version: string | undefined;
  /** The qualifiers by lowercase key, values decoded, in a record with no prototype; `undefined` when there are none. */
  qualifiers: PurlQualifiers | undefined;
  /** The subpath, decoded, segments joined with `/`; `undefined` when absent. */
  subpath: string | undefined;
  /** The canonical PURL string of the fields as they are now (ECMA-427's canonical form). Throws a `PurlError` when fields assigned since make an invalid PURL. */
  toString(): string;
  /**
   * Whether `other` (a `PackageURL`, components or a PURL string) is the same PURL: the canonical
   * forms are equal (see `purlEquals`). `false` when either is not a valid PURL. Present on every
   * teapurl `PackageURL`; optional here so that packageurl-js's instances, which lack it, remain
   * assignable to this type.
   */
  equals?(other: unknown): boolean;
}

/**
 * Qualifiers as the `PackageURL` constructor takes them: a record, a query string (`a=1&b=2`, a
 * leading `?` allowed, read by ECMA-427's rules), or pairs such as a `Map` or `URLSearchParams`.
 *
 * @example
 * ```ts
 * import { PackageURL, type PackageURLQualifiersInput } from 'teapurl/purl';
 * const qualifiers: PackageURLQualifiersInput = 'classifier=sources&type=jar';
 * new PackageURL('maven', 'org.apache.commons', 'io', '1.3.4', qualifiers).toString();
 * // 'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=jar'
 * ```
 */
export type PackageURLQualifiersInput = PurlQualifiers | string | Iterable<readonly [string, string]>;

/**
 * What a `PackageURL.parseString` call returns: the six constructor arguments, normalised, with
 * `undefined` for absent components.
 *
 * @example
 * ```ts
 * import { PackageURL, type PackageURLArguments } from 'teapurl/purl';
 * const args: PackageURLArguments = PackageURL.parseString('pkg:cargo/rand@0.8.5');
 * // ['cargo', undefined, 'rand', '0.8.5', undefined, undefined]
 * ```
 */
export type PackageURLArguments = [
  type: string,
  namespace: string | undefined,
  name: string,
  version: string | undefined,
  qualifiers: PurlQualifiers | undefined,
  subpath: string | undefined,
];

/**
 * The `PackageURL` class itself: its constructor and static members.
 *
 * @example
 * ```ts
 * import { PackageURL, type PackageURLConstructor } from 'teapurl/purl';
 * const Class: PackageURLConstructor = PackageURL;
 * Class.fromString('pkg:gem/rails@7.1.3').name; // 'rails'
 * ```
 */
export interface PackageURLConstructor {
  /**
   * Makes a PURL from its components, unencoded, normalised and checked by the default engine as
   * `buildPurl` does (the type's definition for the 42 bundled types, ECMA-427's generic rules for
   * any other). `null`, `undefined` and `''` mean absent. Throws a `PurlError` for invalid input.
   */
  new (
    type: string,
    namespace: string | undefined | null,
    name: string,
    version?: string | undefined | null,
    qualifiers?: PackageURLQualifiersInput | undefined | null,
    subpath?: string | undefined | null,
  ): PackageURL;
  /** The prototype of every `PackageURL`. */
  readonly prototype: PackageURL;
  /**
   * Parses a PURL string as `parsePurl(s, { lenient: true })` does. Throws a `PurlError` for
   * invalid input.
   */
  fromString(purl: string): PackageURL;
  /** Parses a PURL string into the six constructor arguments, as {@link PackageURLConstructor.fromString} reads them. */
  parseString(purl: string): PackageURLArguments;
  /** Encode, normalize and validate for each component, under ECMA-427's generic rules: {@link PurlComponent}. */
  readonly Component: PurlComponentTable;
  /** The qualifier keys ECMA-427 defines for every type: {@link PurlQualifierNames}. */
  readonly KnownQualifierNames: PurlKnownQualifierNames;
  /** Normalize and validate for each type the default engine has a definition of: {@link PurlType}. */
  readonly Type: PurlTypeTable;
}

/**
 * packageurl-js's `PurlComponent`: the table `PackageURL.Component` holds (the same object), with
 * `encode`, `normalize` and `validate` for each component under ECMA-427's generic rules.
 *
 * @example
 * ```ts
 * import { PackageURL, PurlComponent } from 'teapurl/purl';
 * PurlComponent === PackageURL.Component; // true
 * PurlComponent.qualifierKey.normalize('Repository_URL'); // 'repository_url'
 * ```
 */
export const PurlComponent: PurlComponentTable = /* @__PURE__ */ componentTable();
/**
 * The type of {@link PurlComponent}, by packageurl-js's name for it.
 *
 * @example
 * ```ts
 * import { PurlComponent } from 'teapurl/purl';
 * const table: PurlComponent = PurlComponent;
 * ```
 */
export type PurlComponent = PurlComponentTable;

/**
 * packageurl-js's `PurlQualifierNames`: the table `PackageURL.KnownQualifierNames` holds (the same
 * object), ECMA-427's standard qualifier keys by a PascalCase name.
 *
 * @example
 * ```ts
 * import { PurlQualifierNames } from 'teapurl/purl';
 * PurlQualifierNames.Checksum; // 'checksum'
 * ```
 */
export const PurlQualifierNames: PurlKnownQualifierNames = /* @__PURE__ */ knownQualifierNames();
/**
 * The type of {@link PurlQualifierNames}, by packageurl-js's name for it.
 *
 * @example
 * ```ts
 * import { PurlQualifierNames } from 'teapurl/purl';
 * const names: PurlQualifierNames = PurlQualifierNames;
 * ```
 */
export type PurlQualifierNames = PurlKnownQualifierNames;

/**
 * packageurl-js's `PurlType`: the table `PackageURL.Type` holds (the same object), `normalize` and
 * `validate` for each of the 42 bundled types, by their definitions.
 *
 * @example
 * ```ts
 * import { PurlType } from 'teapurl/purl';
 * PurlType.npm.validate({ name: 'lodash' }, true); // true
 * ```
 */
export const PurlType: PurlTypeTable = /* @__PURE__ */ typeTable();
/**
 * The type of {@link PurlType}, by packageurl-js's name for it.
 *
 * @example
 * ```ts
 * import { PurlType } from 'teapurl/purl';
 * const types: PurlType = PurlType;
 * ```
 */
export type PurlType = PurlTypeTable;

/** The constructor's first argument when `fromString` calls it: the second is then components the engine parsed. */
const PARSED: unique symbol = Symbol('PackageURL.parsed');

/** Qualifiers given as pairs, as a `Map` the engine reads, a key given twice refused (as parsing refuses it). */
function pairsToMap(pairs: Iterable<unknown>): Map<unknown, unknown> {
  const map = new Map<unknown, unknown>();
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new PurlError('qualifiers', 'invalid-components', 'qualifiers given as pairs must be [key, value] arrays');
    }
    const [key, value] = pair as [unknown, unknown];
    if (map.has(key)) {
      throw new PurlError(
        'qualifiers',
        'duplicate-qualifier-key',
        `qualifier key ${typeof key === 'string' ? quote(key) : String(key)} is given more than once`,
      );
    }
    map.set(key, value);
  }
  return map;
}

/** The constructor's qualifiers argument in a form the engine reads (a record or a `Map`). */
function readQualifiersArgument(qualifiers: unknown): unknown {
  if (typeof qualifiers === 'string') return parseQualifierString(qualifiers.startsWith('?') ? qualifiers.slice(1) : qualifiers);
  if (typeof qualifiers === 'object' && qualifiers !== null && !(qualifiers instanceof Map) && Symbol.iterator in qualifiers) {
    return pairsToMap(qualifiers as Iterable<unknown>);
  }
  return qualifiers;
}

/** What the constructor keeps of its build: the canonical string, and the qualifiers as written into it. */
interface Built {
  readonly canonical: string;
  /** Keys and values of the instance's qualifiers at construction, alternating; `null` when none. */
  readonly pairs: string[] | null;
}

/** Builds the caller's components with the default engine: the normalised components (qualifiers in a record of their own, sorted) and what toString needs. */
function construct(type: unknown, namespace: unknown, name: unknown, version: unknown, qualifiers: unknown, subpath: unknown): [PurlComponents, Built] {
  const { canonical, components } = defaultPurlEngine()[NORMALISED_BUILD]({
    type,
    namespace,
    name,
    version,
    qualifiers: readQualifiersArgument(qualifiers),
    subpath,
  });
  const pairs: string[] = [];
  components.qualifiers = ownQualifiers(components, pairs);
  return [components, { canonical, pairs: components.qualifiers === null ? null : pairs }];
}

/**
 * packageurl-js 2.x's `PackageURL`, served by teapurl's engine: switching is a change of import,
 * `import { PackageURL } from 'teapurl/purl'` (or `require('teapurl/purl')`). Behaviour follows
 * ECMA-427 and the bundled type definitions, as `parsePurl` and `buildPurl` do; invalid input
 * throws a {@link PurlError} (an `Error`, with `component` and `code`).
 *
 * @example
 * ```ts
 * import { PackageURL } from 'teapurl/purl';
 * const purl = new PackageURL('maven', 'org.springframework.integration', 'spring-integration-jms', '5.5.5');
 * purl.toString(); // 'pkg:maven/org.springframework.integration/spring-integration-jms@5.5.5'
 * PackageURL.fromString('pkg:PyPI/Django_Package@1.0').name; // 'django-package'
 * ```
 */
// An anonymous class takes its name from the binding, `PackageURL`. Named `class PackageURL`, it
// would clash with that binding in the bundle, and esbuild would rename it `PackageURL2`.
export const PackageURL: PackageURLConstructor = class {
  // The tables, as packageurl-js defines them: own data properties, enumerable.
  static readonly Component = PurlComponent;
  static readonly KnownQualifierNames = PurlQualifierNames;
  static readonly Type = PurlType;

  // packageurl-js's own tests expect the tables read-only: assigning one throws a TypeError (in
  // strict code), as writing into one does (they are frozen).
  static {
    for (const key of ['Component', 'KnownQualifierNames', 'Type']) Object.defineProperty(this, key, { writable: false, configurable: false });
  }

  // Declared in packageurl-js's order, so that JSON.stringify and spreading list them the same way.
  type: string;
  name: string;
  namespace: string | undefined;
  version: string | undefined;
  qualifiers: PurlQualifiers | undefined;
  subpath: string | undefined;
  // Private (no caller sees them when spreading or serialising): while the fields still hold what
  // they were given, toString() has the canonical string without building it.
  /** The components the fields were set from. */
  readonly #source: PurlComponents;
  /** From the constructor: the canonical string of `#source`; `null` from fromString, whose `#source` the engine parsed and knows. */
  readonly #built: Built | null;

  constructor(type: unknown, namespace?: unknown, name?: unknown, version?: unknown, qualifiers?: unknown, subpath?: unknown) {
    let source: PurlComponents;
    let built: Built | null = null;
    if (type === PARSED) source = namespace as PurlComponents;
    else [source, built] = construct(type, namespace, name, version, qualifiers, subpath);
    this.type = source.type;
    this.name = source.name;
    this.namespace = source.namespace ?? undefined;
    this.version = source.version ?? undefined;
    this.qualifiers = source.qualifiers ?? undefined;
    this.subpath = source.subpath ?? undefined;
    this.#source = source;
    this.#built = built;
  }

  toString(): string {
    const engine = defaultPurlEngine();
    // Called on something else (toString.call(null), on a copy): built as the components it is,
    // which the engine refuses with a PurlError when it is not an object of components.
    if (typeof this !== 'object' || this === null || !(#source in this)) return engine.build(this);
    const s = this.#source;
    const unchanged =
      this.type === s.type &&
      this.name === s.name &&
      this.namespace === (s.namespace ?? undefined) &&
      this.version === (s.version ?? undefined) &&
      this.qualifiers === (s.qualifiers ?? undefined) &&
      this.subpath === (s.subpath ?? undefined);
    if (!unchanged) return engine.build(this);
    const built = this.#built;
    // Parsed components: the engine notices qualifiers changed in place itself.
    if (built === null) return engine.build(s);
    return this.qualifiers === undefined || samePairs(this.qualifiers, built.pairs) ? built.canonical : engine.build(this);
  }

  equals(other: unknown): boolean {
    try {
      const engine = defaultPurlEngine();
      const mine = this.toString();
      return typeof other === 'string' ? engine.canonicalize(other) === mine : engine.build(other as PurlComponentsInput) === mine;
    } catch (error) {
      if (error instanceof PurlError) return false;
      throw error;
    }
  }

  static fromString(purl: string): PackageURL {
    return new (PackageURL as unknown as new (parsed: typeof PARSED, c: PurlComponents) => PackageURL)(PARSED, defaultPurlEngine().parse(purl, LENIENT));
  }

  static parseString(purl: string): PackageURLArguments {
    return Object.values(fieldsOf(defaultPurlEngine().parse(purl, LENIENT))) as PackageURLArguments;
  }
};
