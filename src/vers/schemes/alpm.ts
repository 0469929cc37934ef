/**
 * Arch Linux package versions (pacman's alpm_pkg_vercmp): `[epoch:]pkgver[-pkgrel]`. The
 * epoch, the version and the release each go through pacman's rpmvercmp (an older rpmvercmp:
 * no `~` or `^` rule, a longer separator run wins, and at the end a remaining letter run loses:
 * `1.0rc` < `1.0`). The release is compared only when both versions have one, so `1.5` equals
 * `1.5-1`, as pacman has it; with and without releases mixed, that equality is not transitive.
 */
import { BadVersion } from '../vers-error.js';
import { digitsEnd, isAlpha, isDigit } from './numbers.js';
import { scheme } from './scheme.js';
import { compareSegment } from './segments.js';

export interface AlpmKey {
  readonly epoch: string;
  readonly version: string;
  readonly release: string | undefined;
}

/** pacman's parseEVR: a numeric prefix before `:` is the epoch; after the last `-`, the release. */
export function parseAlpm(text: string): AlpmKey {
  for (let i = 0; i < text.length; i++) {
    if ('/<>='.includes(text[i]!)) throw new BadVersion(`'${text[i]}' is not allowed in a pacman version`, i);
  }
  const digits = digitsEnd(text, 0);
  const hasEpoch = text[digits] === ':';
  const epoch = hasEpoch ? text.slice(0, digits) || '0' : '0';
  const rest = hasEpoch ? text.slice(digits + 1) : text;
  const hyphen = rest.lastIndexOf('-');
  const version = hyphen === -1 ? rest : rest.slice(0, hyphen);
  const release = hyphen === -1 ? undefined : rest.slice(hyphen + 1);
  if (version === '') throw new BadVersion('the version part is empty', hasEpoch ? digits + 1 : 0);
  if (release === '') throw new BadVersion('the release after the last hyphen is empty', text.length);
  return { epoch, version, release };
}

const isAlnum = (c: number) => isDigit(c) || isAlpha(c);

/** rpmvercmp as libalpm's version.c has it. */
export function alpmRpmvercmp(a: string, b: string): number {
  if (a === b) return 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const sepA = i;
    const sepB = j;
    while (i < a.length && !isAlnum(a.charCodeAt(i))) i++;
    while (j < b.length && !isAlnum(b.charCodeAt(j))) j++;
    if (i >= a.length || j >= b.length) break;
    if (i - sepA !== j - sepB) return i - sepA < j - sepB ? -1 : 1;
    const segment = compareSegment(a, i, b, j);
    if (typeof segment === 'number') return segment;
    [i, j] = segment;
  }
  if (i >= a.length && j >= b.length) return 0;
  // A remaining letter run never beats the end: 1.0rc < 1.0 < 1.0.1.
  const restA = a.charCodeAt(i);
  const restB = b.charCodeAt(j);
  return (i >= a.length && !isAlpha(restB)) || isAlpha(restA) ? -1 : 1;
}

export function compareAlpm(a: AlpmKey, b: AlpmKey): number {
  const c = alpmRpmvercmp(a.epoch, b.epoch) || alpmRpmvercmp(a.version, b.version);
  if (c !== 0 || a.release === undefined || b.release === undefined) return c;
  return alpmRpmvercmp(a.release, b.release);
}

export const ALPM = scheme('a pacman version ([epoch:]pkgver[-pkgrel])', parseAlpm, compareAlpm);
