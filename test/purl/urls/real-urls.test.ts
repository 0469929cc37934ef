/**
 * The corpus of real URLs (corpus/real-urls/, collected on a real machine by
 * scripts/collect-url-corpus.mjs, each with the PURL its source's metadata or an independent rule
 * says it names): every URL reads back to exactly that PURL, and the registry's own downloads
 * are written back exactly from their PURL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPurlUrls } from '../../../src/purl/index.js';
import { downloadRoundTrip, urlReadings } from '../../../src/purl/urls/purl-urls.js';
import { ROOT } from '../../support/paths.js';

const urls = await loadPurlUrls();
const { purlToUrls, urlToPurl } = urls;

type Line = [url: string, purl: string, source: string];
const DIRECTORY = path.join(ROOT, 'corpus/real-urls');
const FILES = readdirSync(DIRECTORY)
  .filter((f) => f.endsWith('.jsonl'))
  .sort();
const corpus = FILES.map((file) => ({
  file,
  lines: readFileSync(path.join(DIRECTORY, file), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Line),
}));

/** The sources whose URLs are a registry's download of the PURL in its default layout. */
const DOWNLOADS = new Set(['npm cache', 'Maven']);

describe('corpus/real-urls', () => {
  it('has at least 3,000 URLs of at least 10 ecosystems, one file per PURL type', () => {
    expect(corpus.reduce((n, { lines }) => n + lines.length, 0)).toBeGreaterThanOrEqual(3000);
    expect(corpus.length).toBeGreaterThanOrEqual(10);
    for (const { file, lines } of corpus) for (const [, purl] of lines) expect(purl.startsWith(`pkg:${file.replace(/\.jsonl$/, '')}/`), purl).toBe(true);
  });

  describe.each(corpus)('$file', ({ lines }) => {
    it('reads every URL back to its PURL', () => {
      const wrong = lines.filter(([url, purl]) => urlToPurl(url) !== purl).map(([url, purl]) => `${url} -> ${urlToPurl(url)}, not ${purl}`);
      expect(wrong).toEqual([]);
    });

    it("writes the registry's downloads back from their PURLs, and every download it writes reads back to the PURL less what the URL cannot carry", () => {
      const wrong: string[] = [];
      for (const [url, purl, source] of lines) {
        const { download } = purlToUrls(purl);
        if (DOWNLOADS.has(source) && /\.(tgz|jar|pom)$/.test(url) && download !== url) wrong.push(`${purl} -> ${download}, not ${url}`);
        const trip = downloadRoundTrip(urls, purl);
        // As the validator's purl-urls/round-trip holds it: the PURL, or nothing when the URL can
        // also name another package (this one among them), or the PURL without the version the
        // URL does not tell for sure, with the URL as download_url.
        const back = trip === null ? null : urlToPurl(trip.download);
        const holds = trip === null || back === trip.purl || back === trip.kept || (back === null && urlReadings(urls, trip.download).includes(trip.purl));
        if (!holds) wrong.push(`${trip.download} (from ${purl}) -> ${back}, not ${trip.purl}`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
