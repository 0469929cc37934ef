/**
 * teapurl/vers as a browser gets it: bundled by esbuild for the browser (the settings `npm run
 * size` uses: minified ESM, platform browser, so a Node built-in anywhere in its graph fails the
 * build), served from 127.0.0.1 and imported by a page in Debian's Chromium. The page parses
 * VERS strings (valid and broken), answers containment questions, compares versions of every
 * scheme and converts native ranges; every answer must equal the one Node gives from the
 * sources for the same calls.
 */
import { builtinModules } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleForBrowser, type BrowserBundle } from '../scripts/lib/browser-bundle.mjs';
import * as versEntry from '../src/vers/index.js';
import { ROOT } from '../test/support/paths.js';
import { launchChromium } from './support/chromium.js';
import { collectProblems } from './support/page-problems.js';
import { serveFiles, type StaticServer } from './support/serve.js';

type VersModule = typeof versEntry;

const VERS_INPUTS = [
  'vers:npm/1.2.3|>=2.0.0|<5.0.0',
  'vers:pypi/>=1.0|!=1.5|<2.0',
  'vers:maven/>=1.0.0-beta1|<=1.7.5|>=7.0.0-M1|<=7.0.7',
  'vers:deb/>=1:1.2~rc1-1',
  'vers:lexicographic/caf%C3%A9',
  'vers:npm/>=1.0.0| <2.0.0',
  'vers:npm/>=2.0.0|<1.0.0',
  'vers:__proto__/1.0',
  `vers:npm/${'1.'.repeat(5000)}`,
];
const CONTAINMENT: [string, string][] = [
  ['vers:npm/1.2.3|>=2.0.0|<5.0.0', '4.9.9'],
  ['vers:npm/1.2.3|>=2.0.0|<5.0.0', '5.0.0'],
  ['vers:pypi/>=1.0|!=1.5|<2.0', '1.5'],
  ['vers:pypi/>=1.0|!=1.5|<2.0', '1.5.post1'],
  ['vers:gem/>=2.2.0|!=2.2.1|<2.3.0', '2.2.9'],
  ['vers:datetime/>=2024-01-01T00:00:00Z', '2023-12-31T19:00:00-05:00'],
];
const COMPARISONS: [string, string, string][] = [
  ['npm', '1.0.0-alpha.1', '1.0.0-alpha.beta'],
  ['pypi', '1.0.dev1', '1.0a1'],
  ['maven', '1.0-SNAPSHOT', '1.0'],
  ['nuget', '1.0', '1.0.0.0'],
  ['deb', '1.0~rc1', '1.0'],
  ['rpm', '1.0^git1', '1.0.1'],
  ['apk', '1.0_rc1', '1.0-r1'],
  ['alpm', '1:1.0', '2.0'],
  ['gentoo', '1.01', '1.1'],
  ['conan', '1.1a', '1.1'],
  ['openssl', '1.0.2z', '1.0.2za'],
  ['lexicographic', '\uffff', '😀'],
  ['generic', '1.0a', '1.0.1'],
  ['gem', '1.0.a', '1.0'],
  ['golang', 'v1.2', 'v1.2.0'],
  ['composer', '1.0.0-RC1', '1.0.0-p1'],
];
const NATIVE: [string, string][] = [
  ['npm', '^1.2.3 || ~2.1'],
  ['pypi', '~=2.2, !=2.2.3'],
  ['maven', '[1.0,2.0),[3.0,)'],
  ['conan', '~2.5'],
  ['npm', '>2 <1'],
];

/** The same calls, in Node and in the page; errors are compared by rule and offset. */
function exercise(
  vers: VersModule,
  inputs: { vers: string[]; containment: [string, string][]; comparisons: [string, string, string][]; native: [string, string][] },
) {
  const attempt = (run: () => unknown) => {
    try {
      return { ok: run() };
    } catch (error) {
      const e = error as { name: string; rule?: string; offset?: number };
      return { error: e.name, rule: e.rule, offset: e.offset };
    }
  };
  return {
    parsed: inputs.vers.map((v) => attempt(() => vers.parseVers(v))),
    contains: inputs.containment.map(([v, version]) => attempt(() => vers.versContains(v, version))),
    compared: inputs.comparisons.map(([type, a, b]) => attempt(() => vers.compareVersions(type, a, b))),
    native: inputs.native.map(([type, range]) => attempt(() => vers.versFromNative(type, range))),
  };
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>teapurl/vers bundle</title><link rel="icon" href="data:,">
<script type="module">
import * as vers from '/vers/entry.js';
window.versTest = vers;
</script>`;

let bundle: BrowserBundle;
let server: StaticServer;
let browser: Browser;
let page: Page;
let problems: string[] = [];

beforeAll(async () => {
  bundle = await bundleForBrowser({ contents: "export * from './src/vers/index.ts';", resolveDir: ROOT, loader: 'ts' });
  const files = Object.fromEntries(Object.entries(bundle.files).map(([file, code]) => [`/vers/${file}`, { type: 'text/javascript', body: code }]));
  server = await serveFiles({ '/': { type: 'text/html', body: PAGE }, ...files });
  browser = await launchChromium();
  page = await browser.newPage();
  problems = collectProblems(page);
  await page.goto(`${server.origin}/`);
  await page
    .waitForFunction(() => 'versTest' in window, undefined, { timeout: 15_000 })
    .catch((error: Error) => {
      throw new Error(`the page did not load the bundle: ${problems.join('; ') || error.message}`);
    });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the teapurl/vers browser bundle', () => {
  it('holds no Node built-in and needs no other module', () => {
    for (const name of builtinModules) {
      expect(bundle.code.includes(`from"node:${name}"`) || bundle.code.includes(`from"${name}"`), name).toBe(false);
    }
    expect(bundle.code).not.toMatch(/\bimport\s*\(\s*["'][^./]/);
    console.log(`teapurl/vers browser bundle: ${bundle.bytes} bytes, ${bundle.gzipBytes} gzip`);
  });

  it('parses, answers containment, compares and converts in Chromium exactly as Node does', async () => {
    const inputs = { vers: VERS_INPUTS, containment: CONTAINMENT, comparisons: COMPARISONS, native: NATIVE };
    const source = `(${exercise.toString()})`;
    const inBrowser = await page.evaluate(
      ({ source, inputs }) => {
        // The same function as in Node, given the bundle instead of the sources.
        // biome-ignore lint/security/noGlobalEval: the test runs the bundle it built, in the page
        const run = (0, eval)(source) as (vers: unknown, inputs: unknown) => unknown;
        return run((window as unknown as { versTest: unknown }).versTest, inputs);
      },
      { source, inputs },
    );
    const inNode = exercise(versEntry, inputs);
    expect(inBrowser).toEqual(JSON.parse(JSON.stringify(inNode)));
    // Not a comparison of two failures: the answers are the expected ones.
    expect(inNode.contains.map((r) => r.ok)).toEqual([true, false, false, true, true, true]);
    expect(inNode.compared.map((r) => r.ok)).toEqual([-1, -1, -1, 0, -1, -1, -1, 1, -1, 1, -1, -1, 1, -1, 0, -1]);
    expect(inNode.parsed.filter((r) => 'ok' in r)).toHaveLength(5);
    expect(inNode.native.at(-1)).toMatchObject({ error: 'VersError', rule: 'empty-range' });
    expect(problems).toEqual([]);
  });
});
