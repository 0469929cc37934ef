/**
 * Conan 2 versions (conans/model/version.py): dot-separated items, each a number when it reads
 * as one and text otherwise; a `-` starts a pre-release and a `+` build metadata, each itself a
 * dotted version. Trailing zero items are dropped (`1` = `1.0` = `1.0.0`). Items compare as
 * numbers when both are, else as text (so a number, whose text starts with a digit, sorts below
 * a word); a pre-release sorts below the same version without one; build metadata sorts above.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, digitsEnd, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

type Item = Int | string;

export interface ConanKey {
  readonly items: readonly Item[];
  readonly pre: ConanKey | undefined;
  readonly build: ConanKey | undefined;
}

function items(text: string): Item[] {
  const list = text.split('.').map((item): Item => (item !== '' && digitsEnd(item, 0) === item.length ? toInt(item) : item));
  // biome-ignore lint/suspicious/noDoubleEquals: a number or a bigint: == compares 0 and 0n alike
  while (list.length > 0 && typeof list[list.length - 1] !== 'string' && list[list.length - 1] == 0) list.pop();
  return list;
}

function qualifier(text: string): ConanKey {
  return { items: items(text), pre: undefined, build: undefined };
}

export function parseConan(version: string): ConanKey {
  for (let i = 0; i < version.length; i++) {
    const c = version[i]!;
    if (c === ' ' || c === '[' || c === ']' || c === ',' || c === '|') throw new BadVersion(`'${c}' is not allowed in a Conan version`, i);
  }
  let main = version;
  let build: ConanKey | undefined;
  const plus = main.lastIndexOf('+');
  if (plus !== -1) {
    build = qualifier(main.slice(plus + 1));
    main = main.slice(0, plus);
  }
  let pre: ConanKey | undefined;
  const hyphen = main.indexOf('-');
  if (hyphen !== -1) {
    pre = qualifier(main.slice(hyphen + 1));
    main = main.slice(0, hyphen);
  }
  return { items: items(main), pre, build };
}

function compareItems(a: readonly Item[], b: readonly Item[]): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a[k]!;
    const y = b[k]!;
    const c = typeof x !== 'string' && typeof y !== 'string' ? compareInt(x, y) : compareText(String(x), String(y));
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

/** Absent sorts first, as Python orders None below a version in these tuples. */
function compareOptional(a: ConanKey | undefined, b: ConanKey | undefined): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? -1 : 1;
  return compareConan(a, b);
}

export function compareConan(a: ConanKey, b: ConanKey): number {
  const main = compareItems(a.items, b.items);
  if (a.pre !== undefined && b.pre !== undefined) return main || compareOptional(a.pre, b.pre) || compareOptional(a.build, b.build);
  if (a.pre !== undefined || b.pre !== undefined) return main !== 0 ? main : a.pre !== undefined ? -1 : 1;
  return main || compareOptional(a.build, b.build);
}

export const CONAN = scheme('a Conan version', parseConan, compareConan);
