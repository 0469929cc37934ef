import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import { defaultPurlEngine } from '../../src/purl/index.js';
import type { PurlTypeDefinition } from '../../src/index.js';
import { generateDocsSite } from '../../src/docs/index.js';
import { explainInput, explainPurl } from '../../src/docs/purl-box/explain-purl.js';
import { createPurlUrls } from '../../src/purl/urls/create-purl-urls.js';
import { defaultUrlDocuments } from '../../src/purl/urls/default-urls.js';
import { ROOT } from '../support/paths.js';
import { decodeHtml, htmlTags } from './site-reading.js';
import { engineFromDefinitions } from '../../src/purl/engine/engine-from-definitions.js';

const widget: PurlTypeDefinition = {
  type: 'widget',
  type_name: 'Widget',
  description: 'A made-up type the bundled engine does not know.',
  repository: { use_repository: false },
  namespace_definition: { requirement: 'prohibited' },
  name_definition: { requirement: 'required', case_sensitive: false },
  qualifiers_definition: [{ key: 'channel', requirement: 'required', description: 'Release channel.' }],
  examples: ['pkg:widget/gear@1.0?channel=stable'],
};

describe('explainPurl: what the live box shows', () => {
  const engine = defaultPurlEngine();

  it('a valid, canonical PURL: its components and itself as the canonical form', () => {
    const result = explainPurl(engine, 'pkg:npm/%40angular/core@17.0.0');
    expect(result).toMatchObject({ valid: true, isCanonical: true, canonical: 'pkg:npm/%40angular/core@17.0.0', errors: [], unknownType: false });
    expect(result.components).toEqual({ type: 'npm', namespace: '@angular', name: 'core', version: '17.0.0', qualifiers: null, subpath: null });
  });

  it('a valid PURL not in canonical form: the canonical form the engine writes', () => {
    const result = explainPurl(engine, 'pkg:NPM/lodash@4.17.21?b=1&a=2');
    expect(result.valid).toBe(true);
    expect(result.isCanonical).toBe(false);
    expect(result.canonical).toBe('pkg:npm/lodash@4.17.21?a=2&b=1');
    expect(result.components?.qualifiers).toEqual({ a: '2', b: '1' });
  });

  it('an invalid PURL: the engine’s errors, naming the component', () => {
    const result = explainPurl(engine, 'pkg:vcpkg/boost/asio');
    expect(result.valid).toBe(false);
    expect(result.components).toBeNull();
    expect(result.canonical).toBeNull();
    expect(result.errors).toEqual(engine.validate('pkg:vcpkg/boost/asio').errors);
    expect(result.errors[0]).toMatchObject({ component: 'namespace', code: 'prohibited' });
  });

  it('a PURL a reader may repair: invalid, with the components and canonical form it repairs to', () => {
    const result = explainPurl(engine, 'pkg:maven/org.apache.commons/io@1.3.4?Type=pom');
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.code)).toEqual(['uppercase-qualifier-key']);
    expect(result.components?.qualifiers).toEqual({ type: 'pom' });
    expect(result.canonical).toBe('pkg:maven/org.apache.commons/io@1.3.4?type=pom');
    expect(result.isCanonical).toBe(false);
  });

  it('a type the definitions do not describe is marked as read with the generic rules', () => {
    expect(explainPurl(engine, 'pkg:widget/gear@1.0').unknownType).toBe(true);
    const own = engineFromDefinitions([widget]);
    expect(explainPurl(own, 'pkg:widget/gear@1.0?channel=stable')).toMatchObject({ valid: true, unknownType: false });
    expect(explainPurl(own, 'pkg:widget/gear@1.0').errors[0]).toMatchObject({ component: 'qualifiers', code: 'missing-qualifier' });
  });

  it('hostile input is answered, not thrown: markup, __proto__, 100 KB', () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype);
    expect(explainPurl(engine, '<img src=x onerror=alert(1)>').errors.map((e) => e.code)).toEqual(['missing-scheme']);
    const proto = explainPurl(engine, 'pkg:npm/__proto__@1?__proto__=x');
    expect(proto.errors.map((e) => `${e.component} ${e.code}`)).toEqual(['qualifiers invalid-qualifier-key']);
    expect(explainPurl(engine, 'pkg:npm/__proto__@1?constructor=x').components?.qualifiers).toEqual({ constructor: 'x' });
    // Nothing was written onto Object.prototype by the __proto__ key or value.
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const huge = explainPurl(engine, `pkg:npm/${'a'.repeat(100_000)}`);
    expect(huge.errors.map((e) => e.code)).toEqual(['too-long']);
    // The message quotes no 100 KB: the box shows it whole.
    expect(huge.errors[0]!.message.length).toBeLessThan(200);
  });
});

describe('explainInput: a PURL as typed, a URL read back to its PURL', () => {
  const engine = defaultPurlEngine();
  const urls = createPurlUrls(defaultUrlDocuments(), engine);

  it('a registry page or a download URL is read back to the PURL purl from-url gives, which is then explained', () => {
    for (const [url, purl] of [
      ['https://pypi.org/project/Django/4.2/', 'pkg:pypi/django@4.2'],
      ['https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz', 'pkg:npm/left-pad@1.3.0'],
      ['  https://crates.io/crates/rand  ', 'pkg:cargo/rand'],
    ] as const) {
      const shown = explainInput(engine, url, urls);
      expect(shown).toMatchObject({ kind: 'url', url: url.trim(), purl });
      expect(urls.urlToPurl(url.trim())).toBe(purl);
      if (shown.kind === 'url') expect(shown.explanation).toEqual(explainPurl(engine, purl, urls));
    }
  });

  it('a web URL no template reads back says so, never "wrong scheme"; a PURL is a PURL', () => {
    expect(explainInput(engine, 'https://example.com/some/page', urls)).toEqual({ kind: 'unknown-url', url: 'https://example.com/some/page' });
    expect(explainInput(engine, 'https://pypi.org/project/django/', undefined)).toEqual({ kind: 'unknown-url', url: 'https://pypi.org/project/django/' });
    expect(explainInput(engine, 'pkg:npm/left-pad@1.3.0', urls)).toMatchObject({ kind: 'purl', purl: 'pkg:npm/left-pad@1.3.0' });
    // Not a web URL: explained as the PURL it fails to be.
    expect(explainInput(engine, 'ftp://example.com/x', urls)).toMatchObject({ kind: 'purl', explanation: { valid: false } });
  });

  it('says why a PURL is not canonical in the words purl validate uses', () => {
    expect(explainPurl(engine, 'pkg:NPM/left-pad@1.3.0?b=1&a=2').notCanonical).toEqual(['type must be lowercase ("npm")', 'qualifiers must be sorted by key']);
    expect(explainPurl(engine, 'pkg:npm/left-pad@1.3.0').notCanonical).toEqual([]);
    expect(explainPurl(engine, 'pkg:vcpkg/boost/asio').notCanonical).toEqual([]);
  });
});

describe('the live box in generated pages', () => {
  const files = new Map(generateDocsSite([...defaultPurlDefinitions(), widget]).map((f) => [f.path, f.content]));

  it('every HTML page has the box and loads its three scripts by a relative path, under a policy without unsafe-inline or unsafe-eval', () => {
    for (const [file, html] of files) {
      if (!file.endsWith('.html')) continue;
      const up = file.startsWith('types/') ? '../' : '';
      expect(html, file).toContain('<input id="purl-input" type="text"');
      expect(html, file).toContain('<div id="purl-output" class="purl-box-output" aria-live="polite">');
      expect(html, file).toContain(
        `<script src="${up}assets/purl-definitions.js"></script>\n<script src="${up}assets/purl-urls.js"></script>\n<script src="${up}assets/purl-box.js"></script>`,
      );
      const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!;
      expect(policy).toMatch(/^default-src 'none'; /);
      expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?;/);
      expect(policy).not.toMatch(/unsafe|\*|https?:|data:/);
    }
  });

  it('a type page starts the box with one of its own examples; the index starts it empty', () => {
    for (const definition of [...defaultPurlDefinitions(), widget]) {
      const input = htmlTags(files.get(`types/${definition.type}.html`)!).find((t) => t.startsWith('<input id="purl-input"'))!;
      expect(definition.examples).toContain(decodeHtml(/\svalue="([^"]*)"/.exec(input)![1]!));
    }
    expect(files.get('index.html')).toContain('<input id="purl-input" type="text" value=""');
  });

  it('ships the built box script and the site’s own definitions, the custom type included', () => {
    expect(files.get('assets/purl-box.js')).toBe(readFileSync(path.join(ROOT, 'dist/assets/purl-box.js'), 'utf8'));
    const sandbox: Record<string, unknown> = {};
    runInNewContext(files.get('assets/purl-definitions.js')!, { globalThis: sandbox, JSON });
    const shipped = sandbox.teapurlDocsDefinitions as PurlTypeDefinition[];
    expect(shipped.map((d) => d.type)).toEqual([...defaultPurlDefinitions().map((d) => d.type), 'widget'].sort());
    expect(shipped.find((d) => d.type === 'widget')).toEqual(widget);
  });

  it('keeps a definition’s __proto__ key, line separators and non-ASCII text as data', () => {
    const odd = {
      ...widget,
      description: 'Line\u2028separator, paragraph\u2029separator, </script><script>alert(1)</script>, ünïcödé, 🦀',
      qualifiers_definition: [{ key: '__proto__', description: 'a key named __proto__' }],
    } as PurlTypeDefinition;
    const script = generateDocsSite([odd]).find((f) => f.path === 'assets/purl-definitions.js')!.content;
    expect(script).toMatch(/^[\x00-\x7f]*$/);
    const sandbox: Record<string, unknown> = {};
    runInNewContext(script, { globalThis: sandbox, JSON });
    const [back] = sandbox.teapurlDocsDefinitions as PurlTypeDefinition[];
    expect(back!.description).toBe(odd.description);
    expect(Object.hasOwn(back!.qualifiers_definition![0]!, 'key')).toBe(true);
    expect(JSON.stringify(back)).toBe(JSON.stringify(odd));
  });
});
