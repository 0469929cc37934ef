/**
 * The checks a schema cannot make on PURL type definitions (src/validate/semantic/purl-type-*):
 * each rule has a fixture written to break it, our corpus breaks none, and the published
 * definitions' known defects are found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInChecks, validateDocument, validateText, type Finding } from '../../../src/index.js';
import { validateFiles, purlEngineFromDirectory } from '../../../src/node/index.js';
import { HAS_PURL_SPEC, PURL_SPEC, ROOT } from '../../support/paths.js';
import { runCli } from '../../support/run-cli.js';

const FIXTURES = path.join(ROOT, 'test/fixtures/purl-type-checks');

/** What a fixture must produce: rule, pointer, severity and a piece of the message. */
type Expected = [rule: string, pointer: string, severity: Finding['severity'], says: string];

const CASES: Record<string, Expected[]> = {
  'example-valid': [
    ['purl-type/example-valid', '/examples/2', 'error', 'widget PURLs have no namespace, but "acme" is given'],
    ['purl-type/example-valid', '/examples/3', 'error', 'does not match the permitted characters ^[a-z0-9-]+$'],
  ],
  'example-canonical': [
    ['purl-type/example-canonical', '/examples/0', 'error', 'its canonical form is "pkg:widget/sprocket@1.0?arch=arm64&os=linux"'],
    ['purl-type/example-canonical', '/examples/1', 'error', 'its canonical form is "pkg:widget/sprocket@1.0"'],
  ],
  'example-type': [['purl-type/example-type', '/examples/2', 'error', 'is a PURL of type "gadget", not of this definition\'s type "widget"']],
  // Issue 14's case: a requirement the schema rejects and an example of another type, both in one
  // run; the examples of the definition's own type cannot be checked without the namespace's
  // requirement, and one line says so.
  unchecked: [
    ['schema/enum', '/namespace_definition/requirement', 'error', '"mandatory" is not one of "optional", "required", "prohibited"'],
    [
      'purl-type/unchecked',
      '/examples',
      'warning',
      'examples not checked against this definition, only for their type: namespace_definition.requirement is invalid',
    ],
    ['purl-type/example-type', '/examples/2', 'error', 'is a PURL of type "gadget", not of this definition\'s type "widget"'],
  ],
  'example-unique': [
    ['purl-type/example-canonical', '/examples/1', 'error', 'its canonical form is "pkg:widget/sprocket@1.0"'],
    ['purl-type/example-unique', '/examples/1', 'error', 'is the same PURL as examples[0] once canonicalised'],
    ['purl-type/example-canonical', '/examples/2', 'error', 'its canonical form is "pkg:widget/sprocket@1.0"'],
    ['purl-type/example-unique', '/examples/2', 'error', 'is the same PURL as examples[0] once canonicalised'],
  ],
  'id-file-name': [['purl-type/id-file-name', '/$id', 'error', 'names the file "gizmo-definition.json"']],
  'file-name': [
    ['purl-type/file-name', '/type', 'error', 'the file is named "widgets.json", but a definition of type "widget" belongs in "widget-definition.json"'],
  ],
  // One flag policy: the schema's `format: regex` compiles with the u flag, as the engine does.
  // The examples are still checked, against the rest of the definition.
  'pattern-syntax': [
    ['schema/format', '/name_definition/permitted_characters', 'error', 'compiles only without the u flag'],
    [
      'purl-type/unchecked',
      '/examples',
      'warning',
      'examples not checked against name_definition.permitted_characters, which is invalid; checked against the rest of the definition',
    ],
  ],
  'pattern-anchored': [
    ['purl-type/pattern-anchored', '/name_definition/permitted_characters', 'warning', 'not anchored with ^ and $'],
    // The unanchored end lets uppercase through, which the case rule then notices.
    ['purl-type/case-insensitive-pattern', '/name_definition/permitted_characters', 'warning', 'admits'],
    ['purl-type/pattern-anchored', '/version_definition/permitted_characters', 'warning', 'top-level alternatives'],
  ],
  // In memory, without the pattern guard (nothing here loads it): an exponential pattern runs on no
  // value, and what it did not check is said. test/purl/node/pattern-guard-node.test.ts validates this file
  // with the guard, as the CLI does.
  'pattern-backtracking': [
    ['purl-type/pattern-backtracking', '/name_definition/permitted_characters', 'warning', 'can backtrack catastrophically, taking exponential time'],
    ['purl-type/case-insensitive-pattern', '/name_definition/permitted_characters', 'warning', 'was not fully checked for uppercase letters'],
    ['purl-type/example-valid', '/name_definition/permitted_characters', 'warning', '3 examples were not checked'],
  ],
  'case-insensitive-pattern': [['purl-type/case-insensitive-pattern', '/name_definition/permitted_characters', 'warning', 'admits "SPROCKET"']],
  'qualifier-key': [
    ['purl-type/qualifier-key', '/qualifiers_definition/1/key', 'error', 'must be lowercase'],
    ['purl-type/qualifier-key', '/qualifiers_definition/2/key', 'error', 'is not a PURL qualifier key'],
    ['purl-type/qualifier-key', '/qualifiers_definition/3/key', 'error', 'must be lowercase'],
    ['purl-type/qualifier-key', '/qualifiers_definition/3/key', 'error', 'already defined by qualifiers_definition[0]'],
  ],
  'required-qualifier-default': [['purl-type/required-qualifier-default', '/qualifiers_definition/1/default_value', 'warning', 'the default never applies']],
  // ECMA-427's 2nd edition (test/purl/second-edition.test.ts has the whole of it).
  edition: [
    [
      'purl-type/edition',
      '/qualifiers_definition/0/requirement',
      'error',
      "is part of ECMA-427's 2nd edition (schema 1.1), but this definition is written to ECMA-427's 1st edition (schema 1.0)",
    ],
  ],
  'registered-values': [
    ['purl-type/registered-values', '/namespace_definition/registered_values/0/value', 'warning', '"beta" is out of order'],
    ['purl-type/registered-values', '/namespace_definition/registered_values/0/description', 'warning', 'moves with its value'],
    ['purl-type/registered-values', '/namespace_definition/registered_values/1/value', 'warning', '"alpha" is out of order'],
    ['purl-type/registered-values', '/namespace_definition/registered_values/1/description', 'warning', 'moves with its value'],
    ['purl-type/registered-values', '/namespace_definition/registered_values/2/value', 'warning', '"beta" repeats namespace_definition.registered_values[0]'],
  ],
  'example-warning': [
    [
      'purl-type/example-warning',
      '/examples/1',
      'warning',
      'namespace "gamma" is not one of the values registered for the type ("alpha") (unregistered-namespace)',
    ],
    [
      'purl-type/example-warning',
      '/examples/2',
      'warning',
      'should carry the qualifier "arch" (its definition marks it recommended) (missing-recommended-qualifier)',
    ],
  ],
  url: [
    ['purl-type/url', '/repository/default_repository_url', 'error', 'uses the scheme "ftp"'],
    ['purl-type/url', '/reference_urls/1', 'error', 'uses the scheme "javascript"'],
    ['purl-type/url', '/reference_urls/2', 'error', 'uses the scheme "mailto"'],
  ],
};

function fixture(name: string): { file: string; text: string } {
  const dir = path.join(FIXTURES, name);
  const [base] = readdirSync(dir);
  const file = path.relative(ROOT, path.join(dir, base!)).split(path.sep).join('/');
  return { file, text: readFileSync(path.join(ROOT, file), 'utf8') };
}

/** The document with an unknown member on its first line: the schema fails, lines stay where they were. */
function spoiled(text: string): string {
  return text.replace('{', '{"x-unknown": true, ');
}

function findingsOf(name: string): Finding[] {
  const { file, text } = fixture(name);
  return validateText(text, { file, kind: 'purl-type-definition' }).findings;
}

describe('type definition checks: each rule has a fixture that breaks it', () => {
  it.each(Object.keys(CASES))('%s', (name) => {
    const findings = findingsOf(name);
    const expected = CASES[name]!;
    expect(findings.map((f) => [f.rule, f.pointer, f.severity])).toEqual(expected.map(([rule, pointer, severity]) => [rule, pointer, severity]));
    findings.forEach((finding, i) => {
      expect(finding.message).toContain(expected[i]![3]);
      // Reported like schema findings: placed in the file.
      expect(finding.file).toBe(fixture(name).file);
      expect(finding.line).toBeGreaterThan(0);
      expect(finding.column).toBeGreaterThan(0);
    });
  });

  it('every built-in purl-type rule is broken by some fixture', () => {
    const covered = new Set(Object.values(CASES).flatMap((rows) => rows.map(([rule]) => rule)));
    const registered = builtInChecks['purl-type-definition']!.map((c) => c.rule);
    expect(registered.length).toBeGreaterThanOrEqual(12);
    expect(registered.filter((rule) => !covered.has(rule))).toEqual([]);
  });

  it('the untouched base fixture has no finding', () => {
    expect(findingsOf('valid')).toEqual([]);
  });

  it("a document whose problems are all the schema's gets schema findings only, and no check crashes on it", () => {
    const findings = findingsOf('schema-invalid');
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.rule.startsWith('schema/'))).toBe(true);
  });

  it.each(Object.keys(CASES))("%s, made schema-invalid where no check looks, gives the same findings besides the schema's", (name) => {
    const { file, text } = fixture(name);
    const broken = validateText(spoiled(text), { file, kind: 'purl-type-definition' }).findings;
    expect(broken.filter((f) => f.rule === 'schema/additionalProperties').map((f) => f.pointer)).toEqual(['/x-unknown']);
    expect(broken.filter((f) => f.pointer !== '/x-unknown')).toEqual(findingsOf(name));
  });

  it('without a file name there is no file name to check', () => {
    const { text } = fixture('file-name');
    expect(validateDocument(JSON.parse(text), { kind: 'purl-type-definition' }).findings).toEqual([]);
    expect(validateText(text, { kind: 'purl-type-definition', file: '<stdin>' }).findings).toEqual([]);
  });

  it('a hostile document (a __proto__ key, a constructor qualifier) is read as data', () => {
    const { text } = fixture('valid');
    const doc = JSON.parse(text) as Record<string, unknown>;
    const hostile = JSON.stringify({ ...doc, qualifiers_definition: [{ key: 'constructor', description: 'a plain key' }] }).replace(
      '"type":',
      '"__proto__": {"polluted": true}, "type":',
    );
    const findings = validateText(hostile, { kind: 'purl-type-definition' }).findings;
    expect(findings.map((f) => f.rule)).toEqual(['schema/additionalProperties']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('type definition checks on whole directories', () => {
  it('our corpus breaks none of them', async () => {
    const report = await validateFiles(['corpus/purl-types/*.json'], { cwd: ROOT });
    expect(report.results.length).toBeGreaterThanOrEqual(41);
    expect(report.results.flatMap((r) => r.findings)).toEqual([]);
  });

  it.skipIf(!HAS_PURL_SPEC)('they find the known defects of the published definitions', async () => {
    const report = await validateFiles([path.join(PURL_SPEC, 'types/*.json')]);
    const found = report.results.flatMap((r) => r.findings.map((f) => `${path.basename(r.file)} ${f.rule} ${f.pointer}`));
    // Two published definitions whose $id names another file.
    expect(found).toContain('chrome-extension-definition.json purl-type/id-file-name /$id');
    expect(found).toContain('huggingface-definition.json purl-type/id-file-name /$id');
    // pub's name pattern only constrains the first character.
    expect(found).toContain('pub-definition.json purl-type/pattern-anchored /name_definition/permitted_characters');
    // An opam example whose version holds an unencoded "/", and qualifiers out of order in maven's.
    expect(found).toContain('opam-definition.json purl-type/example-canonical /examples/1');
    expect(found).toContain('maven-definition.json purl-type/example-canonical /examples/3');
    // Nothing the schema itself refuses.
    expect(found.filter((f) => / (schema|json)\//.test(f))).toEqual([]);
  });

  it.skipIf(!HAS_PURL_SPEC)('a published definition the schema fails still gets every finding it gets when it passes', () => {
    const dir = path.join(PURL_SPEC, 'types');
    const names = readdirSync(dir).filter((name) => name.endsWith('.json'));
    expect(names.length).toBeGreaterThanOrEqual(42);
    let semantic = 0;
    for (const name of names) {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const clean = validateText(text, { file: name, kind: 'purl-type-definition' }).findings;
      const broken = validateText(spoiled(text), { file: name, kind: 'purl-type-definition' }).findings;
      expect(
        broken.filter((f) => f.pointer !== '/x-unknown'),
        name,
      ).toEqual(clean);
      semantic += clean.length;
    }
    // The known defects are among them (see above): the comparison is not between empty lists.
    expect(semantic).toBeGreaterThanOrEqual(20);
  });

  it.skipIf(!HAS_PURL_SPEC)('quality findings do not stop an engine being built from the published definitions', async () => {
    const engine = await purlEngineFromDirectory(path.join(PURL_SPEC, 'types'));
    expect(engine.types()).toContain('chrome-extension');
    expect(engine.canonicalize('pkg:PYPI/Django_Package@1.0')).toBe('pkg:pypi/django-package@1.0');
  });

  it('teapurl validate reports them with file, line, column and rule, and exits 1 on an error', () => {
    const { file } = fixture('id-file-name');
    const run = runCli(['validate', file]);
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(new RegExp(`${file.replace(/[.]/g, '\\.')}:3:10.*purl-type/id-file-name`));
  });

  it('teapurl validate passes a file with warnings only, and fails it with --strict', () => {
    const { file } = fixture('required-qualifier-default');
    expect(runCli(['validate', file]).status).toBe(0);
    expect(runCli(['validate', '--strict', file]).status).toBe(1);
  });
});
