import { PurlError } from '../purl-error.js';
import type { PurlQualifiers } from '../purl-components.js';
import { readComponents } from '../syntax/read-components.js';
import { percentEncode, percentEncodePath } from '../syntax/percent-encoding.js';
import { sortKeys, writeQualifiers } from '../syntax/build-purl-string.js';

/**
 * Percent-encodes a component's value as a canonical PURL writes it: packageurl-js's
 * `PurlComponentEncoder`. `''` for anything but a non-empty string (or, for `qualifiers`, a record).
 *
 * @example
 * ```ts
 * import { PurlComponent, type PurlComponentEncoder } from 'teapurl/purl';
 * const encode: PurlComponentEncoder = PurlComponent.version.encode;
 * encode('1.0 beta'); // '1.0%20beta'
 * ```
 */
export type PurlComponentEncoder = (value: unknown) => string;

/**
 * Reads a component's value as the engine does, `undefined` when absent; throws a `PurlError`
 * when the engine refuses it: packageurl-js's `PurlComponentStringNormalizer`.
 *
 * @example
 * ```ts
 * import { PurlComponent, type PurlComponentStringNormalizer } from 'teapurl/purl';
 * const normalize: PurlComponentStringNormalizer = PurlComponent.type.normalize;
 * normalize('NPM'); // 'npm'
 * ```
 */
export type PurlComponentStringNormalizer = (value: unknown) => string | undefined;

/**
 * Reads qualifiers as the engine does (keys lowercased and checked, empty values left out), in a
 * record with no prototype, `undefined` when none are left: packageurl-js's
 * `PurlComponentQualifiersNormalizer`.
 *
 * @example
 * ```ts
 * import { PurlComponent, type PurlComponentQualifiersNormalizer } from 'teapurl/purl';
 * const normalize: PurlComponentQualifiersNormalizer = PurlComponent.qualifiers.normalize;
 * normalize({ Arch: 'x64', empty: '' }); // { arch: 'x64' }
 * ```
 */
export type PurlComponentQualifiersNormalizer = (value: unknown) => PurlQualifiers | undefined;

/**
 * Whether the engine accepts a component's value; with `throws`, a refusal throws the `PurlError`
 * instead of answering `false`: packageurl-js's `PurlComponentValidator`.
 *
 * @example
 * ```ts
 * import { PurlComponent, type PurlComponentValidator } from 'teapurl/purl';
 * const validate: PurlComponentValidator = PurlComponent.type.validate;
 * validate('9lives', false); // false
 * ```
 */
export type PurlComponentValidator = (value: unknown, throws?: boolean) => boolean;

/**
 * The helpers for one component in {@link PurlComponentTable}: how the engine writes, reads and
 * checks it under ECMA-427's generic rules (no type's rules).
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlComponentEntry } from 'teapurl/purl';
 * const version: PurlComponentEntry = PackageURL.Component.version;
 * version.encode('1.0 beta'); // '1.0%20beta'
 * ```
 */
export interface PurlComponentEntry<Normal = string | undefined> {
  /** The value percent-encoded as a canonical PURL writes it; `''` for anything but a non-empty string (or, for `qualifiers`, a record). */
  readonly encode: PurlComponentEncoder;
  /** The value as the engine reads it (type and qualifier keys lowercased, empty path segments dropped); `undefined` when absent. Throws a `PurlError` when the engine refuses it. */
  readonly normalize: (value: unknown) => Normal;
  /** Whether the engine accepts the value; with `throws`, a refusal throws the `PurlError` instead of answering `false`. */
  readonly validate: PurlComponentValidator;
}

/**
 * `PackageURL.Component`, also exported as `PurlComponent`: encode, normalize and validate for
 * each component, served by teapurl's engine, with the members packageurl-js's table has.
 *
 * @example
 * ```ts
 * import { PackageURL, type PurlComponentTable } from 'teapurl/purl';
 * const table: PurlComponentTable = PackageURL.Component;
 * table.qualifierValue.encode('a+b c'); // 'a%2Bb%20c'
 * table.type.validate('9lives'); // false
 * ```
 */
export interface PurlComponentTable {
  /** The package type. */
  readonly type: PurlComponentEntry;
  /** The namespace, `/`-separated segments. */
  readonly namespace: PurlComponentEntry;
  /** The name. */
  readonly name: PurlComponentEntry;
  /** The version. */
  readonly version: PurlComponentEntry;
  /** The qualifiers as a record; `encode` writes them sorted, without the leading `?`. */
  readonly qualifiers: PurlComponentEntry<PurlQualifiers | undefined>;
  /** One qualifier key. */
  readonly qualifierKey: PurlComponentEntry;
  /** One qualifier value. */
  readonly qualifierValue: PurlComponentEntry;
  /** The subpath, `/`-separated segments. */
  readonly subpath: PurlComponentEntry;
}

type Member = keyof PurlComponentTable;

function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Reads `value` as the `member` of otherwise minimal components, so that the engine's own reading of components applies. */
function readAs(member: 'namespace' | 'name' | 'version' | 'qualifiers' | 'subpath', value: unknown): string | PurlQualifiers | null {
  return readComponents({ type: 'generic', name: 'x', [member]: value })[member];
}

function normalize(member: Member, value: unknown): string | PurlQualifiers | undefined {
  if (value === null || value === undefined) return undefined;
  let read: string | PurlQualifiers | null | undefined;
  // A lone key or value is read as qualifiers holding it: the same checks, the same messages.
  if (member === 'type') read = readComponents({ type: value }).type;
  else if (member === 'qualifierKey') read = Object.keys(readAs('qualifiers', new Map([[value, 'x']])) ?? {})[0];
  else if (member === 'qualifierValue') read = (readAs('qualifiers', new Map([['k', value]])) as PurlQualifiers | null)?.k;
  else read = readAs(member, value);
  return read === null || read === '' ? undefined : read;
}

function encode(member: Member, value: unknown): string {
  if (member === 'qualifiers') {
    if (typeof value !== 'object' || value === null) return '';
    const record = value as Record<string, unknown>;
    return writeQualifiers(record, sortKeys(Object.keys(record))).slice(1);
  }
  if (!isText(value)) return '';
  return member === 'namespace' || member === 'subpath' ? percentEncodePath(value) : percentEncode(value);
}

function validate(member: Member, value: unknown, throws: boolean): boolean {
  try {
    const normal = normalize(member, value);
    if (normal === undefined && (member === 'type' || member === 'name')) {
      throw new PurlError(member, member === 'type' ? 'missing-type' : 'missing-name', `the ${member} is missing`);
    }
    return true;
  } catch (error) {
    if (throws || !(error instanceof PurlError)) throw error;
    return false;
  }
}

const MEMBERS: readonly Member[] = ['type', 'namespace', 'name', 'version', 'qualifiers', 'qualifierKey', 'qualifierValue', 'subpath'];

/** The table, frozen; made at import (eight small entries), as packageurl-js exports it as an object. */
export function componentTable(): PurlComponentTable {
  const entries: Record<string, PurlComponentEntry<unknown>> = Object.create(null) as Record<string, PurlComponentEntry<unknown>>;
  for (const member of MEMBERS) {
    entries[member] = Object.freeze({
      encode: (value: unknown) => encode(member, value),
      normalize: (value: unknown) => normalize(member, value),
      validate: (value: unknown, throws = false) => validate(member, value, throws),
    });
  }
  return Object.freeze(entries) as unknown as PurlComponentTable;
}
