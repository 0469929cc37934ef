/**
 * fixText (teapurl): the in-memory fixes. Each test builds a definition text, lets fixText fix it
 * and checks the exact text: only the fixed strings change, every other character stays.
 */
import { describe, expect, it } from 'vitest';
import { fixText, validateText } from '../../src/index.js';
import { parsePurl } from '../../src/purl/index.js';
import { builtInChecks, type CheckTable } from '../../src/index.js';
import { separatorsReadAsData } from '../../src/purl/kinds/canonical-fix.js';
import { needingAPerson } from '../../src/validation/fix-text.js';
import { widgetDefinition } from '../support/widget-definition.js';

const FILE = 'widget-definition.json';

/** The widget definition with these examples, indented with `indent`. */
function definition(examples: string[], indent: string | number = 2): string {
  return JSON.stringify(widgetDefinition(examples), null, indent);
}

/** `text` with each JSON string literal `from` replaced by `to`: what a fix that keeps every other byte gives. */
function replaced(text: string, pairs: [string, string][]): string {
  let out = text;
  for (const [from, to] of pairs) {
    const literal = JSON.stringify(from);
    expect(out.split(literal).length, `${literal} occurs once`).toBe(2);
    out = out.replace(literal, () => JSON.stringify(to));
  }
  return out;
}

describe('fixText', () => {
  it('puts qualifiers in order, and the fixed definition is valid', () => {
    const before = definition(['pkg:widget/sprocket@1.0', 'pkg:widget/sprocket@2.0?os=linux&arch=arm64']);
    const fixed = fixText(before, { file: FILE });
    expect(fixed.text).toBe(replaced(before, [['pkg:widget/sprocket@2.0?os=linux&arch=arm64', 'pkg:widget/sprocket@2.0?arch=arm64&os=linux']]));
    expect(fixed).toMatchObject({ changed: true, valid: true, left: [], refused: null, kind: 'purl-type-definition' });
    expect(fixed.applied).toEqual([
      {
        pointer: '/examples/1',
        line: before.split('\n').findIndex((l) => l.includes('os=linux&arch')) + 1,
        column: 5,
        rule: 'purl-type/example-canonical',
        before: 'pkg:widget/sprocket@2.0?os=linux&arch=arm64',
        after: 'pkg:widget/sprocket@2.0?arch=arm64&os=linux',
      },
    ]);
    expect(validateText(fixed.text, { file: FILE }).findings).toEqual([]);
  });

  it('writes percent-escapes in upper case, decodes what needs no escape, and escapes "+"', () => {
    const before = definition(['pkg:widget/sprocket@1.0%2b1', 'pkg:widget/sprocket@sha256%3Aabc', 'pkg:widget/sprocket@1.0+build']);
    const fixed = fixText(before, { file: FILE });
    expect(fixed.text).toBe(
      replaced(before, [
        ['pkg:widget/sprocket@1.0%2b1', 'pkg:widget/sprocket@1.0%2B1'],
        ['pkg:widget/sprocket@sha256%3Aabc', 'pkg:widget/sprocket@sha256:abc'],
        ['pkg:widget/sprocket@1.0+build', 'pkg:widget/sprocket@1.0%2Bbuild'],
      ]),
    );
    expect(fixed.valid).toBe(true);
    // The point of the rule: old and new name the same package.
    for (const a of fixed.applied) expect(parsePurl(a.after)).toEqual(parsePurl(a.before));
  });

  it('leaves an example of another type alone, saying it needs a person, and still fixes the rest', () => {
    const before = definition(['pkg:gadget/sprocket@1.0', 'pkg:widget/sprocket@1.0?os=linux&arch=x86']);
    const fixed = fixText(before, { file: FILE });
    expect(fixed.text).toBe(replaced(before, [['pkg:widget/sprocket@1.0?os=linux&arch=x86', 'pkg:widget/sprocket@1.0?arch=x86&os=linux']]));
    expect(fixed.valid).toBe(false);
    expect(fixed.left.map((f) => [f.rule, f.pointer])).toEqual([['purl-type/example-type', '/examples/0']]);
    // It carries no fix, and its message is the finding's own: that it needs a person, a report says once.
    expect(fixed.left[0]).not.toHaveProperty('fix');
    expect(fixed.left[0]!.message).toMatch(/not of this definition's type "widget"$/);
    expect(needingAPerson(fixed.left)).toBe(1);
  });

  it('does not fix an example whose canonical form escapes a separator written as is, and says why', () => {
    const example = 'pkg:widget/sprocket@2.35&arch=x86';
    const before = definition([example]);
    const result = validateText(before, { file: FILE });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).not.toHaveProperty('fix');
    expect(result.findings[0]!.message).toContain('the canonical form escapes "&" and "=" where the example writes them as separators');
    const fixed = fixText(before, { file: FILE });
    expect(fixed).toMatchObject({ changed: false, text: before, applied: [] });
    expect(fixed.left[0]!.message).toBe(result.findings[0]!.message);
    expect(needingAPerson(fixed.left)).toBe(1);
    // The parser did read the "&" as data: the same components either way, which is why equality alone is not enough.
    expect(parsePurl(example).version).toBe('2.35&arch=x86');
  });

  it('tells separators read as data apart from those only qualifier values hold', () => {
    expect(separatorsReadAsData('pkg:opam/git@3/16.1', 'pkg:opam/git@3%2F16.1')).toEqual(['/']);
    expect(separatorsReadAsData('pkg:a/b@1?x=1&y=2', 'pkg:a/b@1?x=1&y=2')).toEqual([]);
    // A "/" inside a qualifier value can only be data: escaping it changes nothing a reader could doubt.
    expect(separatorsReadAsData('pkg:a/b@1?url=https://x/y', 'pkg:a/b@1?url=https:%2F%2Fx%2Fy')).toEqual([]);
    expect(separatorsReadAsData('pkg:a/b@1#sub?x', 'pkg:a/b@1#sub%3Fx')).toEqual(['?']);
    expect(separatorsReadAsData('pkg:a/b@1%2Fx', 'pkg:a/b@1%2Fx')).toEqual([]);
  });

  it('keeps every other byte of a file with tabs, CRLF line endings, a byte order mark and no final newline', () => {
    const body = definition(['pkg:widget/sprocket@1.0?os=linux&arch=arm64', 'pkg:widget/sprocket@3.0'], '\t').replace(/\n/g, '\r\n');
    const before = `\ufeff${body}`;
    const fixed = fixText(before, { file: FILE });
    expect(fixed.changed).toBe(true);
    expect(fixed.text).toBe(replaced(before, [['pkg:widget/sprocket@1.0?os=linux&arch=arm64', 'pkg:widget/sprocket@1.0?arch=arm64&os=linux']]));
    expect(fixed.text.startsWith('\ufeff{\r\n\t"$schema"')).toBe(true);
    expect(fixed.text.split('\r\n')).toHaveLength(before.split('\r\n').length);
    expect(fixed.text.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('leaves a string written with escapes, other than the one fixed, exactly as written', () => {
    const before = definition(['pkg:widget/sprocket@1.0?os=linux&arch=arm64']).replace('"Widget"', '"Wid\\u0067et"');
    const fixed = fixText(before, { file: FILE });
    expect(fixed.text).toContain('"Wid\\u0067et"');
    expect(fixed.text).toBe(replaced(before, [['pkg:widget/sprocket@1.0?os=linux&arch=arm64', 'pkg:widget/sprocket@1.0?arch=arm64&os=linux']]));
  });

  it('does not touch a text with a syntax error or a repeated key, and says why', () => {
    const good = definition(['pkg:widget/sprocket@1.0?os=linux&arch=arm64']);
    const broken = good.replace('"examples":', '"examples"');
    const syntax = fixText(broken, { file: FILE });
    expect(syntax).toMatchObject({ changed: false, text: broken, applied: [], valid: false });
    expect(syntax.refused).toMatch(/^it is not well-formed JSON \(malformed JSON: expected ":" at line \d+, column \d+\)$/);

    const repeated = good.replace('"type": "widget",', '"type": "widget",\n  "type": "widget",');
    const duplicate = fixText(repeated, { file: FILE });
    expect(duplicate).toMatchObject({ changed: false, text: repeated, applied: [] });
    expect(duplicate.refused).toMatch(/^it repeats a key/);
    expect(duplicate.left.map((f) => f.rule)).toContain('json/duplicate-key');
  });

  it('changes nothing in a text that needs no fix', () => {
    const before = definition(['pkg:widget/sprocket@1.0']);
    expect(fixText(before, { file: FILE })).toEqual({
      text: before,
      changed: false,
      applied: [],
      edits: [],
      left: [],
      valid: true,
      kind: 'purl-type-definition',
      refused: null,
    });
  });
});

describe('fixText with fixes from a check it is given', () => {
  // A check of discovery documents that offers fixes, so that fixText's own guards can be tested:
  // a fix through keys named like Object.prototype's members, and one that would add a finding.
  const checks: CheckTable = {
    ...builtInChecks,
    'tea-discovery': [
      ...builtInChecks['tea-discovery']!,
      {
        rule: 'test/offers-fix',
        summary: 'Offers the fixes the test document asks for in its "x-fixes" member.',
        check(document) {
          const wanted = (document as { 'x-fixes'?: [string, string][] })['x-fixes'];
          if (!Array.isArray(wanted)) return [];
          return wanted.map(([pointer, replacement]) => ({
            pointer,
            severity: 'warning' as const,
            rule: 'test/offers-fix',
            message: 'fix me',
            fix: { pointer, replacement },
          }));
        },
      },
    ],
  };
  const endpoints = [{ url: 'https://tea.example.com', versions: ['1.0.0'] }];

  it('edits under hostile keys (__proto__, constructor) as under any other key', () => {
    const before = JSON.stringify(
      {
        schemaVersion: 1,
        endpoints,
        'x-fixes': [
          ['/x-data/__proto__/0', 'after'],
          ['/x-data/constructor/toString', 'after'],
        ],
        'x-data': { __proto__: ['before'], constructor: { toString: 'before' } },
      },
      null,
      2,
    ).replace('"x-data": {', '"x-data": {\n    "__proto__": ["before"],');
    // JSON.stringify drops an own __proto__ given as a literal; it was written into the text above.
    expect(before).toContain('"__proto__": ["before"]');
    const fixed = fixText(before, { kind: 'discovery', checks });
    expect(fixed.applied.map((a) => a.pointer)).toEqual(['/x-data/__proto__/0', '/x-data/constructor/toString']);
    expect(fixed.text).toBe(before.replace('["before"]', '["after"]').replace('"toString": "before"', '"toString": "after"'));
    expect(({} as Record<string, unknown>).toString).toBe(Object.prototype.toString);
  });

  it('does not apply a fix that would add a finding, and applies the others', () => {
    const before = JSON.stringify(
      {
        schemaVersion: 1,
        endpoints,
        'x-fixes': [
          ['/endpoints/0/url', 'not a url'],
          ['/x-data/note', 'fixed'],
        ],
        'x-data': { note: 'broken' },
      },
      null,
      2,
    );
    const fixed = fixText(before, { kind: 'discovery', checks });
    expect(fixed.applied.map((a) => a.pointer)).toEqual(['/x-data/note']);
    expect(fixed.text).toBe(before.replace('"note": "broken"', '"note": "fixed"'));
    const withheld = fixed.left.find((f) => f.pointer === '/endpoints/0/url');
    expect(withheld?.message).toMatch(/^fix me; not fixed: the rewrite would add a finding \((schema|discovery)\/[a-z-]+ at \/endpoints\/0\/url\)$/);
  });

  it('ignores a fix whose pointer leads to no string', () => {
    const before = JSON.stringify(
      {
        schemaVersion: 1,
        endpoints,
        'x-fixes': [
          ['/schemaVersion', '2'],
          ['/nowhere/0', 'x'],
        ],
      },
      null,
      2,
    );
    const fixed = fixText(before, { kind: 'discovery', checks });
    expect(fixed).toMatchObject({ changed: false, text: before, applied: [] });
  });
});
