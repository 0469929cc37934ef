import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PurlEngine } from '../../src/purl/index.js';
import type { PurlTypeDefinition } from '../../src/index.js';
import { generateDocsSite, type DocsFile } from '../../src/docs/index.js';
import { purlEngineFromDirectory } from '../../src/node/index.js';
import { escapeMarkdown, markdownCode, splitProse, webUrl } from '../../src/docs/escape.js';
import { ROOT } from '../support/paths.js';
import { decodeHtml, htmlHrefs, htmlTags, htmlText, markdownLinks, markdownPipes } from './site-reading.js';

const FIXTURE = path.join(ROOT, 'test/fixtures/purl-types-hostile');
const SCRIPT = '<script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';

let definition: PurlTypeDefinition;
let engine: PurlEngine;
let files: DocsFile[];
const page = (name: string) => files.find((f) => f.path === name)!.content;

beforeAll(async () => {
  // Loaded the way the CLI loads --types: the schema accepts the fixture.
  engine = await purlEngineFromDirectory(FIXTURE);
  definition = engine.definition(engine.types()[0]!)!;
  files = generateDocsSite([definition], { format: 'both', engine });
});

describe('a definition whose text attacks the pages', () => {
  it('really carries the attacks (else the tests below prove nothing)', () => {
    const raw = readFileSync(path.join(FIXTURE, `${definition.type}-definition.json`), 'utf8');
    for (const where of [
      definition.description,
      definition.note!,
      definition.namespace_definition.native_name!,
      definition.qualifiers_definition![0]!.description,
    ]) {
      expect(where.includes(SCRIPT) || where.includes(IMG)).toBe(true);
    }
    expect(definition.reference_urls).toContain('javascript:alert(1)');
    expect(raw).toContain('onerror=alert(1)');
  });

  for (const name of ['index.html', 'types/hostile.html']) {
    it(`${name}: no injected element, handler or javascript: link; the text is shown escaped`, () => {
      const html = page(name);
      const tags = htmlTags(html);
      // The only inline script is the index page's own filter, and it holds no document text; the
      // others are the live box's two files, by fixed relative paths.
      const scripts = tags.filter((t) => /^<script/i.test(t));
      expect(scripts.filter((t) => t === '<script>').length).toBe(name === 'index.html' ? 1 : 0);
      const up = name === 'index.html' ? '' : '../';
      expect(scripts.filter((t) => t !== '<script>')).toEqual([
        `<script src="${up}assets/purl-definitions.js">`,
        `<script src="${up}assets/purl-urls.js">`,
        `<script src="${up}assets/purl-box.js">`,
      ]);
      expect(html).not.toMatch(/<script>alert/i);
      expect(tags.filter((t) => /^<img/i.test(t))).toEqual([]);
      // No tag has an event-handler attribute; "onerror=" appears only inside escaped text and
      // inside a quoted attribute value (the live box's prefilled example), where it is inert.
      const attributeNames = (tag: string) => tag.replace(/"[^"]*"/g, '""');
      expect(tags.filter((t) => /\son[a-z]+\s*=/i.test(attributeNames(t)))).toEqual([]);
      expect(tags.filter((t) => /onerror/i.test(attributeNames(t)))).toEqual([]);
      for (const href of htmlHrefs(html)) expect(href).toMatch(/^(https?:\/\/|[a-z0-9./-]*\.html|#)/i);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(htmlText(html)).toContain(definition.type_name);
    });
  }

  it('types/hostile.html prefills the live box with an example, as an escaped attribute value', () => {
    const html = page('types/hostile.html');
    const input = htmlTags(html).find((t) => t.startsWith('<input id="purl-input"'))!;
    const value = /\svalue="([^"]*)"/.exec(input)![1]!;
    expect(definition.examples).toContain(decodeHtml(value));
    expect(value).not.toMatch(/[<>"]/);
  });

  it('assets/purl-definitions.js carries the definition as data: evaluated, it gives the document back', () => {
    const script = page('assets/purl-definitions.js');
    // Pure ASCII, so a browser reading it in any encoding reads the same; no markup can end it early.
    expect(script).toMatch(/^[\x00-\x7f]*$/);
    const sandbox: Record<string, unknown> = {};
    runInNewContext(script, { globalThis: sandbox, JSON });
    expect(sandbox.teapurlDocsDefinitions).toEqual([definition]);
  });

  it('types/hostile.html shows each hostile value as text where it belongs', () => {
    const html = page('types/hostile.html');
    const text = htmlText(html);
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    for (const value of [definition.description, definition.note!, definition.repository.note!, definition.qualifiers_definition![0]!.description]) {
      expect(text).toContain(value);
    }
    for (const url of definition.reference_urls!) expect(text).toContain(url);
    // An http(s) URL with quotes in it stays one attribute value.
    const quoted = definition.reference_urls!.find((u) => u.startsWith('https:') && u.includes("'"))!;
    expect(htmlHrefs(html)).toContain(quoted);
    // A refused example is still shown, with the engine's own words.
    for (const example of definition.examples) {
      expect(text).toContain(example);
      const check = engine.validate(example);
      for (const error of check.errors) expect(text).toContain(error.message);
    }
  });

  for (const name of ['index.md', 'types/hostile.md']) {
    it(`${name}: no raw HTML from the document, no javascript: link, tables keep their columns`, () => {
      const md = page(name);
      expect(md).not.toMatch(/<script/i);
      expect(md).not.toMatch(/<img/i);
      expect(md).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      for (const link of markdownLinks(md)) expect(link).toMatch(/^(https?:\/\/|(\.\.\/)?[a-z0-9/.-]*\.md$)/i);
      const lines = md.split('\n');
      for (const [i, line] of lines.entries()) {
        if (!line.startsWith('| ---')) continue;
        const columns = markdownPipes(lines[i - 1]!);
        for (let j = i + 1; j < lines.length && lines[j]!.startsWith('|'); j++) expect(markdownPipes(lines[j]!), lines[j]).toBe(columns);
      }
    });
  }
});

describe('escaping helpers', () => {
  it('links only http and https URLs', () => {
    expect(webUrl('https://example.org/a?b=c')).not.toBeNull();
    expect(webUrl('HTTP://EXAMPLE.ORG')).not.toBeNull();
    for (const bad of ['javascript:alert(1)', ' https://example.org', 'https://exa mple.org', 'data:text/html,x', '//example.org', 'https://a\u0000b']) {
      expect(webUrl(bad), bad).toBeNull();
    }
    expect(
      splitProse('See https://example.org/x). Then javascript:alert(1).')
        .filter((s) => s.url !== null)
        .map((s) => s.url),
    ).toEqual(['https://example.org/x']);
  });

  it('escapes Markdown so text cannot become markup', () => {
    expect(escapeMarkdown('- a | b *c* `d` <e> & [f](g) #h\n1. i')).toBe('\\- a \\| b \\*c\\* \\`d\\` &lt;e&gt; &amp; \\[f\\](g) \\#h 1. i');
    expect(escapeMarkdown('1. first')).toBe('1\\. first');
    expect(markdownCode('a|b', true)).toBe('`a\\|b`');
    expect(markdownCode('a`b', true)).toBe('a\\`b');
    expect(markdownCode('<b>', false)).toBe('&lt;b&gt;');
  });
});
