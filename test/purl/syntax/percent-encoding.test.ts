/**
 * The encoder's table (one look-up a character) against an independent model of ECMA-427's
 * canonical encoding: letters, digits, `.-_~` and `:` as they are (and `/` in a path), every other
 * character as the uppercase escapes of its UTF-8 octets; a lone surrogate is a `URIError`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeSlashes, percentDecode, percentEncode, percentEncodePath, percentEncodeWritten } from '../../../src/purl/syntax/percent-encoding.js';

/** The model: each code point on its own, through TextEncoder. */
function model(value: string, keep: RegExp): string {
  let out = '';
  for (const ch of value) {
    if (keep.test(ch)) out += ch;
    else if (/\p{Surrogate}/u.test(ch)) throw new URIError('lone surrogate');
    else for (const octet of new TextEncoder().encode(ch)) out += `%${octet.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
const KEEP = /^[A-Za-z0-9._~:-]$/;
const KEEP_PATH = /^[A-Za-z0-9._~:/-]$/;

/** The encoder's answer, or the name of what it threw. */
const outcome = (f: () => string) => {
  try {
    return f();
  } catch (error) {
    return (error as Error).name;
  }
};

describe('percentEncode and percentEncodePath', () => {
  it('agree with the model on strings of ASCII, non-ASCII, astral characters and lone surrogates', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'a',
        'Z',
        '0',
        '.',
        '-',
        '_',
        '~',
        ':',
        '/',
        '@',
        '+',
        ' ',
        '%',
        '&',
        '=',
        '?',
        '#',
        '\u007f',
        '\u0000',
        'é',
        '€',
        '😀',
        '\uD800',
        '\uDC00',
      ),
      fc.string({ maxLength: 4 }),
    );
    const value = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(value, (s) => {
        expect(outcome(() => percentEncode(s))).toBe(outcome(() => model(s, KEEP)));
        expect(outcome(() => percentEncodeWritten(s))).toBe(outcome(() => model(s, KEEP)));
        expect(outcome(() => percentEncodePath(s))).toBe(outcome(() => model(s, KEEP_PATH)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('encodes every ASCII character as the model does, and decodes back', () => {
    for (let c = 0; c < 128; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      expect(percentEncode(s), `code ${c}`).toBe(model(s, KEEP));
      expect(percentEncodePath(s), `code ${c}`).toBe(model(s, KEEP_PATH));
      expect(percentDecode(percentEncode(s), 'name')).toBe(s);
    }
    expect(percentEncode('https://example.com/a b')).toBe('https:%2F%2Fexample.com%2Fa%20b');
    // The shortcut for values whose only characters to escape are "/" (a URL), and the general path beside it.
    for (const url of ['https://example.com/a/b', '/', '//', 'a/', '/a', 'https://example.com/a b', 'git+https://x/y', 'a']) {
      expect(percentEncodeWritten(url), url).toBe(model(url, KEEP));
    }
    expect(escapeSlashes('x?a/b/c#d', 2, 7)).toBe('a%2Fb%2Fc');
    expect(escapeSlashes('/a//', 0, 4)).toBe('%2Fa%2F%2F');
    expect(percentEncodePath('a b/c@d')).toBe('a%20b/c%40d');
  });
});
