import { PurlError, quote, type PurlComponentName } from '../purl-error.js';
import { emptyQualifiers, type PurlComponents, type PurlQualifiers } from '../purl-components.js';
import { checkQualifierKey, checkType, pathSegments, trimSlashes } from './generic-rules.js';
import { DOT_SEGMENT, isLowerQualifierKey } from './char-classes.js';
import { sortKeys } from './build-purl-string.js';
import { GENERIC_VOCABULARY, type Vocabulary } from './vocabulary.js';

/** Components read for building, with the qualifier keys already listed in canonical (sorted) order. */
export interface ReadComponents extends PurlComponents {
  /** The keys of `qualifiers`, sorted; `null` when there are no qualifiers. */
  qualifierKeys: string[] | null;
}

/**
 * Reads components given by a caller (to build a PURL) into the decoded form the parser
 * produces: type lowercased and checked, slashes around namespace, name and subpath dropped,
 * empty, `.` and `..` subpath segments dropped, qualifier keys lowercased and checked, empty
 * values and empty strings treated as absent. Any object with these members is accepted, so a
 * packageurl-js `PackageURL` works.
 */
export function readComponents(input: unknown, words: Vocabulary = GENERIC_VOCABULARY): ReadComponents {
  if (typeof input !== 'object' || input === null) {
    throw new PurlError('type', 'invalid-components', `PURL components must be an object, not ${input === null ? 'null' : typeof input}`);
  }
  const source = input as Record<string, unknown>;
  const rawType = optionalString(source.type, 'type');
  if (rawType === null) throw new PurlError('type', 'missing-type', 'the type is missing');
  const type = words.types.get(rawType)?.type ?? checkType(rawType);
  const namespace = path(optionalString(source.namespace, 'namespace'), false);
  const name = trimSlashes(optionalString(source.name, 'name') ?? '');
  const read: ReadComponents = {
    type,
    namespace,
    name,
    version: optionalString(source.version, 'version'),
    qualifiers: null,
    subpath: null,
    qualifierKeys: null,
  };
  readQualifiers(source.qualifiers, read, words);
  read.subpath = path(optionalString(source.subpath, 'subpath'), true);
  return read;
}

function optionalString(value: unknown, component: PurlComponentName): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') {
    throw new PurlError(component, 'invalid-components', `${component} must be a string or null, not ${typeof value}`);
  }
  return wellFormed(value, component);
}

/**
 * `value`, unless it holds a lone surrogate: that has no UTF-8 form, so it could only be written
 * as something else (U+FFFD), a different PURL from the one asked for.
 */
function wellFormed(value: string, component: PurlComponentName): string {
  if (value.isWellFormed()) return value;
  throw new PurlError(component, 'invalid-characters', `${component} ${quote(value)} has a lone surrogate, which has no UTF-8 form`);
}

function path(value: string | null, dropDots: boolean): string | null {
  if (value === null) return null;
  // Three cheap tests rule out empty segments; only a subpath drops "." and "..".
  const clean =
    value.charCodeAt(0) !== 0x2f &&
    value.charCodeAt(value.length - 1) !== 0x2f &&
    !value.includes('//') &&
    !(dropDots && value.includes('.') && DOT_SEGMENT.test(value));
  if (clean) return value;
  const joined = pathSegments(value, dropDots).join('/');
  return joined === '' ? null : joined;
}

/** Sets `read.qualifiers` and `read.qualifierKeys` from the caller's qualifiers. */
function readQualifiers(value: unknown, read: ReadComponents, words: Vocabulary): void {
  if (value === null || value === undefined) return;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new PurlError('qualifiers', 'invalid-components', `qualifiers must be an object or null, not ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  if (Object.getPrototypeOf(value) === null) {
    const keys = canonicalRecordKeys(value as Record<string, unknown>, words);
    if (keys !== null) {
      // Already what parsing produces (keys lowercase and valid, values non-empty strings): the
      // engine only reads qualifiers, so the caller's record can be used as it is.
      read.qualifiers = value as PurlQualifiers;
      read.qualifierKeys = sortKeys(keys);
      return;
    }
  }
  const qualifiers = copyQualifiers(value);
  read.qualifiers = qualifiers;
  read.qualifierKeys = qualifiers === null ? null : sortKeys(Object.keys(qualifiers));
}

/** A new record from qualifiers in any accepted form: keys lowercased and checked, empty values left out. */
function copyQualifiers(value: object): PurlQualifiers | null {
  const entries = value instanceof Map ? [...(value as Map<unknown, unknown>)] : Object.entries(value);
  let qualifiers: PurlQualifiers | null = null;
  for (const [rawKey, rawValue] of entries) {
    if (typeof rawKey !== 'string') {
      throw new PurlError('qualifiers', 'invalid-qualifier-key', `qualifier keys must be strings, not ${typeof rawKey}`);
    }
    const key = checkQualifierKey(rawKey, true);
    const text = qualifierValue(key, rawValue);
    if (text === null) continue;
    qualifiers ??= emptyQualifiers();
    if (key in qualifiers) {
      throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} is given more than once (keys are compared lowercased)`);
    }
    qualifiers[key] = text;
  }
  return qualifiers;
}

/** The keys of a record that is already in parsed form (non-empty, valid lowercase keys, non-empty string values), else `null`. */
function canonicalRecordKeys(record: Record<string, unknown>, words: Vocabulary): string[] | null {
  const keys = Object.keys(record);
  for (const key of keys) {
    const value = record[key];
    if (typeof value !== 'string' || value === '' || !value.isWellFormed()) return null;
    if (!words.qualifierKeys.has(key) && !isLowerQualifierKey(key)) return null;
  }
  return keys.length > 0 ? keys : null;
}

function qualifierValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return wellFormed(value, 'qualifiers');
  // ECMA-427 lets a checksum list be given as a list; it is written comma-separated.
  if (key === 'checksum' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length === 0 ? null : wellFormed(value.join(','), 'qualifiers');
  }
  throw new PurlError(
    'qualifiers',
    'invalid-qualifier-value',
    `qualifier ${quote(key)} must have a string value, not ${Array.isArray(value) ? 'an array' : typeof value}`,
  );
}
