/**
 * Issue 39 item 8: `?purl=` with a raw `&` (a hand-written link) used to drop the qualifiers after
 * it, and the box said "valid and canonical" of what was left. When `purl=` comes first, the rest
 * of the query is the PURL.
 */
import { describe, expect, it } from 'vitest';
import { purlAskedFor } from '../../src/docs/purl-box/asked-purl.js';

describe('the PURL a page address asks the box to show', () => {
  it.each([
    ['?purl=pkg:npm/x@1?a=1&b=2', '', 'pkg:npm/x@1?a=1&b=2'],
    ['?purl=pkg:maven/org.apache/commons-io@2.11?classifier=sources&type=jar#sub', '', 'pkg:maven/org.apache/commons-io@2.11?classifier=sources&type=jar#sub'],
    [`?purl=${encodeURIComponent('pkg:npm/x@1?a=1&b=2')}`, '', 'pkg:npm/x@1?a=1&b=2'],
    ['?purl=pkg:generic/x@1.0+build', '', 'pkg:generic/x@1.0+build'],
    ['?other=1&purl=pkg%3Anpm%2Fy', '', 'pkg:npm/y'],
    ['', '#purl=pkg:npm/x?a=1&b=2', 'pkg:npm/x?a=1&b=2'],
    ['?purl=pkg:npm/bad%zz', '', 'pkg:npm/bad%zz'],
    ['', '', null],
    ['?q=1', '#top', null],
  ])('%s %s', (search, hash, expected) => {
    expect(purlAskedFor(search, hash)).toBe(expected);
  });
});
