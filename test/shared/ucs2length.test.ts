/**
 * The generated validators count string lengths with our ucs2length instead of ajv's runtime
 * helper (so ajv is needed only to generate them): the two must agree on every string.
 */
import fc from 'fast-check';
import ajvUcs2length from 'ajv/dist/runtime/ucs2length.js';
import { describe, expect, it } from 'vitest';
import ucs2length from '../../src/shared/ucs2length.js';
import { teaTokenResponse } from '../../src/tea/kinds/compiled/tea-token-response.js';

// A CommonJS module whose function is `exports.default`: loaders disagree on which the default import is.
type Length = (s: string) => number;
const imported = ajvUcs2length as unknown as Length | { default: Length };
const ajvLength: Length = typeof imported === 'function' ? imported : imported.default;

describe('ucs2length', () => {
  it('counts code points as ajv does, lone and paired surrogates included', () => {
    for (const s of ['', 'a', '😀', 'a😀b', '\ud83d', '\ude00', '\ude00\ud83d', '\ud83d\ud83d\ude00', '\ud83d'.repeat(3)])
      expect(ucs2length(s)).toBe(ajvLength(s));
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\ud83d', '\ude00', '😀', 'a'),
            fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
          ),
        }),
        (s) => {
          expect(ucs2length(s)).toBe(ajvLength(s));
        },
      ),
    );
  });

  it('is what the generated minLength check calls', () => {
    expect(teaTokenResponse({ access_token: '', token_type: 'Bearer' })).toBe(false);
    expect(teaTokenResponse.errors?.[0]?.keyword).toBe('minLength');
    expect(teaTokenResponse({ access_token: '😀', token_type: 'Bearer' })).toBe(true);
  });
});
