/**
 * The `intdot` scheme: non-negative integers separated by dots (`10.234.5.12`), compared
 * number by number, leading zeros ignored and missing numbers counting as 0 (`1.0` = `1`).
 * Only digits and dots are read; anything else is refused rather than silently dropped.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, digitsEnd, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

export function parseIntdot(text: string): readonly Int[] {
  const numbers: Int[] = [];
  let i = 0;
  for (;;) {
    const end = digitsEnd(text, i);
    if (end === i) throw new BadVersion('expected a number', i);
    numbers.push(toInt(text.slice(i, end)));
    i = end;
    if (i === text.length) return numbers;
    if (text[i] !== '.') throw new BadVersion(`'${text[i]}' is not allowed: an intdot version is numbers and dots`, i);
    i++;
  }
}

export function compareIntdot(a: readonly Int[], b: readonly Int[]): number {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const c = compareInt(a[k] ?? 0, b[k] ?? 0);
    if (c !== 0) return c;
  }
  return 0;
}

export const INTDOT = scheme('an intdot version (numbers and dots)', parseIntdot, compareIntdot);
