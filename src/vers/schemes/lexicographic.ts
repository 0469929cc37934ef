/**
 * The `lexicographic` scheme: versions compare as their UTF-8 bytes, unsigned, with no
 * normalisation (so a composed `é` and `e` + combining accent differ). UTF-8 byte order is code
 * point order, which is not JavaScript's UTF-16 order for characters above U+FFFF.
 */
import { BadVersion } from '../vers-error.js';
import { scheme } from './scheme.js';

export function parseLexicographic(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A lone surrogate has no UTF-8 encoding.
    if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (!pair) throw new BadVersion('a lone UTF-16 surrogate is not text', i);
      i++;
    }
  }
  return text;
}

export function compareLexicographic(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–DFFF) stand for code points above every other UTF-16 unit.
    const xHigh = x >= 0xd800 && x <= 0xdfff;
    const yHigh = y >= 0xd800 && y <= 0xdfff;
    if (xHigh !== yHigh) return xHigh ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

export const LEXICOGRAPHIC = scheme('a version (any text)', parseLexicographic, compareLexicographic);
