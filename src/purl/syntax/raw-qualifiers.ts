import { PurlError, quote } from '../purl-error.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { percentDecode, percentEncode } from './percent-encoding.js';

/** A character a canonical value never holds as it is. */
const NOT_CANONICAL_CHARACTER = /[^A-Za-z0-9._~:%-]/;
/** A `%` that does not start an escape (uppercase hex) of an ASCII character that needs one. */
const NOT_CANONICAL_ESCAPE = /%(?![01][0-9A-F]|2[0-9A-CF]|3[B-F]|40|5[B-E]|60|7[BCDF])/;

/**
 * Whether a qualifier value as written is not in canonical percent-encoding: it holds a character
 * other than letters, digits, `.-_~`, `:` and `%`, or a `%` that does not start an escape of an
 * ASCII character that needs one. A value without either decodes and encodes back to itself, so
 * it is written as it is. Two simple tests rather than one alternation: V8 runs a lone character
 * class much faster, and most values have no `%` at all.
 */
export function isNotCanonicalValue(value: string): boolean {
  return NOT_CANONICAL_CHARACTER.test(value) || (value.includes('%') && NOT_CANONICAL_ESCAPE.test(value));
}

/**
 * Qualifiers as a PURL writes them: keys checked and compared for duplicates, values still
 * percent-encoded. {@link PurlEngine.canonicalize} reads them this way when only the writer needs
 * them (the type has no rule and no required qualifier): then no record is made, and a value in
 * canonical form, a URL full of escapes say, is written back without being decoded and encoded.
 */
/** The pairs of qualifiers with none: shared, never written to. */
const NONE: string[] = [];

export class RawQualifiers {
  /** Keys in the order written, those with empty values included (they count for duplicates); made with the first pair (most PURLs have none). */
  #keys: string[] = NONE;
  /** The values as written; `''` for an empty one. */
  #values: string[] = NONE;
  #greatest = '';
  /** Whether each key came above all before it, as in a canonical PURL: then they need no sorting. */
  #ascending = true;
  /** The keys, once one came out of order (only then is there anything to look up). */
  #seen: Set<string> | null = null;

  /** Adds a pair, refusing a key given before. */
  add(key: string, value: string): void {
    // A key above every earlier one is new; only the others need looking up.
    if (key > this.#greatest) {
      this.#greatest = key;
    } else {
      this.#seen ??= new Set(this.#keys);
      if (this.#seen.has(key)) {
        throw new PurlError('qualifiers', 'duplicate-qualifier-key', `qualifier key ${quote(key)} appears more than once`);
      }
      this.#ascending = false;
    }
    this.#seen?.add(key);
    if (this.#keys === NONE) {
      this.#keys = [];
      this.#values = [];
    }
    this.#keys.push(key);
    this.#values.push(value);
  }

  /** The decoded qualifiers as parsing returns them: a record without the empty values, or `null`. */
  toRecord(): PurlQualifiers | null {
    let record: PurlQualifiers | null = null;
    for (let i = 0; i < this.#keys.length; i++) {
      const value = this.#values[i] as string;
      if (value === '') continue;
      record ??= emptyQualifiers();
      record[this.#keys[i] as string] = percentDecode(value, 'qualifiers');
    }
    return record;
  }

  /**
   * The canonical qualifiers part of a PURL, "?" included: keys sorted, empty values left out,
   * values in canonical encoding; `''` when no pair is left. A malformed escape is refused here.
   */
  write(): string {
    const order = this.#ascending ? null : this.#sortedOrder();
    let out = '';
    for (let k = 0; k < this.#keys.length; k++) {
      const i = order === null ? k : (order[k] as number);
      const value = this.#values[i] as string;
      if (value === '') continue;
      const canonical = isNotCanonicalValue(value) ? percentEncode(percentDecode(value, 'qualifiers')) : value;
      out += `${out === '' ? '?' : '&'}${this.#keys[i] as string}=${canonical}`;
    }
    return out;
  }

  /** Pair indexes in key order (the keys are distinct). */
  #sortedOrder(): number[] {
    const keys = this.#keys;
    return keys.map((_, i) => i).sort((a, b) => ((keys[a] as string) < (keys[b] as string) ? -1 : 1));
  }
}
