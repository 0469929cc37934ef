/**
 * The pattern guard in a real browser: `teapurl/purl` bundled by esbuild for the browser (ESM, code
 * splitting) and loaded in Debian's Chromium from a 127.0.0.1 server. An engine built from a
 * definition with a pattern that can backtrack catastrophically, without a guard, answers a hostile
 * long value `pattern-skipped` at once; one given `await loadPatternGuard()` answers the real
 * verdict, the re2js chunk was fetched only then, and the engines without it still skip.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { collectProblems } from './support/page-problems.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSplitPurlBundle, type ServedPurlBundle } from './support/split-purl-bundle.js';
import { patternWidgetDefinition } from '../test/support/widget-definition.js';

let browser: Browser;
let served: ServedPurlBundle;
let origin: string;
/** Every path the page asked the server for, in order. */
let requested: string[];
let re2jsChunk: string;

beforeAll(async () => {
  served = await serveSplitPurlBundle('pattern-guard-bundle', 'teapurl pattern guard');
  ({ origin, requested } = served);
  re2jsChunk = served.chunkHolding('node_modules/re2js/');
  expect(re2jsChunk).not.toBe('index.js');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** What the page reports, per pattern. */
interface Verdicts {
  pattern: string;
  before: { codes: string[]; message: string };
  after: { refused: string[]; accepted: boolean; short: boolean; unguarded: string[] };
}

describe('teapurl/purl in Chromium', () => {
  it('hostile patterns: pattern-skipped without the guard, the real verdict with it, and re2js fetched only then', async () => {
    const page = await browser.newPage();
    const problems = collectProblems(page);
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => document.title === 'ready');

    // Without the guard: build engines and validate hostile values.
    const patterns = ['^(a+)+$', '^(a|aa)*$', '(.*a){12}$', '^(\\w+\\s?)*$'];
    const definitions = patterns.map((source) => patternWidgetDefinition(source));
    const before = await page.evaluate(async (definitions) => {
      const { loadPurlEngine } = (window as any).teapurl;
      const engines = await Promise.all(definitions.map((definition) => loadPurlEngine([definition])));
      (window as any).engines = engines;
      return engines.map((engine: any) => {
        const result = engine.validate(`pkg:widget/${'a'.repeat(60_000)}!`);
        return { codes: result.errors.map((e: any) => e.code), message: result.errors[0]?.message ?? '' };
      });
    }, definitions);
    const beforeLoad = [...requested];

    // With it: engines given the guard answer; the ones without still skip.
    const after = await page.evaluate(async (definitions) => {
      const { loadPatternGuard, loadPurlEngine } = (window as any).teapurl;
      const patternGuard = await loadPatternGuard();
      const guarded = await Promise.all(definitions.map((definition) => loadPurlEngine([definition], { patternGuard })));
      return guarded.map((engine: any, i: number) => ({
        refused: engine.validate(`pkg:widget/${'a'.repeat(60_000)}!`).errors.map((e: any) => e.code),
        accepted: engine.validate(`pkg:widget/${'a'.repeat(60_000)}`).valid,
        short: engine.validate('pkg:widget/aaaaaaaaaaaaa').valid,
        unguarded: (window as any).engines[i].validate(`pkg:widget/${'a'.repeat(60_000)}!`).errors.map((e: any) => e.code),
      }));
    }, definitions);
    const verdicts: Verdicts[] = patterns.map((pattern, i) => ({ pattern, before: before[i]!, after: after[i]! }));

    for (const v of verdicts) {
      expect(v.before.codes, v.pattern).toEqual(['pattern-skipped']);
      expect(v.before.message, v.pattern).toContain('can backtrack catastrophically');
      expect(v.before.message, v.pattern).toContain('patternGuard: await loadPatternGuard()');
      expect(v.after.refused, v.pattern).toEqual(['invalid-characters']);
      expect(v.after.accepted, v.pattern).toBe(true);
      expect(v.after.short, v.pattern).toBe(true);
      expect(v.after.unguarded, v.pattern).toEqual(['pattern-skipped']);
    }
    expect(beforeLoad).toContain('index.js');
    expect(beforeLoad).not.toContain(re2jsChunk);
    expect(requested.slice(beforeLoad.length)).toContain(re2jsChunk);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a pattern the guard cannot run (a backreference) stays pattern-skipped after loading, naming why', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/page.html`);
    await page.waitForFunction(() => document.title === 'ready');
    const message = await page.evaluate(
      async (definition) => {
        const { loadPurlEngine, loadPatternGuard } = (window as any).teapurl;
        const engine = await loadPurlEngine([definition], { patternGuard: await loadPatternGuard() });
        const [issue] = engine.validate(`pkg:widget/${'a'.repeat(60_000)}`).errors;
        return `${issue?.code}: ${issue?.message}`;
      },
      patternWidgetDefinition('^(a+)+\\1$', ['pkg:widget/aa']),
    );
    expect(message).toMatch(/^pattern-skipped: /);
    expect(message).toContain('the linear-time pattern guard cannot run this pattern: it uses a backreference');
    await page.close();
  });
});
