/** Whether a value is a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether an object has its own member of this name (never one it inherits, `__proto__` included). */
export function hasOwn(value: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(value, key);
}

/**
 * Whether `for…in` over an object `JSON.parse` made may list a key it inherits: only when a
 * program gave Object.prototype, every such object's prototype, an enumerable key. A walk over a
 * parsed document asks each key whether it is its own only then (the question costs a third of
 * the walk).
 */
export function prototypeEnumerates(): boolean {
  for (const _ in Object.prototype) return true;
  return false;
}
