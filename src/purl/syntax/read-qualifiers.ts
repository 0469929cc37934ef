import { PurlError, quote } from '../purl-error.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { percentDecode } from './percent-encoding.js';
import { checkQualifierKey } from './generic-rules.js';
import type { WordIndex } from './word-index.js';
import { valuesCanonical } from './raw-qualifiers.js';

/** Where qualifier pairs go as they are read: key checked, value as written. */
export interface QualifierSink {
  /**
   * Takes a pair: `ascending` when the key comes after every earlier one (so it is no duplicate),
   * `escaped` when the value may hold a `%` (a value without is its own decoding).
   */
  add(key: string, value: string, ascending: boolean, escaped: boolean): void;
}

/**
 * Reads the qualifiers from `from` to before `to` into `into`: keys checked (a known key as it
 * is, any other lowercased when lenient, and checked), values as written. Returns whether they
 * are written as building writes them: no empty pair, keys in lowercase and ascending, values
 * non-empty and in canonical encoding. `plainEnd`: where `input` stops being plain, if known (else 0).
 */
export function readQualifiers(input: string, from: number, to: number, lenient: boolean, knownKeys: WordIndex<string>, into: QualifierSink, plainEnd = 0): boolean {
  const start = from;
  // "?" with nothing after it, or a trailing "&", is written differently.
  let tidy = from < to && input.charCodeAt(to - 1) !== 0x26;
  let previous = '';
  // Each "=" found is the one of this pair, or of a later one when the value holds none; each
  // "%" the first of this value or of a later one.
  let equals = input.indexOf('=', from);
  let percent = input.indexOf('%', from);
  while (from < to) {
    let next = input.indexOf('&', from);
    if (next === -1 || next > to) next = to;
    if (next > from) {
      if (equals !== -1 && equals < from) equals = input.indexOf('=', from);
      if (equals === -1 || equals >= next) throw noEquals(input, from, next);
      let key = knownKeys.find(input, from, equals);
      if (key === undefined) {
        const written = input.slice(from, equals);
        key = checkQualifierKey(written, lenient);
        if (key !== written) tidy = false;
      }
      const following = input.indexOf('=', equals + 1);
      const ascending = key > previous;
      if (ascending) previous = key;
      if (!ascending || equals + 1 === next || (following !== -1 && following < next)) tidy = false;
      const escaped = percent !== -1 && percent < next;
      into.add(key, input.slice(equals + 1, next), ascending, escaped);
      if (escaped) percent = input.indexOf('%', next);
      equals = following;
    } else {
      tidy = false;
    }
    from = next + 1;
  }
  return tidy && valuesCanonical(input, start, to, plainEnd);
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
    if (!ascending && ((this.record !== null && key in this.record) || (this.#emptyKeys !== null && this.#emptyKeys.includes(key)))) {
      throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} appears more than once`);
    }
    if (value === '') {
      (this.#emptyKeys ??= []).push(key);
      return;
    }
    const decoded = escaped ? percentDecode(value, 'qualifiers') : value;
    if (this.record === null) {
      this.record = emptyQualifiers();
      this.pairs = [];
    }
    this.record[key] = decoded;
    (this.pairs as string[]).push(key, decoded);
  }
}

/** The error for the pair from `from` to `next`, which has no "=". */
function noEquals(input: string, from: number, next: number): PurlError {
  return new PurlError('qualifiers', 'invalid-qualifier-key', `qualifier ${quote(input.slice(from, next))} has no "=" between key and value`);
}
