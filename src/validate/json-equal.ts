/**
 * Deep equality of two parsed JSON values, for the generated validators' `uniqueItems` (and
 * `const`/`enum` on structured values). ajv's default helper calls a value's `valueOf` and
 * `toString` when they are not the inherited ones and compares `constructor`s, so an object with
 * a `toString`, `valueOf` or `constructor` key made it throw or answer wrongly. Here every key is
 * plain data: only own enumerable keys are read, and nothing on the values is ever called.
 * Iterative, so deep nesting cannot exhaust the stack.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pending: unknown[] = [a, b];
  while (pending.length > 0) {
    const y = pending.pop();
    const x = pending.pop();
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      // NaN never comes out of JSON.parse, but a value given in memory may hold it.
      if (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y)) continue;
      return false;
    }
    const xArray = Array.isArray(x);
    if (xArray !== Array.isArray(y)) return false;
    if (xArray) {
      const xs = x as unknown[];
      const ys = y as unknown[];
      if (xs.length !== ys.length) return false;
      for (let i = 0; i < xs.length; i++) pending.push(xs[i], ys[i]);
      continue;
    }
    const xKeys = Object.keys(x);
    if (xKeys.length !== Object.keys(y).length) return false;
    for (const key of xKeys) {
      if (!Object.prototype.hasOwnProperty.call(y, key)) return false;
      pending.push((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]);
    }
  }
  return true;
}

export default jsonEqual;
