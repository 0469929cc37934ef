/**
 * Issue 38, item 2: the CycloneDX XML reader keeps saxes fast. saxes stores each event handler as
 * a new property of the parser, by a computed name, and V8 turns the parser's properties into a
 * dictionary past a few of those: every character read then costs several times as much. The
 * reader gives at most MAX_HANDLERS handlers, and finds comments and processing instructions in
 * a PURL's text by reading it rather than by handlers of their own.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { SaxesParser } from 'saxes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixText, validateText } from '../../src/index.js';
import { MAX_HANDLERS, parseCycloneDxXml } from '../../src/sbom/sources/cyclonedx-xml-source.js';

const bom = (inner: string, prolog = '') =>
  `<?xml version="1.0"?>\n${prolog}<bom xmlns="http://cyclonedx.org/schema/bom/1.6" version="1">\n<components>\n${inner}\n</components>\n</bom>\n`;
const component = (purl: string) => `<component type="library"><name>x</name><purl>${purl}</purl></component>`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the XML parser stays in V8 fast mode', () => {
  it(`is given at most ${MAX_HANDLERS} handlers, with and without a DOCTYPE to refuse`, () => {
    const on = vi.spyOn(SaxesParser.prototype, 'on');
    const plain = parseCycloneDxXml(bom(component('pkg:npm/a@1')));
    expect(plain.ok).toBe(true);
    // Distinct events: the text handler is given again each time a text element opens.
    const events = () => new Set(on.mock.calls.map((call) => call[0])).size;
    const plainHandlers = events();
    on.mockClear();
    const refused = parseCycloneDxXml(bom(component('pkg:npm/a@1'), '<!DOCTYPE bom>\n'));
    expect(refused.ok).toBe(false);
    expect(refused.findings.map((f) => f.rule)).toEqual(['xml/doctype']);
    expect(plainHandlers).toBeGreaterThan(0);
    expect(plainHandlers).toBeLessThan(MAX_HANDLERS);
    expect(events()).toBe(MAX_HANDLERS);
  });

  it(`a saxes parser with ${MAX_HANDLERS} handlers keeps fast properties (V8's own word, %HasFastProperties)`, () => {
    const saxes = createRequire(import.meta.url).resolve('saxes');
    const events = ['doctype', 'error', 'opentag', 'closetag', 'text', 'cdata'].slice(0, MAX_HANDLERS);
    const script = `const { SaxesParser } = require(${JSON.stringify(saxes)});
      const p = new SaxesParser({ xmlns: false, position: true });
      for (const e of ${JSON.stringify(events)}) p.on(e, () => {});
      process.stdout.write(String(%HasFastProperties(p)));`;
    const run = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('true');
  });
});

describe('comments and instructions in a PURL, found in its text', () => {
  it('a processing instruction or a comment after a CDATA section leaves the PURL to a person; a "<!--" inside CDATA is text', () => {
    const text = bom(
      [component('pkg:NPM/<?pi x?>a@1'), component('<![CDATA[pkg:NPM/b@1]]><!-- c -->'), component('<![CDATA[pkg:NPM/c@1?q=<!--]]>')].join('\n'),
    );
    const outcome = fixText(text, { file: 'bom.xml' });
    expect(outcome.applied.map((a) => a.after)).toEqual(['pkg:npm/c@1?q=%3C%21--']);
    const left = outcome.left.filter((f) => f.message.includes('cannot be rewritten in place'));
    expect(left.map((f) => f.pointer)).toEqual(['/components/0/purl', '/components/1/purl']);
    expect(left.every((f) => f.message.includes('mixed with comments, instructions or elements'))).toBe(true);
  });
});

describe('text read only inside the elements read for it', () => {
  it('entities, comments, CDATA and child elements in a name, a version and a PURL read as the plain text would', () => {
    const written = bom(
      '<component type="library" bom-ref="r&amp;1">\n  <name>a&amp;b<!-- c --> d</name>\n  <version>1<x>ignored</x>.0</version>\n  <purl>pkg:NPM/<![CDATA[x]]>&#64;1</purl>\n</component>\n<component><name>next</name><purl>pkg:NPM/y@2</purl></component>',
    );
    const plain = bom(
      '<component type="library" bom-ref="r&amp;1"><name>a&amp;b d</name><version>1.0</version><purl>pkg:NPM/x@1</purl></component><component><name>next</name><purl>pkg:NPM/y@2</purl></component>',
    );
    const messages = (text: string) => validateText(text, { file: 'bom.xml' }).findings.map((f) => f.message);
    expect(messages(written)).toEqual(messages(plain));
    expect(messages(plain).join('\n')).toContain('"pkg:NPM/x@1" of component "a&b d" version "1.0"');
    expect(messages(plain).join('\n')).toContain('"pkg:NPM/y@2" of component "next"');
  });
});
