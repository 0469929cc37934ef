/**
 * Issue 15 in a real browser: `teapurl/purl` bundled by esbuild for the browser (ESM, code
 * splitting) and loaded in Debian's Chromium from a 127.0.0.1 server. purlToUrls and urlToPurl
 * refuse clearly before `await loadPurlUrls()`; after it they give, for every example of the
 * corpus and some hostile inputs, what Node gives; and the chunk with the URL documents and
 * url-template is fetched only by loadPurlUrls().
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurlTypeUrls } from '../types/index.js';
import { loadPurlUrls } from '../src/purl/index.js';
import { ROOT } from '../test/support/paths.js';
import { launchChromium } from './support/chromium.js';
import { collectProblems } from './support/page-problems.js';
import { serveSplitPurlBundle, type ServedPurlBundle } from './support/split-purl-bundle.js';

// teapurl's own URL documents over the default engine, the mapper the functions below test.
const { purlToUrls, urlToPurl } = await loadPurlUrls();

let browser: Browser;
let served: ServedPurlBundle;
let origin: string;
/** Every path the page asked the server for, in order. */
let requested: string[];
let urlChunk: string;

beforeAll(async () => {
  served = await serveSplitPurlBundle('purl-urls-bundle', 'teapurl URLs');
  ({ origin, requested } = served);
  urlChunk = served.chunkHolding('node_modules/url-template/');
  expect(urlChunk).not.toBe('index.js');
  expect(served.chunkHolding('src/purl/compiled/default-urls.ts')).toBe(urlChunk);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

async function corpusInputs(): Promise<{ purls: string[]; urls: string[] }> {
  const directory = path.join(ROOT, 'corpus/purl-urls');
  const purls: string[] = ['pkg:npm/a%2Fb%3Fc@1.0', 'pkg:npm/..@1', 'pkg:nosuchtype/x@1', 'pkg:maven/g/a@1?classifier=..%2F..%2Fx'];
  const urls: string[] = ['https://example.com/', 'not a url', `https://registry.npmjs.org/${'a-'.repeat(3000)}`];
  for (const file of (await readdir(directory)).filter((f) => f.endsWith('-urls.json'))) {
    const document = JSON.parse(await readFile(path.join(directory, file), 'utf8')) as PurlTypeUrls;
    for (const example of document.examples) {
      if ('url' in example) urls.push(example.url);
      else {
        purls.push(example.purl);
        if (example.download !== null) urls.push(example.download);
      }
    }
  }
  return { purls, urls };
}

describe('teapurl/purl URLs in Chromium', () => {
  it('has no URL function before loadPurlUrls(), answers as Node does through the mapper it resolves to, and fetches the URL chunk only then', async () => {
    const page = await browser.newPage();
    const problems = collectProblems(page);
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => document.title === 'ready');

    // One contract: the mapper's methods, after loadPurlUrls(); the entry has no free URL functions that could answer differently.
    const early = await page.evaluate(() => {
      const entry = (window as any).teapurl;
      return { parsed: entry.parsePurl('pkg:npm/left-pad').name, purl: typeof entry.purlToUrls, url: typeof entry.urlToPurl };
    });
    expect(early).toEqual({ parsed: 'left-pad', purl: 'undefined', url: 'undefined' });
    const beforeLoad = [...requested];

    const { purls, urls } = await corpusInputs();
    const answers = await page.evaluate(
      async ({ purls, urls }) => {
        const { loadPurlUrls } = (window as any).teapurl;
        const mapper = await loadPurlUrls();
        // Bound methods: destructuring them works.
        const { purlToUrls, urlToPurl } = mapper;
        return {
          same: mapper === (await loadPurlUrls()),
          purls: purls.map((p: string) => purlToUrls(p)),
          urls: urls.map((u: string) => urlToPurl(u)),
        };
      },
      { purls, urls },
    );
    expect(answers.same).toBe(true);
    expect(answers.purls).toEqual(purls.map((p) => purlToUrls(p)));
    expect(answers.urls).toEqual(urls.map((u) => urlToPurl(u)));
    expect(answers.urls.filter((u: string | null) => u !== null).length).toBeGreaterThan(3);

    expect(beforeLoad).toContain('index.js');
    expect(beforeLoad).not.toContain(urlChunk);
    expect(requested.slice(beforeLoad.length)).toContain(urlChunk);
    expect(problems).toEqual([]);
    await page.close();
  });
});
