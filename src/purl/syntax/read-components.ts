import { PurlError, quote, type PurlComponentName } from '../purl-error.js';
import { emptyQualifiers, type PurlComponents, type PurlQualifiers } from '../purl-components.js';
import { checkQualifierKey, checkType, pathSegments } from './generic-rules.js';
import { isLowerQualifierKey } from './char-classes.js';

/**
 * Reads components given by a caller (to build a PURL) into the decoded form the parser
 * produces: type lowercased and checked, slashes around namespace, name and subpath dropped,
 * empty, `.` and `..` subpath segments dropped, qualifier keys lowercased and checked, empty
 * values and empty strings treated as absent. Any object with these members is accepted, so a
 * packageurl-js `PackageURL` works.
 */
export function readComponents(input: unknown): PurlComponents {
  if (typeof input !== 'object' || input === null) {
    throw new PurlError('type', 'invalid-components', `PURL components must be an object, not ${input === null ? 'null' : typeof input}`);
  }
  const source = input as Record<string, unknown>;
  const rawType = optionalString(source.type, 'type');
  if (rawType === null) throw new PurlError('type', 'missing-type', 'the type is missing');
  const type = checkType(rawType);
  const namespace = path(optionalString(source.namespace, 'namespace'), false);
  const name = trimSlashes(optionalString(source.name, 'name') ?? '');
  return {
    type,
    namespace,
    name,
    version: optionalString(source.version, 'version'),
    qualifiers: readQualifiers(source.qualifiers),
    subpath: path(optionalString(source.subpath, 'subpath'), true),
  };
}

function optionalString(value: unknown, component: PurlComponentName): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') {
    throw new PurlError(component, 'invalid-components', `${component} must be a string or null, not ${typeof value}`);
  }
  return value;
}

function trimSlashes(value: string): string {
  if (value.charCodeAt(0) !== 0x2f && value.charCodeAt(value.length - 1) !== 0x2f) return value;
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) === 0x2f) start++;
  while (end > start && value.charCodeAt(end - 1) === 0x2f) end--;
  return value.slice(start, end);
}

/** Whether a path has empty, `.` or `..` segments, or slashes at either end. */
const PATH_NEEDS_CLEANING = /^\/|\/$|\/\/|(?:^|\/)\.\.?(?:\/|$)/;

function path(value: string | null, dropDots: boolean): string | null {
  if (value === null) return null;
  if (!PATH_NEEDS_CLEANING.test(value)) return value;
  const joined = pathSegments(value, dropDots).join('/');
  return joined === '' ? null : joined;
}

function readQualifiers(value: unknown): PurlQualifiers | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new PurlError('qualifiers', 'invalid-components', `qualifiers must be an object or null, not ${Array.isArray(value) ? 'an array' : typeof value}`);
  }
  if (Object.getPrototypeOf(value) === null && isCanonicalRecord(value as Record<string, unknown>)) {
    // Already what parsing produces (keys lowercase and valid, values non-empty strings): the
    // engine only reads qualifiers, so the caller's record can be used as it is.
    return value as PurlQualifiers;
  }
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

function isCanonicalRecord(record: Record<string, unknown>): boolean {
  const keys = Object.keys(record);
  for (const key of keys) {
    const value = record[key];
    if (typeof value !== 'string' || value === '' || !isLowerQualifierKey(key)) return false;
  }
  return keys.length > 0;
}

function qualifierValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return value;
  // ECMA-427 lets a checksum list be given as a list; it is written comma-separated.
  if (key === 'checksum' && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length === 0 ? null : value.join(',');
  }
  throw new PurlError('qualifiers', 'invalid-qualifier-value', `qualifier ${quote(key)} must have a string value, not ${Array.isArray(value) ? 'an array' : typeof value}`);
}
