/**
 * Issue 15 in a real browser: `teapurl/purl` bundled by esbuild for the browser (ESM, code
 * splitting) and loaded in Debian's Chromium from a 127.0.0.1 server. purlToUrls and urlToPurl
 * refuse clearly before `await loadPurlUrls()`; after it they give, for every example of the
 * corpus and some hostile inputs, what Node gives; and the chunk with the URL documents and
 * url-template is fetched only by loadPurlUrls().
 */
import { readFile, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurlTypeUrls } from '../types/index.js';
import { purlToUrls, urlToPurl } from '../src/node/index.js';
import { ROOT } from '../test/support/paths.js';
import { launchChromium } from './support/chromium.js';

const OUT = path.join(ROOT, 'test-artifacts/purl-urls-bundle');

const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>teapurl URLs</title>
<link rel="icon" href="data:,">
<script type="module">
  import * as teapurl from './index.js';
  window.teapurl = teapurl;
  document.title = 'ready';
</script>`;

let browser: Browser;
let server: Server;
let origin: string;
const requested: string[] = [];
let urlChunk: string;

function chunkHolding(metafile: Metafile, input: string): string {
  const found = Object.entries(metafile.outputs).find(([, output]) => Object.keys(output.inputs).some((file) => file.includes(input)));
  if (!found) throw new Error(`no output chunk holds ${input}`);
  return path.basename(found[0]);
}

beforeAll(async () => {
  await rm(OUT, { recursive: true, force: true });
  const result = await build({
    entryPoints: { index: path.join(ROOT, 'src/purl/index.ts') },
    outdir: OUT,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    metafile: true,
    logLevel: 'silent',
  });
  urlChunk = chunkHolding(result.metafile, 'node_modules/url-template/');
  expect(urlChunk).not.toBe('index.js');
  expect(chunkHolding(result.metafile, 'src/purl/compiled/default-urls.ts')).toBe(urlChunk);

  server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.slice(1) || 'page.html';
    requested.push(name);
    if (name === 'page.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    if (!/^[\w.-]+\.js$/.test(name)) {
      response.writeHead(404).end();
      return;
    }
    readFile(path.join(OUT, name)).then(
      (body) => response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
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
  it('refuses before loadPurlUrls(), answers as Node does after, and fetches the URL chunk only then', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => document.title === 'ready');

    const early = await page.evaluate(() => {
      const { purlToUrls, urlToPurl, parsePurl } = (window as any).teapurl;
      const refused = (call: () => unknown) => {
        try {
          call();
          return 'answered';
        } catch (error) {
          return (error as Error).message;
        }
      };
      return { parsed: parsePurl('pkg:npm/left-pad').name, purl: refused(() => purlToUrls('pkg:npm/left-pad')), url: refused(() => urlToPurl('https://www.npmjs.com/package/left-pad')) };
    });
    expect(early).toEqual({ parsed: 'left-pad', purl: 'await loadPurlUrls() first', url: 'await loadPurlUrls() first' });
    const beforeLoad = [...requested];

    const { purls, urls } = await corpusInputs();
    const answers = await page.evaluate(
      async ({ purls, urls }) => {
        const { loadPurlUrls, purlToUrls, urlToPurl } = (window as any).teapurl;
        const mapper = await loadPurlUrls();
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
