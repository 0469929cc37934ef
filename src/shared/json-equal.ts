/**
 * Deep equality of two parsed JSON values, for the generated validators' `uniqueItems` (and
 * `const`/`enum` on structured values). ajv's default helper calls a value's `valueOf` and
 * `toString` when they are not the inherited ones and compares `constructor`s, so an object with
 * a `toString`, `valueOf` or `constructor` key made it throw or answer wrongly. Here every key is
 * plain data: only own enumerable keys are read, and nothing on the values is ever called.
 * Iterative, so deep nesting cannot exhaust the stack, and a pair of objects already being
 * compared is not compared again, so a cyclic value given in memory cannot make it loop.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pending: unknown[] = [a, b];
  // Pairs are remembered only once a comparison runs long, which a cycle makes it do: the common
  // comparison (two small, different objects) allocates nothing.
  let steps = 0;
  let compared: Map<object, Set<object>> | null = null;
  while (pending.length > 0) {
    const y = pending.pop();
    const x = pending.pop();
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) {
      // NaN never comes out of JSON.parse, but a value given in memory may hold it.
      if (typeof x === 'number' && typeof y === 'number' && Number.isNaN(x) && Number.isNaN(y)) continue;
      return false;
    }
    if (++steps > 1000) {
      compared ??= new Map();
      let partners = compared.get(x);
      if (partners?.has(y)) continue;
      if (!partners) {
        partners = new Set();
        compared.set(x, partners);
      }
      partners.add(y);
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
      if (!Object.hasOwn(y, key)) return false;
      pending.push((x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]);
    }
  }
  return true;
}

export default jsonEqual;

/** Deeper items are compared pairwise (a cycle given in memory is one way to get there). */
const MAX_KEY_DEPTH = 256;

/**
 * A string equal for two JSON values exactly when {@link jsonEqual} says they are equal, or
 * `null` for a value it cannot key (not plain JSON data, or nested too deeply).
 */
function jsonKey(value: unknown, depth = 0): string | null {
  if (value === null) return 'n';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      return Number.isFinite(value) ? `#${value === 0 ? 0 : value}` : null;
    case 'object': {
      if (depth >= MAX_KEY_DEPTH) return null;
      const parts: string[] = [];
      if (Array.isArray(value)) {
        for (const item of value) {
          const key = jsonKey(item, depth + 1);
          if (key === null) return null;
          parts.push(key);
        }
        return `[${parts.join(',')}]`;
      }
      for (const name of Object.keys(value).sort()) {
        const key = jsonKey((value as Record<string, unknown>)[name], depth + 1);
        if (key === null) return null;
        parts.push(`${JSON.stringify(name)}:${key}`);
      }
      return `{${parts.join(',')}}`;
    }
    default:
      return null;
  }
}

/**
 * The pair of equal items `uniqueItems` reports, `[later, earlier]`, or `null` when all differ:
 * the latest item equal to an earlier one, and the nearest such earlier one, as ajv's pairwise
 * loop finds them. Keyed in one pass, so a long array costs what reading it costs; values that
 * cannot be keyed fall back to the pairwise comparison.
 */
export function firstRepeat(items: readonly unknown[]): [number, number] | null {
  const keys: string[] = [];
  for (const item of items) {
    const key = jsonKey(item);
    if (key === null) return pairwiseRepeat(items);
    keys.push(key);
  }
  const latest = new Map<string, number>();
  let best: [number, number] | null = null;
  keys.forEach((key, index) => {
    const earlier = latest.get(key);
    if (earlier !== undefined && (best === null || index > best[0])) best = [index, earlier];
    latest.set(key, index);
  });
  return best;
}

function pairwiseRepeat(items: readonly unknown[]): [number, number] | null {
  for (let i = items.length; i-- > 0; ) {
    for (let j = i; j-- > 0; ) if (jsonEqual(items[i], items[j])) return [i, j];
  }
  return null;
}
