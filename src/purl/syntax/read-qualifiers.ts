import { PurlError, quote } from '../purl-error.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { percentDecode } from './percent-encoding.js';
import { checkQualifierKey } from './generic-rules.js';
import type { WordIndex } from './word-index.js';

/** Where qualifier pairs go as they are read: key checked, value as written. */
export interface QualifierSink {
  /**
   * Takes a pair: `ascending` when the key comes after every earlier one (so it is no duplicate),
   * `escaped` when the value may hold a `%` (a value without is its own decoding).
   */
  add(key: string, value: string, ascending: boolean, escaped: boolean): void;
  /**
   * Told, once every pair is read, where the section is (`plainEnd`: where `input` stops being
   * plain) and whether each value was non-empty with no "=" of its own.
   */
  end?(input: string, from: number, to: number, plainEnd: number, valuesPlain: boolean): void;
}

/**
 * Reads the qualifiers from `from` to before `to` into `into`: keys checked (a known key as it
 * is, any other lowercased when lenient, and checked), values as written. Returns whether the
 * pairs are written as building writes them, all but the characters of the values (see
 * {@link valuesCanonical}): no empty pair, keys in lowercase and ascending, values non-empty
 * with no "=" of their own. `plainEnd`: where `input` stops being plain, if known (else 0);
 * `firstPercent`: where the first "%" after the path is (-1: none), if known (else 0).
 */
export function readQualifiers(
  input: string,
  from: number,
  to: number,
  lenient: boolean,
  knownKeys: WordIndex<string>,
  into: QualifierSink,
  plainEnd = 0,
  firstPercent = 0,
): boolean {
  const start = from;
  // Keys as building writes them: lowercase and ascending, no empty pair, no trailing "&".
  let keysCanonical = from < to && input.charCodeAt(to - 1) !== 0x26;
  // Values with no "=" of their own and none empty; their characters are checked at the end.
  let valuesPlain = true;
  let previous = '';
  // Each "=" found is the one of this pair, or of a later one when the value holds none; each
  // "%" the first of this value or of a later one.
  let equals = input.indexOf('=', from);
  // `firstPercent`, when the caller knows it (SourceLayout.percent), spares a search of the rest
  // of the string: -1 (none after the path) or past `from` is the first "%" from `from` on.
  let percent = firstPercent === -1 || firstPercent >= from ? firstPercent : input.indexOf('%', from);
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    if (next > from) {
      if (equals !== -1 && equals < from) equals = input.indexOf('=', from);
      // A pair with no "=" is a key with an empty value (how-to-parse splits it "once from left
      // on '='", leaving nothing on the right), and a pair with an empty value is discarded.
      const bare = equals === -1 || equals >= next;
      const keyEnd = bare ? next : equals;
      let key = knownKeys.find(input, from, keyEnd);
      if (key === undefined) {
        const written = input.slice(from, keyEnd);
        key = checkQualifierKey(written, lenient);
        if (key !== written) keysCanonical = false;
      }
      const ascending = key > previous;
      if (ascending) previous = key;
      else keysCanonical = false;
      if (bare) {
        valuesPlain = false;
        into.add(key, '', ascending, false);
        from = next + 1;
        continue;
      }
      const following = input.indexOf('=', equals + 1);
      if (equals + 1 === next || (following !== -1 && following < next)) valuesPlain = false;
      const escaped = percent !== -1 && percent < next;
      into.add(key, input.slice(equals + 1, next), ascending, escaped);
      if (escaped) percent = input.indexOf('%', next);
      equals = following;
    } else {
      keysCanonical = false;
    }
    from = next + 1;
  }
  into.end?.(input, start, to, plainEnd, valuesPlain);
  return keysCanonical && valuesPlain;
}

/**
 * The qualifiers parsing returns, read pair by pair: values decoded, empty values left out but
 * still counted for duplicates, and the keys and values also listed in `pairs`.
 */
export class QualifierRecord implements QualifierSink {
  record: PurlQualifiers | null = null;
  pairs: string[] | null = null;
  #emptyKeys: string[] | null = null;

  add(key: string, value: string, ascending: boolean, escaped: boolean): void {
    // Keys mostly come sorted; only one that does not can be a duplicate.
    if (!ascending && ((this.record !== null && key in this.record) || this.#emptyKeys?.includes(key))) {
      throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} appears more than once`);
    }
    if (value === '') {
      (this.#emptyKeys ??= []).push(key);
      return;
    }
    const decoded = escaped ? percentDecode(value, 'qualifiers') : value;
    if (this.record === null) {
      this.record = emptyQualifiers();
      // Made with the first pair: an array of two, where an empty one would take room for 17 at
      // its first push (most PURLs have one or two qualifiers).
      this.pairs = [key, decoded];
    } else {
      (this.pairs as string[]).push(key, decoded);
    }
    this.record[key] = decoded;
  }
}
