/** The longest word {@link WordIndex.find} finds; longer ones are only found by `get` and `has`. */
const MAX_WORD_LENGTH = 63;

/** How many buckets an index has: {@link bucketOf} gives 6 bits of length and 5 of the first character. */
const BUCKETS = (MAX_WORD_LENGTH + 1) << 5;

/**
 * A fixed set of words (the types an engine knows, the qualifier keys its definitions name),
 * looked up in place inside a longer string. Slicing a word out of a PURL and hashing it for a
 * Map, or using it as a property key (which interns it), costs several times more than finding
 * its bucket by length and first character and comparing the few candidates there.
 */
export class WordIndex<T> {
  /**
   * Per bucket (see {@link bucketOf}), its words and their values alternating, or `null`. Filled
   * with `null` up front and flat: an array with holes, an array of entry objects and a for…of
   * loop each cost time in every look-up (measured: a third of a look-up, together).
   */
  readonly #buckets: ((string | T)[] | null)[] = new Array<(string | T)[] | null>(BUCKETS).fill(null);
  readonly #values = new Map<string, T>();

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const [word, value] of entries) {
      if (word.length === 0 || this.#values.has(word)) continue;
      this.#values.set(word, value);
      if (word.length > MAX_WORD_LENGTH) continue;
      (this.#buckets[bucketOf(word.length, word.charCodeAt(0))] ??= []).push(word, value);
    }
  }

  /** The value of the word that `input` holds from `start` to `end`, or `undefined`. */
  find(input: string, start: number, end: number): T | undefined {
    const length = end - start;
    if (length <= 0 || length > MAX_WORD_LENGTH) return undefined;
    const bucket = this.#buckets[bucketOf(length, input.charCodeAt(start))];
    if (bucket == null) return undefined;
    // Sliced out once and compared whole: V8's charCodeAt costs some 30 instructions a character
    // in optimised code (it dispatches on the string's representation each time), so comparing in
    // place character by character costs more than the slice and one native comparison (measured
    // with callgrind: 270 against 370 instructions a look-up, of the types and keys of the suite).
    const written = input.slice(start, end);
    for (let i = 0; i < bucket.length; i += 2) if (bucket[i] === written) return bucket[i + 1] as T;
    return undefined;
  }

  /**
   * The value of `word`, a whole string. A Map look-up: for a string that is already one of
   * the words (a type from parsed components) it costs less than {@link find}.
   */
  get(word: string): T | undefined {
    return this.#values.get(word);
  }

  /** Whether `word` is one of the words. */
  has(word: string): boolean {
    return this.#values.has(word);
  }
}

/**
 * The bucket of a word of `length` (at most {@link MAX_WORD_LENGTH}) starting with `firstCode`.
 * The low 5 bits tell the letters apart (types and keys start with one); other characters share
 * buckets with them, which only adds a candidate to compare.
 */
function bucketOf(length: number, firstCode: number): number {
  return (length << 5) | (firstCode & 0x1f);
}
