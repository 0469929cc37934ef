/**
 * A frozen lookup table without a prototype: a key such as `__proto__`, `constructor` or
 * `toString` finds nothing instead of an inherited member, so names read from input can be
 * looked up directly.
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}
