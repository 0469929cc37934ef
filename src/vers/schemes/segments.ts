import { digitsEnd, isDigit, lettersEnd } from './numbers.js';

/**
 * The segment step of rpmvercmp, which rpm and pacman share: the run of digits (or of letters)
 * starting at `a[i]` against the run of the same kind at `b[j]`. Numbers compare by value (more
 * digits without leading zeros win), letters as text; when `b` has no run of that kind there, the
 * numeric side is newer. Returns the comparison when it decides, else where both runs end.
 */
export function compareSegment(a: string, i: number, b: string, j: number): number | readonly [number, number] {
  const numeric = isDigit(a.charCodeAt(i));
  const endA = numeric ? digitsEnd(a, i) : lettersEnd(a, i);
  const endB = numeric ? digitsEnd(b, j) : lettersEnd(b, j);
  if (endB === j) return numeric ? 1 : -1;
  let segA = a.slice(i, endA);
  let segB = b.slice(j, endB);
  if (numeric) {
    segA = segA.replace(/^0+/, '');
    segB = segB.replace(/^0+/, '');
    if (segA.length !== segB.length) return segA.length > segB.length ? 1 : -1;
  }
  if (segA !== segB) return segA < segB ? -1 : 1;
  return [endA, endB];
}
