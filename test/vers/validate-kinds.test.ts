/**
 * VERS documents in the validator: VERS type definitions (schema 0.2) and the types index are
 * kinds of `teapurl validate`, detected like the others; every string a schema marks
 * `"format": "vers"` is read by the VERS engine, with the rule and offset in the message and the
 * canonical spelling as its fix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInChecks, detectKind, fixText, validateDocument, validateText, type Finding } from '../../src/index.js';
import { VERS_FIELDS } from '../../src/vers/kinds/compiled/vers-fields.js';
import { ROOT } from '../support/paths.js';

const CORPUS = path.join(ROOT, 'corpus/vers-types');
const FILES = readdirSync(CORPUS).filter((f) => f.endsWith('.json'));

/** A definition of npm with these examples and native pairs, as the text a file would hold. */
function definition(examples: string[], natives: { native_range: string; vers_range: string }[] = [], type = 'npm'): string {
  return JSON.stringify(
    {
      $schema: 'https://packageurl.org/schemas/vers-type-definition.schema-0.2.json',
      $id: `https://packageurl.org/vers-types/${type}-definition.json`,
      type,
      type_name: 'x',
      description: 'x',
      vers_examples: examples,
      ...(natives.length > 0 ? { native_and_vers_equivalent_examples: natives } : {}),
    },
    null,
    2,
  );
}

const shown = (findings: readonly Finding[]) => findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.rule} ${f.pointer}`);

describe('VERS type definitions and the types index', () => {
  it('the corpus of definitions and its index are valid, with no warning', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(20);
    for (const file of FILES) {
      const result = validateText(readFileSync(path.join(CORPUS, file), 'utf8'), { file: `corpus/vers-types/${file}` });
      expect(result.kind, file).toBe(file === 'index.json' ? 'vers-types-index' : 'vers-type-definition');
      expect(result.findings, file).toEqual([]);
    }
  });

  it('are told apart from PURL type definitions by content, under the same file name', () => {
    const vers = JSON.parse(definition(['vers:npm/1.0.0'])) as Record<string, unknown>;
    delete vers.$schema;
    expect(detectKind(vers, 'types/npm-definition.json')).toEqual({ kind: 'vers-type-definition', evidence: 'file name' });
    expect(detectKind({ type: 'npm', name_definition: {} }, 'types/npm-definition.json')).toEqual({ kind: 'purl-type-definition', evidence: 'file name' });
    expect(detectKind(vers, undefined)).toEqual({ kind: 'vers-type-definition', evidence: 'shape' });
    expect(detectKind(['npm'], 'registry/vers-types/index.json')).toEqual({ kind: 'vers-types-index', evidence: 'file name' });
    expect(detectKind(['npm'], 'vers-types-index.json')).toEqual({ kind: 'vers-types-index', evidence: 'file name' });
    expect(detectKind(['npm'], 'index.json')).toBeNull();
  });

  it('the schemas say where a VERS stands, and the VERS check reads those places', () => {
    expect(VERS_FIELDS.versTypeDefinition).toEqual(['/native_and_vers_equivalent_examples/*/vers_range', '/vers_examples/*']);
    expect(builtInChecks['vers-type-definition']!.map((c) => c.rule)).toContain('vers/invalid');
    // A kind whose schema marks no VERS gets no VERS check.
    expect(builtInChecks['tea-discovery']!.map((c) => c.rule)).not.toContain('vers/invalid');
  });

  it('reports each broken example at its line and column, naming the VERS rule', () => {
    const text = definition(
      ['vers:npm/>=2.0.0|<1.0.0', 'vers:pypi/>=1.0', 'vers:npm/ >=1.0.0', 'vers:npm/>=1.0.0|*'],
      [{ native_range: '^1.0.0', vers_range: 'vers:npm/>=1.0.0|<3.0.0' }],
    );
    const result = validateText(text, { file: 'npm-definition.json' });
    expect(shown(result.findings)).toEqual([
      '8:5 error vers/invalid /vers_examples/0',
      '9:5 error vers-type/example-type /vers_examples/1',
      '10:5 error vers/invalid /vers_examples/2',
      '11:5 error vers/invalid /vers_examples/3',
      '16:21 warning vers-type/native-example /native_and_vers_equivalent_examples/0/vers_range',
    ]);
    expect(result.findings[0]!.message).toContain('[unsorted]');
    expect(result.findings[2]!.message).toContain('[whitespace]');
    expect(result.findings[3]!.message).toContain('[star]');
    expect(result.findings[4]!.message).toContain('"vers:npm/>=1.0.0|<2.0.0"');
  });

  it('--fix writes an unsorted example in canonical order and touches nothing else', () => {
    const text = definition(['vers:npm/>=2.0.0|<1.0.0', 'vers:npm/1.0.0']);
    const fixed = fixText(text, { file: 'npm-definition.json' });
    expect(fixed.applied.map((a) => [a.pointer, a.after])).toEqual([['/vers_examples/0', 'vers:npm/<1.0.0|>=2.0.0']]);
    expect(fixed.text).toBe(text.replace('vers:npm/>=2.0.0|<1.0.0', 'vers:npm/<1.0.0|>=2.0.0'));
    expect(fixed.valid).toBe(true);
  });

  it('a type teapurl cannot order is checked for its syntax, with warnings', () => {
    const result = validateDocument(JSON.parse(definition(['vers:acme/>=1|<2', 'vers:acme/1|'], [], 'acme')), { kind: 'vers-type' });
    expect(result.findings.map((f) => [f.rule, f.severity, f.pointer])).toEqual([
      ['vers-type/unknown-scheme', 'warning', '/type'],
      ['vers/unknown-type', 'warning', '/vers_examples/0'],
      ['vers/invalid', 'error', '/vers_examples/1'],
    ]);
  });

  it('an index: sorted, unique, of types teapurl knows', () => {
    const result = validateText('["npm", "maven", "npm", "nosuch"]', { file: 'vers-types/index.json' });
    expect(shown(result.findings)).toEqual(['1:9 warning vers-index/sorted /1', '1:18 error schema/uniqueItems /2', '1:25 warning vers-index/unknown-type /3']);
  });

  it('hostile values are findings, never a crash', () => {
    for (const example of [`vers:npm/${'1.'.repeat(40_000)}0`, 'vers:npm/\u0000', 'vers:__proto__/1', `vers:npm/${'>='.repeat(10_000)}1`]) {
      const result = validateText(definition([example]), { file: 'npm-definition.json' });
      expect(result.findings.map((f) => f.rule)).not.toContain('internal/error');
      expect(result.valid, example.slice(0, 40)).toBe(false);
    }
  });
});
