/**
 * The order in which values stand in a JSON text, told from the value `JSON.parse` made of it,
 * without reading the text again. A validation with more findings than it lists sorts them by
 * this and places only those it shows: on a large SBOM with many findings, placing every one
 * read the whole text once more.
 *
 * The order is the text's as long as each object lists its keys in the order they are written.
 * `JSON.parse` keeps that order, except that JavaScript lists integer-like keys (`"0"`, `"10"`)
 * first, in numeric order, and that of two equal keys it keeps the first one's place and the last
 * one's value: for a value with either, no order is told.
 */
import type { PositionRequest } from '../../shared/position-index.js';
import { ARRAY_INDEX_TOKEN, unescapePointerToken } from '../../shared/pointer.js';

/**
 * Where a place stands among the others, as {@link compareRanks} compares them: at each depth,
 * twice the index of the item or member on the way (plus one for its value, nothing for its
 * member name), so that an object's opening comes before its first member's name, a name before
 * its value, and a value before anything after it.
 */
export type TextRank = readonly number[];

/** Negative when `a` stands before `b` in the text, zero when both stand at the same place. */
export function compareRanks(a: TextRank, b: TextRank): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const step = a[i]! - b[i]!;
    if (step !== 0) return step;
  }
  return a.length - b.length;
}

/** `token` as an index of an array of `length` items, written as JSON Pointer writes one; `undefined` for none. */
function arrayIndex(token: string, length: number): number | undefined {
  const first = token.charCodeAt(0);
  if (token.length === 0 || first < 48 || first > 57 || (first === 48 && token.length > 1)) return undefined;
  let index = 0;
  for (let i = 0; i < token.length; i++) {
    const digit = token.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return undefined;
    index = index * 10 + digit;
    if (index >= length) return undefined;
  }
  return index;
}

/** The largest array index JavaScript has; a key read as an integer is one up to it. */
const MAX_INDEX = 2 ** 32 - 2;

/** Whether JavaScript lists `key` among an object's integer-like keys, ahead of the others. */
function integerLike(key: string): boolean {
  return ARRAY_INDEX_TOKEN.test(key) && Number(key) <= MAX_INDEX;
}

/** Objects with more keys than this get a map of them; a smaller one is searched. */
const SEARCHED_KEYS = 16;

/**
 * Where a key stands among its object's own keys (`undefined`: not one of them), or `null` when
 * the object has integer-like keys. Each object's keys are listed once per ranking.
 */
function keyIndexer(): (object: Record<string, unknown>, key: string) => number | null | undefined {
  const known = new Map<object, readonly string[] | Map<string, number> | null>();
  return (object, key) => {
    let keys = known.get(object);
    if (keys === undefined) {
      const own = Object.keys(object);
      // JavaScript lists the integer-like keys first: the first key tells whether there are any.
      keys = own.length > 0 && integerLike(own[0]!) ? null : own.length > SEARCHED_KEYS ? new Map(own.map((k, i) => [k, i])) : own;
      known.set(object, keys);
    }
    if (keys === null) return null;
    if (keys instanceof Map) return keys.get(key);
    const at = keys.indexOf(key);
    return at === -1 ? undefined : at;
  };
}

/**
 * The rank of each request, as the text would place it (a value the document lacks at its nearest
 * ancestor that is there; a member name asked of an array item at the item), or `null` when the
 * value cannot tell the text's order: an object on the way has integer-like keys. The value must
 * be one `JSON.parse` read from a text without repeated keys.
 */
export function ranksOf(value: unknown, requests: readonly PositionRequest[]): TextRank[] | null {
  const indexOfKey = keyIndexer();
  const ranks: TextRank[] = new Array(requests.length);
  for (let r = 0; r < requests.length; r++) {
    const { pointer, atKey } = requests[r]!;
    const rank: number[] = [];
    let node: unknown = value;
    let named = false;
    let reached = true;
    // The pointer's tokens read in place, one slice each: a split and its array for each of
    // 100,000 findings were a third of the ranking.
    const escaped = pointer.includes('~');
    for (let start = 1; start <= pointer.length && pointer !== ''; ) {
      const slash = pointer.indexOf('/', start);
      const end = slash === -1 ? pointer.length : slash;
      const raw = pointer.slice(start, end);
      const token = escaped ? unescapePointerToken(raw) : raw;
      start = end + 1;
      let index: number | null | undefined;
      if (typeof node !== 'object' || node === null) index = undefined;
      else if (Array.isArray(node)) index = arrayIndex(token, node.length);
      else {
        index = indexOfKey(node as Record<string, unknown>, token);
        if (index === null) return null;
      }
      // Not there: the request stands at the ancestor reached.
      if (index === undefined) {
        reached = false;
        break;
      }
      named = !Array.isArray(node);
      rank.push(2 * index + 1);
      node = (node as Record<string, unknown>)[token];
      if (slash === -1) break;
    }
    // A member's name stands one step before its value; an item, the root and an ancestor stood in for have none.
    if (atKey === true && named && reached) rank[rank.length - 1]! -= 1;
    ranks[r] = rank;
  }
  return ranks;
}
