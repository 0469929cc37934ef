/**
 * PURL type definitions of ECMA-427's 2nd edition (schema 1.1): registered namespace values and
 * recommended qualifiers, in the definition (validator findings at their line and column, the
 * sort `--fix` mends) and in the engine built from it (warnings, never errors).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionEdition, fixText, validateText } from '../../src/index.js';
import { loadPurlEngine, PurlError, validatePurl, type PurlTypeDefinition } from '../../src/purl/index.js';
import { ROOT } from '../support/paths.js';
import { runCli } from '../support/run-cli.js';
import { generateDocsSite } from '../../src/docs/index.js';
import { explainPurl } from '../../src/docs/purl-box/explain-purl.js';

const DIR = path.join(ROOT, 'test/fixtures/second-edition');
const read = (file: string) => readFileSync(path.join(DIR, file), 'utf8');
const FILE = 'distro-definition.json';

describe('a definition of the 2nd edition', () => {
  it('written from the merged upstream text, validates clean', () => {
    const { valid, findings } = validateText(read(`clean/${FILE}`), { file: FILE });
    expect(findings).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is told its edition by $schema, else by $id, else the 2nd', () => {
    expect(definitionEdition(JSON.parse(read(`clean/${FILE}`)))).toEqual({ edition: 2, namedBy: '$schema' });
    expect(definitionEdition(JSON.parse(read(`first-edition/${FILE}`)))).toEqual({ edition: 1, namedBy: '$schema' });
    expect(definitionEdition({ $id: 'https://packageurl.org/types/npm-definition.json' })).toEqual({ edition: 1, namedBy: '$id' });
    expect(definitionEdition({ $schema: 'https://example.com/x.json' })).toEqual({ edition: 2, namedBy: 'default' });
  });

  it('gets one error per 2nd-edition member when its $schema names the 1st edition, naming both editions', () => {
    const { valid, findings } = validateText(read(`first-edition/${FILE}`), { file: FILE });
    expect(valid).toBe(false);
    expect(findings.map((f) => [f.rule, f.pointer, f.severity, f.line])).toEqual([
      ['purl-type/edition', '/namespace_definition/registered_values', 'error', 15],
      ['purl-type/edition', '/qualifiers_definition/0/requirement', 'error', 44],
    ]);
    for (const f of findings) expect(f.message).toMatch(/2nd edition \(schema 1\.1\).*1st edition \(schema 1\.0\)/);
  });

  it('gets its own finding at its line and column for each mistake in the new parts', () => {
    const { valid, findings } = validateText(read(`mistakes/${FILE}`), { file: FILE });
    expect(valid).toBe(true); // all warnings
    const at = (rule: string, pointer: string) => findings.filter((f) => f.rule === rule && f.pointer === pointer);
    expect(at('purl-type/edition', '/$schema')[0]).toMatchObject({
      line: 2,
      column: 14,
      severity: 'warning',
      fix: { replacement: 'https://packageurl.org/purl-schemas/purl-type-definition.schema-1.1.json' },
    });
    expect(at('purl-type/registered-values', '/namespace_definition/registered_values/3/value').map((f) => f.message)).toEqual([
      expect.stringContaining('"Fedora" repeats namespace_definition.registered_values[0] (the namespace ignores case)'),
      expect.stringContaining('"Fedora" is out of order'),
    ]);
    expect(at('purl-type/example-warning', '/examples/0')[0]?.message).toContain('should carry the qualifier "arch"');
    expect(at('purl-type/example-warning', '/examples/1')[0]?.message).toContain('namespace "rocky" is not one of the values registered');
    expect(findings.every((f) => f.line !== null && f.column !== null)).toBe(true);
  });

  it('--fix sorts registered values by value, each entry moving whole, and names the published schema', () => {
    const text = read(`mistakes/${FILE}`);
    const { text: fixed, applied } = fixText(text, { file: FILE });
    expect(applied.length).toBeGreaterThan(0);
    const document = JSON.parse(fixed) as PurlTypeDefinition;
    expect(document.$schema).toBe('https://packageurl.org/purl-schemas/purl-type-definition.schema-1.1.json');
    const registered = document.namespace_definition.registered_values!;
    expect(registered.map((r) => r.value)).toEqual(['Fedora', 'almalinux', 'fedora', 'opensuse']);
    expect(registered.map((r) => r.description)).toEqual(['Fedora again', 'AlmaLinux OS', 'Fedora Linux', 'openSUSE']);
    const left = validateText(fixed, { file: FILE }).findings.filter((f) => f.rule === 'purl-type/registered-values');
    expect(left.map((f) => f.message)).toEqual([expect.stringContaining('"fedora" repeats namespace_definition.registered_values[0]')]);
  });

  it('a prohibited namespace registers no values', () => {
    const document = JSON.parse(read(`clean/${FILE}`)) as Record<string, any>;
    document.namespace_definition.requirement = 'prohibited';
    document.examples = ['pkg:distro/curl@7.50.3?arch=i386'];
    const { findings } = validateText(JSON.stringify(document, null, 2), { file: FILE });
    expect(findings.filter((f) => f.rule === 'purl-type/registered-values').map((f) => f.severity)).toEqual(['error']);
  });
});

describe('the engine of a 2nd-edition definition', () => {
  const engine = loadPurlEngine([JSON.parse(read(`clean/${FILE}`))]);

  it('validatePurl reports an unregistered namespace and a missing recommended key as warnings with their own codes', async () => {
    const verdict = (await engine).validate('pkg:distro/Rocky/bash@5.1?distro=rocky-9');
    expect(verdict.valid).toBe(true);
    expect(verdict.errors).toEqual([]);
    expect(verdict.warnings.map((w) => [w.component, w.code])).toEqual([
      ['namespace', 'unregistered-namespace'],
      ['qualifiers', 'missing-recommended-qualifier'],
    ]);
    expect(verdict.canonical).toBe('pkg:distro/rocky/bash@5.1?distro=rocky-9');
    // A PURL already canonical, which validate may tell so without parsing it, gets them too.
    const canonical = (await engine).validate('pkg:distro/rocky/bash@5.1?distro=rocky-9');
    expect(canonical).toMatchObject({ valid: true, isCanonical: true, warnings: verdict.warnings });
    // Registered values compare as the canonical form writes them: this namespace ignores case.
    expect((await engine).validate('pkg:distro/FEDORA/curl@1?arch=x86_64').warnings).toEqual([]);
  });

  it('parse is silent unless { strict: true }', async () => {
    const e = await engine;
    expect(e.parse('pkg:distro/rocky/bash@5.1').namespace).toBe('rocky');
    expect(() => e.parse('pkg:distro/rocky/bash@5.1?arch=x86_64', { strict: true })).toThrow(
      expect.objectContaining({ code: 'unregistered-namespace', component: 'namespace' }),
    );
    expect(() => e.parse('pkg:distro/fedora/bash@5.1', { strict: true })).toThrow(PurlError);
    expect(e.parse('pkg:distro/fedora/bash@5.1?arch=x86_64', { strict: true }).name).toBe('bash');
    expect(e.canonicalize('pkg:distro/rocky/bash@5.1')).toBe('pkg:distro/rocky/bash@5.1');
  });

  it('an invalid PURL has errors and no warnings; a type without registered values has none', () => {
    expect(validatePurl('pkg:vcpkg/boost/asio')).toMatchObject({ valid: false, warnings: [] });
    expect(validatePurl('pkg:npm/left-pad@1.3.0').warnings).toEqual([]);
  });
});

describe('teapurl purl validate shows the warnings', () => {
  const types = ['--types', path.join(DIR, 'clean')];

  it('in text, after the verdict, with each code; the PURL stays valid (exit 0)', () => {
    const { status, stdout } = runCli(['purl', 'validate', ...types, 'pkg:distro/rocky/bash@5.1', 'pkg:distro/fedora/bash@5.1?arch=x86_64']);
    expect(status).toBe(0);
    const [warned, clean] = stdout.trimEnd().split('\n');
    expect(warned).toMatch(
      /^pkg:distro\/rocky\/bash@5\.1: valid and canonical; warnings: distro namespace "rocky" is not one of .* \[namespace\] \(unregistered-namespace\); .* \[qualifiers\] \(missing-recommended-qualifier\)$/,
    );
    expect(clean).toBe('pkg:distro/fedora/bash@5.1?arch=x86_64: valid and canonical');
  });

  it('in JSON, one object per PURL with errors and warnings', () => {
    const { status, stdout } = runCli(['purl', 'validate', '--format', 'json', ...types, 'pkg:distro/rocky/bash@5.1?arch=x86_64']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      input: 'pkg:distro/rocky/bash@5.1?arch=x86_64',
      valid: true,
      canonical: 'pkg:distro/rocky/bash@5.1?arch=x86_64',
      isCanonical: true,
      differences: [],
      warnings: [{ component: 'namespace', code: 'unregistered-namespace', message: expect.stringContaining('"rocky"') }],
    });
  });

  it('--format json is read by every purl action, and a wrong format is a usage error', () => {
    const { status, stdout } = runCli(['purl', 'canonical', '--format', 'json', 'pkg:npm/a']);
    expect(status).toBe(0);
    expect(JSON.parse(stdout.trim())).toMatchObject({ input: 'pkg:npm/a' });
    const wrong = runCli(['purl', 'canonical', '--format', 'yaml', 'pkg:npm/a']);
    expect(wrong.status).toBe(2);
  });
});

describe('the docs site of a 2nd-edition definition', () => {
  const definition = JSON.parse(read(`clean/${FILE}`)) as PurlTypeDefinition;
  const files = new Map(generateDocsSite([definition], { format: 'both' }).map((f) => [f.path, f.content]));

  it('lists the registered namespace values and marks the recommended qualifier, in HTML and Markdown', () => {
    const html = files.get('types/distro.html')!;
    const section = html.slice(
      html.indexOf('<section id="registered-namespaces">'),
      html.indexOf('</section>', html.indexOf('<section id="registered-namespaces">')),
    );
    expect([...section.matchAll(/data-registered="([^"]+)"/g)].map((m) => m[1])).toEqual(['almalinux', 'fedora', 'opensuse']);
    expect(section).toContain('https://fedoraproject.org/');
    expect(html).toMatch(/data-qualifier="arch"[^]*?recommended \(a PURL without it gets a warning\)/);
    const md = files.get('types/distro.md')!;
    expect(md).toContain('## Registered namespaces');
    expect(md).toMatch(/\| `opensuse` \| openSUSE \|/);
    expect(md).toContain('recommended (a PURL without it gets a warning)');
  });

  it('a definition without registered values has no such section', () => {
    const plain = { ...definition, namespace_definition: { requirement: 'required' as const } };
    expect(generateDocsSite([plain]).find((f) => f.path === 'types/distro.html')!.content).not.toContain('registered-namespaces');
  });

  it("the live box shows the engine's warnings on a valid PURL", async () => {
    const result = explainPurl(await loadPurlEngine([definition]), 'pkg:distro/rocky/bash@5.1');
    expect(result.valid).toBe(true);
    expect(result.warnings.map((w) => w.code)).toEqual(['unregistered-namespace', 'missing-recommended-qualifier']);
    const script = readFileSync(path.join(ROOT, 'src/docs/purl-box/purl-box.browser.ts'), 'utf8');
    expect(script).toContain("class: 'purl-box-warnings'");
  });
});
