import type { PurlComponents } from '../purl-components.js';
import { percentEncode, percentEncodePath } from './percent-encoding.js';
import type { RawQualifiers } from './raw-qualifiers.js';

/**
 * Writes normalised components as a canonical PURL string: segments percent-encoded one by one,
 * qualifiers sorted by key with empty values left out, subpath without empty, `.` or `..`
 * segments (the components are expected to be normalised already). With `nameIsPath` the
 * name's `/` are separators, written unencoded. `sortedKeys`, when the caller has them, are the
 * keys of `c.qualifiers` in sorted order. When `c.qualifiers` is `null`, `rawQualifiers` (if
 * given) are written instead.
 */
export function buildPurlString(c: PurlComponents, nameIsPath: boolean, sortedKeys?: readonly string[] | null, rawQualifiers?: RawQualifiers): string {
  let out = `pkg:${c.type}/`;
  if (c.namespace !== null) out += `${percentEncodePath(c.namespace)}/`;
  out += nameIsPath ? percentEncodePath(c.name) : percentEncode(c.name);
  if (c.version !== null) out += `@${percentEncode(c.version)}`;
  const qualifiers = c.qualifiers;
  if (qualifiers !== null) {
    out += writeQualifiers(qualifiers, sortedKeys ?? sortKeys(Object.keys(qualifiers)));
  } else if (rawQualifiers !== undefined) {
    out += rawQualifiers.write();
  }
  if (c.subpath !== null) out += `#${percentEncodePath(c.subpath)}`;
  return out;
}

/**
 * Writes the qualifiers of `record` named by `keys`, in that order, as `?a=1&b=2`; a value that is
 * not a string, or is empty, is left out. `''` when nothing is left.
 */
export function writeQualifiers(record: Readonly<Record<string, unknown>>, keys: readonly string[]): string {
  let out = '';
  for (const key of keys) {
    const value = record[key];
    if (typeof value !== 'string' || value === '') continue;
    out += `${out === '' ? '?' : '&'}${key}=${percentEncode(value)}`;
  }
  return out;
}

/**
 * Sorts keys in place, in code-unit order. Insertion sort for the usual handful of keys, which
 * mostly arrive sorted already (as a canonical PURL lists them): n - 1 comparisons then.
 */
export function sortKeys(keys: string[]): string[] {
  if (keys.length > 16) return keys.sort();
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i - 1;
    while (j >= 0 && (keys[j] as string) > key) {
      keys[j + 1] = keys[j] as string;
      j--;
    }
    keys[j + 1] = key;
  }
  return keys;
}
