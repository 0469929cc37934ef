/**
 * RubyGems versions (Gem::Version): numbers and words separated by dots (`1.2.3`, `1.0.a.2`),
 * a `-` read as `.pre.`; any letter makes a pre-release. Segments are runs of digits or of
 * letters; trailing zeros of the release part and of the pre-release part are dropped
 * (`1.0` = `1`, `1.0.a` = `1.a`); then segment by segment a word sorts below a number, words
 * compare bytewise and numbers as integers, a missing segment counting as 0.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, compareText, digitsEnd, isAlpha, isDigit, lettersEnd, toInt, type Int } from './numbers.js';
import { scheme } from './scheme.js';

export type GemKey = readonly (Int | string)[];

/** `segments` without its trailing zeros. */
function withoutTrailingZeros(segments: (Int | string)[]): (Int | string)[] {
  let end = segments.length;
  // biome-ignore lint/suspicious/noDoubleEquals: a number or a bigint: == compares 0 and 0n alike
  while (end > 0 && segments[end - 1] == 0) end--;
  return segments.slice(0, end);
}

/** Gem::Version#segments: runs of digits (as integers) and of letters, a `-` read as `.pre.`. */
export function gemSegments(version: string): (Int | string)[] {
  const text = version.replaceAll('-', '.pre.');
  const segments: (Int | string)[] = [];
  for (let j = 0; j < text.length; ) {
    if (isDigit(text.charCodeAt(j))) {
      const end = digitsEnd(text, j);
      segments.push(toInt(text.slice(j, end)));
      j = end;
    } else if (isAlpha(text.charCodeAt(j))) {
      const end = lettersEnd(text, j);
      segments.push(text.slice(j, end));
      j = end;
    } else {
      j++;
    }
  }
  return segments;
}

export function parseGem(version: string): GemKey {
  // The pattern of Gem::Version: [0-9]+(\.[0-9a-zA-Z]+)*(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?
  let i = digitsEnd(version, 0);
  if (i === 0) throw new BadVersion('a RubyGems version starts with a number', 0);
  while (version[i] === '.') {
    let j = i + 1;
    while (j < version.length && (isDigit(version.charCodeAt(j)) || isAlpha(version.charCodeAt(j)))) j++;
    if (j === i + 1) throw new BadVersion('empty segment', j);
    i = j;
  }
  if (version[i] === '-') {
    let start = i + 1;
    for (let j = start; ; j++) {
      const c = version[j];
      if (c === undefined || c === '.') {
        if (j === start) throw new BadVersion('empty pre-release segment', j);
        if (c === undefined) {
          i = j;
          break;
        }
        start = j + 1;
      } else if (!isDigit(version.charCodeAt(j)) && !isAlpha(version.charCodeAt(j)) && c !== '-') {
        throw new BadVersion(`'${c}' is not allowed in a RubyGems version`, j);
      }
    }
  }
  if (i !== version.length) throw new BadVersion(`'${version[i]}' is not allowed in a RubyGems version`, i);
  const segments = gemSegments(version);
  const firstWord = segments.findIndex((s) => typeof s === 'string');
  if (firstWord === -1) return withoutTrailingZeros(segments);
  return [...withoutTrailingZeros(segments.slice(0, firstWord)), ...withoutTrailingZeros(segments.slice(firstWord))];
}

export function compareGem(a: GemKey, b: GemKey): number {
  const n = Math.max(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const x = a[k] ?? 0;
    const y = b[k] ?? 0;
    const xText = typeof x === 'string';
    const yText = typeof y === 'string';
    if (xText !== yText) return xText ? -1 : 1;
    const c = xText ? compareText(x, y as string) : compareInt(x, y as Int);
    if (c !== 0) return c;
  }
  return 0;
}

export const GEM = scheme('a RubyGems version', parseGem, compareGem);
