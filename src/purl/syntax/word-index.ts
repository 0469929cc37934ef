/** The longest word {@link WordIndex.find} finds; longer ones are only found by `get` and `has`. */
const MAX_WORD_LENGTH = 63;

interface Entry<T> {
  readonly word: string;
  readonly value: T;
}

/**
 * A fixed set of words (the types an engine knows, the qualifier keys its definitions name),
 * looked up in place inside a longer string. Slicing a word out of a PURL and hashing it for a
 * Map, or using it as a property key (which interns it), costs several times more than finding
 * its bucket by length and first character and comparing the few candidates there.
 */
export class WordIndex<T> {
  readonly #buckets: (Entry<T>[] | undefined)[] = [];
  readonly #values = new Map<string, T>();

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const [word, value] of entries) {
      if (word.length === 0 || this.#values.has(word)) continue;
      this.#values.set(word, value);
      if (word.length > MAX_WORD_LENGTH) continue;
      (this.#buckets[bucketOf(word.length, word.charCodeAt(0))] ??= []).push({ word, value });
    }
  }

  /** The value of the word that `input` holds from `start` to `end`, or `undefined`. */
  find(input: string, start: number, end: number): T | undefined {
    const length = end - start;
    if (length <= 0 || length > MAX_WORD_LENGTH) return undefined;
    const bucket = this.#buckets[bucketOf(length, input.charCodeAt(start))];
    if (bucket === undefined) return undefined;
    for (const entry of bucket) if (input.startsWith(entry.word, start)) return entry.value;
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

function bucketOf(length: number, firstCode: number): number {
  return (length << 7) | (firstCode & 0x7f);
}
