/**
 * Two notations from security advisories. OpenSSL lists affected versions, comma-separated
 * (`3.0.0, 1.0.1b`): the set of those versions. nginx writes `0.7.52-0.8.39` for an inclusive
 * range, `1.4.1+` for that version and later ones in its branch (an even minor version is a
 * stable branch and ends before the next minor; an odd one is mainline and has no end), a
 * version alone, `all`, and joins them with commas; `none` matches nothing.
 */
import { digitsEnd } from '../schemes/numbers.js';
import { nativeError, type ClauseSet } from './clauses.js';

/** Each comma-separated item of `text`, trimmed, with its offset. */
function items(text: string): { item: string; offset: number }[] {
  const out: { item: string; offset: number }[] = [];
  let offset = 0;
  for (const part of text.split(',')) {
    const item = part.trim();
    if (item === '') throw nativeError('an empty item in the list', offset);
    out.push({ item, offset: offset + part.indexOf(item) });
    offset += part.length + 1;
  }
  return out;
}

export function readOpenssl(text: string): ClauseSet[] {
  return items(text).map(({ item, offset }) => [{ op: '=', version: item, offset }]);
}

/** The first version of the next minor branch: `1.4.1` → `1.5.0`. */
function nextMinor(version: string, offset: number): { next: string; stable: boolean } {
  const [major, minor] = version.split('.');
  if (
    major === undefined ||
    minor === undefined ||
    digitsEnd(major, 0) !== major.length ||
    digitsEnd(minor, 0) !== minor.length ||
    major === '' ||
    minor === ''
  ) {
    throw nativeError(`'${version}' is not an nginx version (MAJOR.MINOR.PATCH)`, offset);
  }
  const m = BigInt(minor);
  return { next: `${major}.${m + 1n}.0`, stable: m % 2n === 0n };
}

export function readNginx(text: string): ClauseSet[] {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'all') return [[]];
  if (trimmed === 'none') return [];
  return items(text).map(({ item, offset }): ClauseSet => {
    const dash = item.indexOf('-');
    if (dash !== -1) {
      return [
        { op: '>=', version: item.slice(0, dash).trim(), offset },
        { op: '<=', version: item.slice(dash + 1).trim(), offset: offset + dash + 1 },
      ];
    }
    if (item.endsWith('+')) {
      const version = item.slice(0, -1);
      const { next, stable } = nextMinor(version, offset);
      return stable
        ? [
            { op: '>=', version, offset },
            { op: '<', version: next, offset },
          ]
        : [{ op: '>=', version, offset }];
    }
    return [{ op: '=', version: item, offset }];
  });
}
