/**
 * Items 4 and 5 of issue 29: `--fix` re-parsed the whole text for each fix (jsonc-parser's
 * modify), quadratic in the number of fixes; and it validated a text again without the findings
 * cap, three times over, even when nothing in it was fixable. scripts/bench-fix.mjs prints the
 * timings; here a generous bound, and a count of how often the whole text is parsed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { fixText, validateText } from '../../../src/index.js';
import { fixFiles } from '../../../src/node/index.js';
import { widgetDefinition } from '../../support/widget-definition.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'teapurl-fix-scale-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A widget definition with `count` examples, each fixed by decoding a percent-encoded letter. */
function fixable(count: number): string {
  return `${JSON.stringify(widgetDefinition(Array.from({ length: count }, (_, i) => `pkg:widget/%61bc-${i}@1.0`)), null, 2)}\n`;
}

/** A discovery document with `count` unknown keys: as many findings, none of them fixable. */
function unfixable(count: number): string {
  const keys = Object.fromEntries(Array.from({ length: count }, (_, i) => [`unknown-${i}`, i]));
  return JSON.stringify({ schemaVersion: 1, endpoints: [{ url: 'https://tea.example.com', versions: ['1.0.0'] }], ...keys }, null, 2);
}

/** How often `run` parses the whole of `text` with JSON.parse: once per validation. */
async function wholeParses(text: string, run: () => unknown): Promise<number> {
  const parse = vi.spyOn(JSON, 'parse');
  await run();
  const count = parse.mock.calls.filter(([source]) => typeof source === 'string' && source.length >= text.length - 1).length;
  parse.mockRestore();
  return count;
}

describe('issue 29 item 4: the cost of --fix grows linearly with the number of fixes', () => {
  /** The fastest of five runs, in ms: the least disturbed by whatever else the machine does. */
  const fastest = (run: () => unknown) => {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      run();
      best = Math.min(best, performance.now() - start);
    }
    return best;
  };

  // Linear, fixing costs about two validations (the text's and the result's) whatever the number
  // of fixes; fix by fix it cost 40 validations at 1,000 fixes and 250 at 4,000. The bound is
  // generous: only the second kind of growth can break it. scripts/bench-fix.mjs prints the ratio
  // of the times at 4,000 and 1,000 fixes.
  it.each([1000, 4000])('%i fixes take less than 15 validations of the text', (count) => {
    const text = fixable(count);
    const options = { file: 'widget-definition.json' };
    const result = fixText(text, options);
    expect(result.applied).toHaveLength(count);
    expect(result.valid).toBe(true);
    expect(fastest(() => fixText(text, options))).toBeLessThan(15 * fastest(() => validateText(text, options)));
  });
});

describe('issue 29 item 5: --fix validates no more than it must, and within the cap', () => {
  it('fixText on a text with many findings, none fixable: one validation', async () => {
    const text = unfixable(5000);
    expect(await wholeParses(text, () => fixText(text, { kind: 'discovery' }))).toBe(1);
    const result = fixText(text, { kind: 'discovery' });
    expect(result.left.at(-1)?.rule).toBe('findings/truncated');
    expect(result.left).toHaveLength(1001);
  });

  it('fixFiles on such a file: the validation of validateFiles only, nothing read or validated again', async () => {
    const text = unfixable(5000);
    writeFileSync(path.join(scratch, 'discovery.json'), text);
    const report = await fixFiles(['discovery.json'], { cwd: scratch, kind: 'discovery' });
    expect(report.files[0]?.outcome).toBe('unchanged');
    expect(await wholeParses(text, () => fixFiles(['discovery.json'], { cwd: scratch, kind: 'discovery' }))).toBe(1);
  });

  it('a fixable file with findings past the cap: validated once, fixed from one parse, the result validated once within the cap', async () => {
    // Qualifiers out of order: each fix keeps the text's length, so every validation is counted.
    const text = `${JSON.stringify(widgetDefinition(Array.from({ length: 300 }, (_, i) => `pkg:widget/abc-${i}@1.0?os=linux&arch=x86`)), null, 2)}\n`;
    writeFileSync(path.join(scratch, 'widget-definition.json'), text);
    const parses = await wholeParses(text, async () => {
      const report = await fixFiles(['widget-definition.json'], { cwd: scratch, maxFindings: 10, dryRun: true });
      expect(report.files[0]).toMatchObject({ outcome: 'would-fix' });
      expect(report.files[0]!.applied).toHaveLength(300);
    });
    // validateFiles; fixText's validation of the text, whose parsed value the fixes' targets are
    // read from; the validation of the fixed text.
    expect(parses).toBe(3);
  });

  it('a fix past the cap is still applied: the file is read again only because one is there', async () => {
    const document = { ...widgetDefinition(['pkg:widget/%61bc@1.0']), type_name: 5 };
    writeFileSync(path.join(scratch, 'widget-definition.json'), JSON.stringify(document, null, 2));
    const report = await fixFiles(['widget-definition.json'], { cwd: scratch, maxFindings: 1, dryRun: true });
    expect(report.files[0]).toMatchObject({ outcome: 'would-fix', applied: [{ before: 'pkg:widget/%61bc@1.0', after: 'pkg:widget/abc@1.0' }] });
  });
});
