import { describe, expect, it } from 'vitest';
import { validateText, validateDocument } from '../../../src/index.js';

const endpoint = '{"url": "https://tea.example.com", "versions": ["1.0.0"]}';

describe('JSON text handling', () => {
  it('reports a syntax error with its line and column', () => {
    const text = '{\n  "schemaVersion": 1,\n  "endpoints": [\n    {"url": "https://x.example" "versions": []}\n  ]\n}';
    const r = validateText(text, { file: 'bad.json' });
    expect(r.valid).toBe(false);
    expect(r.findings).toHaveLength(1);
    expect(r.findings[0]).toMatchObject({ file: 'bad.json', rule: 'json/syntax', line: 4, column: 33, severity: 'error' });
    expect(r.findings[0]!.message).toMatch(/^malformed JSON: /);
  });

  it.each([
    ['a trailing comma', '{"schemaVersion": 1, "endpoints": [],}', 1],
    ['a comment', '{\n// hi\n"schemaVersion": 1}', 2],
    ['an unterminated string', '{"schemaVersion": "1}', 1],
    ['content after the document', '{"schemaVersion": 1} {}', 1],
    ['a raw control character in a string', '{"a": "x\u0001"}', 1],
  ])('rejects %s as malformed JSON', (_what, text, line) => {
    const r = validateText(text, { kind: 'tea-discovery' });
    expect(r.findings[0]).toMatchObject({ rule: 'json/syntax', line });
  });

  it.each([
    ['an object', '{\n  "schemaVersion": 1,\n  "endpoints": []  ,\n}', 4, 1, '"}" (JSON allows no comma after an object\'s last property)'],
    [
      'an array',
      '{"schemaVersion": 1, "endpoints": [\n  {"url": "https://a.example", "versions": ["1.0.0"]},\n]}',
      3,
      1,
      '"]" (JSON allows no comma after an array\'s last item)',
    ],
  ])('calls a trailing comma in %s a trailing comma', (_where, text, line, column, words) => {
    const [finding] = validateText(text, { kind: 'tea-discovery' }).findings;
    expect(finding).toMatchObject({ rule: 'json/syntax', line, column });
    expect(finding!.message).toBe(`malformed JSON: a trailing comma precedes ${words}: remove the comma`);
  });

  it('keeps the plain words where a comma is followed by nothing, another comma, or the wrong bracket', () => {
    expect(validateText('{"a": 1,', { kind: 'tea-discovery' }).findings[0]!.message).not.toContain('trailing comma');
    expect(validateText('[1,,2]', { kind: 'tea-discovery' }).findings[0]!.message).toBe('malformed JSON: expected a value');
    expect(validateText('[1,}', { kind: 'tea-discovery' }).findings[0]!.message).toBe('malformed JSON: expected a value');
    expect(validateText('{"a": 1, 2}', { kind: 'tea-discovery' }).findings[0]!.message).toBe('malformed JSON: expected a property name in double quotes');
  });

  it('reports a repeated key at the later occurrence, which JSON.parse would silently keep', () => {
    const text = `{\n  "schemaVersion": 1,\n  "endpoints": [${endpoint}],\n  "schemaVersion": 1\n}`;
    const r = validateText(text);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'json/duplicate-key', pointer: '/schemaVersion', line: 4, column: 3, severity: 'error' })]);
  });

  it('finds repeated keys in nested objects too', () => {
    const text = `{"schemaVersion": 1, "endpoints": [{"url": "https://a.example", "url": "https://b.example", "versions": ["1.0.0"]}]}`;
    const r = validateText(text);
    expect(r.findings.map((f) => [f.rule, f.pointer])).toEqual([['json/duplicate-key', '/endpoints/0/url']]);
  });

  it('treats an empty or blank text as one clear error', () => {
    expect(validateText('  \n').findings).toEqual([expect.objectContaining({ rule: 'file/empty', message: 'the document is empty' })]);
  });

  it('tolerates a byte order mark', () => {
    const r = validateText(`\uFEFF{"schemaVersion": 1, "endpoints": [${endpoint}]}`);
    expect(r).toMatchObject({ valid: true, kind: 'tea-discovery', findings: [] });
  });

  it('points at the unknown key, not at its object', () => {
    const text = `{\n  "schemaVersion": 1,\n  "endpoints": [${endpoint}],\n  "extra": true\n}`;
    const r = validateText(text);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'schema/additionalProperties', pointer: '/extra', line: 4, column: 3 })]);
    expect(r.findings[0]!.message).toBe('document has the unknown property "extra"; allowed: schemaVersion, endpoints');
  });

  it('places a missing required property at the object that lacks it', () => {
    const text = '{\n  "schemaVersion": 1,\n  "endpoints": [\n    {"url": "https://a.example"}\n  ]\n}';
    const [finding] = validateText(text).findings;
    expect(finding).toMatchObject({ rule: 'schema/required', pointer: '/endpoints/0', line: 4, column: 5 });
    expect(finding!.message).toBe('endpoints[0] lacks the required property "versions"');
  });

  it('says what a full semantic version is when one is not', () => {
    const text = '{"schemaVersion": 1, "endpoints": [{"url": "https://a.example", "versions": ["1.0"]}]}';
    const [finding] = validateText(text).findings;
    expect(finding!.message).toMatch(/^endpoints\[0\]\.versions\[0\] "1\.0" is not a full semantic version MAJOR\.MINOR\.PATCH/);
    expect(finding).toMatchObject({ line: 1, column: text.indexOf('"1.0"') + 1 });
  });
});

describe('hostile input', () => {
  it('keeps __proto__ and constructor keys as data and reports them, without touching Object.prototype', () => {
    const text = `{"schemaVersion": 1, "endpoints": [${endpoint}], "__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}`;
    const r = validateText(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(r.findings.map((f) => f.pointer).sort()).toEqual(['/__proto__', '/constructor']);
    expect(r.findings.every((f) => f.rule === 'schema/additionalProperties')).toBe(true);
  });

  it('handles a __proto__ endpoint property in semantic checks without crashing', () => {
    const r = validateDocument(JSON.parse(`{"schemaVersion": 1, "endpoints": [{"__proto__": {"url": "https://a.example"}, "versions": ["1.0.0"]}]}`));
    expect(r.valid).toBe(false);
    expect(r.findings.map((f) => f.rule)).toContain('schema/required');
  });

  it('validates a very long string quickly and shortens it in the message', () => {
    const huge = 'a'.repeat(2_000_000);
    const started = Date.now();
    const r = validateText(`{"schemaVersion": 1, "endpoints": [{"url": "https://${huge}/", "versions": ["${huge}"]}]}`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.valid).toBe(false);
    for (const f of r.findings) expect(f.message.length).toBeLessThan(300);
  });

  it.each([300, 5_000, 200_000])('refuses arrays nested %i deep in one finding, without overflowing the stack', (depth) => {
    const r = validateText(`{"schemaVersion": 1, "endpoints": ${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'json/too-deep', line: 1, column: 1 })]);
  });

  it('reports malformed deeply nested input as a syntax error, not a crash', () => {
    const r = validateText(`{"endpoints": ${'['.repeat(200_000)}`);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'json/syntax' })]);
  });
});
