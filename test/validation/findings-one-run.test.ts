/**
 * Every finding in one run (issue 14): the checks beyond the schema run on documents the schema
 * rejects, the examples of a type definition are checked against the parts of it the schema
 * accepts, and what could not be checked is said in one line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateText, type Finding } from '../../src/index.js';
import { checkContext, runChecks } from '../../src/validation/checks/index.js';
import { ROOT } from '../support/paths.js';
import { builtInChecks } from '../../src/validator/validate.js';

type Doc = Record<string, unknown>;

/** The untouched base fixture: a schema-valid definition without any finding. */
function widget(): Doc {
  return JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/purl-type-checks/valid/widget-definition.json'), 'utf8')) as Doc;
}

function findings(document: unknown, kind: string, file?: string): Finding[] {
  return validateText(typeof document === 'string' ? document : JSON.stringify(document, null, 2), { kind, ...(file ? { file } : {}) }).findings;
}

/** `rule pointer` of each finding, in source order. */
function rules(found: readonly Finding[]): string[] {
  return found.map((f) => `${f.rule} ${f.pointer}`);
}

/** The one-line notices of what was not checked. */
function notice(found: readonly Finding[]): Finding[] {
  return found.filter((f) => f.rule === 'purl-type/unchecked');
}

describe('the requirement the schema rejects and the example of another type show in one run', () => {
  it('in namespace_definition: the examples are checked for their type only, and one line says why', () => {
    const doc = widget();
    doc.namespace_definition = { requirement: 'mandatory' };
    doc.examples = ['pkg:widget/sprocket@1.0', 'pkg:widget/acme/sprocket@1.0', 'pkg:gadget/sprocket@1.0'];
    const found = findings(doc, 'purl-type');
    expect(rules(found)).toEqual(['schema/enum /namespace_definition/requirement', 'purl-type/unchecked /examples', 'purl-type/example-type /examples/2']);
    expect(found[1]!.severity).toBe('warning');
    expect(found[1]!.message).toBe('examples not checked against this definition, only for their type: namespace_definition.requirement is invalid');
  });

  it('in name_definition, which allows one requirement only: the examples are checked fully, and nothing needs saying', () => {
    const doc = widget();
    doc.name_definition = { requirement: 'mandatory', permitted_characters: '^[a-z]+$' };
    doc.examples = ['pkg:widget/sprocket@1.0', 'pkg:widget/acme/sprocket@1.0', 'pkg:widget/Sprocket9', 'pkg:gadget/sprocket@1.0'];
    expect(rules(findings(doc, 'purl-type'))).toEqual([
      'schema/const /name_definition/requirement',
      'purl-type/example-valid /examples/1',
      'purl-type/example-valid /examples/2',
      'purl-type/example-type /examples/3',
    ]);
  });

  it('in a qualifier: the examples are checked against the rest of the definition', () => {
    const doc = widget();
    doc.qualifiers_definition = [{ key: 'arch', requirement: 'mandatory', description: 'Processor architecture.' }];
    // Without the qualifier: what "mandatory" meant is unknown, so it is not held against the example.
    doc.examples = ['pkg:widget/sprocket@1.0', 'pkg:widget/acme/sprocket', 'pkg:gadget/sprocket@1.0'];
    const found = findings(doc, 'purl-type');
    expect(rules(found)).toEqual([
      'schema/enum /qualifiers_definition/0/requirement',
      'purl-type/unchecked /examples',
      'purl-type/example-valid /examples/1',
      'purl-type/example-type /examples/2',
    ]);
    expect(notice(found)[0]!.message).toBe(
      'examples not checked against qualifiers_definition[0].requirement, which is invalid; checked against the rest of the definition',
    );
  });
});

describe('every check beyond the schema fires on a document the schema rejects', () => {
  it('a type definition breaking every purl-type rule, and the schema in four places, gets every finding', () => {
    const doc = widget();
    delete doc.type_name; // schema/required at the root
    doc.$id = 'https://example.test/purl-types/gizmo-definition.json';
    doc.repository = { use_repository: 'yes', default_repository_url: 'ftp://widgets.example.test/' };
    doc.name_definition = { requirement: 'required', case_sensitive: false, permitted_characters: '^[a-z0-9-]+' };
    doc.version_definition = { requirement: 'required', permitted_characters: '^([0-9.]+)+$' }; // const: "optional"
    doc.qualifiers_definition = [
      { key: 'arch', requirement: 'required', default_value: 'x86', description: 'Processor architecture.' },
      { key: 'OS', description: 'Operating system.' },
      { key: '1st', description: 42 },
    ];
    doc.examples = [
      'pkg:widget/sprocket@1.0?arch=arm',
      'pkg:widget/sprocket@1.0?arch=arm#',
      'pkg:widget/acme/gear?arch=arm',
      'pkg:gadget/gear',
      'pkg:widget/gear@1.0',
    ];
    doc.reference_urls = ['mailto:widgets@example.test'];
    const found = findings(doc, 'purl-type', 'test/widgets.json');
    const seen = new Set(found.map((f) => f.rule));
    expect([...seen].filter((r) => r.startsWith('schema/')).sort()).toEqual(['schema/const', 'schema/required', 'schema/type']);
    expect(rules(found.filter((f) => !f.rule.startsWith('schema/'))).sort()).toEqual(
      [
        'purl-type/id-file-name /$id',
        'purl-type/file-name /type',
        'purl-type/url /repository/default_repository_url',
        'purl-type/url /reference_urls/0',
        'purl-type/pattern-anchored /name_definition/permitted_characters',
        'purl-type/case-insensitive-pattern /name_definition/permitted_characters',
        'purl-type/pattern-backtracking /version_definition/permitted_characters',
        // In memory, without the pattern guard, the exponential pattern runs on no value, and that is said.
        'purl-type/example-valid /version_definition/permitted_characters',
        'purl-type/qualifier-key /qualifiers_definition/1/key',
        'purl-type/qualifier-key /qualifiers_definition/2/key',
        'purl-type/required-qualifier-default /qualifiers_definition/0/default_value',
        'purl-type/example-canonical /examples/1',
        'purl-type/example-unique /examples/1',
        'purl-type/example-valid /examples/2',
        'purl-type/example-type /examples/3',
        'purl-type/example-valid /examples/4',
      ].sort(),
    );
    // Every rule was applied: nothing was left unchecked, so no notice.
    expect(notice(found)).toEqual([]);
  });

  it('a discovery document the schema rejects gets every discovery rule', () => {
    const doc = {
      schemaVersion: 2,
      extra: true,
      endpoints: [
        { url: 'https://tea.example.com', versions: ['1.0.0', '1.0.0', '2.0.0+a', '2.0.0+b'], priority: 7 },
        { url: 'HTTPS://tea.example.com:443', versions: ['1.0.0'] },
        { url: 'http://localhost:8080', versions: ['1.0'] },
      ],
    };
    const found = findings(doc, 'discovery');
    expect(found.filter((f) => f.rule.startsWith('schema/')).length).toBeGreaterThanOrEqual(3);
    expect(rules(found.filter((f) => f.rule.startsWith('discovery/')))).toEqual([
      'discovery/duplicate-version /endpoints/0/versions/1',
      'discovery/ambiguous-version /endpoints/0/versions/3',
      'discovery/base-url /endpoints/1/url',
      'discovery/insecure-url /endpoints/2/url',
    ]);
    // The repeated URL's uppercase scheme is said once, at its pointer, in the words of the rule
    // that says what is wrong with it rather than the schema's pattern.
    expect(found.filter((f) => f.pointer === '/endpoints/1/url').map((f) => f.rule)).toEqual(['discovery/base-url']);
    const lower = { ...doc, endpoints: [doc.endpoints[0], { url: 'https://tea.example.com:443', versions: ['1.0.0'] }] };
    expect(rules(findings(lower, 'discovery').filter((f) => f.rule === 'discovery/duplicate-url'))).toEqual(['discovery/duplicate-url /endpoints/1/url']);
  });

  it('a token response the schema rejects gets every token rule, also at the pointer of a missing property', () => {
    const found = findings({ token_type: 'Bearer', refresh_token: 'r' }, 'token-response');
    // The missing access_token is reported at the document, and so is the missing expires_in.
    expect(rules(found).sort()).toEqual(['schema/required ', 'token/expires-in ', 'token/no-refresh-token /refresh_token']);
  });
});

describe('what could not be checked is said in one line', () => {
  it("a type the schema rejects: nothing compared with it is checked, not even the examples' type", () => {
    const doc = widget();
    doc.type = 'Widget';
    doc.$id = 'https://example.test/purl-types/gizmo-definition.json';
    const found = findings(doc, 'purl-type', 'types/gizmo.json');
    expect(rules(found)).toEqual(['schema/pattern /type', 'purl-type/unchecked /examples']);
    expect(found[1]!.message).toBe('examples, $id and the file name not checked: type is invalid');
    // Without examples, the line is the document's.
    doc.examples = [];
    expect(notice(findings(doc, 'purl-type')).map((f) => `${f.pointer} ${f.message}`)).toEqual([' $id not checked: type is invalid']);
    delete doc.$id;
    expect(notice(findings(doc, 'purl-type'))).toEqual([]);
  });

  it('a missing type or namespace definition', () => {
    const noType = widget();
    delete noType.type;
    expect(notice(findings(noType, 'purl-type')).map((f) => f.message)).toEqual(['examples and $id not checked: type is missing']);
    const noNamespace = widget();
    delete noNamespace.namespace_definition;
    expect(notice(findings(noNamespace, 'purl-type')).map((f) => f.message)).toEqual([
      'examples not checked against this definition, only for their type: namespace_definition is missing',
    ]);
  });

  it('one line however many examples there are', () => {
    const doc = widget();
    doc.type = 7;
    doc.examples = Array.from({ length: 500 }, (_, i) => `pkg:widget/part-${i}`);
    const found = findings(doc, 'purl-type');
    expect(rules(found)).toEqual(['schema/type /type', 'purl-type/unchecked /examples']);
  });

  it('nothing to say when there is no example to check, or every one is of another type', () => {
    const none = widget();
    none.namespace_definition = { requirement: 'mandatory' };
    none.examples = [];
    expect(notice(findings(none, 'purl-type'))).toEqual([]);
    none.examples = ['pkg:gadget/a'];
    expect(rules(findings(none, 'purl-type'))).toEqual(['schema/enum /namespace_definition/requirement', 'purl-type/example-type /examples/0']);
  });

  it('many members left out are named up to five, then counted', () => {
    const doc = widget();
    doc.name_definition = { requirement: 'required', case_sensitive: 'false', permitted_characters: '^[\\w-.]+$' };
    doc.version_definition = [];
    doc.qualifiers_definition = [
      { key: 'arch', requirement: 'mandatory', default_value: 64, description: 'Processor architecture.' },
      { key: 7, description: 'A key that is no string.' },
    ];
    const [line] = notice(findings(doc, 'purl-type'));
    expect(line?.message).toBe(
      'examples not checked against name_definition.case_sensitive, name_definition.permitted_characters, version_definition, qualifiers_definition[0].requirement, qualifiers_definition[0].default_value and 1 more, which are invalid; checked against the rest of the definition',
    );
  });

  it('what is left out is really not applied, and what the schema accepts still is', () => {
    const doc = widget();
    // A case_sensitive the schema rejects is left out: the default, case sensitive, applies.
    doc.name_definition = { requirement: 'required', case_sensitive: 'false', permitted_characters: '^[a-zA-Z0-9-]+$' };
    doc.examples = ['pkg:widget/Sprocket', 'pkg:widget/sprocket', 'pkg:widget/acme/sprocket'];
    expect(rules(findings(doc, 'purl-type'))).toEqual([
      'schema/type /name_definition/case_sensitive',
      'purl-type/unchecked /examples',
      // Namespace still prohibited: the schema accepts that part.
      'purl-type/example-valid /examples/2',
    ]);
  });
});

describe("without the schema's verdict", () => {
  it('a check run on its own still leaves out a pattern that does not compile, and says so', () => {
    const doc = widget();
    doc.name_definition = { requirement: 'required', permitted_characters: '^[\\w-.]+$' };
    doc.examples = ['pkg:widget/sprocket', 'pkg:widget/acme/sprocket'];
    const found = runChecks(builtInChecks, 'purl-type-definition', doc, checkContext({ schemaValid: false }));
    expect(found.map((f) => `${f.rule} ${f.pointer}`)).toEqual(['purl-type/example-valid /examples/1', 'purl-type/unchecked /examples']);
    expect(found[1]!.message).toContain('not checked against name_definition.permitted_characters');
  });
});

describe('hostile documents give findings, never a crash', () => {
  const KINDS = ['purl-type', 'discovery', 'token-response', 'token-error'];
  const hostile: Record<string, unknown> = {
    'an array for the document': [1, [2], { a: 3 }],
    'a string for the document': 'pkg:widget/x',
    'null for the document': null,
    'arrays where objects go': {
      type: 'widget',
      name_definition: [],
      namespace_definition: [],
      repository: [],
      qualifiers_definition: [[], 'x'],
      endpoints: [[], ['https://a.example']],
      examples: [['pkg:widget/a']],
    },
    'objects where arrays go': {
      type: 'widget',
      namespace_definition: { requirement: 'optional' },
      qualifiers_definition: { 0: { key: 'a' }, length: 1 },
      examples: { 0: 'pkg:widget/a', length: 1 },
      endpoints: { 0: { url: 'https://a.example', versions: ['1.0.0'] } },
    },
  };
  const cases = Object.entries(hostile).flatMap(([what, doc]) => KINDS.map((kind) => [what, kind, doc] as const));

  it.each(cases)('%s, as %s', (_what, kind, doc) => {
    const found = findings(doc, kind);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((f) => f.rule === 'internal/error')).toEqual([]);
  });

  it('__proto__, constructor and toString keys are read as data, at every level', () => {
    const text = `{
      "__proto__": {"type": "widget", "polluted": true},
      "toString": "x",
      "type": "widget",
      "namespace_definition": {"__proto__": {"requirement": "required"}, "hasOwnProperty": 1},
      "name_definition": {"requirement": "required", "constructor": {"prototype": {"polluted": true}}},
      "qualifiers_definition": [
        {"key": "__proto__", "default_value": "x", "description": "a"},
        {"key": "toString", "requirement": "required", "description": "b"},
        {"key": "constructor", "requirement": "valueOf", "description": "c"}
      ],
      "examples": ["pkg:widget/a?__proto__=y", "pkg:widget/b?constructor=z&tostring=1"],
      "endpoints": [{"__proto__": {"url": "https://a.example"}, "url": "https://a.example", "versions": ["1.0.0"]}],
      "access_token": {"toString": "t"}
    }`;
    for (const kind of KINDS) {
      const found = findings(text, kind);
      expect(found.length, kind).toBeGreaterThan(0);
      expect(
        found.filter((f) => f.rule === 'internal/error'),
        kind,
      ).toEqual([]);
    }
    const purl = findings(text, 'purl-type');
    // The namespace's requirement under "__proto__" is no requirement: nothing to check examples against.
    expect(notice(purl).map((f) => f.message)).toEqual([
      'examples not checked against this definition, only for their type: namespace_definition.requirement is missing',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call([])).toBe('[object Array]');
  });

  it('huge values: a 1 MB type, example and pattern, and 20,000 examples, each with a schema error', () => {
    const huge = 'a'.repeat(1 << 20);
    const docs: Doc[] = [
      { ...widget(), type: huge, type_name: 1 },
      { ...widget(), examples: [`pkg:widget/${huge}`, 'pkg:gadget/a'], type_name: 1 },
      { ...widget(), name_definition: { requirement: 'required', permitted_characters: `^(${huge})+$` }, type_name: 1 },
      { ...widget(), examples: Array.from({ length: 20_000 }, (_, i) => `pkg:widget/part-${i}?arch=${i % 2 ? 'x' : 'y'}`), type_name: 1 },
    ];
    for (const doc of docs) {
      const found = findings(doc, 'purl-type');
      expect(found.some((f) => f.rule === 'schema/type')).toBe(true);
      expect(found.filter((f) => f.rule === 'internal/error')).toEqual([]);
      // Messages quote values shortened.
      expect(Math.max(...found.map((f) => f.message.length))).toBeLessThanOrEqual(1001);
    }
    // The huge example is checked like any other, and the one of another type is named.
    expect(rules(findings(docs[1], 'purl-type')).filter((r) => r.startsWith('purl-type/'))).toContain('purl-type/example-type /examples/1');
  });
});

describe('a check that says why the schema rejects a value speaks in its place (explainsSchema)', () => {
  const checks = (explainsSchema: boolean) => ({
    ...builtInChecks,
    'tea-token-response': [
      {
        rule: 'local/token-type',
        summary: 'Says why a token_type is refused.',
        check: () => [
          {
            pointer: '/token_type',
            severity: 'error' as const,
            rule: 'local/token-type',
            message: 'token_type must be "Bearer", in that case',
            explainsSchema,
          },
        ],
      },
    ],
  });
  const response = JSON.stringify({ access_token: 'abc', token_type: 'BEARER ', expires_in: 60 });

  it('replaces the schema finding at its pointer when it says it explains it, and is left out when it does not', () => {
    const explained = validateText(response, { kind: 'token-response', checks: checks(true) }).findings;
    const plain = validateText(response, { kind: 'token-response', checks: checks(false) }).findings;
    expect(plain.map((f) => f.rule)).toEqual([expect.stringMatching(/^schema\//)]);
    expect(explained.map((f) => [f.rule, f.pointer, f.message])).toEqual([['local/token-type', '/token_type', 'token_type must be "Bearer", in that case']]);
  });

  it("replaces only a finding about the value's form: another schema finding at the pointer stays, and an accepted value is not judged again", () => {
    const explaining = {
      ...builtInChecks,
      'tea-discovery': [
        {
          rule: 'local/urls',
          summary: 'Explains every url.',
          check: () =>
            [0, 1].map((i) => ({ pointer: `/endpoints/${i}/url`, severity: 'error' as const, rule: 'local/urls', message: 'explained', explainsSchema: true })),
        },
      ],
    };
    const doc = JSON.stringify({
      schemaVersion: 1,
      endpoints: [
        { url: 7, versions: ['1.0.0'] },
        { url: 'https://tea.example.com', versions: ['1.0.0'] },
      ],
    });
    const found = validateText(doc, { kind: 'discovery', checks: explaining }).findings;
    // A url of the wrong type is the schema's to report; an accepted one is reported by the check, as any finding is.
    expect(rules(found)).toEqual(['schema/type /endpoints/0/url', 'local/urls /endpoints/1/url']);
  });
});
