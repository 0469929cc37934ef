/**
 * Issue 39 item 10: counts the guides state about the bundled corpus are checked here, so that
 * they fail the suite when they drift (CONTRIBUTING counted 30 URL documents and 102 files when
 * there were 33 and 105); and a measured figure stated in one place only: the live PURL box's
 * size is in docs/performance.md, and the other guides link to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const jsonFiles = (folder: string) => readdirSync(path.join(ROOT, folder)).filter((name) => name.endsWith('.json')).length;

/** A number the text states, found by `pattern` (its first group), with line breaks read as spaces. */
function stated(text: string, pattern: RegExp): number {
  const match = pattern.exec(text.replace(/\s+/g, ' '));
  if (!match) throw new Error(`the text no longer says ${pattern}`);
  return Number(match[1]);
}

describe('counts the guides state', () => {
  it('CONTRIBUTING: what npm run main validates, folder by folder and in all', () => {
    const text = read('CONTRIBUTING.md');
    const counts = {
      discovery: jsonFiles('corpus/discovery/valid'),
      types: jsonFiles('corpus/purl-types'),
      urls: jsonFiles('corpus/purl-urls'),
      vers: jsonFiles('corpus/vers-types'),
    };
    expect({
      types: stated(text, /the (\d+) type definitions in `corpus\/purl-types\/`/),
      urls: stated(text, /the (\d+) URL documents in `corpus\/purl-urls\/`/),
      vers: stated(text, /the (\d+) VERS type definitions in `corpus\/vers-types\/`/),
      all: stated(text, /\((\d+) files in all/),
    }).toEqual({ types: counts.types, urls: counts.urls, vers: counts.vers, all: counts.discovery + counts.types + counts.urls + counts.vers });
    // npm run main validates exactly those folders.
    const main = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.main!;
    for (const glob of ['corpus/discovery/valid/*.json', 'corpus/purl-types/*.json', 'corpus/purl-urls/*.json', 'corpus/vers-types/*.json'])
      expect(main).toContain(glob);
  });

  it("the live PURL box script's size is stated in docs/performance.md only", () => {
    const pages = [
      'README.md',
      'CONTRIBUTING.md',
      ...readdirSync(path.join(ROOT, 'docs'))
        .filter((n) => n.endsWith('.md'))
        .map((n) => `docs/${n}`),
    ];
    const stating = pages.filter((page) => /purl-box\.js`?,? (?:is )?[\d,]{5,} bytes/.test(read(page).replace(/\s+/g, ' ')));
    expect(stating).toEqual(['docs/performance.md']);
  });
});
