import { quote } from '../purl-error.js';
import { andMore } from '../../shared/message-text.js';

/**
 * Why a PURL string is not its canonical form, in the words every part of teapurl uses for it
 * (`purl validate`, the type-definition example checks, the docs site's box): the case of the
 * type and of qualifier keys, which ECMA-427 lets a reader repair, and the order of the
 * qualifiers. Other differences (percent-encoding, a name the type's rules fold) are left to the
 * canonical form itself, which the caller shows beside these. `written` must have parsed (its
 * canonical form exists); the reasons come from where ECMA-427's parsing procedure finds the
 * type and the qualifiers.
 */
export function canonicalDifferences(written: string): string[] {
  const reasons: string[] = [];
  const type = /^pkg:\/*([^/]*)\//i.exec(written)?.[1];
  if (type !== undefined && type !== type.toLowerCase()) reasons.push(`type must be lowercase (${quote(type.toLowerCase())})`);
  const hash = written.lastIndexOf('#');
  const end = hash === -1 ? written.length : hash;
  const question = written.lastIndexOf('?', end - 1);
  if (question === -1) return reasons;
  const pairs = written
    .slice(question + 1, end)
    .split('&')
    .filter((pair) => pair !== '');
  // A pair without a value (`x=`, or `x` alone: how-to-parse reads it so) is dropped, and takes no part in the order.
  const split = pairs.map((pair): [key: string, value: string] =>
    pair.includes('=') ? [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)] : [pair, ''],
  );
  const empty = split.filter(([, value]) => value === '').map(([key]) => key);
  if (empty.length > 0) reasons.push(`qualifier ${quote(empty[0]!)} has no value, so it is dropped${andMore(empty.length)}`);
  const keys = split.filter(([, value]) => value !== '').map(([key]) => key);
  const upper = keys.filter((key) => key !== key.toLowerCase());
  if (upper.length > 0) reasons.push(`qualifier key ${quote(upper[0]!)} must be lowercase (${quote(upper[0]!.toLowerCase())})${andMore(upper.length)}`);
  const lower = keys.map((key) => key.toLowerCase());
  if (lower.some((key, i) => i > 0 && key < lower[i - 1]!)) reasons.push('qualifiers must be sorted by key');
  return reasons;
}
