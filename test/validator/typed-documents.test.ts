import { describe, expect, it } from 'vitest';
import { assertDocument, parseDocument, isDocument, DocumentError } from '../../src/index.js';

const text = '{\n  "schemaVersion": 1,\n  "endpoints": [{ "url": "https://tea.example.com", "versions": ["2.0.0", "1.0.0"] }]\n}';

describe('typed document helpers', () => {
  it('parseDocument returns the typed document', () => {
    const doc = parseDocument(text, 'tea-discovery');
    const versions: string[] = doc.endpoints[0].versions;
    expect(versions).toEqual(['2.0.0', '1.0.0']);
  });

  it('parseDocument throws a DocumentError that names the place and the rule', () => {
    const broken = text.replace('"2.0.0"', '"2.0"');
    expect(() => parseDocument(broken, 'tea-discovery', 'tea.json')).toThrow(DocumentError);
    try {
      parseDocument(broken, 'tea-discovery', 'tea.json');
    } catch (error) {
      expect((error as DocumentError).message).toMatch(/^tea\.json:3:\d+: endpoints\[0\]\.versions\[0\] "2\.0" is not a full semantic version/);
      expect((error as DocumentError).findings[0]!.rule).toBe('schema/pattern');
    }
  });

  it('assertDocument allows warnings but not errors', () => {
    const local = { schemaVersion: 1, endpoints: [{ url: 'http://localhost:8080', versions: ['1.0.0'] }] };
    expect(assertDocument(local, 'tea-discovery')).toBe(local);
    expect(() => assertDocument({ access_token: '', token_type: 'Bearer' }, 'tea-token-response')).toThrow(/access_token must not be empty/);
  });

  it('isDocument narrows', () => {
    const body: unknown = { access_token: 'abc', token_type: 'Bearer', expires_in: 60 };
    expect(isDocument(body, 'tea-token-response') && body.access_token).toBe('abc');
    expect(isDocument({ error: 'invalid_key' }, 'tea-token-error')).toBe(false);
  });
});
