/**
 * Issue 27: how SBOMs are told apart and read (CycloneDX JSON and XML, SPDX JSON and tag-value),
 * what is and is not taken for a PURL, and hostile input: each refused or reported with one
 * finding, nothing expanded, nothing else hidden.
 */
import { describe, expect, it } from 'vitest';
import { fixText, validateText } from '../../src/index.js';

const CDX_NS = 'http://cyclonedx.org/schema/bom/1.6';
const cdxJson = (components: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.6', ...extra, components }, null, 2);
const cdxXml = (inner: string, ns = CDX_NS) => `<?xml version="1.0"?>\n<bom xmlns="${ns}" version="1">\n${inner}\n</bom>\n`;
const xmlComponent = (purl: string, name = 'x') => `<component type="library"><name>${name}</name><purl>${purl}</purl></component>`;
const spdxTv = (...refs: string[]) =>
  `SPDXVersion: SPDX-2.3\nDataLicense: CC0-1.0\nPackageName: x\nSPDXID: SPDXRef-x\n${refs.map((r) => `ExternalRef: PACKAGE-MANAGER purl ${r}\n`).join('')}`;

describe('telling an SBOM apart', () => {
  it.each([
    ['content: bomFormat', cdxJson([]), 'anything.json', 'cyclonedx-bom'],
    ['content: the CycloneDX XML namespace', cdxXml(''), 'anything.xml', 'cyclonedx-bom'],
    ['content: the XML namespace, read from standard input', cdxXml(''), '<stdin>', 'cyclonedx-bom'],
    ['content: spdxVersion', JSON.stringify({ spdxVersion: 'SPDX-2.3' }), 'anything.json', 'spdx-document'],
    ['content: the tag-value header, after comments', `# made by hand\n\n${spdxTv()}`, '<stdin>', 'spdx-document'],
    ['file name: *.cdx.json', JSON.stringify({ specVersion: '1.6' }), 'app.cdx.json', 'cyclonedx-bom'],
    ['file name: bom.xml', cdxXml(''), 'dist/bom.xml', 'cyclonedx-bom'],
    ['file name: *.spdx.json', JSON.stringify({}), 'app.spdx.json', 'spdx-document'],
    ['file name: *.spdx', 'PackageName: x\n', 'app.spdx', 'spdx-document'],
  ])('%s', (_how, text, file, kind) => {
    expect(validateText(text, { file }).kind).toBe(kind);
  });

  it('--kind takes the aliases cyclonedx, cdx and spdx', () => {
    expect(validateText(cdxJson([]), { kind: 'cyclonedx' }).kind).toBe('cyclonedx-bom');
    expect(validateText(cdxXml(''), { kind: 'cdx' }).kind).toBe('cyclonedx-bom');
    expect(validateText(spdxTv(), { kind: 'spdx' }).kind).toBe('spdx-document');
  });

  it('a file named for a JSON kind is read as JSON whatever it holds: an HTML page saved as .well-known/tea is malformed JSON', () => {
    const { findings } = validateText('<html><body>not found</body></html>', { file: 'site/.well-known/tea' });
    expect(findings.map((f) => f.rule)).toEqual(['json/syntax']);
  });

  it('XML that is not a CycloneDX BOM is one finding naming its root', () => {
    const { findings, kind } = validateText('<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion></project>', {
      file: 'pom.xml',
    });
    expect(kind).toBeNull();
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'xml/not-cyclonedx', line: 1, column: 1 });
    expect(findings[0]!.message).toContain('<project>');
  });

  it('an SPDX version outside 2.2 and 2.3, or a CycloneDX one past 1.7, is a warning, and its PURLs are still checked', () => {
    const { findings } = validateText(
      JSON.stringify({
        spdxVersion: 'SPDX-2.1',
        packages: [{ name: 'x', externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl', referenceLocator: 'pkg:NPM/x' }] }],
      }),
      { file: 'a.spdx.json' },
    );
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['sbom/spec-version', 'warning'],
      ['sbom/purl-not-canonical', 'warning'],
    ]);
    expect(validateText(cdxXml('', 'http://cyclonedx.org/schema/bom/1.8')).findings.map((f) => f.rule)).toEqual(['sbom/spec-version']);
  });
});

describe('what is a PURL', () => {
  it('a bom-ref, a dependency ref and a vulnerability target written as PURLs are left alone; so is an identity evidence', () => {
    const text = cdxJson(
      [{ 'bom-ref': 'pkg:NPM/a@1', name: 'a', purl: 'pkg:npm/a@1', evidence: { identity: [{ field: 'purl', concludedValue: 'package-lock.json' }] } }],
      {
        dependencies: [{ ref: 'pkg:NPM/a@1', dependsOn: ['pkg:NPM/b@1'] }],
        vulnerabilities: [{ id: 'CVE-1', affects: [{ ref: 'pkg:NPM/a@1' }] }],
      },
    );
    expect(validateText(text).findings).toEqual([]);
  });

  it('a purl that is not a string is one schema finding, not a second one from the PURL check', () => {
    const { findings } = validateText(cdxJson([{ name: 'a', purl: 42 }]));
    expect(findings.map((f) => [f.rule, f.pointer])).toEqual([['schema/type', '/components/0/purl']]);
  });

  it('an SPDX reference of type purl without a locator is an error naming its package', () => {
    const { findings } = validateText(
      JSON.stringify({
        spdxVersion: 'SPDX-2.3',
        packages: [{ name: 'lodash', externalRefs: [{ referenceCategory: 'PACKAGE-MANAGER', referenceType: 'purl' }] }],
      }),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'sbom/purl-invalid', pointer: '/packages/0/externalRefs/0' });
    expect(findings[0]!.message).toContain('package "lodash"');
  });

  it("XML: a <purl> in another namespace is not CycloneDX's, an element named __proto__ is an ordinary member", () => {
    const text = cdxXml(
      `<components>${xmlComponent('pkg:NPM/a')}<x:component xmlns:x="urn:other"><x:purl>pkg:NPM/b</x:purl></x:component></components><__proto__>${xmlComponent('pkg:NPM/c')}</__proto__>`,
    );
    const { findings } = validateText(text, { file: 'bom.xml' });
    expect(findings.map((f) => f.pointer)).toEqual(['/components/0/purl', '/__proto__/component/purl']);
    expect(({} as Record<string, unknown>).component).toBeUndefined();
  });

  it('XML: a namespace prefix on the BOM, a second <purl> in one component reported (the first is checked)', () => {
    const text = `<cdx:bom xmlns:cdx="${CDX_NS}"><cdx:components><cdx:component><cdx:purl>pkg:NPM/a</cdx:purl><cdx:purl>pkg:npm/b</cdx:purl></cdx:component></cdx:components></cdx:bom>`;
    const { findings } = validateText(text, { file: 'bom.xml' });
    expect(findings.map((f) => f.rule)).toEqual(['sbom/purl-not-canonical', 'xml/repeated-element']);
  });

  it('tag-value: a <text> block is one value, an ExternalRef before any package is still checked, a malformed line is reported and the rest read', () => {
    const text = `SPDXVersion: SPDX-2.3\nExternalRef: PACKAGE-MANAGER purl pkg:NPM/early\nDocumentComment: <text>\nExternalRef: PACKAGE-MANAGER purl pkg:NPM/inside-text\n</text>\nnot a tag line\nPackageName: x\nExternalRef: PACKAGE-MANAGER purl pkg:NPM/late\n`;
    const { findings } = validateText(text, { file: 'a.spdx' });
    expect(findings.map((f) => [f.rule, f.line, f.column])).toEqual([
      ['sbom/purl-not-canonical', 2, 35],
      ['tag-value/syntax', 6, 1],
      ['sbom/purl-not-canonical', 8, 35],
    ]);
    // A text whose lines the reader could not all read is not edited.
    expect(fixText(text, { file: 'a.spdx' }).refused).toContain('not "Tag: value"');
  });

  it('tag-value: an unterminated <text> is one finding at its start', () => {
    const { findings } = validateText('SPDXVersion: SPDX-2.3\nPackageComment: <text>never closed\nExternalRef: PACKAGE-MANAGER purl pkg:NPM/x\n', {
      file: 'a.spdx',
    });
    expect(findings.map((f) => [f.rule, f.line, f.column])).toEqual([['tag-value/syntax', 2, 17]]);
  });
});

describe('--fix in XML and tag-value', () => {
  it('writes & as &amp;, inside CDATA as it is, and leaves a PURL mixed with a comment to a person', () => {
    const text = cdxXml(
      `<components>\n${xmlComponent('pkg:pypi/q@1?b=2&amp;a=1')}\n${xmlComponent('<![CDATA[pkg:pypi/r@1?b=2&a=1]]>')}\n${xmlComponent('pkg:NPM/<!-- why -->s')}\n</components>`,
    );
    const outcome = fixText(text, { file: 'bom.xml' });
    expect(outcome.applied.map((a) => a.after)).toEqual(['pkg:pypi/q@1?a=1&b=2', 'pkg:pypi/r@1?a=1&b=2']);
    expect(outcome.text).toBe(text.replace('b=2&amp;a=1', 'a=1&amp;b=2').replace('r@1?b=2&a=1', 'r@1?a=1&b=2'));
    expect(outcome.left.map((f) => f.message).join('\n')).toContain('cannot be rewritten in place (its text is mixed with comments');
  });

  it('never touches an invalid PURL', () => {
    const text = spdxTv('pkg:maven/commons-io@2.11.0', 'npm/lodash@4.17.21');
    const outcome = fixText(text, { file: 'a.spdx' });
    expect(outcome.changed).toBe(false);
    expect(outcome.text).toBe(text);
    expect(outcome.left.map((f) => f.rule)).toEqual(['sbom/purl-invalid', 'sbom/purl-invalid']);
  });
});

describe('hostile input', () => {
  const laughs = `<?xml version="1.0"?>\n<!DOCTYPE bom [\n<!ENTITY a "aaaaaaaaaa">\n${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('\n')}\n]>\n<bom xmlns="${CDX_NS}"><components><component><name>&j;</name><purl>pkg:npm/&j;</purl></component></components></bom>`;

  it('a billion-laughs DTD is refused before anything is expanded: one finding at the DOCTYPE', () => {
    const result = validateText(laughs, { file: 'bom.xml' });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'xml/doctype', line: 2, column: 1, severity: 'error' });
    expect(fixText(laughs, { file: 'bom.xml' }).refused).toContain('DOCTYPE');
  });

  it('an external entity is never resolved: one finding, and nothing of the file it names in any message', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE bom [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<bom xmlns="${CDX_NS}"><components><component><purl>&xxe;</purl></component></components></bom>`;
    const result = validateText(xxe, { file: 'bom.xml' });
    expect(result.findings.map((f) => f.rule)).toEqual(['xml/doctype']);
    expect(JSON.stringify(result)).not.toContain('root:');
  });

  it('an entity no DTD declares is a syntax error, not text', () => {
    const result = validateText(cdxXml(`<components>${xmlComponent('pkg:npm/&nope;')}</components>`), { file: 'bom.xml' });
    expect(result.findings.map((f) => [f.rule, f.message])).toEqual([['xml/syntax', 'malformed XML: undefined entity']]);
  });

  it('XML nested past the depth limit is one finding', () => {
    const result = validateText(cdxXml(`${'<a>'.repeat(1000)}${'</a>'.repeat(1000)}`), { file: 'bom.xml' });
    expect(result.findings.map((f) => f.rule)).toEqual(['xml/too-deep']);
  });

  const TEN_MB = 'pkg:npm/a' + 'b'.repeat(10 * 1024 * 1024);
  it.each([
    ['CycloneDX JSON', cdxJson([{ name: 'x', purl: TEN_MB }]), 'x.cdx.json'],
    ['CycloneDX XML', cdxXml(`<components>${xmlComponent(TEN_MB)}</components>`), 'bom.xml'],
    ['SPDX tag-value', spdxTv(TEN_MB), 'x.spdx'],
  ])('a 10 MB purl value in %s is one finding with a short message', (_format, text, file) => {
    const result = validateText(text, { file });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({ rule: 'sbom/purl-invalid' });
    expect(result.findings[0]!.message.length).toBeLessThan(1000);
    expect(result.findings[0]!.message).toContain('too-long');
  });

  it.each([
    ['CycloneDX JSON', cdxJson([{ name: 'x', purl: 'pkg:npm/a\u0000\u001b[31mb\u202e@1' }]), 'x.cdx.json'],
    // XML holds no C0 control but tab, line feed and carriage return, even as a character reference.
    ['CycloneDX XML', cdxXml(`<components>${xmlComponent('pkg:npm/a&#9;b\u202e@1')}</components>`), 'bom.xml'],
    ['SPDX tag-value', spdxTv('pkg:npm/a\u001b[31mb@1'), 'x.spdx'],
  ])('a PURL with control characters in %s is one finding, the characters escaped in its message', (_format, text, file) => {
    const result = validateText(text, { file });
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]!.rule).toBe('sbom/purl-invalid');
    expect(result.findings[0]!.message).not.toMatch(/[\u0000-\u001f]/);
  });
});
