import { defaultPurlEngine } from '../default-engine.js';
import { PurlError } from '../purl-error.js';
import type { PurlComponentsInput, PurlQualifiers } from '../purl-components.js';

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
 * The helpers for one type in {@link PurlTypeTable}, served by the default engine's definition
 * of that type.
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlTypeEntry } from 'teapurl/purl';
 * const pypi: PurlTypeEntry | undefined = PackageURL.Type.pypi;
 * pypi?.validate({ name: 'Django_Package' }); // true
 * ```
 */
export interface PurlTypeEntry {
  /**
   * Rewrites the fields of `purl` in place to their normal form under this type's definition
   * (case folding, the type's own rules), and returns `purl`. Throws a `PurlError` when the
   * components are not valid for this type: they have no normal form then.
   */
  readonly normalize: <T extends PurlFields>(purl: T) => T;
  /** Whether the components are valid for this type; with `throws`, a refusal throws the `PurlError` instead of answering `false`. */
  readonly validate: (purl: PurlComponentsInput, throws?: boolean) => boolean;
}

/**
 * `PackageURL.Type`: one {@link PurlTypeEntry} for each type the default engine has a definition
 * of (the 42 bundled types).
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlTypeTable } from 'teapurl/purl';
 * const types: PurlTypeTable = PackageURL.Type;
 * Object.keys(types).includes('cargo'); // true
 * ```
 */
export type PurlTypeTable = Readonly<Record<string, PurlTypeEntry>>;

/** The components of `purl` with this type, as the engine reads them. */
function asType(type: string, purl: PurlComponentsInput): PurlComponentsInput {
  if (typeof purl !== 'object' || purl === null) return purl;
  return { type, namespace: purl.namespace, name: purl.name, version: purl.version, qualifiers: purl.qualifiers, subpath: purl.subpath };
}

function entry(type: string): PurlTypeEntry {
  return Object.freeze({
    normalize<T extends PurlFields>(purl: T): T {
      const engine = defaultPurlEngine();
      const c = engine.parse(engine.build(asType(type, purl)));
      purl.type = c.type;
      purl.namespace = c.namespace ?? undefined;
      purl.name = c.name;
      purl.version = c.version ?? undefined;
      purl.qualifiers = c.qualifiers ?? undefined;
      purl.subpath = c.subpath ?? undefined;
      return purl;
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

let table: PurlTypeTable | undefined;

/** The table, made on first use (it lists the engine's types, which loads their rules), frozen. */
export function typeTable(): PurlTypeTable {
  if (table === undefined) {
    const entries: Record<string, PurlTypeEntry> = Object.setPrototypeOf({}, null) as Record<string, PurlTypeEntry>;
    for (const type of defaultPurlEngine().types()) entries[type] = entry(type);
    table = Object.freeze(entries);
  }
  return table;
}
