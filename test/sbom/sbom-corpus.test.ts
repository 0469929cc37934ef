/**
 * Issue 27: the SBOM corpus. Every SBOM in corpus/sbom/valid/ (written for the tests, or by npm
 * sbom and cdxgen run on this repository) passes with no finding at all. The four SBOMs in
 * corpus/sbom/invalid/ hold the same PURLs in the four formats; each is found at the line and
 * column a plain text search finds it at (an oracle independent of the readers), and `fixText`
 * changes exactly the PURLs that have one correct rewrite, byte for byte everywhere else, also
 * once the text has CRLF line ends and tabs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixText, validateText, type Finding } from '../../src/index.js';
import { ROOT } from '../support/paths.js';

const VALID = path.join(ROOT, 'corpus/sbom/valid');
const INVALID = path.join(ROOT, 'corpus/sbom/invalid');

type Format = 'cdx-json' | 'cdx-xml' | 'spdx-json' | 'spdx-tv';

const FORMAT_OF: Record<string, Format> = {
  'mixed.cdx.json': 'cdx-json',
  'mixed.cdx.xml': 'cdx-xml',
  'mixed.spdx.json': 'spdx-json',
  'mixed.spdx': 'spdx-tv',
};

/** The PURLs of every mixed SBOM, what teapurl must say of each, and the canonical form a fix writes (`null`: no fix). */
const MIXED: readonly (readonly [purl: string, rule: string | null, fixed: string | null])[] = [
  ['pkg:NPM/shop@1.4.0', 'sbom/purl-not-canonical', 'pkg:npm/shop@1.4.0'],
  ['pkg:deb/debian/curl@7.88.1-10?distro=bookworm&arch=amd64', 'sbom/purl-not-canonical', 'pkg:deb/debian/curl@7.88.1-10?arch=amd64&distro=bookworm'],
  ['pkg:maven/commons-io@2.11.0', 'sbom/purl-invalid', null],
  ['npm/lodash@4.17.21', 'sbom/purl-invalid', null],
  ['pkg:pypi/Django_Package@4.2', 'sbom/purl-not-canonical', 'pkg:pypi/django-package@4.2'],
  // Its canonical form escapes the "&" it writes as a separator: a person must say what it means.
  ['pkg:yocto/core/glibc@2.35&layer=kirkstone', 'sbom/purl-not-canonical', null],
  ['pkg:pypi/requests@2.31.0', null, null],
];

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Where a PURL is written in a text of a format, found by a text search: the offset of what a finding points at, and the characters a fix replaces. */
function written(text: string, format: Format, purl: string): { at: number; start: number; end: number; write: (value: string) => string } {
  const quotedJson = escapeRegex(JSON.stringify(purl));
  const patterns: Record<Format, RegExp> = {
    'cdx-json': new RegExp(`"purl": (${quotedJson})`),
    'spdx-json': new RegExp(`"referenceLocator": (${quotedJson})`),
    'cdx-xml': new RegExp(`<purl>((?:<!\\[CDATA\\[)?)(${escapeRegex(xmlText(purl))}|${escapeRegex(purl)})(?:\\]\\]>)?</purl>`),
    'spdx-tv': new RegExp(`purl[ \\t]+(${escapeRegex(purl)})[ \\t]*\\r?$`, 'm'),
  };
  const match = patterns[format].exec(text);
  if (!match) throw new Error(`${purl} is not in the text`);
  if (format === 'cdx-xml') {
    const at = match.index + '<purl>'.length;
    const cdata = match[1]!;
    const start = at + cdata.length;
    return { at, start, end: start + match[2]!.length, write: cdata ? (v) => v : xmlText };
  }
  const start = match.index + match[0].indexOf(match[1]!);
  const json = format.endsWith('json');
  return { at: start, start, end: start + match[1]!.length, write: json ? (v) => JSON.stringify(v) : (v) => v };
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

/** The same SBOM with CRLF line ends and tabs (indentation; the separators of a tag-value ExternalRef). */
function crlfAndTabs(text: string, format: Format): string {
  const tabbed =
    format === 'spdx-tv'
      ? text.replace(/^ExternalRef: (\S+) (\S+) /gm, 'ExternalRef:\t$1\t$2\t')
      : text.replace(/^(?: {2})+/gm, (m) => '\t'.repeat(m.length / 2));
  return tabbed.replace(/\n/g, '\r\n');
}

const sbomFindings = (findings: readonly Finding[]) => findings.filter((f) => f.rule.startsWith('sbom/'));

describe('corpus/sbom/valid', () => {
  const files = readdirSync(VALID).sort();
  it('holds the four formats, and SBOMs written by real tools', () => {
    expect(files.some((f) => f.endsWith('.cdx.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('.cdx.xml'))).toBe(true);
    expect(files.some((f) => f.endsWith('.spdx.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('.spdx'))).toBe(true);
    expect(files).toEqual(expect.arrayContaining(['cdxgen-1.7.cdx.json', 'npm-sbom-1.5.cdx.json', 'npm-sbom-2.3.spdx.json']));
  });

  it.each(files)('%s passes with no finding', (name) => {
    const text = readFileSync(path.join(VALID, name), 'utf8');
    const result = validateText(text, { file: `corpus/sbom/valid/${name}` });
    expect(result.findings).toEqual([]);
    expect(result.kind).toBe(name.includes('.cdx.') ? 'cyclonedx-bom' : 'spdx-document');
  });

  it('reads every place a PURL stands: breaking each PURL of every-place.cdx.json and .cdx.xml is found', () => {
    for (const name of ['every-place.cdx.json', 'every-place.cdx.xml']) {
      const text = readFileSync(path.join(VALID, name), 'utf8');
      const format: Format = name.endsWith('.xml') ? 'cdx-xml' : 'cdx-json';
      const purls = [...text.matchAll(format === 'cdx-xml' ? /<purl>(?:<!\[CDATA\[)?([^<\]]+)/g : /"purl": "([^"]+)"/g)].map((m) =>
        m[1]!.replace(/&amp;/g, '&'),
      );
      expect(purls.length).toBeGreaterThanOrEqual(12);
      // Uppercase every type at once: each PURL becomes non-canonical where it stands.
      const broken = text.replace(format === 'cdx-xml' ? /<purl>(<!\[CDATA\[)?pkg:([a-z]+)/g : /"purl": "pkg:([a-z]+)/g, (m) =>
        m.replace(/pkg:[a-z]+/, (p) => p.toUpperCase().replace('PKG:', 'pkg:')),
      );
      const found = sbomFindings(validateText(broken, { file: name }).findings);
      expect(found.map((f) => f.rule)).toEqual(purls.map(() => 'sbom/purl-not-canonical'));
      for (const [i, purl] of purls.entries()) {
        const upper = purl.replace(/^pkg:([a-z]+)/, (_m, t: string) => `pkg:${t.toUpperCase()}`);
        expect(found[i]!, purl).toMatchObject(lineColumn(broken, written(broken, format, upper).at));
      }
    }
  });
});

describe('corpus/sbom/invalid: the same PURLs in four formats', () => {
  for (const [name, format] of Object.entries(FORMAT_OF)) {
    const original = readFileSync(path.join(INVALID, name), 'utf8');
    for (const [variant, text] of [
      ['as written', original],
      ['with CRLF and tabs', crlfAndTabs(original, format)],
    ] as const) {
      it(`${name} ${variant}: each PURL's finding is at its line and column, naming its rule`, () => {
        const result = validateText(text, { file: name });
        expect(result.valid).toBe(false);
        const found = sbomFindings(result.findings);
        const expected = MIXED.filter(([, rule]) => rule !== null);
        expect(found).toHaveLength(expected.length);
        for (const [i, [purl, rule, fixed]] of expected.entries()) {
          const finding = found[i]!;
          expect(finding, purl).toMatchObject({ rule, ...lineColumn(text, written(text, format, purl).at) });
          expect(finding.message).toContain(JSON.stringify(purl));
          if (rule === 'sbom/purl-invalid') expect(finding.message).toMatch(/is not a valid PURL: .+ \(rule [a-z]+\/[a-z-]+\)/);
          expect(finding.fix?.replacement ?? null).toBe(fixed);
        }
      });

      it(`${name} ${variant}: --fix rewrites exactly the PURLs with one correct rewrite, every other byte kept`, () => {
        const fixes = MIXED.filter(([, , fixed]) => fixed !== null).map(([purl, , fixed]) => ({ ...written(text, format, purl), purl, fixed: fixed! }));
        let expected = text;
        for (const f of [...fixes].sort((a, b) => b.start - a.start)) expected = expected.slice(0, f.start) + f.write(f.fixed) + expected.slice(f.end);
        const outcome = fixText(text, { file: name });
        expect(outcome.refused).toBeNull();
        expect(outcome.text).toBe(expected);
        expect(outcome.applied.map((a) => [a.before, a.after])).toEqual(fixes.map((f) => [f.purl, f.fixed]));
        // What is left: the invalid PURLs, untouched, and the one whose rewrite needs a person.
        expect(sbomFindings(outcome.left).map((f) => f.rule)).toEqual(['sbom/purl-invalid', 'sbom/purl-invalid', 'sbom/purl-not-canonical']);
        expect(validateText(outcome.text, { file: name }).findings).toHaveLength(3);
      });
    }
  }
});
