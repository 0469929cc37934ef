/**
 * Issue 23 item 6, in the generated HTML: pages for someone learning a PURL type. The index says
 * what each type is and shows a PURL of it; a type page has its components and qualifiers in one
 * compact table each, without a dash for every value a definition does not give; the words are a
 * reader's, not the API's; and nothing links to a place the site does not serve.
 */
import { describe, expect, it } from 'vitest';
import { defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import { defaultUrlDocuments } from '../../src/purl/urls/default-urls.js';
import { generateDocsSite } from '../../src/docs/index.js';
import { decodeHtml, htmlHrefs, htmlText, isAbsolute, rowCells, rowFields } from './site-reading.js';

const definitions = defaultPurlDefinitions();
const files = new Map(generateDocsSite(definitions, { format: 'both' }).map((f) => [f.path, f.content]));
const pages = [...files.entries()].filter(([file]) => file.endsWith('.html') || file.endsWith('.md'));

/** What a reader sees of an HTML page: its main part as text (the box's script files aside). */
const mainText = (html: string) => htmlText(html.slice(html.indexOf('<main>'), html.indexOf('</main>')));

describe('the index says what each type is', () => {
  const index = files.get('index.html')!;

  it('shows each type with its name, its description and an example that opens in the type page’s box', () => {
    for (const definition of definitions) {
      const cells = rowFields(index, `<tr data-type="${definition.type}">`);
      expect(Object.keys(cells)).toEqual(['Type', 'What it is', 'Example']);
      expect(htmlText(cells.Type!)).toBe(`${definition.type}${definition.type_name}`);
      expect(htmlText(cells['What it is']!)).toBe(definition.description);
      const example = htmlText(cells.Example!);
      expect(definition.examples).toContain(example);
      expect(htmlHrefs(cells.Example!)).toEqual([`types/${definition.type}.html?purl=${encodeURIComponent(example)}#purl-box`]);
    }
  });

  it('no longer lists rule flags (case sensitivity, requirements) as columns', () => {
    expect(rowCells(index, '<thead><tr>').map(htmlText)).toEqual(['Type', 'What it is', 'Example']);
  });

  it('has the words a search for an ecosystem needs: "python" is in the pypi row', () => {
    expect(htmlText(rowCells(index, '<tr data-type="pypi">').join(' ')).toLowerCase()).toContain('python');
  });

  it('Markdown: the same three columns', () => {
    const md = files.get('index.md')!;
    expect(md).toContain('| Type | What it is | Example |');
    expect(md).toMatch(/\| \[`pypi`\]\(types\/pypi\.md\)<br>PyPI \| Packages for the Python language\. \| `pkg:pypi\/[^`]+` \|/);
  });
});

describe('a type page is compact', () => {
  it('has one table for the components and one for the qualifiers, a row each, and no dash for what is not given', () => {
    for (const definition of definitions) {
      const html = files.get(`types/${definition.type}.html`)!;
      expect(html).not.toContain('<article');
      for (const component of ['namespace', 'name', 'version', 'subpath']) expect(html).toContain(`<tr data-component="${component}">`);
      for (const qualifier of definition.qualifiers_definition ?? []) expect(html).toContain(`<tr data-qualifier="${qualifier.key}">`);
      expect(html, definition.type).not.toContain('class="absent"');
    }
  });

  it('breaks the examples down in one table, a row each, with only the columns some example has a value in', () => {
    for (const definition of definitions) {
      const html = files.get(`types/${definition.type}.html`)!;
      const section = html.slice(html.indexOf('<section id="examples">'));
      const head = rowCells(section, '<thead><tr>').map(htmlText);
      expect(head[0]).toBe('PURL');
      const body = section.slice(section.indexOf('<tbody>'), section.indexOf('</tbody>'));
      const rows = body
        .split('<tr')
        .slice(1)
        .map((row) => rowFields(`<tr${row}`, '<tr'));
      expect(rows).toHaveLength(definition.examples.length);
      for (const column of head.slice(1))
        expect(
          rows.some((row) => row[column] !== ''),
          `${definition.type}: ${column}`,
        ).toBe(true);
    }
  });
});

describe('reader words and the places linked', () => {
  it('no page names an API function or the engine', () => {
    for (const [file, content] of pages) {
      const text = file.endsWith('.html') ? mainText(content) : content;
      expect(text, file).not.toMatch(/urlToPurl|purlToUrls|\bengine\b|RFC 6570/i);
    }
  });

  it('no page links a definition’s $id, a place the site does not serve', () => {
    const ids = definitions.flatMap((d) => (d.$id === undefined ? [] : [d.$id]));
    expect(ids.length).toBeGreaterThan(0);
    for (const [file, content] of pages) for (const id of ids) expect(content, file).not.toContain(id);
  });

  it('every web link on a type page leads to a host its definition or URL document names', () => {
    const documents = new Map(defaultUrlDocuments().map((d) => [d.type, JSON.stringify(d)]));
    for (const definition of definitions) {
      const html = files.get(`types/${definition.type}.html`)!;
      const named = `${JSON.stringify(definition)} ${documents.get(definition.type) ?? ''}`;
      for (const href of htmlHrefs(html).filter(isAbsolute)) {
        const host = new URL(href).host;
        expect(named, `${definition.type}: ${href}`).toContain(host);
      }
      // And every link inside the site leads to a page of it.
      for (const href of htmlHrefs(html).filter((h) => !isAbsolute(h)))
        expect(decodeHtml(href)).toMatch(/^(\.\.\/index\.html|[a-z0-9.-]+\.html\?purl=[^#]+#purl-box|#[a-z-]+)$/);
    }
  });
});
