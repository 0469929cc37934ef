/**
 * teapurl/purl and teapurl as a browser gets them: each entry bundled by esbuild for the browser
 * (minified ESM, the settings `npm run size` uses), served from 127.0.0.1, imported by a page in
 * Debian's Chromium. The page parses, builds, canonicalises and validates PURLs from the
 * real-world corpus and some broken ones, builds an engine from definitions given at run time,
 * and validates discovery documents; every answer must equal the one Node gives from the sources
 * for the same calls. The size of the teapurl/purl bundle is a deliverable (at most 16,000 bytes gzip
 * with the 42 bundled types' rules), checked here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser, type BrowserBundle } from '../scripts/lib/browser-bundle.mjs';
import * as purlEntry from '../src/purl/index.js';
import * as teapurlEntry from '../src/index.js';
import { defaultPurlDefinition } from '../src/purl/default-definitions.js';
import { ROOT } from '../test/support/paths.js';
import { launchChromium } from './support/chromium.js';
import { collectProblems } from './support/page-problems.js';
import { exerciseEngines, exercisePurls, exerciseValidation, type PurlCase } from './support/purl-exercise.js';
import { serveFiles, type StaticServer } from './support/serve.js';

/**
 * The budget for `teapurl/purl` in a browser: 16,000 bytes of gzip (issue 33). It was issue 28's
 * 16 KB (15,018 bytes measured); issue 36's engine warnings, `purlEquals`/`comparePurls` and issue
 * 33's error contract took it to 16,826 bytes, held at 17,000 for a while; one eager chunk instead
 * of five (shared modules the lazy chunks also reach, each a file gzipped apart) brought it back
 * to 15,773 (docs/performance.md).
 */
const PURL_GZIP_BUDGET = 16_000;
/** Corpus lines taken from each ecosystem file: a few hundred PURLs in all. */
const PER_ECOSYSTEM = 40;

type CorpusEntry = [
  spelling: string,
  input: string,
  canonical: string,
  type: string,
  namespace: string | null,
  name: string,
  version: string | null,
  qualifiers: Record<string, string> | null,
  subpath: string | null,
];

function corpusCases(): { cases: PurlCase[]; canonical: Map<string, string> } {
  const cases: PurlCase[] = [];
  const canonical = new Map<string, string>();
  const directory = path.join(ROOT, 'corpus/purls');
  for (const file of readdirSync(directory)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const lines = readFileSync(path.join(directory, file), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    // Spread over the file, so every spelling the generator writes is likely among them.
    const step = Math.max(1, Math.floor(lines.length / PER_ECOSYSTEM));
    for (let i = 0; i < lines.length && i / step < PER_ECOSYSTEM; i += step) {
      const [, input, expected, type, namespace, name, version, qualifiers, subpath] = JSON.parse(lines[i]!) as CorpusEntry;
      cases.push({ input, components: { type, namespace, name, version, qualifiers, subpath } });
      canonical.set(input, expected);
    }
  }
  return { cases, canonical };
}

/** PURLs that are refused, repaired or need a type's rules, pattern or required qualifier. */
const TRICKY: PurlCase[] = [
  'pkg:',
  'npm/lodash@4.17.21',
  'pkg:npm/',
  'pkg:NPM/%40Angular/Core@17.0.0',
  'pkg:maven/org.apache.commons/io@1.3.4?Type=pom',
  'pkg:maven/io@1.3.4',
  'pkg:julia/Dates@1.9.0',
  'pkg:julia/Dates@1.9.0?uuid=ade2ca70-3891-5945-98fb-dc099432e06a',
  'pkg:vcpkg/boost/asio',
  'pkg:chrome-extension/abcdefghijklmnopabcdefghijklmnop@1.0',
  'pkg:chrome-extension/not-an-extension-id',
  'pkg:pypi/Django_Package@1.0',
  'pkg:github/Package-URL/purl-spec@v1.0#src/../x',
  'pkg:swid/Acme/example.com/Enterprise%2BServer@1.0.0',
  'pkg:generic/%E2%82%AC/%F0%9F%98%80?checksum=sha1:AB,sha256:cd',
  'pkg:acme-tools/widget@1.0?arch=x86_64',
  'pkg:npm/lodash@4.17.21?__proto__=x&constructor=y&toString=z',
  `pkg:npm/${'a'.repeat(5000)}`,
].map((input) => ({ input }));

/** A type made up here: the browser checks it against the compiled definition schema and compiles its pattern. */
const WIDGET = {
  type: 'widget',
  type_name: 'Widget',
  description: 'A made-up type for the browser test.',
  repository: { use_repository: false },
  namespace_definition: { requirement: 'prohibited' },
  name_definition: { requirement: 'required', case_sensitive: false, permitted_characters: '^[a-z][a-z0-9-]*$' },
  qualifiers_definition: [{ key: 'channel', requirement: 'required', description: 'Release channel.' }],
  examples: ['pkg:widget/sprocket?channel=stable'],
};
const WIDGET_INPUTS = ['pkg:widget/Sprocket?channel=beta', 'pkg:widget/sprocket', 'pkg:widget/sprocket_x?channel=beta', 'pkg:npm/lodash'];

function discoveryTexts(): { file: string; text: string }[] {
  const texts: { file: string; text: string }[] = [];
  for (const folder of ['valid', 'invalid']) {
    const directory = path.join(ROOT, 'corpus/discovery', folder);
    for (const file of readdirSync(directory)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      texts.push({ file: `${folder}/${file}`, text: readFileSync(path.join(directory, file), 'utf8') });
    }
  }
  texts.push({ file: 'broken.json', text: '{"schemaVersion": 1, "endpoints": [' });
  return texts;
}

/**
 * The page imports the bundles as a site would, with module scripts, and leaves them on `window`
 * for the test's calls. (The icon link keeps Chromium from asking for /favicon.ico.)
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>teapurl bundle</title><link rel="icon" href="data:,">
<script type="module">
import * as purl from '/purl/entry.js';
import * as teapurl from '/teapurl/entry.js';
import * as exercise from '/exercise/entry.js';
window.teapurlTest = { purl, teapurl, exercise };
</script>`;

/** What the page leaves on `window`. */
interface InPage {
  purl: typeof purlEntry;
  teapurl: typeof teapurlEntry;
  exercise: typeof import('./support/purl-exercise.js');
}

let purlBundle: BrowserBundle;
let teapurlBundle: BrowserBundle;
let exerciseBundle: BrowserBundle;
let server: StaticServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  [purlBundle, teapurlBundle, exerciseBundle] = await Promise.all([
    bundleForBrowser({ contents: "export * from './src/purl/index.ts';", resolveDir: ROOT, loader: 'ts' }),
    bundleForBrowser({ contents: "export * from './src/index.ts';", resolveDir: ROOT, loader: 'ts' }),
    bundleForBrowser({ contents: "export * from './test-browser/support/purl-exercise.ts';", resolveDir: ROOT, loader: 'ts', minify: false }),
  ]);
  const js = (body: string) => ({ type: 'text/javascript', body });
  // Each bundle in its own folder, chunks beside its entry.
  const folder = (name: string, bundle: BrowserBundle) =>
    Object.fromEntries(Object.entries(bundle.files).map(([file, code]) => [`/${name}/${file}`, js(code)]));
  server = await serveFiles({
    '/': { type: 'text/html', body: PAGE },
    ...folder('purl', purlBundle),
    ...folder('teapurl', teapurlBundle),
    ...folder('exercise', exerciseBundle),
  });
  browser = await launchChromium();
  page = await browser.newPage();
  problems = collectProblems(page);
  await page.goto(`${server.origin}/`);
  await page
    .waitForFunction(() => 'teapurlTest' in window, undefined, { timeout: 15_000 })
    .catch((error: Error) => {
      throw new Error(`the page did not load the bundles: ${problems.join('; ') || error.message}`);
    });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the teapurl/purl browser bundle', () => {
  it(`is at most ${PURL_GZIP_BUDGET} bytes gzip, and holds no definition texts`, () => {
    expect(purlBundle.gzipBytes).toBeLessThanOrEqual(PURL_GZIP_BUDGET);
    // A description from the bundled cargo definition: texts stay out of teapurl/purl.
    expect(defaultPurlDefinition('cargo')?.description).toBeTruthy();
    expect(purlBundle.code).not.toContain(defaultPurlDefinition('cargo')!.description);
    // …while the rules are there: chrome-extension's permitted_characters.
    expect(purlBundle.code).toContain(defaultPurlDefinition('chrome-extension')!.name_definition.permitted_characters!.replaceAll('\\', '\\\\'));
  });

  it('parses, builds, canonicalises and validates corpus and broken PURLs in Chromium exactly as Node does', async () => {
    const { cases, canonical } = corpusCases();
    expect(cases.length).toBeGreaterThanOrEqual(300);
    const all = [...cases, ...TRICKY];
    const inBrowser = await page.evaluate((input) => {
      const { purl, exercise } = (window as unknown as { teapurlTest: InPage }).teapurlTest;
      return exercise.exercisePurls(purl, input);
    }, all);
    const inNode = exercisePurls(purlEntry, all);
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(inNode)));
    // Not a comparison of two failures: the corpus PURLs come out as the corpus says.
    const results = inBrowser as { input: string; canonical: { ok?: string }; built: { ok?: string } | null }[];
    for (const result of results.filter((r) => canonical.has(r.input))) {
      expect(result.canonical.ok, result.input).toBe(canonical.get(result.input));
      expect(result.built?.ok, result.input).toBe(canonical.get(result.input));
    }
    expect(problems).toEqual([]);
  });

  it('builds an engine from definitions given at run time, and refuses a broken one, as Node does', async () => {
    const broken = { ...WIDGET, name_definition: { requirement: 'sometimes' } };
    for (const definitions of [[WIDGET], [WIDGET, WIDGET], [broken]]) {
      const inBrowser = await page.evaluate(
        ({ definitions, inputs }) => {
          const { purl, exercise } = (window as unknown as { teapurlTest: InPage }).teapurlTest;
          return exercise.exerciseEngines(purl, definitions, inputs);
        },
        { definitions, inputs: WIDGET_INPUTS },
      );
      expect(inBrowser).toEqual(JSON.parse(JSON.stringify(await exerciseEngines(purlEntry, definitions, WIDGET_INPUTS))));
    }
    const valid = (await page.evaluate(
      (inputs) => {
        const { purl, exercise } = (window as unknown as { teapurlTest: InPage }).teapurlTest;
        return exercise.exerciseEngines(purl, [inputs.widget], inputs.purls);
      },
      { widget: WIDGET, purls: WIDGET_INPUTS },
    )) as { results: { validation: { valid: boolean } }[] };
    expect(valid.results.map((r) => r.validation.valid)).toEqual([true, false, false, false]);
    expect(problems).toEqual([]);
  });
});

describe('the teapurl browser bundle', () => {
  it('validates discovery documents with validateText in Chromium exactly as Node does', async () => {
    const texts = discoveryTexts();
    const inBrowser = (await page.evaluate((input) => {
      const { teapurl, exercise } = (window as unknown as { teapurlTest: InPage }).teapurlTest;
      return exercise.exerciseValidation(teapurl, input);
    }, texts)) as { file: string; valid: boolean }[];
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(exerciseValidation(teapurlEntry, texts))));
    expect(inBrowser.filter((r) => r.file.startsWith('valid/')).every((r) => r.valid)).toBe(true);
    expect(inBrowser.filter((r) => !r.file.startsWith('valid/')).some((r) => r.valid)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('validates SBOMs in the four formats (CycloneDX XML with saxes) with validateText in Chromium exactly as Node does', async () => {
    const texts = ['valid', 'invalid'].flatMap((folder) =>
      readdirSync(path.join(ROOT, 'corpus/sbom', folder))
        .sort()
        .map((file) => ({ file: `${folder}/${file}`, text: readFileSync(path.join(ROOT, 'corpus/sbom', folder, file), 'utf8') })),
    );
    texts.push({
      file: 'laughs.cdx.xml',
      text: '<!DOCTYPE bom [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]><bom xmlns="http://cyclonedx.org/schema/bom/1.6">&b;</bom>',
    });
    const inBrowser = (await page.evaluate((input) => {
      const { teapurl, exercise } = (window as unknown as { teapurlTest: InPage }).teapurlTest;
      return exercise.exerciseValidation(teapurl, input);
    }, texts)) as { file: string; valid: boolean; findings: { rule: string }[] }[];
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(exerciseValidation(teapurlEntry, texts))));
    expect(inBrowser.filter((r) => r.file.startsWith('valid/')).every((r) => r.valid && r.findings.length === 0)).toBe(true);
    expect(inBrowser.filter((r) => r.file.startsWith('invalid/')).map((r) => r.findings.filter((f) => f.rule.startsWith('sbom/')).length)).toEqual([
      6, 6, 6, 6,
    ]);
    expect(inBrowser.at(-1)!.findings.map((f) => f.rule)).toEqual(['xml/doctype']);
    expect(problems).toEqual([]);
  });

  it('fetched the page, the three bundles and the chunk loadPurlEngine asks for, never the pattern guard or the URL mapper', () => {
    const eager = (name: string, bundle: BrowserBundle) => bundle.eager.map((file) => `/${name}/${file}`);
    const lazy = [...new Set(server.requests)].filter(
      (request) => !['/', ...eager('purl', purlBundle), ...eager('teapurl', teapurlBundle), ...eager('exercise', exerciseBundle)].includes(request),
    );
    // Building engines from definitions at run time fetched the definition schema's validator, in the purl bundle's chunks.
    expect(lazy.length).toBeGreaterThan(0);
    for (const request of lazy) {
      expect(request.startsWith('/purl/'), request).toBe(true);
      const code = purlBundle.files[request.slice('/purl/'.length)]!;
      expect(code, request).toBeDefined();
      // Not re2js (the pattern guard) and not url-template's templates (the URL mapper).
      expect(code.includes('RE2JS') || code.includes('default_registry'), request).toBe(false);
    }
    for (const request of ['/', ...eager('purl', purlBundle), ...eager('teapurl', teapurlBundle), ...eager('exercise', exerciseBundle)])
      expect(server.requests).toContain(request);
  });
});
