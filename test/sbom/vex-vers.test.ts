/**
 * Issue 37 item 3: the VERS of a CycloneDX VEX or BOM (`vulnerabilities[].affects[].versions[]`)
 * checked where they stand, in JSON and XML alike: a range's syntax and canonical order, its type
 * against the PURL type of the component `affects[].ref` names (a bom-ref, or a PURL written as
 * the ref), a `version` read by that type's scheme; each at the line and column a plain text
 * search finds the value at, and `--fix` (fixText) writing the canonical range in place.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixText, validateText, type Finding } from '../../src/index.js';
import { ROOT } from '../support/paths.js';

const FOLDER = path.join(ROOT, 'test/fixtures/vex');

/** [value as the JSON file writes it, rule, severity, fix] in document order. */
const EXPECTED: readonly [string, string, 'error' | 'warning', string | null][] = [
  ['vers:npm/<2.0.0|>=1.0.0', 'sbom/vers-invalid', 'error', 'vers:npm/>=1.0.0|<2.0.0'],
  ['vers:pypi/<4.17.21', 'sbom/vers-type-mismatch', 'error', null],
  ['vers:npm/>= 1.0.0', 'sbom/vers-invalid', 'error', null],
  ['four', 'sbom/affected-version', 'warning', null],
  ['vers:npm/<5.0.0', 'sbom/affected-version', 'error', null],
  ['vers:pypi/>=4.0|>=4.0.1|<4.0.8', 'sbom/vers-invalid', 'error', 'vers:pypi/>=4.0|<4.0.8'],
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where a finding on the value stands, found by a plain search from `from`: a JSON string's opening quote, an XML element's content (escaped text, or its CDATA section). */
function offsetOf(text: string, xml: boolean, value: string, from: number): number {
  const candidates = xml ? [`>${escapeXml(value)}<`, `<![CDATA[${value}]]>`] : [`"${value}"`];
  const found = candidates.map((c) => [text.indexOf(c, from), xml && !c.startsWith('<!') ? 1 : 0] as const).filter(([at]) => at !== -1);
  const [at, skip] = found.sort((a, b) => a[0] - b[0])[0]!;
  return at + skip;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

describe.each(['vex.cdx.json', 'vex.cdx.xml'])('%s', (name) => {
  const text = readFileSync(path.join(FOLDER, name), 'utf8');
  const xml = name.endsWith('.xml');
  const vexFindings = (found: readonly Finding[]) => found.filter((f) => /^sbom\/(vers|affected)/.test(f.rule));

  it('finds each problem range and version at its line and column, with its rule, severity and fix', () => {
    const result = validateText(text, { file: name });
    expect(result.kind).toBe('cyclonedx-bom');
    expect(result.valid).toBe(false);
    const found = vexFindings(result.findings);
    expect(found.map((f) => f.rule)).toEqual(EXPECTED.map(([, rule]) => rule));
    let from = text.indexOf(xml ? '<vulnerabilities>' : '"vulnerabilities"');
    for (const [i, [value, rule, severity, fix]] of EXPECTED.entries()) {
      const at = offsetOf(text, xml, value, from);
      from = at;
      expect(found[i], value).toMatchObject({ rule, severity, ...lineColumn(text, at) });
      expect(found[i]!.message).toContain(JSON.stringify(value));
      expect(found[i]!.fix?.replacement ?? null).toBe(fix);
    }
    // The type mismatch names the component the ref leads to.
    expect(found[1]!.message).toContain('ref "lodash" names "pkg:npm/lodash@4.17.20", of PURL type "npm"');
  });

  it('--fix writes the canonical ranges in place, every other byte kept', () => {
    const outcome = fixText(text, { file: name });
    expect(outcome.refused).toBeNull();
    expect(outcome.applied.map((a) => [a.before, a.after])).toEqual(EXPECTED.filter(([, , , fix]) => fix !== null).map(([value, , , fix]) => [value, fix]));
    let expected = text;
    for (const [value, , , fix] of EXPECTED) {
      if (fix === null) continue;
      expected =
        xml && value.startsWith('vers:pypi')
          ? expected.replace(`<![CDATA[${value}]]>`, `<![CDATA[${fix}]]>`)
          : expected.replace(xml ? `>${escapeXml(value)}<` : `"${value}"`, xml ? `>${escapeXml(fix)}<` : `"${fix}"`);
    }
    expect(outcome.text).toBe(expected);
    const again = vexFindings(validateText(outcome.text, { file: name }).findings);
    expect(again.map((f) => f.rule)).toEqual(['sbom/vers-type-mismatch', 'sbom/vers-invalid', 'sbom/affected-version', 'sbom/affected-version']);
  });
});

describe('a VEX whose ranges are all right', () => {
  it("passes: a canonical range of the component's type, a version of it, a ref to another BOM left alone", () => {
    const bom = {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: [{ type: 'library', 'bom-ref': 'a', name: 'a', purl: 'pkg:golang/github.com/a/b@v1.2.0' }],
      vulnerabilities: [
        {
          id: 'GO-1',
          affects: [
            {
              ref: 'a',
              versions: [
                { range: 'vers:golang/>=v1.0.0|<v1.2.5', status: 'affected' },
                { version: 'v1.2.5', status: 'unaffected' },
              ],
            },
            { ref: 'urn:cdx:3e671687-395b-41f5-a30f-a58921a69b79/1#a', versions: [{ range: 'vers:npm/<1.0.0' }] },
          ],
        },
      ],
    };
    expect(validateText(JSON.stringify(bom, null, 2), { file: 'ok.cdx.json' }).findings).toEqual([]);
  });

  it('warns, rather than errs, on a range of a scheme that is no PURL type (vers:semver for pkg:npm)', () => {
    const bom = {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      components: [{ type: 'library', 'bom-ref': 'a', name: 'a', purl: 'pkg:npm/a@1.0.0' }],
      vulnerabilities: [{ id: 'X-1', affects: [{ ref: 'a', versions: [{ range: 'vers:semver/<1.2.0' }] }] }],
    };
    const [finding] = validateText(JSON.stringify(bom, null, 2), { file: 'semver.cdx.json' }).findings;
    expect(finding).toMatchObject({ rule: 'sbom/vers-type-mismatch', severity: 'warning', line: 20 });
    expect(finding!.message).toContain('"semver" is no PURL type, which the specification allows');
  });
});
