/**
 * Issue 11, items 2 and 7 (library parts): one bad document never sinks the run, keys named like
 * Object.prototype members are plain data, a huge URI is one finding, two byte order marks are
 * malformed on every path, and patterns follow one flag policy.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefinitionSetError } from '../src/purl/index.js';
import { validateDocument, validateText, type Finding } from '../src/index.js';
import { generateDocsSite } from '../src/docs/index.js';
import { validateBytes, validateFiles, purlEngineFromDirectory } from '../src/node/index.js';
import { isUri } from '../src/shared/uri.js';
import { firstRepeat, jsonEqual } from '../src/shared/json-equal.js';
import { ROOT } from './support/paths.js';
import { runCli } from './support/run-cli.js';
import { engineFromDefinitions } from '../src/purl/engine/engine-from-definitions.js';

const VALID_DISCOVERY = JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }] });
const CARGO = readFileSync(path.join(ROOT, 'corpus/purl-types/cargo-definition.json'), 'utf8');
const TO_STRING_DOCUMENT = '{"qualifiers_definition":[{},{"toString":0}]}';

function cargo(): Record<string, any> {
  return JSON.parse(CARGO) as Record<string, any>;
}

const rules = (findings: readonly Finding[]) => findings.map((f) => f.rule);

describe('keys named like Object.prototype members are plain data in schema validation', () => {
  it('the document that crashed uniqueItems gets schema findings, not an internal error', () => {
    const result = validateText(TO_STRING_DOCUMENT, { kind: 'purl-type-definition', file: 'q-definition.json' });
    expect(result.valid).toBe(false);
    expect(rules(result.findings)).not.toContain('internal/error');
    expect(result.findings).toContainEqual(expect.objectContaining({ rule: 'schema/additionalProperties', pointer: '/qualifiers_definition/1/toString' }));
  });

  it.each(['toString', 'valueOf', 'constructor', 'hasOwnProperty', '__proto__'])('two equal qualifier definitions with a %s key are found equal', (key) => {
    const definition = cargo();
    const item = `{"key": "arch", "description": "x", ${JSON.stringify(key)}: {"a": [1, {"b": null}]}}`;
    const text = JSON.stringify(definition).replace('"examples":', `"qualifiers_definition": [${item}, ${item}], "examples":`);
    const findings = validateText(text, { kind: 'purl-type-definition', file: 'cargo-definition.json' }).findings;
    expect(findings).toContainEqual(expect.objectContaining({ rule: 'schema/uniqueItems', pointer: '/qualifiers_definition/1' }));
    expect(rules(findings)).not.toContain('internal/error');
  });

  it('two qualifier definitions that differ only inside such a key are distinct', () => {
    const text = JSON.stringify(cargo()).replace(
      '"examples":',
      '"qualifiers_definition": [{"key": "a", "description": "x", "constructor": {}}, {"key": "a", "description": "x", "constructor": []}], "examples":',
    );
    const findings = validateText(text, { kind: 'purl-type-definition', file: 'cargo-definition.json' }).findings;
    expect(rules(findings)).not.toContain('schema/uniqueItems');
  });

  it('repeated "__proto__" strings are repeated items like any other', () => {
    const definition = cargo();
    definition.name_definition.normalization_rules = ['__proto__', 'constructor', '__proto__'];
    definition.namespace_definition.normalization_rules = ['constructor', 'toString', 'constructor'];
    const findings = validateText(JSON.stringify(definition), { kind: 'purl-type-definition', file: 'cargo-definition.json' }).findings;
    expect(findings.filter((f) => f.rule === 'schema/uniqueItems').map((f) => f.pointer)).toEqual([
      '/namespace_definition/normalization_rules/2',
      '/name_definition/normalization_rules/2',
    ]);
  });

  it('jsonEqual compares own data only and never calls into the values', () => {
    const a = JSON.parse('{"toString": 1, "valueOf": 2, "constructor": {"x": [1]}, "__proto__": null}') as unknown;
    const b = JSON.parse('{"__proto__": null, "constructor": {"x": [1]}, "valueOf": 2, "toString": 1}') as unknown;
    expect(jsonEqual(a, b)).toBe(true);
    expect(jsonEqual(a, JSON.parse('{"toString": 1, "valueOf": 2, "constructor": {"x": [2]}, "__proto__": null}'))).toBe(false);
    expect(jsonEqual({}, [])).toBe(false);
    expect(jsonEqual([1, [2]], [1, [2]])).toBe(true);
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonEqual(deep, deep)).toBe(true);
    const cyclic = (mark: number): Record<string, unknown> => {
      const node: Record<string, unknown> = { mark };
      node.self = node;
      return node;
    };
    expect(jsonEqual(cyclic(1), cyclic(1))).toBe(true);
    expect(jsonEqual(cyclic(1), cyclic(2))).toBe(false);
  });
});

describe('uniqueItems on arrays of objects is keyed, not pairwise', () => {
  it('firstRepeat finds the pair the pairwise loop finds', () => {
    const pairwise = (items: unknown[]): [number, number] | null => {
      for (let i = items.length; i-- > 0; ) for (let j = i; j-- > 0; ) if (jsonEqual(items[i], items[j])) return [i, j];
      return null;
    };
    const small = fc.oneof(
      fc.constantFrom<unknown>(0, -0, 1, '', 'a', true, null),
      fc.constantFrom('toString', '__proto__').map((key) => JSON.parse(`{"${key}": 1}`) as unknown),
    );
    const item = fc.oneof(small, fc.array(small, { maxLength: 2 }), fc.dictionary(fc.constantFrom('a', 'b', 'constructor', 'valueOf'), small, { maxKeys: 3 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 8 }), (items) => {
        expect(firstRepeat(items)).toEqual(pairwise(items));
      }),
      { numRuns: 3000 },
    );
  });

  it('a repeat among 50,000 qualifier definitions is found (their keys in another order)', () => {
    const definition = cargo();
    definition.qualifiers_definition = Array.from({ length: 50_000 }, (_, i) => ({ key: `k${i}`, description: 'x' }));
    definition.qualifiers_definition.push({ description: 'x', key: 'k7' });
    const findings = validateDocument(definition, { kind: 'purl-type-definition' }).findings.filter((f) => f.rule === 'schema/uniqueItems');
    expect(findings.map((f) => [f.pointer, f.message])).toEqual([
      ['/qualifiers_definition/50000', 'qualifiers_definition[50000] repeats qualifiers_definition[7]; items must be distinct'],
    ]);
  });
});

describe('keys named like Object.prototype members are plain data in the engine and the docs model', () => {
  it('qualifier keys constructor, tostring, valueof and hasownproperty parse, default and render as data', () => {
    const definition = cargo();
    definition.qualifiers_definition = [
      { key: 'constructor', requirement: 'required', description: 'a required key' },
      { key: 'tostring', description: 'a key with a default', default_value: 'yes' },
      { key: 'valueof', description: 'a plain key' },
      { key: 'hasownproperty', description: 'another plain key' },
    ];
    definition.examples = ['pkg:cargo/rand@0.7.2?constructor=x&hasownproperty=1&valueof=2'];
    expect(validateDocument(definition, { kind: 'purl-type-definition' }).findings).toEqual([]);
    const engine = engineFromDefinitions([definition]);
    expect(engine.validate('pkg:cargo/rand@1').errors.map((e) => e.code)).toEqual(['missing-qualifier']);
    const parsed = engine.parse('pkg:cargo/rand@1?constructor=x&valueof=2');
    expect(engine.effectiveQualifiers(parsed)).toEqual({ constructor: 'x', valueof: '2', tostring: 'yes' });
    const page = generateDocsSite([definition as never], { format: 'md', engine }).find((f) => f.path === 'types/cargo.md')!;
    for (const key of ['constructor', 'tostring', 'valueof', 'hasownproperty']) expect(page.content).toContain(key);
    expect(({} as Record<string, unknown>).yes).toBeUndefined();
  });
});

describe('one document never sinks the run', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'teapurl-isolation-'));
    writeFileSync(path.join(dir, 'a.json'), VALID_DISCOVERY);
    writeFileSync(path.join(dir, 'q-definition.json'), TO_STRING_DOCUMENT);
    writeFileSync(path.join(dir, 'b.json'), VALID_DISCOVERY);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('validates and reports every file around the one that used to crash the run', async () => {
    const report = await validateFiles(['a.json', 'q-definition.json', 'b.json'], { cwd: dir });
    expect(report.results.map((r) => [r.file, r.valid])).toEqual([
      ['a.json', true],
      ['q-definition.json', false],
      ['b.json', true],
    ]);
    expect(report.valid).toBe(false);
  });

  it('teapurl validate reports all three files and exits 1', () => {
    const run = runCli(['validate', 'a.json', 'q-definition.json', 'b.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('q-definition.json:1:31: error qualifiers_definition[1] has the unknown property "toString"');
    expect(run.stdout).toContain('1 of 3 files invalid');
    expect(run.stderr).toBe('');
  });

  it('a 10 MB key makes short lines in text and GitHub output', () => {
    writeFileSync(
      path.join(dir, 'big-key.json'),
      `{"schemaVersion": 1, "endpoints": [{"url": "https://a.example", "versions": ["1.0.0"]}], "${'k'.repeat(10_000_000)}": 1}`,
    );
    for (const format of ['text', 'github']) {
      const run = runCli(['validate', '--format', format, 'big-key.json'], { cwd: dir });
      expect(run.status).toBe(1);
      for (const line of run.stdout.split('\n')) expect(line.length).toBeLessThan(1000);
    }
  });

  it('an in-memory definition with cyclic qualifier definitions is validated, not looped over', () => {
    const definition = cargo();
    const a: Record<string, unknown> = { key: 'a', description: 'x' };
    const b: Record<string, unknown> = { key: 'a', description: 'x' };
    a.loop = a;
    b.loop = b;
    definition.qualifiers_definition = [a, b];
    const findings = validateDocument(definition, { kind: 'purl-type-definition' }).findings;
    expect(findings.map((f) => [f.rule, f.pointer])).toContainEqual(['schema/uniqueItems', '/qualifiers_definition/1']);
  });

  it('a failure inside validation is one internal/error finding that says it is a teapurl fault', () => {
    const hostile = {
      schemaVersion: 1,
      get endpoints(): never {
        throw new RangeError('boom');
      },
    };
    const result = validateDocument(hostile, { kind: 'tea-discovery', file: 'x.json' });
    expect(result.valid).toBe(false);
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ file: 'x.json', rule: 'internal/error', severity: 'error' });
    expect(result.findings[0]!.message).toMatch(/RangeError: boom.*fault in teapurl.*report it to the teapurl maintainers/);
  });

  it('a check that throws becomes an internal/error finding and the other checks still report', () => {
    const checks = {
      'tea-token-error': [
        {
          rule: 'test/throws-on-marker',
          summary: 'Throws on a marker value, for this test.',
          check: (document: unknown) => {
            if ((document as { error_description?: unknown }).error_description === 'explode') throw new TypeError('x.toString is not a function');
            return [];
          },
        },
      ],
    };
    const result = validateText('{"error": 5, "error_description": "explode"}', { kind: 'token-error', checks });
    expect(rules(result.findings).sort()).toEqual(['internal/error', 'schema/type']);
    const internal = result.findings.find((f) => f.rule === 'internal/error')!;
    expect(internal.message).toContain('test/throws-on-marker');
    expect(internal).toMatchObject({ line: 1, column: 1 });
  });
});

describe('PurlEngine loaders throw only DefinitionSetError', () => {
  it('loadPurlEngine refuses the toString document with a DefinitionSetError', () => {
    expect(() => engineFromDefinitions([JSON.parse(TO_STRING_DOCUMENT)])).toThrow(DefinitionSetError);
  });

  it('fromDefinitions reports a value that throws when read as a DefinitionSetError', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    let caught: unknown;
    try {
      engineFromDefinitions([hostile]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DefinitionSetError);
    expect((caught as DefinitionSetError).source).toBe('definition #0');
  });

  it('fromDirectory refuses a directory holding the toString document with a DefinitionSetError', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-types-'));
    try {
      writeFileSync(path.join(dir, 'cargo-definition.json'), CARGO);
      writeFileSync(path.join(dir, 'q-definition.json'), TO_STRING_DOCUMENT);
      await expect(purlEngineFromDirectory(dir)).rejects.toBeInstanceOf(DefinitionSetError);
      await expect(purlEngineFromDirectory(path.join(dir, 'missing'))).rejects.toBeInstanceOf(DefinitionSetError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fromDirectory reads a definition that starts with a byte order mark', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-types-'));
    try {
      writeFileSync(path.join(dir, 'cargo-definition.json'), `\uFEFF${CARGO}`);
      expect((await purlEngineFromDirectory(dir)).types()).toEqual(['cargo']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a huge invalid URI is one finding', () => {
  const huge = `https://${'a'.repeat(10_000_000)} `;

  it('in a discovery document url, which the base-url rule explains', () => {
    const findings = validateText(JSON.stringify({ schemaVersion: 1, endpoints: [{ url: huge, versions: ['1.0.0'] }] })).findings;
    expect(findings.map((f) => [f.rule, f.pointer])).toEqual([['discovery/base-url', '/endpoints/0/url']]);
    expect(findings[0]!.message).toContain('holds a space (character 10000009)');
    expect(findings[0]!.message.length).toBeLessThan(300);
  });

  it("in a token error's error_uri", () => {
    const findings = validateText(JSON.stringify({ error: 'invalid_client', error_uri: `x:${'b'.repeat(10_000_000)} ` }), { kind: 'token-error' }).findings;
    expect(findings.map((f) => [f.rule, f.pointer])).toEqual([['schema/format', '/error_uri']]);
  });

  it('a huge valid URI is valid', () => {
    const url = `https://tea.example.com/${'a/'.repeat(2_000_000)}z`;
    expect(validateText(JSON.stringify({ error: 'invalid_client', error_uri: url }), { kind: 'token-error' }).findings).toEqual([]);
  });

  it('the scanner answers as the regular expression it replaces does, on short strings', () => {
    const regex = fullFormats.uri as (value: string) => boolean;
    const piece = fc.constantFrom(
      ..."aZ09:/?#@[]%.-_~!$&'()*+,;= vV\u00e9".split(''),
      '%41',
      '%4',
      '//',
      'http',
      'https://',
      'x:',
      '127.0.0.1',
      '[::1]',
      '[v1.x]',
      '[fe80::1]',
      '[1:2:3:4:5:6:7:8]',
      ':8080',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
        (value) => {
          expect(isUri(value)).toBe(regex(value));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});

describe('byte order marks', () => {
  const twice = `\uFEFF\uFEFF${VALID_DISCOVERY}`;

  it('two marks are a syntax finding from the text, the bytes and the file alike', async () => {
    const fromText = validateText(twice).findings;
    const fromBytes = validateBytes(Buffer.from(twice, 'utf8')).findings;
    const dir = mkdtempSync(path.join(tmpdir(), 'teapurl-bom-'));
    try {
      writeFileSync(path.join(dir, 'tea.json'), twice);
      const fromFile = (await validateFiles(['tea.json'], { cwd: dir })).results[0]!.findings;
      for (const findings of [fromText, fromBytes, fromFile]) {
        expect(findings.map((f) => [f.rule, f.line, f.column])).toEqual([['json/syntax', 1, 1]]);
        expect(findings[0]!.message).toContain('two byte order marks');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('one mark is tolerated on every path', () => {
    expect(validateText(`\uFEFF${VALID_DISCOVERY}`).valid).toBe(true);
    expect(validateBytes(Buffer.from(`\uFEFF${VALID_DISCOVERY}`, 'utf8')).valid).toBe(true);
  });
});

describe('patterns: one flag policy and honest messages', () => {
  it('a pattern that compiles only without the u flag is refused by the schema and the engine alike', () => {
    const definition = cargo();
    definition.name_definition.permitted_characters = '^[\\w-.]+$';
    const findings = validateText(JSON.stringify(definition), { file: 'cargo-definition.json' }).findings;
    // The examples are still checked, without the pattern, and one line says so.
    expect(findings.map((f) => [f.rule, f.pointer])).toEqual([
      ['schema/format', '/name_definition/permitted_characters'],
      ['purl-type/unchecked', '/examples'],
    ]);
    expect(findings[0]!.message).toContain('compiles only without the u flag');
    expect(findings[1]!.message).toContain('not checked against name_definition.permitted_characters');
    expect(() => engineFromDefinitions([definition])).toThrow(DefinitionSetError);
  });

  it('a 140,000-alternative pattern V8 compiles is accepted and used, not called invalid', () => {
    const definition = cargo();
    const alternatives = Array.from({ length: 140_000 }, (_, i) => `x${i.toString(36)}`);
    definition.name_definition.permitted_characters = `^(?:${alternatives.join('|')})$`;
    definition.examples = ['pkg:cargo/x0@1.0', 'pkg:cargo/xzz@1.0'];
    const findings = validateText(JSON.stringify(definition), { file: 'cargo-definition.json' }).findings;
    expect(findings).toEqual([]);
    const engine = engineFromDefinitions([definition]);
    expect(engine.validate('pkg:cargo/x1@1').valid).toBe(true);
    const refused = engine.validate('pkg:cargo/rand@1');
    expect(refused.errors[0]!.code).toBe('invalid-characters');
    expect(refused.errors[0]!.message.length).toBeLessThan(400);
  });

  it('a pattern V8 refuses for its size says so, in a bounded message', () => {
    const definition = cargo();
    definition.name_definition.permitted_characters = `${'('.repeat(100_000)}a${')'.repeat(100_000)}`;
    const findings = validateText(JSON.stringify(definition), { file: 'cargo-definition.json' }).findings;
    expect(findings.map((f) => f.rule)).toEqual(['schema/format', 'purl-type/unchecked']);
    expect(findings[0]!.message).toMatch(/too large for the JavaScript regular expression engine/);
    expect(findings[0]!.message).not.toMatch(/not a valid regular expression/);
    expect(findings[0]!.message.length).toBeLessThan(400);
  });
});

describe('messages stay short whatever the input', () => {
  it('a 10 MB key is quoted in a few characters', () => {
    const key = 'k'.repeat(10_000_000);
    const findings = validateText(`{"schemaVersion": 1, "endpoints": [{"url": "https://a.example", "versions": ["1.0.0"]}], "${key}": 1}`).findings;
    expect(findings.map((f) => f.rule)).toEqual(['schema/additionalProperties']);
    expect(findings[0]!.message.length).toBeLessThan(300);
  });

  it('a repeated endpoint with a 1 MB url is quoted in a few characters', () => {
    const url = `https://tea.example.com/${'p'.repeat(1_000_000)}`;
    const findings = validateText(
      JSON.stringify({
        schemaVersion: 1,
        endpoints: [
          { url, versions: ['1.0.0'] },
          { url, versions: ['1.0.0'] },
        ],
      }),
    ).findings;
    expect(findings.map((f) => f.rule)).toEqual(['discovery/duplicate-url']);
    expect(findings[0]!.message.length).toBeLessThan(400);
  });
});
