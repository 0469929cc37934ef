import { PurlError, quote } from '../purl-error.js';
import { emptyQualifiers, type PurlQualifiers } from '../purl-components.js';
import { percentDecode, percentEncodeWritten } from './percent-encoding.js';
import type { QualifierSink } from './read-qualifiers.js';
import { foundIn, hasCharIn } from './text-search.js';
import { NOT_ASCII_VALUE_ESCAPE } from './char-classes.js';

/** From `lastIndex`: any character a canonical qualifier value does not hold (unreserved ones, `:` and escapes). */
const NOT_VALUE = /[^A-Za-z0-9._~:%-]/g;

/**
 * Whether the qualifier values of the section of `input` from `from` to before `to` hold only
 * what a canonical value holds (letters, digits, `.-_~`, `:` and escapes in uppercase hex of
 * ASCII characters that need one), given that their pairs were found with one `=` each and no
 * empty value, and that keys hold none of these characters. Such values decode and encode back
 * to themselves. `plainEnd` is where `input` stops being plain (`SourceLayout.plainEnd`):
 * before it, the only characters out of place in a value are `/` and `@`. A few searches of the
 * whole section instead of a test of each value: a regular expression call costs several
 * indexOf calls.
 */
export function valuesCanonical(input: string, from: number, to: number, plainEnd: number): boolean {
  return plainEnd >= to && !hasCharIn(input, '/', from, to) && !hasCharIn(input, '@', from, to) && valueEscapesCanonical(input, from, to);
}

/** Whether every `%` in the qualifiers from `from` to before `to` starts an escape building writes. */
export function valueEscapesCanonical(input: string, from: number, to: number): boolean {
  const percent = input.indexOf('%', from);
  return percent === -1 || percent >= to || !foundIn(NOT_ASCII_VALUE_ESCAPE, input, percent, to);
}

/** Whether a qualifier value (a whole string) is not in canonical percent-encoding (see {@link valuesCanonical}). */
export function isNotCanonicalValue(value: string): boolean {
  return foundIn(NOT_VALUE, value, 0, value.length) || (value.includes('%') && foundIn(NOT_ASCII_VALUE_ESCAPE, value, 0, value.length));
}

/** The pairs of qualifiers with none: shared, never written to. */
const NONE: string[] = [];

/**
 * Qualifiers as a PURL writes them: keys checked and compared for duplicates, values still
 * percent-encoded. {@link PurlEngine.canonicalize} reads them this way when only the writer needs
 * them (the type has no rule and no required qualifier): then no record is made, and a value in
 * canonical form, a URL full of escapes say, is written back without being decoded and encoded.
 */
export class RawQualifiers implements QualifierSink {
  /** Keys in the order written, those with empty values included (they count for duplicates); made with the first pair (most PURLs have none). */
  #keys: string[] = NONE;
  /** The values as written; `''` for an empty one. */
  #values: string[] = NONE;
  /** Whether each key came above all before it, as in a canonical PURL: then they need no sorting. */
  #ascending = true;
  /** Whether every value was written as building writes it (then each is written back as it is). */
  #valuesCanonical = false;
  /** The keys, once one came out of order (only then is there anything to look up). */
  #seen: Set<string> | null = null;

  /** Adds a pair, refusing a key given before. */
  add(key: string, value: string, ascending: boolean): void {
    // A key above every earlier one is new; only the others need looking up.
    if (!ascending) {
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

  end(input: string, from: number, to: number, plainEnd: number, valuesPlain: boolean): void {
    this.#valuesCanonical = valuesPlain && valuesCanonical(input, from, to, plainEnd);
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
    const keys = this.#keys;
    const order = this.#ascending ? null : sortedOrder(keys);
    let out = '';
    for (let k = 0; k < keys.length; k++) {
      const i = order === null ? k : (order[k] as number);
      const value = this.#values[i] as string;
      if (value === '') continue;
      const canonical = this.#valuesCanonical || !isNotCanonicalValue(value) ? value : percentEncodeWritten(percentDecode(value, 'qualifiers'));
      out += `${out === '' ? '?' : '&'}${keys[i] as string}=${canonical}`;
    }
    return out;
  }
}

/** The indexes of `keys` in key order (equal keys side by side): an insertion sort, for the handful a PURL has. */
export function sortedOrder(keys: readonly string[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    let j = i;
    for (; j > 0 && (keys[order[j - 1] as number] as string) > key; j--) order[j] = order[j - 1] as number;
    order[j] = i;
  }
  return order;
}
