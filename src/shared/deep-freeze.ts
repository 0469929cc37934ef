/**
 * `value` frozen, and every array and plain object inside it: a table a module hands out cannot
 * be changed by one program for all the others.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
