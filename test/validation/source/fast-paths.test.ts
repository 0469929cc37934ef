/**
 * Issue 38, item 2: the passes that made large SBOMs slow were replaced by cheaper ones, each of
 * which must give the answer of the pass it replaced: the colon bound of the keys (never below
 * the count measureText makes), the value's own measure, positions counted in the position scan
 * or up to each offset (the line table's answer), and the CycloneDX walk (the same sites in the
 * same order, however deep the value).
 */
import { describe, expect, it } from 'vitest';
import { keysBound, measureText, measureValue } from '../../../src/validation/count-keys.js';
import { countKeysInValue } from '../../support/count-keys-oracle.js';
import { lineStarts, positionAt, positionsAt } from '../../../src/validation/source/document-source.js';
import { PositionIndex } from '../../../src/shared/position-index.js';
import { cycloneDxPurlSites, spdxPurlSites, type PurlSite } from '../../../src/sbom/kinds/sbom-purl-sites.js';
import { validateText } from '../../../src/validator/validate.js';

/** Texts JSON.parse accepts, with escapes, colons and quotes inside strings, CR, CRLF and LF. */
const TEXTS = [
  '{"a": 1, "b": [1, {"c": ":x"}], "d": "\\" :"}',
  '{\r\n  "a:" : "b\\\\",\r  "c": {"d" :[]}\n}',
  '[{"x": 1, "x": 2}, " : ", {"": {"": ""}}]',
  '{"__proto__": {"k": "v"}, "0": "z", "10": [], "2": null}',
  '"just : a string"',
  '{"purl": "pkg:npm/a@1", "components": [{"purl": "pkg:NPM/b@1", "components": [{"name": "c", "purl": 3}]}]}',
];

describe('key and depth measures', () => {
  it('bounds the keys from above, equal to measureText when no string starts with a colon', () => {
    for (const text of TEXTS) {
      const exact = measureText(text).keys;
      expect(keysBound(text)).toBeGreaterThanOrEqual(exact);
    }
    expect(keysBound(TEXTS[0]!)).toBe(measureText(TEXTS[0]!).keys + 1); // ":x" starts with a colon
    expect(keysBound(TEXTS[3]!)).toBe(measureText(TEXTS[3]!).keys);
  });

  it('measures the value as countKeysInValue and measureText do, stopping past the limit', () => {
    for (const text of TEXTS) {
      const value = JSON.parse(text) as unknown;
      const measure = measureValue(value, 256);
      expect(measure.keys).toBe(countKeysInValue(value));
      if (keysBound(text) === measure.keys) expect(measure.depth).toBe(measureText(text).depth);
    }
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`) as unknown;
    expect(measureValue(deep, 256).depth).toBe(257);
  });

  it('still reports a key written twice and a document nested too deeply behind a repeated key', () => {
    const repeated = validateText('{"bomFormat": "CycloneDX", "specVersion": "1.6", "specVersion": "1.6"}', { file: 'bom.json' });
    expect(repeated.findings.map((f) => [f.rule, f.line, f.column])).toEqual([['json/duplicate-key', 1, 50]]);
    const hidden = validateText(`{"a": ${'['.repeat(300)}${']'.repeat(300)}, "a": 1}`, { kind: 'cyclonedx-bom' });
    expect(hidden.findings.map((f) => f.rule)).toEqual(['json/too-deep']);
    expect(hidden.findings[0]!.message).toContain('301 levels deep');
  });
});

describe('positions', () => {
  it('gives the line table’s answer for any offsets, in any order, with CR, CRLF and LF', () => {
    for (const text of [...TEXTS, 'a\nb\r\nc\rd\n\n', '', '\r\r\n\n']) {
      const starts = lineStarts(text);
      const offsets = Array.from({ length: text.length + 2 }, (_, i) => text.length + 1 - i);
      expect(positionsAt(text, offsets)).toEqual(offsets.map((o) => positionAt(starts, o)));
    }
  });

  it('places each pointer of a JSON text where the offsets and the line table put it', () => {
    for (const text of TEXTS.slice(0, 4).concat(TEXTS[5]!)) {
      const requests = [
        { pointer: '' },
        { pointer: '/a' },
        { pointer: '/a', atKey: true },
        { pointer: '/b/1/c' },
        { pointer: '/missing/deeper' },
        { pointer: '/a:' },
        { pointer: '/c/d' },
        { pointer: '/0/x' },
        { pointer: '/2/' },
        { pointer: '/__proto__/k', atKey: true },
        { pointer: '/components/0/components/0/purl' },
      ];
      const starts = lineStarts(text);
      const offsets = new PositionIndex(text, requests).offsets();
      expect(new PositionIndex(text, requests).positions()).toEqual(offsets.map((o) => positionAt(starts, o)));
    }
  });
});

describe('CycloneDX PURL sites', () => {
  it('finds the same sites in document order, with pointers and owners, however deep the value', () => {
    const bom = JSON.parse(TEXTS[5]!) as unknown;
    const shown = (sites: readonly PurlSite[]) => sites.map((s) => [s.pointer, s.value, s.owner]);
    expect(shown(cycloneDxPurlSites(bom))).toEqual([
      ['/purl', 'pkg:npm/a@1', 'the component'],
      ['/components/0/purl', 'pkg:NPM/b@1', 'the component'],
      ['/components/0/components/0/purl', 3, 'component "c"'],
    ]);
    // Deeper than the recursive walk goes: the walk with a stack of its own finds the same.
    let deep: unknown = { name: 'leaf', purl: 'pkg:npm/leaf@1' };
    for (let i = 0; i < 3000; i++) deep = { components: [deep] };
    const sites = cycloneDxPurlSites(deep);
    expect(sites).toHaveLength(1);
    expect(sites[0]!.pointer).toBe(`${'/components/0'.repeat(3000)}/purl`);
    expect(sites[0]!.owner).toBe('component "leaf"');
  });

  it('walks no key an object inherits, whatever a program gave Object.prototype', () => {
    const bom = JSON.parse(TEXTS[5]!) as unknown;
    const proto = Object.prototype as Record<string, unknown>;
    // A value with no prototype, so that a walk into it would end (and find its PURL) rather than
    // meet the inherited key again and again until the stack walk, which reads own keys, takes over.
    proto.polluted = Object.assign(Object.create(null) as object, { purl: 'pkg:npm/inherited@1' });
    try {
      expect(cycloneDxPurlSites(bom).map((s) => s.value)).toEqual(['pkg:npm/a@1', 'pkg:NPM/b@1', 3]);
    } finally {
      delete proto.polluted;
    }
  });

  it('asks a judge at every site and keeps only its judgements, writing a site only when the judge asks', () => {
    const bom = JSON.parse(TEXTS[5]!) as unknown;
    const asked: unknown[] = [];
    // Only the non-strings and the uppercase type are judged worth keeping; the site is written for those alone.
    const judged = cycloneDxPurlSites(bom, (value, site) => {
      asked.push(value);
      return typeof value === 'string' && !value.startsWith('pkg:NPM') ? null : site().pointer;
    });
    expect(asked).toEqual(['pkg:npm/a@1', 'pkg:NPM/b@1', 3]);
    expect(judged).toEqual(['/components/0/purl', '/components/0/components/0/purl']);
    // Deeper than the recursion goes: the judgements are the stack walk's alone, none twice.
    let deep: unknown = { purl: 'pkg:npm/leaf@1' };
    for (let i = 0; i < 3000; i++) deep = { components: [deep], purl: `pkg:npm/level-${i}@1` };
    const deepJudged = cycloneDxPurlSites(deep, (value, site) => (value === 'pkg:npm/leaf@1' || value === 'pkg:npm/level-2999@1' ? site().pointer : null));
    expect(deepJudged).toEqual(['/purl', `${'/components/0'.repeat(3000)}/purl`]);
  });

  it('judges the PURL references of SPDX packages, a reference without a locator included', () => {
    const spdx = {
      packages: [
        {
          name: 'a',
          externalRefs: [
            { referenceType: 'purl', referenceLocator: 'pkg:npm/a@1' },
            { referenceType: 'cpe23Type', referenceLocator: 'x' },
          ],
        },
        { SPDXID: 'SPDXRef-b', externalRefs: [{ referenceType: 'PURL' }] },
      ],
    };
    expect(spdxPurlSites(spdx).map((s) => [s.pointer, s.value, s.owner])).toEqual([
      ['/packages/0/externalRefs/0/referenceLocator', 'pkg:npm/a@1', 'package "a"'],
      ['/packages/1/externalRefs/0', undefined, 'package SPDXID "SPDXRef-b"'],
    ]);
    expect(spdxPurlSites(spdx, (value, site) => (value === undefined ? site().owner : null))).toEqual(['package SPDXID "SPDXRef-b"']);
  });
});
