/** Defensive readers for semantic checks, which see documents the schema may have rejected. */

/** The value if it is a plain JSON object, else `undefined`. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The value if it is an array, else an empty array. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An own property of an object, never an inherited one. */
export function own(obj: Record<string, unknown> | undefined, key: string): unknown {
  return obj && Object.hasOwn(obj, key) ? obj[key] : undefined;
}
