/**
 * Issue 35 item 13: `--fix` rewrote the first of two `<purl>` elements of one CycloneDX XML
 * component, while a repeated JSON key blocks it. Both now block `--fix` alike, and the finding
 * says why.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixText } from '../../src/index.js';
import { fixFiles } from '../../src/node/index.js';

const CDX_NS = 'http://cyclonedx.org/schema/bom/1.6';
const twice = `<?xml version="1.0" encoding="UTF-8"?>
<bom xmlns="${CDX_NS}" version="1">
  <components>
    <component type="library">
      <name>a</name>
      <purl>pkg:NPM/a@1.0.0</purl>
      <purl>pkg:npm/b@2.0.0</purl>
    </component>
    <component type="library">
      <name>c</name>
      <purl>pkg:NPM/c@1.0.0</purl>
    </component>
  </components>
</bom>
`;
const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-xml-twice-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a repeated <purl> in one XML component', () => {
  it('blocks fixText as a repeated JSON key does, and says why', () => {
    const fixed = fixText(twice, { file: 'bom.cdx.xml' });
    expect(fixed.changed).toBe(false);
    expect(fixed.text).toBe(twice);
    expect(fixed.refused).toMatch(
      /^it repeats an element that may appear once, and a fix could land on the copy other readers ignore \(.*has more than one <purl>.*\)/,
    );
    const repeated = fixed.left.find((f) => f.rule === 'xml/repeated-element')!;
    expect(repeated.message).toMatch(/no fix is applied to the document while it has two, since readers may take either/);
    expect(repeated.line).toBe(7);
  });

  it('fixFiles leaves the file as it is, refused with the reason', async () => {
    const file = path.join(scratch, 'bom.cdx.xml');
    writeFileSync(file, twice);
    const report = await fixFiles(['bom.cdx.xml'], { cwd: scratch });
    expect(report.files[0]!.outcome).toBe('refused');
    expect(report.files[0]!.note).toMatch(/repeats an element/);
    expect(readFileSync(file, 'utf8')).toBe(twice);
  });

  it('a repeated JSON key blocks the same way', () => {
    const json = `{"bomFormat":"CycloneDX","specVersion":"1.6","components":[{"type":"library","name":"a","purl":"pkg:NPM/a@1.0.0","purl":"pkg:npm/b@2.0.0"}]}`;
    expect(fixText(json, { file: 'bom.cdx.json' }).refused).toMatch(/repeats a key/);
  });
});

describe('a repeated <purl> after many other children', () => {
  it.each([3, 15, 16, 40])('is reported after %i other elements (the names kept in a list, then a set)', (others) => {
    const fillers = Array.from({ length: others }, (_, i) => `<ext${i}/>`).join('');
    const text = `<bom xmlns="${CDX_NS}"><components><component><name>a</name>${fillers}<purl>pkg:npm/a@1</purl>${fillers}<purl>pkg:npm/b@1</purl></component></components></bom>`;
    const repeated = fixText(text, { file: 'bom.cdx.xml' }).left.filter((f) => f.rule === 'xml/repeated-element');
    expect(repeated.map((f) => f.pointer)).toEqual(['/components/0/purl']);
  });
});
