/**
 * Debian versions (Debian Policy 5.6.12, dpkg's verrevcmp): `[epoch:]upstream[-revision]`.
 * Epochs compare as numbers, then upstream and revision with dpkg's algorithm: alternately a run
 * of non-digits compared character by character, where `~` sorts before everything (even the end
 * of the string, so `1.0~rc1` < `1.0`), letters before other characters, and a run of digits
 * compared as a number. A missing revision is the empty string, equal to `0`.
 */
import { checkCharacters, splitEpochVersionRelease, type EpochVersionRelease } from './epoch.js';
import { compareInt, isAlpha, isDigit } from './numbers.js';
import { scheme } from './scheme.js';

const UPSTREAM = /^[A-Za-z0-9.+~-]$/;
const REVISION = /^[A-Za-z0-9.+~]$/;

export function parseDebian(text: string): EpochVersionRelease {
  const parts = splitEpochVersionRelease(text);
  checkCharacters(parts.version, parts.versionAt, (c) => UPSTREAM.test(c), 'a Debian upstream version');
  // Policy says the upstream version "should" start with a digit; dpkg only warns, and so this takes it.
  if (parts.release !== undefined) checkCharacters(parts.release, text.length - parts.release.length, (c) => REVISION.test(c), 'a Debian revision');
  return parts;
}

/** dpkg's weight of a character in a non-digit run; the end of the string (NaN) weighs 0. */
function order(c: number): number {
  if (Number.isNaN(c) || isDigit(c)) return 0;
  if (isAlpha(c)) return c;
  if (c === 0x7e) return -1;
  return c + 256;
}

/** dpkg's verrevcmp. */
export function verrevcmp(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    let firstDiff = 0;
    while ((i < a.length && !isDigit(a.charCodeAt(i))) || (j < b.length && !isDigit(b.charCodeAt(j)))) {
      const ac = order(a.charCodeAt(i));
      const bc = order(b.charCodeAt(j));
      if (ac !== bc) return ac - bc;
      i++;
      j++;
    }
    while (a[i] === '0') i++;
    while (b[j] === '0') j++;
    while (isDigit(a.charCodeAt(i)) && isDigit(b.charCodeAt(j))) {
      if (firstDiff === 0) firstDiff = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (isDigit(a.charCodeAt(i))) return 1;
    if (isDigit(b.charCodeAt(j))) return -1;
    if (firstDiff !== 0) return firstDiff;
  }
  return 0;
}

export function compareDebian(a: EpochVersionRelease, b: EpochVersionRelease): number {
  return compareInt(a.epoch, b.epoch) || verrevcmp(a.version, b.version) || verrevcmp(a.release ?? '', b.release ?? '');
}

export const DEB = scheme('a Debian version ([epoch:]upstream[-revision])', parseDebian, compareDebian);
