/**
 * OpenSSL release versions: `MAJOR.MINOR.PATCH`, before 3.0 with a letter suffix for the patch
 * releases of a base version (`1.0.2`, `1.0.2a` … `1.0.2z`, `1.0.2za` … `1.0.2zh`), and
 * pre-releases `-alphaN`, `-betaN`, `-preN` below their base version. The numbers compare as
 * integers, then the letters as text (each `z` run is a prefix, so text order is release
 * order), then a release sorts above its pre-releases.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, digitsEnd, lettersEnd, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

export interface OpensslKey {
  readonly numbers: readonly [Int, Int, Int];
  readonly letters: string;
  /** [alpha 0 | beta 1 | pre 2, number]; `undefined` for a release. */
  readonly pre: readonly [number, Int] | undefined;
}

const PRE = ['alpha', 'beta', 'pre'];

export function parseOpenssl(text: string): OpensslKey {
  const numbers: [Int, Int, Int] = [0, 0, 0];
  let i = 0;
  for (let k = 0; k < 3; k++) {
    if (k > 0) {
      if (text[i] !== '.') throw new BadVersion('an OpenSSL version has three numbers, MAJOR.MINOR.PATCH', i);
      i++;
    }
    const end = digitsEnd(text, i);
    if (end === i) throw new BadVersion('expected a number', i);
    numbers[k] = toInt(text.slice(i, end));
    i = end;
  }
  const lettersAt = i;
  i = lettersEnd(text, i);
  const letters = text.slice(lettersAt, i);
  if (letters !== '' && !/^[a-z]+$/.test(letters)) throw new BadVersion('the patch letters of an OpenSSL version are lowercase', lettersAt);
  let pre: [number, Int] | undefined;
  if (text[i] === '-') {
    const kind = PRE.findIndex((p) => text.startsWith(p, i + 1));
    if (kind === -1) throw new BadVersion('an OpenSSL pre-release is -alphaN, -betaN or -preN', i + 1);
    i += 1 + PRE[kind]!.length;
    const end = digitsEnd(text, i);
    pre = [kind, end === i ? 0 : toInt(text.slice(i, end))];
    i = end;
  }
  if (i !== text.length) throw new BadVersion(`unexpected '${text[i]}' in an OpenSSL version`, i);
  return { numbers, letters, pre };
}

export function compareOpenssl(a: OpensslKey, b: OpensslKey): number {
  for (let k = 0; k < 3; k++) {
    const c = compareInt(a.numbers[k]!, b.numbers[k]!);
    if (c !== 0) return c;
  }
  const c = compareText(a.letters, b.letters);
  if (c !== 0) return c;
  if (a.pre === undefined || b.pre === undefined) return a.pre === b.pre ? 0 : a.pre === undefined ? 1 : -1;
  return a.pre[0] - b.pre[0] || compareInt(a.pre[1], b.pre[1]);
}

export const OPENSSL = scheme('an OpenSSL version', parseOpenssl, compareOpenssl);
