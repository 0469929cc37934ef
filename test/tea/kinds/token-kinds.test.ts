/**
 * The token kinds told from a document's shape: an OAuth error answer (a lower-case `error`) is a
 * tea-token-error, TEA's own (`OBJECT_UNKNOWN`) is not; an `error` that is an object with its own
 * `toString` key is read as a value, never converted to text (it crashed detection once).
 */
import { describe, expect, it } from 'vitest';
import { validateText } from '../../../src/index.js';

describe('tea-token-error by its shape', () => {
  it('an OAuth error answer is one, TEA 404 body is not', () => {
    expect(validateText('{"error": "invalid_client", "error_description": "unknown key id"}').kind).toBe('tea-token-error');
    expect(validateText('{"error": "OBJECT_UNKNOWN"}').kind).not.toBe('tea-token-error');
  });

  it('an error object with its own toString and valueOf keys is a finding, not an internal error', () => {
    for (const error of ['{"toString": []}', '{"toString": 0, "toString": []}', '{"valueOf": {}, "toString": {}}']) {
      const result = validateText(`{"error": ${error}, "error_description": "x"}`, { file: 'answer.json' });
      expect(result.findings.filter((f) => f.rule === 'internal/error')).toEqual([]);
      expect(result.kind).toBe('tea-token-error');
      expect(result.findings.map((f) => f.rule)).toContain('schema/type');
    }
  });
});
