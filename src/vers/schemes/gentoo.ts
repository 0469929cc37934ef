/**
 * Gentoo package versions (Package Manager Specification, section 3.2 and algorithms 3.1–3.7):
 * `N(.N)*[a-z]?(_(alpha|beta|pre|rc|p)N?)*(-rN)?`. The first number compares as an integer; a
 * later one that starts with 0 compares as text with its trailing zeros removed (`1.01` <
 * `1.1`), otherwise as an integer; more numbers win; then the letter; then the suffixes in
 * order, `_alpha` < `_beta` < `_pre` < `_rc` < none < `_p`; then the revision (missing: r0).
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, digitsEnd, toInt, trimTrailingZeros, type Int } from './numbers.js';
import { scheme } from './scheme.js';
import { lookupTable } from '../table.js';

const SUFFIX_ORDER = lookupTable({ alpha: 0, beta: 1, pre: 2, rc: 3, p: 5 });
/** Where "no more suffixes" sorts: after rc, before p. */
const NO_SUFFIX = 4;

export interface GentooKey {
  readonly numbers: readonly string[];
  readonly letter: string;
  readonly suffixes: readonly (readonly [number, Int])[];
  readonly revision: Int;
}

export function parseGentoo(text: string): GentooKey {
  const numbers: string[] = [];
  let i = 0;
  for (;;) {
    const end = digitsEnd(text, i);
    if (end === i) throw new BadVersion('expected a number', i);
    numbers.push(text.slice(i, end));
    i = end;
    if (text[i] !== '.') break;
    i++;
  }
  let letter = '';
  const c = text.charCodeAt(i);
  if (c >= 0x61 && c <= 0x7a) letter = text[i++]!;
  const suffixes: [number, Int][] = [];
  while (text[i] === '_') {
    const name = Object.keys(SUFFIX_ORDER).find((s) => text.startsWith(s, i + 1) && !/[a-z]/.test(text[i + 1 + s.length] ?? ''));
    if (name === undefined) throw new BadVersion('a suffix is _alpha, _beta, _pre, _rc or _p', i);
    i += 1 + name.length;
    const end = digitsEnd(text, i);
    suffixes.push([SUFFIX_ORDER[name]!, end === i ? 0 : toInt(text.slice(i, end))]);
    i = end;
  }
  let revision: Int = 0;
  if (text.startsWith('-r', i)) {
    const end = digitsEnd(text, i + 2);
    if (end === i + 2) throw new BadVersion('-r must be followed by a number', i + 2);
    revision = toInt(text.slice(i + 2, end));
    i = end;
  }
  if (i !== text.length) throw new BadVersion(`unexpected '${text[i]}' in a Gentoo version`, i);
  return { numbers, letter, suffixes, revision };
}

function compareNumbers(a: readonly string[], b: readonly string[]): number {
  let c = compareInt(toInt(a[0]!), toInt(b[0]!));
  if (c !== 0) return c;
  const n = Math.min(a.length, b.length);
  for (let k = 1; k < n; k++) {
    const x = a[k]!;
    const y = b[k]!;
    c = x.startsWith('0') || y.startsWith('0') ? compareText(trimTrailingZeros(x), trimTrailingZeros(y)) : compareInt(toInt(x), toInt(y));
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

export function compareGentoo(a: GentooKey, b: GentooKey): number {
  let c = compareNumbers(a.numbers, b.numbers) || compareText(a.letter, b.letter);
  if (c !== 0) return c;
  const n = Math.max(a.suffixes.length, b.suffixes.length);
  for (let k = 0; k < n; k++) {
    const x = a.suffixes[k];
    const y = b.suffixes[k];
    c = (x?.[0] ?? NO_SUFFIX) - (y?.[0] ?? NO_SUFFIX) || (x && y ? compareInt(x[1], y[1]) : 0);
    if (c !== 0) return c;
  }
  return compareInt(a.revision, b.revision);
}

export const GENTOO = scheme('a Gentoo version', parseGentoo, compareGentoo);
