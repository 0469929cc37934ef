/**
 * teapurl/tea/client as a browser gets it: the entry bundled by esbuild for the browser (minified
 * ESM, the settings `npm run size` uses), served from 127.0.0.1, imported by a page in Debian's
 * Chromium. The page discovers a `teapurl serve`-style server on another 127.0.0.1 port (plain
 * HTTP, with the test server's CORS option for the page's origin) and asks it for a protected
 * product: a 401 with a Bearer challenge, POST /token with the API key in HTTP Basic, the request
 * again with the token. The server's log shows the key went to /token only.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../scripts/lib/browser-bundle.mjs';
import { startTeaServer, type RunningTeaServer } from '../src/tea/server/test-server.js';
import { decodeBasicCredentials } from '../src/tea/protocol/basic-credentials.js';
import { ROOT } from '../test/support/paths.js';
import { launchChromium } from './support/chromium.js';
import { collectProblems } from './support/page-problems.js';
import { serveFiles, type StaticServer } from './support/serve.js';

const KEY = { keyId: 'browser-reader', secret: 'p@ss wörd:1' };
const PRODUCT = '/product/6f3f6a52-0f7e-4a43-9d2b-0c1e2f3a4b5c';

const PAGE = `<!doctype html><meta charset="utf-8"><title>teapurl tea client</title><link rel="icon" href="data:,">
<script type="module">
import * as client from '/client/entry.js';
window.teaClient = client;
document.title = 'ready';
</script>`;

let site: StaticServer;
let tea: RunningTeaServer;
let browser: Browser;
let bundleCode: string;
let bundle: Awaited<ReturnType<typeof bundleForBrowser>>;

// Issue 33: what a page loads at first of teapurl/tea/client as the package ships it (dist/, built
// by npm run test:browser; the entry and the chunks it imports statically, minified, gzip per file
// and summed: scripts/lib/browser-bundle.mjs, as npm run size measures) is at most 40 KB.
const TEA_CLIENT_GZIP_BUDGET = 40_000;

beforeAll(async () => {
  bundle = await bundleForBrowser({
    contents: `export * from ${JSON.stringify(path.join(ROOT, 'src/tea/client/index.ts'))};`,
    resolveDir: ROOT,
    loader: 'ts',
  });
  bundleCode = bundle.code;
  const files: Record<string, { type: string; body: string }> = { '/page.html': { type: 'text/html', body: PAGE } };
  for (const [name, body] of Object.entries(bundle.files)) files[`/client/${name}`] = { type: 'text/javascript', body };
  site = await serveFiles(files);
  tea = await startTeaServer({
    tls: false,
    discovery: (url: string) => ({ schemaVersion: 1, endpoints: [{ url, versions: ['1.0.0'] }] }),
    apiKeys: [KEY],
    protect: ['/v*/product/**'],
    cors: { origins: [site.origin] },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await tea?.close();
  await site?.close();
});

describe('teapurl/tea/client in Chromium', () => {
  it('bundles for the browser without Node built-ins or undici', () => {
    expect(bundleCode).not.toMatch(/\bundici\b|node:tls|node:crypto/);
  });

  it(`loads at most ${TEA_CLIENT_GZIP_BUDGET} bytes gzip at first; the JSON reader, the hashes and the TEA objects' validator come later`, async () => {
    const shipped = await bundleForBrowser({ contents: "export * from './dist/tea/client/index.js';", resolveDir: ROOT });
    expect(shipped.gzipBytes).toBeLessThanOrEqual(TEA_CLIENT_GZIP_BUDGET);
    // What only a dynamic import() fetches, by the source files bundled into it (from src/, whose
    // inputs name the modules).
    const lazyInputs = bundle.lazy.flatMap((chunk) => chunk.inputs);
    for (const part of [
      'node_modules/jsonc-parser/',
      'node_modules/@noble/hashes/',
      'src/tea/kinds/compiled/tea-objects.js',
      'src/tea/client/server-walk.ts',
    ]) {
      expect(lazyInputs.some((input) => input.includes(part))).toBe(true);
    }
  });

  it('discovers the server, and the token flow runs: challenge, POST /token, the request again with the token', async () => {
    const page = await browser.newPage();
    const problems = collectProblems(page, []);
    await page.goto(`${site.origin}/page.html`);
    await page.waitForFunction(() => document.title === 'ready');
    const answer = await page.evaluate(
      async ({ origin, key, product }) => {
        const { discover, TeaClient } = (window as any).teaClient;
        const { selected } = await discover(origin, { allowInsecureHttp: true });
        const client = new TeaClient({ baseUrl: selected.baseUrl, credentials: key, allowInsecureHttp: true });
        const result = await client.request(product);
        const again = await client.request(product);
        return {
          baseUrl: selected.baseUrl,
          outcome: result.outcome,
          authenticated: result.authenticated,
          body: await result.response.json(),
          again: again.outcome,
        };
      },
      { origin: tea.url, key: KEY, product: PRODUCT },
    );
    expect(answer).toMatchObject({
      baseUrl: `${tea.url}/v1.0.0`,
      outcome: 'ok',
      authenticated: true,
      again: 'ok',
      body: { uuid: PRODUCT.slice('/product/'.length) },
    });
    // Preflights aside, what the server saw: discovery, the challenge, one token request, the request with the token, and the next one reusing it.
    const seen = tea.requests.filter((r) => r.method !== 'OPTIONS').map((r) => `${r.method} ${r.path} ${String(r.headers.authorization ?? '-').split(' ')[0]}`);
    expect(seen).toEqual([
      'GET /.well-known/tea -',
      `GET /v1.0.0${PRODUCT} -`,
      'POST /v1.0.0/token Basic',
      `GET /v1.0.0${PRODUCT} Bearer`,
      `GET /v1.0.0${PRODUCT} Bearer`,
    ]);
    const withKey = tea.requests.filter((r) => /^basic /i.test(String(r.headers.authorization)));
    expect(withKey.map((r) => r.path)).toEqual(['/v1.0.0/token']);
    // The key id and secret survive the form-urlencoding and UTF-8 of section 5.2.3 in a browser too.
    expect(decodeBasicCredentials(String(withKey[0]!.headers.authorization))).toEqual(KEY);
    expect(tea.requests.every((r) => r.headers.origin === undefined || r.headers.origin === site.origin)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
