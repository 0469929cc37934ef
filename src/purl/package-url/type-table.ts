import { defaultPurlEngine } from '../default-engine.js';
import { DEFAULT_RULES_JSON, type BundledPurlTypes } from '../compiled/default-rules.js';
import { NORMALISED_BUILD } from '../engine/engine-internals.js';
import { PurlError } from '../purl-error.js';
import { emptyQualifiers, type PurlComponents, type PurlComponentsInput, type PurlQualifiers } from '../purl-components.js';
import type { ReadComponents } from '../syntax/read-components.js';

/**
 * The members of a PURL that {@link PurlTypeEntry.normalize} rewrites: a `PackageURL`, or any
 * object with these fields.
 *
 * @example
 * ```ts
 * import type { PurlFields } from 'teapurl/purl';
 * const fields: PurlFields = { type: 'npm', namespace: undefined, name: 'Lodash', version: '4.17.21', qualifiers: undefined, subpath: undefined };
 * ```
 */
export interface PurlFields {
  /** The package type. */
  type: string;
  /** The namespace; `undefined` when absent. */
  namespace: string | undefined;
  /** The name. */
  name: string;
  /** The version; `undefined` when absent. */
  version: string | undefined;
  /** The qualifiers; `undefined` when there are none. */
  qualifiers: PurlQualifiers | undefined;
  /** The subpath; `undefined` when absent. */
  subpath: string | undefined;
}

/**
 * Rewrites the fields of a PURL in place to their normal form under one type's definition and
 * returns it: packageurl-js's `PurlTypNormalizer` (its spelling). Throws a `PurlError` when the
 * components are not valid for the type.
 *
 * @example
 * ```ts
 * import { PurlType, type PurlTypNormalizer } from 'teapurl/purl';
 * const normalize: PurlTypNormalizer = PurlType.pypi.normalize;
 * normalize({ type: 'pypi', namespace: undefined, name: 'Django_Package', version: undefined, qualifiers: undefined, subpath: undefined }).name; // 'django-package'
 * ```
 */
export type PurlTypNormalizer = <T extends PurlFields>(purl: T) => T;

/**
 * Whether components are valid for one type; with `throws`, a refusal throws the `PurlError`
 * instead of answering `false`: packageurl-js's `PurlTypeValidator`.
 *
 * @example
 * ```ts
 * import { PurlType, type PurlTypeValidator } from 'teapurl/purl';
 * const validate: PurlTypeValidator = PurlType.julia.validate;
 * validate({ name: 'Dates' }, false); // false: julia PURLs need the uuid qualifier
 * ```
 */
export type PurlTypeValidator = (purl: PurlComponentsInput, throws?: boolean) => boolean;

/**
 * The helpers for one type in {@link PurlTypeTable}, served by the default engine's definition
 * of that type.
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlTypeEntry } from 'teapurl/purl';
 * const pypi: PurlTypeEntry = PackageURL.Type.pypi;
 * pypi.validate({ name: 'Django_Package' }); // true
 * ```
 */
export interface PurlTypeEntry {
  /**
   * Rewrites the fields of `purl` in place to their normal form under this type's definition
   * (case folding, the type's own rules), and returns `purl`. Throws a `PurlError` when the
   * components are not valid for this type: they have no normal form then.
   */
  readonly normalize: PurlTypNormalizer;
  /** Whether the components are valid for this type; with `throws`, a refusal throws the `PurlError` instead of answering `false`. */
  readonly validate: PurlTypeValidator;
}

/**
 * `PackageURL.Type`, also exported as `PurlType`: one {@link PurlTypeEntry} for each of the 42
 * bundled types (declared by name, so `PackageURL.Type.npm` needs no check for `undefined`); any
 * other key reads `undefined`.
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlTypeTable } from 'teapurl/purl';
 * const types: PurlTypeTable = PackageURL.Type;
 * types.npm.validate({ name: 'lodash' }, true); // true
 * Object.keys(types).includes('cargo'); // true
 * ```
 */
export interface PurlTypeTable extends BundledPurlTypes<PurlTypeEntry> {
  /** Any other type: `undefined`, as the default engine has no definition of it. */
  readonly [type: string]: PurlTypeEntry | undefined;
}

/** Components as packageurl-js holds them, in its argument order: absent ones `undefined`, not `null`. */
export function fieldsOf(c: PurlComponents): PurlFields {
  return {
    type: c.type,
    namespace: c.namespace ?? undefined,
    name: c.name,
    version: c.version ?? undefined,
    qualifiers: c.qualifiers ?? undefined,
    subpath: c.subpath ?? undefined,
  };
}

/**
 * The qualifiers of built components in a record of their own, keys sorted as the canonical
 * string has them: the caller's record may be among the components as it is, and stays theirs.
 * `pairs`, when given, receives the same keys and values, alternating (what `toString` compares).
 */
export function ownQualifiers(components: ReadComponents, pairs?: string[]): PurlQualifiers | null {
  if (components.qualifiers === null) return null;
  const own = emptyQualifiers();
  let any = false;
  for (const key of components.qualifierKeys ?? []) {
    const value = components.qualifiers[key];
    if (value === undefined || value === '') continue;
    own[key] = value;
    pairs?.push(key, value);
    any = true;
  }
  return any ? own : null;
}

/** The components of `purl` with this type, as the engine reads them. */
function asType(type: string, purl: PurlComponentsInput): PurlComponentsInput {
  return typeof purl !== 'object' || purl === null ? purl : { ...fieldsOf(purl as PurlComponents), type };
}

function entry(type: string): PurlTypeEntry {
  return Object.freeze({
    normalize<T extends PurlFields>(purl: T): T {
      // The components building normalised, not the parse of the string built: parsing has a
      // length limit, building has none, and the two read the same components.
      const { components } = defaultPurlEngine()[NORMALISED_BUILD](asType(type, purl));
      return Object.assign(purl, fieldsOf({ ...components, qualifiers: ownQualifiers(components) }));
    },
    validate(purl: PurlComponentsInput, throws = false): boolean {
      try {
        defaultPurlEngine().build(asType(type, purl));
        return true;
      } catch (error) {
        if (throws || !(error instanceof PurlError)) throw error;
        return false;
      }
    },
  });
}

/**
 * The table, frozen, made at import from the bundled rules' type names (what the default engine's
 * `types()` lists), without building the engine: each entry asks for it when called.
 */
export function typeTable(): PurlTypeTable {
  const entries: Record<string, PurlTypeEntry> = Object.create(null) as Record<string, PurlTypeEntry>;
  for (const { type } of JSON.parse(DEFAULT_RULES_JSON) as { type: string }[]) entries[type] = entry(type);
  return Object.freeze(entries) as PurlTypeTable;
}
