/**
 * The documentation site `npm run docs:site` builds (typedoc: the README, the guides of docs/, the
 * API reference, and the sample type documentation site beside them), opened in Debian's Chromium
 * from a server on 127.0.0.1 as a reader would: the front page and every guide load without a
 * console error, the navigation leads to each guide and to the sample site, every link on every
 * page (anchors included) leads somewhere that exists, and a phone's 375 px width reads without
 * scrolling sideways. Screenshots land in test-artifacts/screenshots/.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../test/support/paths.js';
import { launchChromium } from './support/chromium.js';
import { collectProblems } from './support/page-problems.js';

const OUT = path.join(ROOT, 'test-artifacts/guides-site');
const SHOTS = path.join(ROOT, 'test-artifacts/screenshots');
const GUIDES = readdirSync(path.join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

let browser: Browser;
let server: Server;
let origin: string;

/** Serves OUT read-only; anything outside it, or missing, is a 404. */
function serveSite(): Promise<Server> {
  const s = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    const file = path.join(OUT, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(`${OUT}${path.sep}`) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve, reject) => {
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => resolve(s));
  });
}

async function open(url: string, width = 1280): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems = collectProblems(page);
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, problems };
}

/** Every HTML file of the built site, relative to it. */
function htmlFiles(folder = OUT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith('.html') ? [path.relative(OUT, full)] : [];
  });
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const build = spawnSync(process.execPath, ['scripts/docs-site.mjs', '--out', OUT], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`docs-site.mjs failed (${build.status}):\n${build.stdout}${build.stderr}`);
  server = await serveSite();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the documentation site', () => {
  it('the front page is the README, and its navigation leads to every guide', async () => {
    const { page, problems } = await open(`${origin}/index.html`);
    await expect.poll(() => page.locator('h1, h2').first().innerText()).toMatch(/teapurl/);
    const titles = GUIDES.map((guide) =>
      readFileSync(path.join(ROOT, 'docs', guide), 'utf8')
        .split('\n')[0]!
        .replace(/^# /, '')
        .replace(/`/g, ''),
    );
    // The site menu is built by typedoc's script from its navigation data.
    await expect.poll(() => page.locator('.site-menu a').allInnerTexts(), { timeout: 15_000 }).toEqual(expect.arrayContaining(titles));
    await page.screenshot({ path: path.join(SHOTS, 'guides-site-front.png') });

    await page
      .locator('.site-menu a', { hasText: /^Command line$/ })
      .first()
      .click();
    await page.waitForURL(/Command_line\.html$/);
    await expect.poll(() => page.locator('h1').first().innerText()).toBe('Command line');
    expect(await page.locator('#teapurl-validate').count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('every guide loads without a console error, with its sections', async () => {
    for (const guide of GUIDES) {
      const title = readFileSync(path.join(ROOT, 'docs', guide), 'utf8')
        .split('\n')[0]!
        .replace(/^# /, '')
        .replace(/`/g, '');
      const { page, problems } = await open(`${origin}/index.html`);
      await page
        .locator('.site-menu a')
        .filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
        .first()
        .click();
      await expect.poll(() => page.locator('h1').first().innerText()).toBe(title);
      // The guide's text is there, not only its title.
      expect((await page.locator('.col-content').innerText()).length, guide).toBeGreaterThan(1000);
      expect(problems, guide).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it('links to the sample type documentation site, which works', async () => {
    const { page, problems } = await open(`${origin}/documents/Type_documentation_site.html`);
    await page.locator('#teapurl-sample-site a').first().click();
    await page.waitForURL(/purl-types\/index\.html$/);
    expect(await page.locator('#types tbody tr').count()).toBeGreaterThan(30);
    await page.locator('#types tbody tr a').first().click();
    await expect.poll(() => page.locator('h1').first().innerText()).toMatch(/^\S+/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has no broken link: every href on every page names a file of the site, and an anchor on it', async () => {
    const files = htmlFiles();
    expect(files.length).toBeGreaterThan(50);
    const ids = new Map<string, Set<string>>();
    const idsOf = (file: string) => {
      if (!ids.has(file)) ids.set(file, new Set([...readFileSync(path.join(OUT, file), 'utf8').matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)));
      return ids.get(file)!;
    };
    const broken: string[] = [];
    for (const file of files) {
      const html = readFileSync(path.join(OUT, file), 'utf8');
      for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href!) || href === '#') continue;
        // A query (the type pages' shareable `?purl=`) is for the page's script, not a file name.
        const [address = '', anchor] = href!.replace(/&amp;/g, '&').split('#');
        const target = address.split('?')[0]!;
        const resolved =
          target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), decodeURIComponent(target)));
        const onDisk = path.join(OUT, resolved.endsWith('/') ? `${resolved}index.html` : resolved);
        if (resolved.startsWith('..') || !existsSync(onDisk)) broken.push(`${file}: ${href}: no such file`);
        else if (anchor && resolved.endsWith('.html') && !idsOf(path.relative(OUT, onDisk)).has(decodeURIComponent(anchor)))
          broken.push(`${file}: ${href}: no #${anchor} there`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads at 375 px: nothing makes the page wider than the phone, and the menu opens', async () => {
    for (const url of ['index.html', 'documents/Command_line.html', 'documents/PURLs.html']) {
      const { page, problems } = await open(`${origin}/${url}`, 375);
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // Code blocks keep their lines and scroll inside themselves; the text around them wraps.
      const tooWide = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.col-content p, .col-content li, .col-content h1, .col-content h2'))
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
          .map((el) => el.textContent?.slice(0, 60)),
      );
      expect(tooWide, url).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `guides-site-375-${path.basename(url, '.html')}.png`), fullPage: false });
      expect(problems, url).toEqual([]);
      await page.close();
    }
    const { page } = await open(`${origin}/documents/Command_line.html`, 375);
    await page.locator('#tsd-toolbar-menu-trigger, .tsd-widget.menu').first().click();
    await expect
      .poll(() =>
        page
          .locator('.site-menu a', { hasText: /^PURLs$/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.close();
  });
});
