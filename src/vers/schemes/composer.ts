/**
 * Composer (PHP) versions: what composer/semver's VersionParser accepts as a classical version
 * (`v1.2`, `1.2.3.4`, `1.0.0-beta2`, `1.0-RC1`, `2.1-dev`, `1.0.0-p1`) or a `dev-` branch,
 * normalised as it does (four numbers, `a` → alpha, `b` → beta, `rc` → RC, `p` and `pl` →
 * patch), then ordered with PHP's version_compare, as composer's Comparator does: the
 * normalised text is cut at `.`, `-`, `_`, `+` and digit/letter changes; numbers compare as
 * numbers; words rank dev < alpha = a < beta = b < RC = rc < (a number) < pl = p, any other
 * word below dev.
 */
import { BadVersion } from '../vers-error.js';
import { compareInt, digitsEnd, isAlpha, isDigit, lettersEnd, toInt } from './numbers.js';
import { scheme } from './scheme.js';
import { lookupTable } from '../table.js';

const STABILITY = lookupTable({ stable: 'stable', beta: 'beta', b: 'beta', rc: 'RC', alpha: 'alpha', a: 'alpha', patch: 'patch', pl: 'patch', p: 'patch' });

/** composer/semver's VersionParser::normalize, for classical versions and dev branches. */
export function normalizeComposer(version: string): string {
  if (/^dev-/i.test(version)) {
    for (let i = 4; i < version.length; i++) {
      const c = version.charCodeAt(i);
      if (c < 0x21 || c > 0x7e) throw new BadVersion('a branch name is printable ASCII', i);
    }
    return version;
  }
  let i = version[0] === 'v' || version[0] === 'V' ? 1 : 0;
  const numbers: string[] = [];
  while (numbers.length < 4) {
    if (numbers.length > 0) {
      if (version[i] !== '.' || !isDigit(version.charCodeAt(i + 1))) break;
      i++;
    }
    const end = digitsEnd(version, i);
    if (end === i) throw new BadVersion('a Composer version starts with a number', i);
    numbers.push(version.slice(i, end));
    i = end;
  }
  while (numbers.length < 4) numbers.push('0');
  let normalized = numbers.join('.');
  // The modifier: [._-]?(stable|beta|b|RC|alpha|a|patch|pl|p)((?:[.-]?\d+)*)?([.-]?dev)?
  let at = '._-'.includes(version[i] ?? 'x') && isAlpha(version.charCodeAt(i + 1)) ? i + 1 : i;
  const wordEnd = lettersEnd(version, at);
  const word = version.slice(at, wordEnd).toLowerCase();
  if (word !== '' && word !== 'dev' && STABILITY[word] !== undefined) {
    let number = '';
    at = wordEnd;
    for (;;) {
      const from = '.-'.includes(version[at] ?? 'x') && isDigit(version.charCodeAt(at + 1)) ? at + 1 : at;
      const end = digitsEnd(version, from);
      if (end === from) break;
      number += (number === '' ? '' : version[at] === '-' ? '-' : '.') + version.slice(from, end);
      at = end;
    }
    if (STABILITY[word] !== 'stable') normalized += `-${STABILITY[word]}${number}`;
    i = at;
  }
  const dev = /^[.-]?dev$/i.exec(version.slice(i));
  if (dev) return `${normalized}-dev`;
  if (i !== version.length) throw new BadVersion(`unexpected '${version[i]}' in a Composer version`, i);
  return normalized;
}

/** The order of version_compare's special words; a number sits at '#'. */
function specialRank(part: string): number {
  const forms: readonly [string, number][] = [
    ['dev', 0],
    ['alpha', 1],
    ['a', 1],
    ['beta', 2],
    ['b', 2],
    ['RC', 3],
    ['rc', 3],
    ['#', 4],
    ['pl', 5],
    ['p', 5],
  ];
  return forms.find(([name]) => part.startsWith(name))?.[1] ?? -1;
}

/** php_canonicalize_version, then the parts. */
function phpParts(version: string): string[] {
  const parts: string[] = [];
  let i = 0;
  while (i < version.length) {
    const c = version.charCodeAt(i);
    if (isDigit(c)) {
      const end = digitsEnd(version, i);
      parts.push(version.slice(i, end));
      i = end;
    } else if (isAlpha(c)) {
      const end = lettersEnd(version, i);
      parts.push(version.slice(i, end));
      i = end;
    } else {
      i++;
    }
  }
  return parts;
}

function comparePart(a: string, b: string): number {
  const aNumber = isDigit(a.charCodeAt(0));
  const bNumber = isDigit(b.charCodeAt(0));
  if (aNumber && bNumber) return compareInt(toInt(a), toInt(b));
  return Math.sign(specialRank(aNumber ? '#' : a) - specialRank(bNumber ? '#' : b));
}

/** PHP's version_compare. */
export function phpVersionCompare(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let k = 0; k < n; k++) {
    const c = comparePart(a[k]!, b[k]!);
    if (c !== 0) return c;
  }
  if (a.length > n) return isDigit(a[n]!.charCodeAt(0)) ? 1 : comparePart(a[n]!, '#');
  if (b.length > n) return isDigit(b[n]!.charCodeAt(0)) ? -1 : comparePart('#', b[n]!);
  return 0;
}

export const COMPOSER = scheme('a Composer version', (v: string) => phpParts(normalizeComposer(v)), phpVersionCompare);
