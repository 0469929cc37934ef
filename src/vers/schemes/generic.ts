/**
 * The `generic` scheme, for versions no ecosystem defines: libversion's core algorithm (the one
 * the VERS project names for it). A version splits into runs of digits and runs of letters,
 * anything else separating them. Each run gets a rank: pre-release words (`alpha`, `beta`, `rc`,
 * `pre` and any unknown word) < zero < post-release words (`patch`, `post`, `pl`, `errata`) <
 * non-zero numbers < a letter suffix (an unknown word right after a number and not followed by
 * one: the `a` of `1.0a`). Runs compare by rank, then numbers as integers and words by their
 * first letter, case ignored (`a` = `alpha`); the shorter version is padded with zeros.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, digitsEnd, isAlpha, isDigit, lettersEnd, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

const PRE_RELEASE = 0;
const ZERO = 1;
const POST_RELEASE = 2;
const NONZERO = 3;
const LETTER_SUFFIX = 4;

const PRE_WORDS = new Set(['alpha', 'beta', 'rc', 'pre']);
const POST_WORDS = new Set(['patch', 'post', 'pl', 'errata']);

export type GenericKey = readonly (readonly [rank: number, value: Int | string])[];

export function parseGeneric(text: string): GenericKey {
  const parts: [number, Int | string][] = [];
  let previousNumber = false;
  for (let i = 0; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (isDigit(c)) {
      const end = digitsEnd(text, i);
      const value = toInt(text.slice(i, end));
      // biome-ignore lint/suspicious/noDoubleEquals: a number or a bigint: == compares 0 and 0n alike
      parts.push([value == 0 ? ZERO : NONZERO, value]);
      previousNumber = true;
      i = end;
    } else if (isAlpha(c)) {
      const end = lettersEnd(text, i);
      const word = text.slice(i, end).toLowerCase();
      let rank = PRE_WORDS.has(word) ? PRE_RELEASE : POST_WORDS.has(word) ? POST_RELEASE : undefined;
      if (rank === undefined) rank = previousNumber && !isDigit(text.charCodeAt(end)) ? LETTER_SUFFIX : PRE_RELEASE;
      parts.push([rank, word[0]!]);
      previousNumber = false;
      i = end;
    } else if (c < 0x21 || c > 0x7e) {
      throw new BadVersion('a generic version is printable ASCII', i);
    } else {
      previousNumber = false;
      i++;
    }
  }
  if (parts.length === 0) throw new BadVersion('a generic version has a number or a word', 0);
  return parts;
}

const PADDING: readonly [number, Int] = [ZERO, 0];

export function compareGeneric(a: GenericKey, b: GenericKey): number {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const [xRank, x] = a[k] ?? PADDING;
    const [yRank, y] = b[k] ?? PADDING;
    if (xRank !== yRank) return xRank - yRank;
    const c = typeof x === 'string' ? (x < (y as string) ? -1 : x > (y as string) ? 1 : 0) : compareInt(x, y as Int);
    if (c !== 0) return c;
  }
  return 0;
}

export const GENERIC = scheme('a version (libversion order)', parseGeneric, compareGeneric);
