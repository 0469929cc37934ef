import { describe, expect, it } from 'vitest';
import { detectKind, validateDocument, validateText } from '../../src/index.js';

const discovery = { schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] };

describe('kind detection', () => {
  it('prefers an explicit kind over everything else', () => {
    expect(detectKind(discovery, 'x-definition.json', 'tea-token-error')).toEqual({ kind: 'tea-token-error', evidence: 'option' });
  });

  it.each([
    ['https://teapurl.dev/schemas/purl-type-definition.schema.json', 'purl-type-definition'],
    ['https://packageurl.org/schemas/purl-type-definition.schema-1.0.json', 'purl-type-definition'],
    ['https://packageurl.org/schemas/purl-type-definition.schema-1.1.json', 'purl-type-definition'],
    ['https://teapurl.dev/schemas/tea-token-response.schema.json', 'tea-token-response'],
    ['https://teapurl.dev/schemas/purl-type-urls.schema.json', 'purl-type-urls'],
  ])('reads $schema %s as %s, before the file name', (url, kind) => {
    expect(detectKind({ $schema: url }, '.well-known/tea')).toEqual({ kind, evidence: '$schema' });
  });

  it.each([
    ['site/.well-known/tea', 'tea-discovery'],
    ['.well-known/tea.json', 'tea-discovery'],
    ['types/npm-definition.json', 'purl-type-definition'],
    ['corpus/purl-urls/npm-urls.json', 'purl-type-urls'],
  ])('reads the file name %s as %s', (file, kind) => {
    expect(detectKind({}, file)).toEqual({ kind, evidence: 'file name' });
  });

  it.each([
    [discovery, 'tea-discovery'],
    [{ type: 'npm', examples: [] }, 'purl-type-definition'],
    [{ type: 'npm', download: [], examples: [] }, 'purl-type-urls'],
    [{ type: 'npm', default_registry: 'https://registry.npmjs.org', examples: [] }, 'purl-type-urls'],
    [{ type: 'npm', repository: { use_repository: true }, examples: [] }, 'purl-type-definition'],
    [{ access_token: 'x', token_type: 'Bearer' }, 'tea-token-response'],
    [{ error: 'invalid_client' }, 'tea-token-error'],
  ])('falls back to the shape of %j', (value, kind) => {
    expect(detectKind(value, 'doc.json')).toEqual({ kind, evidence: 'shape' });
  });

  it('gives up on a document that shows nothing, and names the kinds it could be, in the library words (the command line adds its --kind hint)', () => {
    const r = validateText('{"hello": "world"}', { file: 'x.json' });
    expect(r.kind).toBeNull();
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'kind/undetected', severity: 'error' })]);
    expect(r.findings[0]!.message).toContain('name its kind (tea-discovery, ');
    expect(r.findings[0]!.message).not.toContain('--kind');
    expect(validateDocument([1, 2]).findings[0]!.rule).toBe('kind/undetected');
  });

  it('accepts kind aliases and rejects unknown kinds with the list of known ones', () => {
    expect(validateDocument(discovery, { kind: 'discovery' }).kind).toBe('tea-discovery');
    expect(() => validateDocument(discovery, { kind: 'nope' })).toThrow(/tea-discovery, tea-token-response, tea-token-error, vers-type-definition/);
    expect(() => validateDocument(discovery, { kind: 'nope' })).toThrow(expect.objectContaining({ code: 'unknown-kind', given: 'nope' }));
  });
});
