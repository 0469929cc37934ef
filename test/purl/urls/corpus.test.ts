/**
 * Every URL document of the corpus, through the bundled mapper (all documents together, as users
 * get them): each PURL example gives exactly its URLs, each URL example reads back to its PURL,
 * and each PURL example's download URL reads back to the PURL without what the URL cannot carry.
 * Each document also passes `teapurl validate` with no finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PurlTypeUrls } from '../../../types/index.js';
import { validateText } from '../../../src/index.js';
import { loadPurlUrls } from '../../../src/purl/index.js';
import { downloadRoundTrip, urlReadings } from '../../../src/purl/urls/purl-urls.js';
import { ROOT } from '../../support/paths.js';

// teapurl's own URL documents over the default engine, the mapper the functions below test.
const { purlToUrls, urlToPurl } = await loadPurlUrls();

const DIRECTORY = path.join(ROOT, 'corpus/purl-urls');
const FILES = readdirSync(DIRECTORY)
  .filter((f) => f.endsWith('-urls.json'))
  .sort();
const documents = FILES.map((file) => ({ file, text: readFileSync(path.join(DIRECTORY, file), 'utf8') }));

describe('corpus/purl-urls', () => {
  it('has the npm and maven documents at least, one per type, named after it', () => {
    const types = documents.map(({ text }) => (JSON.parse(text) as PurlTypeUrls).type);
    expect(types).toEqual(expect.arrayContaining(['npm', 'maven']));
    expect(new Set(types).size).toBe(types.length);
    for (const { file, text } of documents) expect(file).toBe(`${(JSON.parse(text) as PurlTypeUrls).type}-urls.json`);
  });

  it('bundles every document (npm run generate is current)', async () => {
    const urls = await loadPurlUrls();
    expect(urls.types()).toEqual(documents.map(({ text }) => (JSON.parse(text) as PurlTypeUrls).type).sort());
  });

  describe.each(documents)('$file', ({ file, text }) => {
    const document = JSON.parse(text) as PurlTypeUrls;

    it('is valid, with no warning', () => {
      const result = validateText(text, { file });
      expect(result.kind).toBe('purl-type-urls');
      expect(result.findings).toEqual([]);
    });

    it('has a PURL example with a URL (a download URL when the type has download templates), and a URL example', () => {
      const urlOf = (e: (typeof document.examples)[number]) => ('download' in e ? (document.download?.length ? e.download : e.repository) : null);
      expect(document.examples.some((e) => urlOf(e) !== null)).toBe(true);
      expect(document.examples.some((e) => 'url' in e)).toBe(true);
    });

    it("reads PURL examples' repository URLs back to the package (with its version when the page is a version's), or to nothing when the URL is ambiguous, never to another package", async () => {
      await loadPurlUrls();
      let read = 0;
      for (const example of document.examples) {
        if (!('repository' in example) || example.repository === null || example.purl.includes('?')) continue;
        const back = urlToPurl(example.repository);
        if (back === null) continue;
        read++;
        expect([example.purl, example.purl.replace(/@[^@/?#]*$/, '')], example.repository).toContain(back);
      }
      if (document.examples.some((e) => 'repository' in e && e.repository !== null && !e.purl.includes('?'))) expect(read).toBeGreaterThan(0);
    });

    it.each(document.examples.map((e, i) => [i, e] as const))('example %i holds', async (_i, example) => {
      const urls = await loadPurlUrls();
      if ('url' in example) {
        expect(urlToPurl(example.url)).toBe(example.purl);
        return;
      }
      // Every bundled PURL example states its version page, so that none goes unchecked.
      expect(example.version_page, 'version_page').not.toBeUndefined();
      expect(purlToUrls(example.purl)).toEqual({ repository: example.repository, versionPage: example.version_page, download: example.download });
      const trip = downloadRoundTrip(urls, example.purl);
      if (example.download !== null && trip !== null) {
        expect(trip.download).toBe(example.download);
        // Or nothing, when the URL could also name another package (a platform gem): never another one.
        const back = urlToPurl(example.download);
        if (back === null) expect(urlReadings(urls, example.download)).toContain(trip.purl);
        else expect(back).toBe(trip.purl);
      }
    });
  });
});
