/**
 * The generated documentation site in a real browser: Debian's Chromium, driven by
 * playwright-core, opening the pages from disk the way someone browsing a checked-out `docs/`
 * folder would. Screenshots land in test-artifacts/screenshots/.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { sidewaysOverflow } from './support/overflow.js';
import { collectProblems } from './support/page-problems.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../test/support/paths.js';
import { runCli } from '../test/support/run-cli.js';

const OUT = path.join(ROOT, 'test-artifacts/browser-site');
const SHOTS = path.join(ROOT, 'test-artifacts/screenshots');
const HOSTILE_TYPES = path.join(ROOT, 'test/fixtures/purl-types-hostile');

let browser: Browser;

function generate(out: string, ...args: string[]): void {
  rmSync(out, { recursive: true, force: true });
  const run = runCli(['docs', ...args, '--out', out]);
  if (run.status !== 0) throw new Error(`teapurl docs failed (${run.status}): ${run.stderr}`);
}

function pageUrl(out: string, file: string): string {
  return pathToFileURL(path.join(out, file)).href;
}

/** A page that fails the test on any script error or dialog (an `alert` from injected markup). */
async function openPage(url: string, options: { width?: number; dark?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1200, height: 900 } });
  const problems = collectProblems(page);
  await page.emulateMedia({ colorScheme: options.dark ? 'dark' : 'light' });
  await page.goto(url);
  return { page, problems };
}

const visibleRows = (page: Page) => page.locator('#types tbody tr:not([hidden])');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  generate(OUT);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the index page', () => {
  it('lists every type, and the filter box narrows the rows as you type', async () => {
    const { page, problems } = await openPage(pageUrl(OUT, 'index.html'));
    const pages = readdirSync(path.join(OUT, 'types')).filter((f) => f.endsWith('.html'));
    const rows = page.locator('#types tbody tr');
    await expect.poll(() => rows.count()).toBe(pages.length);
    expect(await visibleRows(page).count()).toBe(pages.length);

    // Typed key by key, as a person would: the rows follow each keystroke.
    await page.locator('#filter').pressSequentially('pyp');
    const left = await visibleRows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-type')));
    expect(left).toContain('pypi');
    expect(left.length).toBeLessThan(pages.length);
    for (const row of await visibleRows(page).all()) expect((await row.innerText()).toLowerCase()).toContain('pyp');
    await expect.poll(() => page.locator('#filter-count').innerText()).toContain(`${left.length} of ${pages.length}`);
    await page.screenshot({ path: path.join(SHOTS, 'index-filtered.png'), fullPage: true });

    // Narrowing by what a type is, as a newcomer searches: an ecosystem's name, a word of an example.
    for (const [words, type] of [
      ['python', 'pypi'],
      ['rust', 'cargo'],
      ['container', 'docker'],
      ['jar files', 'maven'],
      ['batik-anim', 'maven'],
    ] as const) {
      await page.locator('#filter').fill('');
      await page.locator('#filter').pressSequentially(words);
      expect(await visibleRows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-type'))), words).toContain(type);
    }

    await page.locator('#filter').fill('no-such-type-anywhere');
    expect(await visibleRows(page).count()).toBe(0);
    await page.locator('#filter').fill('');
    expect(await visibleRows(page).count()).toBe(pages.length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows a row link to the type page, which shows its tables and examples', async () => {
    const { page, problems } = await openPage(pageUrl(OUT, 'index.html'));
    await page.locator('#filter').pressSequentially('maven');
    await page.locator('#types tbody tr[data-type="maven"] a[href="types/maven.html"]').click();
    await page.waitForURL(/types\/maven\.html$/);
    expect(await page.locator('h1').innerText()).toContain('maven');

    // One table row per component, the component first.
    const components = page.locator('#components tbody tr');
    expect(await components.locator('td:first-child').allInnerTexts()).toEqual(['Namespace', 'Name', 'Version', 'Subpath']);
    expect(await components.first().innerText()).toContain('groupId');
    expect(await page.locator('#components thead th').allInnerTexts()).toEqual(['Component', 'Requirement', 'Case-sensitive', 'Details']);

    const qualifiers = await page.locator('#qualifiers tbody tr').allInnerTexts();
    const classifier = qualifiers.find((r) => r.startsWith('classifier'));
    const type = qualifiers.find((r) => r.startsWith('type'));
    expect(classifier).toBeDefined();
    expect(type).toContain('jar');

    const examples = page.locator('#examples');
    expect(await examples.innerText()).toContain('org.apache.xmlgraphics');
    expect(await examples.innerText()).toContain('batik-anim');
    await page.screenshot({ path: path.join(SHOTS, 'type-maven.png'), fullPage: true });

    // And back, through the page's own relative link.
    await page.locator('a[href="../index.html"]').first().click();
    await page.waitForURL(/index\.html$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('has a dark colour scheme and fits a phone-width screen', async () => {
    const light = await openPage(pageUrl(OUT, 'types/npm.html'), { width: 375 });
    const dark = await openPage(pageUrl(OUT, 'types/npm.html'), { width: 375, dark: true });
    const background = (page: Page) => page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    expect(await background(dark.page)).not.toBe(await background(light.page));
    for (const { page } of [light, dark]) {
      // Nothing scrolls sideways: neither the page nor anything in it.
      expect(await sidewaysOverflow(page)).toEqual([]);
    }
    await dark.page.screenshot({ path: path.join(SHOTS, 'type-npm-phone-dark.png'), fullPage: true });
    await light.page.screenshot({ path: path.join(SHOTS, 'type-npm-phone-light.png'), fullPage: true });
    expect([...light.problems, ...dark.problems]).toEqual([]);
    await light.page.close();
    await dark.page.close();
  });
});

/** The most a type page may measure at 1280 px wide, and where its components must begin: within the first screen of 900 px. */
const MAX_HEIGHT_AT_1280 = 3500;
const FIRST_SCREEN = 900;

describe('type pages are compact', () => {
  it(`every type page is at most ${MAX_HEIGHT_AT_1280} px tall at 1280 px, with its components on the first screen`, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: FIRST_SCREEN } });
    const problems = collectProblems(page);
    const measured: { file: string; height: number; components: number }[] = [];
    for (const file of readdirSync(path.join(OUT, 'types')).filter((f) => f.endsWith('.html'))) {
      await page.goto(pageUrl(OUT, `types/${file}`));
      // Measured once the box has answered: what it shows is part of the page.
      await expect.poll(() => page.locator('#purl-output').innerText()).not.toContain('The live box needs');
      measured.push({
        file,
        height: await page.evaluate(() => document.documentElement.scrollHeight),
        components: await page.locator('#component-definitions h2').evaluate((h2) => h2.getBoundingClientRect().top + window.scrollY),
      });
    }
    expect(measured.length).toBeGreaterThan(40);
    expect(measured.filter((m) => m.height > MAX_HEIGHT_AT_1280)).toEqual([]);
    expect(measured.filter((m) => m.components + 40 > FIRST_SCREEN)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('hostile text in a definition', () => {
  it('renders as text: no script runs, no element is injected', async () => {
    const out = path.join(ROOT, 'test-artifacts/browser-site-hostile');
    generate(out, '--types', HOSTILE_TYPES);
    const [typePage] = readdirSync(path.join(out, 'types')).filter((f) => f.endsWith('.html'));
    for (const file of ['index.html', `types/${typePage}`]) {
      const { page, problems } = await openPage(pageUrl(out, file));
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);
      // The only inline script is the index page's filter; the others are the live box's files.
      expect(await page.locator('script:not([src])').count()).toBe(file === 'index.html' ? 1 : 0);
      const sources = await page.locator('script[src]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')!.replace(/^(\.\.\/)+/, '')));
      expect(sources).toEqual(['assets/purl-definitions.js', 'assets/purl-urls.js', 'assets/purl-box.js']);
      if (file !== 'index.html') expect(await page.locator('body').innerText()).toContain('<script>');
      await page.screenshot({ path: path.join(SHOTS, `hostile-${path.basename(file, '.html')}.png`), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
