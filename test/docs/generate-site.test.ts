import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultPurlEngine, type PurlEngine } from '../../src/purl/index.js';
import { defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import type { PurlTypeDefinition } from '../../src/index.js';
import { generateDocsSite, writeDocsSite, DocsSiteError, type DocsFile, type DocsFormat } from '../../src/docs/index.js';
import { purlEngineFromDirectory } from '../../src/node/index.js';
import { HAS_PURL_SPEC, PURL_SPEC, ROOT } from '../support/paths.js';
import { htmlHrefs, htmlIds, htmlScriptSources, htmlText, isAbsolute, markdownLinks, resolveLink, rowCells, rowFields } from './site-reading.js';
import { engineFromDefinitions } from '../../src/purl/engine/engine-from-definitions.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-docs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The documents an engine was built from; the default engine holds rules only, its documents come apart. */
function definitionsOf(engine: PurlEngine): PurlTypeDefinition[] {
  if (engine === defaultPurlEngine()) return defaultPurlDefinitions();
  return engine.types().map((type) => engine.definition(type)!);
}

const SETS: { label: string; load: () => Promise<PurlEngine>; skip: boolean }[] = [
  { label: 'the bundled corpus', load: async () => defaultPurlEngine(), skip: false },
  { label: 'corpus/purl-types read from disk', load: () => purlEngineFromDirectory(path.join(ROOT, 'corpus/purl-types')), skip: false },
  // Skipped with the message test/support/paths.ts prints when ../shared/purl-spec is absent.
  { label: 'the PURL specification’s published types', load: () => purlEngineFromDirectory(path.join(PURL_SPEC, 'types')), skip: !HAS_PURL_SPEC },
];

/** The scripts an HTML site carries for its live PURL box. */
const BOX_ASSETS = ['assets/purl-box.js', 'assets/purl-definitions.js', 'assets/purl-urls.js'];

const FORMATS: { format: DocsFormat; extensions: string[]; assets: string[] }[] = [
  { format: 'html', extensions: ['.html'], assets: BOX_ASSETS },
  { format: 'md', extensions: ['.md'], assets: [] },
  { format: 'both', extensions: ['.html', '.md'], assets: BOX_ASSETS },
];

/** Every relative link of every page points at a generated file, and every fragment at an id in it. */
function brokenLinks(files: readonly DocsFile[], outDir: string): string[] {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  const broken: string[] = [];
  // Pages only: the box's scripts are minified code, in which `a[b](c)` reads like a Markdown link.
  for (const file of files.filter((f) => f.path.endsWith('.html') || f.path.endsWith('.md'))) {
    const links = file.path.endsWith('.html') ? [...htmlHrefs(file.content), ...htmlScriptSources(file.content)] : markdownLinks(file.content);
    for (const href of links) {
      if (isAbsolute(href)) {
        if (!/^https?:\/\//i.test(href)) broken.push(`${file.path}: ${href} (not a web link)`);
        continue;
      }
      const { file: target, fragment } = resolveLink(file.path, decodeURI(href));
      if (!byPath.has(target) || !existsSync(path.join(outDir, target))) {
        broken.push(`${file.path}: ${href} (no ${target})`);
        continue;
      }
      if (fragment !== null && !htmlIds(byPath.get(target)!).includes(fragment)) broken.push(`${file.path}: ${href} (no id ${fragment})`);
    }
  }
  return broken;
}

describe('the link check used below', () => {
  it('catches a missing page, a missing id and a link that is not a web link', async () => {
    const files: DocsFile[] = [
      { path: 'index.html', content: '<a href="types/a.html#examples">a</a> <a href="types/gone.html">gone</a>' },
      { path: 'index.md', content: '[a](types/a.md) [x](javascript:alert%281%29)' },
      { path: 'types/a.html', content: '<section id="other"></section><a href="../index.html#nowhere">back</a><script src="../assets/gone.js"></script>' },
      { path: 'types/a.md', content: '[back](../index.md)' },
    ];
    const out = path.join(scratch, 'link-check');
    await writeDocsSite(out, files, 'both');
    expect(brokenLinks(files, out)).toEqual([
      'index.html: types/a.html#examples (no id examples)',
      'index.html: types/gone.html (no types/gone.html)',
      'index.md: javascript:alert%281%29 (not a web link)',
      'types/a.html: ../index.html#nowhere (no id nowhere)',
      'types/a.html: ../assets/gone.js (no assets/gone.js)',
    ]);
  });
});

for (const set of SETS) {
  describe.skipIf(set.skip)(`a site for ${set.label}`, () => {
    for (const { format, extensions, assets } of FORMATS) {
      it(`has one ${format} page per type plus the index, and no broken relative link or script`, async () => {
        const engine = await set.load();
        const definitions = definitionsOf(engine);
        const files = generateDocsSite(definitions, { format, engine });

        const expected = [...assets, ...extensions.flatMap((ext) => [`index${ext}`, ...definitions.map((d) => `types/${d.type}${ext}`)])];
        expect(files.map((f) => f.path)).toEqual([...expected].sort());
        expect(files.map((f) => f.path)).toEqual([...files.map((f) => f.path)].sort());

        const outDir = path.join(scratch, `${set.label.replace(/\W+/g, '-')}-${format}`);
        await writeDocsSite(outDir, files, format);
        expect(brokenLinks(files, outDir)).toEqual([]);

        // Every page's ids are unique, so each fragment has one target.
        for (const file of files.filter((f) => f.path.endsWith('.html'))) {
          const ids = htmlIds(file.content);
          expect(new Set(ids).size, file.path).toBe(ids.length);
        }
      });
    }

    it('shows every type on the index, linked to its page, and every example on the type page', async () => {
      const engine = await set.load();
      const definitions = definitionsOf(engine);
      const files = new Map(generateDocsSite(definitions, { format: 'both', engine }).map((f) => [f.path, f.content]));
      const index = files.get('index.html')!;
      const rows = [...index.matchAll(/<tr data-type="([^"]+)">/g)].map((m) => m[1]);
      expect(rows).toEqual(definitions.map((d) => d.type));
      expect(index).toContain(`${definitions.length} of ${definitions.length} types`);
      for (const definition of definitions) {
        expect(rowCells(index, `<tr data-type="${definition.type}">`)[0]).toContain(`<a href="types/${definition.type}.html">`);
        const page = files.get(`types/${definition.type}.html`)!;
        const examples = page.slice(page.indexOf('<section id="examples">'));
        for (const example of definition.examples) expect(htmlText(examples)).toContain(example);
        const markdown = files.get(`types/${definition.type}.md`)!;
        expect(markdown).toContain(`](../index.md)`);
      }
    });
  });
}

describe('what a type page says', () => {
  const base: PurlTypeDefinition = {
    type: 'widget',
    type_name: 'Widget',
    description: 'A made-up type.',
    repository: { use_repository: false },
    namespace_definition: { requirement: 'optional' },
    name_definition: { requirement: 'required', case_sensitive: false },
    version_definition: { requirement: 'optional', case_sensitive: true },
    examples: ['pkg:widget/acme/gear@1.0'],
  };

  function page(definition: PurlTypeDefinition, format: 'html' | 'md' = 'html'): string {
    const files = generateDocsSite([definition], { format });
    return files.find((f) => f.path === `types/${definition.type}.${format}`)!.content;
  }

  it('reads an explicit case_sensitive false as "no", true as "yes", and an absent one as the default', () => {
    const html = page(base);
    const caseCell = (component: string) => htmlText(rowFields(html, `<tr data-component="${component}">`)['Case-sensitive']!);
    expect(caseCell('name')).toBe('no');
    expect(caseCell('version')).toBe('yes');
    expect(caseCell('namespace')).toBe('yes (default)');
    // The Markdown page says the same.
    const nameRow = page(base, 'md')
      .split('\n')
      .find((line) => line.startsWith('| name |'))!;
    expect(nameRow.split(' | ')[2]).toBe('no');
  });

  it('leaves a prohibited namespace out of the syntax template and keeps an allowed one', () => {
    const prohibited = page({ ...base, namespace_definition: { requirement: 'prohibited' }, examples: ['pkg:widget/gear'] });
    expect(prohibited).toContain('pkg:widget/&lt;name&gt;@&lt;version&gt;?&lt;qualifiers&gt;#&lt;subpath&gt;');
    expect(prohibited).not.toContain('&lt;namespace&gt;');
    expect(page(base)).toContain('pkg:widget/&lt;namespace&gt;/&lt;name&gt;@&lt;version&gt;');
    expect(page({ ...base, namespace_definition: { requirement: 'prohibited' }, examples: ['pkg:widget/gear'] }, 'md')).toContain(
      '\npkg:widget/<name>@<version>?<qualifiers>#<subpath>\n',
    );
  });

  it('shows qualifiers with their requirement (absent means optional), default value and native name', () => {
    const html = page({
      ...base,
      qualifiers_definition: [
        { key: 'arch', description: 'Architecture.', default_value: 'noarch', native_name: 'Architecture' },
        { key: 'channel', requirement: 'required', description: 'Release channel.' },
      ],
      examples: ['pkg:widget/gear@1.0?channel=stable'],
    });
    const arch = rowFields(html, '<tr data-qualifier="arch">');
    expect(Object.fromEntries(Object.entries(arch).map(([label, value]) => [label, htmlText(value.replaceAll('</p><p>', ' | '))]))).toEqual({
      Key: 'arch',
      Requirement: 'optional (default)',
      Default: 'noarch',
      Description: 'Architecture. | Native name: Architecture',
    });
    expect(htmlText(rowFields(html, '<tr data-qualifier="channel">').Requirement!)).toBe('required');
    // No value, no dash: the default of a qualifier without one is an empty cell.
    expect(rowFields(html, '<tr data-qualifier="channel">').Default).toBe('');
    expect(page(base)).toContain('describes no qualifiers');
    expect(page(base)).not.toContain('id="qualifiers"');
  });

  it('breaks examples down with the engine and keeps a refused one with the engine’s message', () => {
    const refused = 'pkg:widget/acme/gear/extra@1.0?Bad Key=1';
    const definition = { ...base, examples: ['pkg:widget/acme/gear@1.0?arch=x86', refused] as [string, ...string[]] };
    const html = page(definition);
    const examples = html.slice(html.indexOf('<section id="examples">'));
    const parsed = engineFromDefinitions([definition]).parse('pkg:widget/acme/gear@1.0?arch=x86');
    expect(htmlText(examples)).toContain(parsed.namespace!);
    expect(htmlText(rowFields(examples.slice(examples.indexOf('<tbody>')), '<tr>').Qualifiers!)).toBe('arch=x86');
    const problem = engineFromDefinitions([definition]).validate(refused).errors[0]!;
    expect(htmlText(examples)).toContain(problem.message);
    expect(htmlText(examples)).toContain(refused);
  });

  it('shows the engine’s rules beside the component they act on', () => {
    const engine = defaultPurlEngine();
    const files = generateDocsSite(definitionsOf(engine), { engine });
    const withRules = engine
      .types()
      .flatMap((type) => (['namespace', 'name', 'version', 'subpath'] as const).map((c) => ({ type, c, rules: engine.rulesFor(type, c) })));
    expect(withRules.some((r) => r.rules.length > 0)).toBe(true);
    for (const { type, c, rules } of withRules) {
      const html = files.find((f) => f.path === `types/${type}.html`)!.content;
      const cells = htmlText(Object.values(rowFields(html, `<tr data-component="${c}">`)).join('\n'));
      // In the reader's words: what the rule does, not its identifier in the API.
      for (const rule of rules) {
        expect(cells).toContain(`${rule.summary} (teapurl applies this)`);
        expect(cells).not.toContain(rule.id);
      }
    }
  });

  it('makes http and https URLs links and shows any other URL as text', () => {
    const html = page({
      ...base,
      repository: { use_repository: true, default_repository_url: 'ftp://mirror.example.org/widgets' },
      reference_urls: ['https://example.org/widgets', 'mailto:someone@example.org'],
      note: 'See http://example.com/about.',
    });
    const hrefs = htmlHrefs(html);
    expect(hrefs).toContain('https://example.org/widgets');
    expect(hrefs).toContain('http://example.com/about');
    expect(hrefs.some((h) => h.startsWith('ftp:') || h.startsWith('mailto:'))).toBe(false);
    expect(htmlText(html)).toContain('ftp://mirror.example.org/widgets');
    expect(htmlText(html)).toContain('mailto:someone@example.org');
  });

  it('is deterministic: the same definitions give byte-identical pages, whatever their order', () => {
    const engine = defaultPurlEngine();
    const definitions = definitionsOf(engine);
    const first = generateDocsSite(definitions, { format: 'both', engine });
    const second = generateDocsSite([...definitions].reverse(), { format: 'both', engine: engineFromDefinitions(definitions) });
    expect(second.map((f) => f.path)).toEqual(first.map((f) => f.path));
    for (const [i, file] of first.entries()) expect(second[i]!.content === file.content, file.path).toBe(true);
    expect(first.some((f) => /20\d\d-\d\d-\d\d/.test(f.content))).toBe(false);
  });

  it('refuses two definitions of one type, and a type that cannot name a file', () => {
    const engine = engineFromDefinitions([base]);
    expect(() => generateDocsSite([base, base], { engine })).toThrow(/widget.*twice/);
    expect(() => generateDocsSite([{ ...base, type: '../evil' }], { engine })).toThrow(/cannot name/);
  });

  it('writes pages that read back as generated', async () => {
    const files = generateDocsSite([base], { format: 'both' });
    const out = path.join(scratch, 'read-back');
    const result = await writeDocsSite(out, files, 'both');
    expect(result.written).toEqual(files.map((f) => f.path));
    for (const file of files) expect(readFileSync(path.join(out, file.path), 'utf8')).toBe(file.content);
  });

  it('refuses a page path that would leave the folder, before writing anything', async () => {
    const out = path.join(scratch, 'escape');
    for (const bad of ['../escaped.html', 'types/../../escaped.html', '/tmp/escaped.html', 'a\\b.html', '.teapurl-docs.json']) {
      await expect(
        writeDocsSite(
          out,
          [
            { path: 'index.html', content: 'x' },
            { path: bad, content: 'x' },
          ],
          'html',
        ),
      ).rejects.toThrow(DocsSiteError);
    }
    expect(existsSync(out)).toBe(false);
    expect(existsSync(path.join(scratch, 'escaped.html'))).toBe(false);
  });
});
