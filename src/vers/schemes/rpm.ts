/**
 * RPM versions: `[epoch:]version[-release]`, compared with rpmvercmp (rpm 4.15+): runs of
 * digits compare as numbers and beat runs of letters, letters compare as text, other characters
 * only separate, `~` sorts before anything (even the end: `1.0~rc1` < `1.0`) and `^` after the
 * base version but before anything else (`1.0` < `1.0^git1` < `1.0.1`). The epoch compares as a
 * number (missing: 0). A missing release compares as an empty one, below any release, so the
 * order stays total (rpm's dependency matching, which ignores a missing release, is not an order).
 */
import { checkCharacters, splitEpochVersionRelease, type EpochVersionRelease } from './epoch.js';
import { compareInt, isAlpha, isDigit } from './numbers.js';
import { scheme } from './scheme.js';
import { compareSegment } from './segments.js';

const ALLOWED = /^[A-Za-z0-9._+~^]$/;

export function parseRpm(text: string): EpochVersionRelease {
  const parts = splitEpochVersionRelease(text);
  checkCharacters(parts.version, parts.versionAt, (c) => ALLOWED.test(c), 'an RPM version');
  if (parts.release !== undefined) checkCharacters(parts.release, text.length - parts.release.length, (c) => ALLOWED.test(c), 'an RPM release');
  return parts;
}

const isAlnum = (c: number) => isDigit(c) || isAlpha(c);
const TILDE = 0x7e;
const CARET = 0x5e;

/** rpmvercmp from rpm's lib/rpmvercmp.c. */
export function rpmvercmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while (i < a.length && !isAlnum(a.charCodeAt(i)) && a.charCodeAt(i) !== TILDE && a.charCodeAt(i) !== CARET) i++;
    while (j < b.length && !isAlnum(b.charCodeAt(j)) && b.charCodeAt(j) !== TILDE && b.charCodeAt(j) !== CARET) j++;
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (x === TILDE || y === TILDE) {
      if (x !== TILDE) return 1;
      if (y !== TILDE) return -1;
      i++;
      j++;
      continue;
    }
    if (x === CARET || y === CARET) {
      if (i >= a.length) return -1;
      if (j >= b.length) return 1;
      if (x !== CARET) return 1;
      if (y !== CARET) return -1;
      i++;
      j++;
      continue;
    }
    if (i >= a.length || j >= b.length) break;
    const segment = compareSegment(a, i, b, j);
    if (typeof segment === 'number') return segment;
    [i, j] = segment;
  }
  if (i >= a.length && j >= b.length) return 0;
  return i >= a.length ? -1 : 1;
}

export function compareRpm(a: EpochVersionRelease, b: EpochVersionRelease): number {
  return compareInt(a.epoch, b.epoch) || rpmvercmp(a.version, b.version) || rpmvercmp(a.release ?? '', b.release ?? '');
}

export const RPM = scheme('an RPM version ([epoch:]version[-release])', parseRpm, compareRpm);
