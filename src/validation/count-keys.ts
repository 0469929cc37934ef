import { prototypeEnumerates } from '../shared/read-value.js';

/** What {@link measureText} finds. */
export interface TextMeasure {
  /** Object keys written in the text: strings followed by a colon. */
  keys: number;
  /** The deepest nesting of arrays and objects. */
  depth: number;
}

/**
 * Counts the object keys and the nesting depth of a JSON text that `JSON.parse` has already
 * accepted. This is no parser; it only has to tell string contents from structure, which valid
 * JSON makes easy.
 */
export function measureText(text: string): TextMeasure {
  let keys = 0;
  let depth = 0;
  let maxDepth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > maxDepth) maxDepth = depth;
      continue;
    }
    if (ch === 125 /* } */ || ch === 93 /* ] */) {
      depth--;
      continue;
    }
    if (ch !== 34 /* " */) continue;
    // Skip the string: the next quote not escaped (after an even run of backslashes). indexOf
    // finds a character much faster than a loop over every one of a long string.
    i = stringClose(text, i);
    let j = i + 1;
    while (j < length) {
      const c = text.charCodeAt(j);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
      j++;
    }
    if (text.charCodeAt(j) === 58 /* : */) keys++;
  }
  return { keys, depth: maxDepth };
}

/**
 * An upper bound on the object keys written in a JSON text that `JSON.parse` has accepted: the
 * colons that follow, past blanks, a quote no backslash escapes. Every key is counted (its colon
 * follows its closing quote); a string value that starts with a colon is counted too. When the
 * bound equals the keys of the parsed value, no key repeats, and the text needs no other pass.
 * One `indexOf` per colon, so it costs a fraction of {@link measureText}.
 */
export function keysBound(text: string): number {
  let keys = 0;
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    let j = colon - 1;
    let c = text.charCodeAt(j);
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(--j);
    if (c !== 34 /* " */) continue;
    let backslashes = 0;
    while (text.charCodeAt(j - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) keys++;
  }
  return keys;
}

/** What {@link measureValue} finds. */
export interface ValueMeasure {
  /** The own keys of every object of the value. */
  keys: number;
  /** The deepest nesting of arrays and objects, or `limit + 1` when it is deeper than `limit`. */
  depth: number;
}

/**
 * Counts the own keys and the nesting of a value `JSON.parse` made, going no deeper than
 * `limit + 1` (so the recursion stays short on any value).
 */
export function measureValue(value: unknown, limit: number): ValueMeasure {
  let keys = 0;
  let deepest = 0;
  const inherited = prototypeEnumerates();
  const walk = (node: object, depth: number): void => {
    if (depth > deepest) deepest = depth;
    if (depth > limit) return;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'object' && item !== null) walk(item, depth + 1);
      }
      return;
    }
    const record = node as Record<string, unknown>;
    // for…in lists the own keys in Object.keys's order without building their array.
    for (const name in record) {
      if (inherited && !Object.hasOwn(record, name)) continue;
      keys++;
      const item = record[name];
      if (typeof item === 'object' && item !== null) walk(item, depth + 1);
    }
  };
  if (typeof value === 'object' && value !== null) walk(value, 1);
  return { keys, depth: deepest };
}

/** Where the JSON string opened at `open` closes: its closing quote's offset, or the text's length. */
function stringClose(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 92 /* \ */) backslashes++;
    if (backslashes % 2 === 0) return close;
    close = text.indexOf('"', close + 1);
  }
  return text.length;
}
