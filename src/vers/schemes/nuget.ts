/**
 * NuGet versions (NuGetVersion): one to four numbers (`Major.Minor.Patch.Revision`, missing
 * ones 0, leading zeros allowed, so `1.0` = `1.0.0.0` = `1.0.00`), an optional SemVer 2.0.0
 * release label compared case-insensitively (numeric labels numerically, below alphanumeric
 * ones), and build metadata that takes no part in the order, as NuGet's VersionComparer.Default
 * has it.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, digitsEnd, isAlpha, isDigit, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

export interface NuGetKey {
  readonly numbers: readonly [Int, Int, Int, Int];
  /** Lowercased labels, numeric ones as integers; `undefined` for a release. */
  readonly labels: readonly (Int | string)[] | undefined;
}

function readLabels(text: string, from: number, what: string): [(Int | string)[], number] {
  const labels: (Int | string)[] = [];
  let start = from;
  for (let i = from; ; i++) {
    const c = text[i];
    if (c === undefined || c === '.' || (c === '+' && what === 'release')) {
      if (i === start) throw new BadVersion(`empty ${what} label`, i);
      const label = text.slice(start, i);
      labels.push(digitsEnd(label, 0) === label.length ? toInt(label) : label.toLowerCase());
      if (c !== '.') return [labels, i];
      start = i + 1;
    } else if (!isAlpha(text.charCodeAt(i)) && !isDigit(text.charCodeAt(i)) && c !== '-') {
      throw new BadVersion(`'${c}' is not allowed in a ${what} label`, i);
    }
  }
}

export function parseNuGet(text: string): NuGetKey {
  const numbers: [Int, Int, Int, Int] = [0, 0, 0, 0];
  let i = 0;
  for (let k = 0; k < 4; k++) {
    const end = digitsEnd(text, i);
    if (end === i) throw new BadVersion('expected a number', i);
    numbers[k] = toInt(text.slice(i, end));
    i = end;
    if (text[i] !== '.') break;
    if (k === 3) throw new BadVersion('a NuGet version has at most four numbers', i);
    i++;
  }
  let labels: (Int | string)[] | undefined;
  if (text[i] === '-') [labels, i] = readLabels(text, i + 1, 'release');
  if (text[i] === '+') [, i] = readLabels(text, i + 1, 'metadata');
  if (i !== text.length) throw new BadVersion(`unexpected '${text[i]}'`, i);
  return { numbers, labels };
}

export function compareNuGet(a: NuGetKey, b: NuGetKey): number {
  for (let k = 0; k < 4; k++) {
    const c = compareInt(a.numbers[k]!, b.numbers[k]!);
    if (c !== 0) return c;
  }
  if (a.labels === undefined || b.labels === undefined) return a.labels === b.labels ? 0 : a.labels === undefined ? 1 : -1;
  const n = Math.min(a.labels.length, b.labels.length);
  for (let k = 0; k < n; k++) {
    const x = a.labels[k]!;
    const y = b.labels[k]!;
    const xText = typeof x === 'string';
    if (xText !== (typeof y === 'string')) return xText ? 1 : -1;
    const c = xText ? compareText(x, y as string) : compareInt(x, y as Int);
    if (c !== 0) return c;
  }
  return a.labels.length - b.labels.length;
}

export const NUGET = scheme('a NuGet version', parseNuGet, compareNuGet);
