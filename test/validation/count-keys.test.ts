/**
 * measureText skips strings with indexOf (issue 38: the per-document cost of `validate`); it must
 * count what a character-by-character reading counts, escapes and all.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureText } from '../../src/validation/count-keys.js';
import { countKeysInValue } from '../support/count-keys-oracle.js';

/** The reading measureText replaced: every character, a backslash skipping the next. */
function reference(text: string): { keys: number; depth: number } {
  let keys = 0;
  let depth = 0;
  let maxDepth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{' || ch === '[') maxDepth = Math.max(maxDepth, ++depth);
    else if (ch === '}' || ch === ']') depth--;
    else if (ch === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      let j = i + 1;
      while (j < text.length && /[ \t\n\r]/.test(text[j]!)) j++;
      if (text[j] === ':') keys++;
    }
  }
  return { keys, depth: maxDepth };
}

describe('measureText', () => {
  it('counts keys and depth as a character-by-character reading does, on any JSON text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(measureText(text)).toEqual(reference(text));
        expect(measureText(text).keys).toBe(countKeysInValue(value));
      }),
      { numRuns: 500 },
    );
  });

  it('an escaped quote does not close a string; a quote after an escaped backslash does', () => {
    const text = String.raw`{"a\"b": 1, "c\\": {"d": "e\\\"f\\"}, "g": ["\\\\", "h"]}`;
    expect(measureText(text)).toEqual({ keys: 4, depth: 2 });
    expect(measureText(text)).toEqual(reference(text));
    expect(countKeysInValue(JSON.parse(text))).toBe(4);
  });

  it('repeated keys are counted in the text, once in the value', () => {
    const text = '{"a": 1, "a": 2}';
    expect(measureText(text).keys).toBe(2);
    expect(countKeysInValue(JSON.parse(text))).toBe(1);
  });
});

describe('measureValue on a program that gave Object.prototype an enumerable key', () => {
  it('counts own keys only, so that a repeated key is still found', async () => {
    const { measureValue } = await import('../../src/validation/count-keys.js');
    const { validateText } = await import('../../src/validator/validate.js');
    const text = '{"bomFormat": "CycloneDX", "specVersion": "1.6", "a": {"b": 1}, "a": {"b": 1, "c": 2}}';
    const clean = measureValue(JSON.parse(text), 256);
    const proto = Object.prototype as Record<string, unknown>;
    // A number: counting it as a key of every object makes the count wrong, not endless.
    proto.polluted = 1;
    try {
      expect(measureValue(JSON.parse(text), 256)).toEqual(clean);
      expect(validateText(text, { file: 'bom.json' }).findings.map((f) => f.rule)).toContain('json/duplicate-key');
    } finally {
      delete proto.polluted;
    }
  });
});
