/**
 * The one reader of a definition's pattern (src/purl/definitions/regex-tree.ts) that both the
 * flagger and the RE2 translation walk: what it makes of each construct, and that no pattern,
 * however deep or broken, makes it throw or loop.
 */
import { describe, expect, it } from 'vitest';
import { backtrackingCost } from '../../../src/purl/definitions/pattern-flagger.js';
import { toRe2Syntax } from '../../../src/purl/definitions/re2-syntax.js';
import { MAX_GROUP_DEPTH, readRegex } from '../../../src/purl/definitions/regex-tree.js';

describe('readRegex', () => {
  it('reads alternation, groups, repeats, classes, escapes and assertions into one tree', () => {
    expect(readRegex('^(?:a|\\d+)[^x-z\\s]{2,3}?$')).toEqual({
      type: 'sequence',
      items: [
        { type: 'assertion', text: '^' },
        {
          type: 'group',
          kind: 'non-capture',
          body: {
            type: 'alternation',
            branches: [
              { type: 'char', codePoint: 0x61 },
              { type: 'repeat', body: { type: 'set', escape: 'd' }, min: 1, max: Infinity, text: '+' },
            ],
          },
        },
        {
          type: 'repeat',
          body: {
            type: 'class',
            negated: true,
            members: [
              { type: 'range', low: 0x78, high: 0x7a },
              { type: 'set', escape: 's' },
            ],
          },
          min: 2,
          max: 3,
          text: '{2,3}?',
        },
        { type: 'assertion', text: '$' },
      ],
    });
  });

  it('joins a surrogate pair written as two escapes into one code point, as the u flag reads it', () => {
    expect(readRegex('\\uD83D\\uDE00')).toEqual({ type: 'char', codePoint: 0x1f600 });
    expect(readRegex('\\u{1F600}')).toEqual({ type: 'char', codePoint: 0x1f600 });
    expect(readRegex('😀')).toEqual({ type: 'char', codePoint: 0x1f600 });
  });

  it('keeps backreferences and property escapes whole, as escapes it does not read', () => {
    expect(readRegex('\\k<n>\\p{Lu}\\12')).toEqual({
      type: 'sequence',
      items: [
        { type: 'unsupported', escape: 'k<n>' },
        { type: 'unsupported', escape: 'p{Lu}' },
        { type: 'unsupported', escape: '12' },
      ],
    });
  });

  it(`stops at groups nested deeper than ${MAX_GROUP_DEPTH}: the flagger assumes the worst, the translation refuses, nothing overflows`, () => {
    const deep = `^${'('.repeat(50_000)}a${')'.repeat(50_000)}$`;
    expect(backtrackingCost(deep).exponential).toBe(true);
    expect(toRe2Syntax(deep)).toEqual({ ok: false, reason: `it nests groups more than ${MAX_GROUP_DEPTH} deep` });
    const allowed = `^${'('.repeat(MAX_GROUP_DEPTH)}a${')'.repeat(MAX_GROUP_DEPTH)}$`;
    expect(backtrackingCost(allowed).exponential).toBe(false);
    expect(toRe2Syntax(allowed).ok).toBe(true);
  });

  it('reads what only a broken pattern holds without throwing or looping: an open class, a lone brace, a stray parenthesis', () => {
    for (const broken of ['[abc', 'a{', 'a{,3}', 'a)b', '\\', '\\u{12', '(?<n', '(?i', '[a-\\d]'])
      expect(() => {
        readRegex(broken);
        backtrackingCost(broken);
        toRe2Syntax(broken);
      }, broken).not.toThrow();
    expect(toRe2Syntax('a)b')).toEqual({ ok: false, reason: 'it has an unbalanced parenthesis' });
  });
});
