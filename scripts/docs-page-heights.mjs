// How tall the docs site's type pages are, as a reader's browser lays them out: the site the
// built CLI writes from the bundled corpus, each type page opened from disk in Chromium at 1280 and
// 375 px wide (900 px high), measured once the live box has answered. Prints the tallest pages,
// maven, npm and pypi, and where each page's Components heading begins (the first screen is 900 px).
// Run after `npm run build`: node scripts/docs-page-heights.mjs [CHROMIUM_PATH]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = process.argv[2] ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = mkdtempSync(path.join(tmpdir(), 'teapurl-page-heights-'));
try {
  const written = spawnSync(process.execPath, [path.join(root, 'bin/teapurl.cjs'), 'docs', '--out', out], { encoding: 'utf8' });
  if (written.status !== 0) throw new Error(`teapurl docs failed: ${written.stderr}`);
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const pages = readdirSync(path.join(out, 'types'))
    .filter((file) => file.endsWith('.html'))
    .sort();
  const measured = new Map(pages.map((file) => [file.replace(/\.html$/, ''), {}]));
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const file of pages) {
      await page.goto(pathToFileURL(path.join(out, 'types', file)).href);
      await page.waitForFunction(() => !document.getElementById('purl-output')?.textContent?.includes('needs JavaScript'));
      measured.get(file.replace(/\.html$/, ''))[width] = await page.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        components: Math.round(document.querySelector('#component-definitions h2').getBoundingClientRect().top + window.scrollY),
      }));
    }
    await page.close();
  }
  await browser.close();
  const rows = [...measured].sort(([, a], [, b]) => b[1280].height - a[1280].height);
  const line = ([type, m]) =>
    `${type.padEnd(18)} ${String(m[1280].height).padStart(6)} px at 1280 (components at ${m[1280].components})  ${String(m[375].height).padStart(6)} px at 375`;
  console.log(`${pages.length} type pages; the three tallest, then maven, npm and pypi:`);
  const shown = rows.slice(0, 3);
  for (const type of ['maven', 'npm', 'pypi']) if (!shown.some(([name]) => name === type)) shown.push([type, measured.get(type)]);
  for (const row of shown) console.log(line(row));
  console.log(`components begin at most ${Math.max(...rows.map(([, m]) => m[1280].components))} px down at 1280`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
