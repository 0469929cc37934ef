/** The plain way to count keys, against which the validator's fast counts are tested. */

/** Counts the own keys of every object in a parsed JSON value, by recursion over Object.keys. */
export function countKeysInValue(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let keys = 0;
  if (Array.isArray(value)) {
    for (const item of value) keys += countKeysInValue(item);
    return keys;
  }
  for (const key of Object.keys(value)) {
    keys++;
    keys += countKeysInValue((value as Record<string, unknown>)[key]);
  }
  return keys;
}
