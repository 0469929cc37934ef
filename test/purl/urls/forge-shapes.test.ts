/**
 * Issue 36: GitHub archive and release-download names that carry the project's name or a tag
 * path, Bitbucket downloads and tree pages, read back the way the URL makes certain; the real
 * URLs are in corpus/real-urls/ (source "forge shapes").
 */
import { describe, expect, it } from 'vitest';
import { loadPurlUrls } from '../../../src/purl/index.js';
import { urlReadings } from '../../../src/purl/urls/purl-urls.js';

const urls = await loadPurlUrls();
const { urlToPurl, purlToUrls } = urls;
const withFile = (purl: string, url: string) => `${purl}${purl.includes('?') ? '&' : '?'}download_url=${url.replaceAll('/', '%2F')}`;

describe('GitHub', () => {
  it('a release asset is the repository at the tag, the asset kept as download_url (the PURL alone leads to the source archive)', () => {
    const url = 'https://github.com/z3APA3A/3proxy/releases/download/0.8.11/3proxy-0.8.11.zip';
    const purl = urlToPurl(url)!;
    expect(purl).toBe(withFile('pkg:github/z3apa3a/3proxy@0.8.11', url));
    expect(purlToUrls(purl).download).toBe(url);
  });

  it('after refs/tags/, the tag is the rest of the path, "/" and all', () => {
    expect(urlToPurl('https://github.com/apache/nifi/archive/refs/tags/rel/nifi-2.0.0-M3.tar.gz')).toBe('pkg:github/apache/nifi@rel%2Fnifi-2.0.0-M3');
    expect(urlToPurl('https://github.com/apache/nifi/archive/refs/tags/rel/nifi-2.0.0-M3.zip')).toBe('pkg:github/apache/nifi@rel%2Fnifi-2.0.0-M3');
    expect(urlToPurl('https://github.com/swagger-api/swagger-codegen/archive/refs/tags/v3.0.25.tar.gz')).toBe('pkg:github/swagger-api/swagger-codegen@v3.0.25');
    // A bare archive/<a>/<b> is read by some as the ref a/b, by others as the version b: no answer.
    expect(urlToPurl('https://github.com/apache/cordova-osx/archive/rel/4.0.0.zip')).toBeNull();
    // Such a version gets no archive URL: one segment with "/" encoded would read back to nothing.
    expect(purlToUrls('pkg:github/apache/nifi@rel%2Fnifi-2.0.0-M3').download).toBeNull();
  });

  it('"<project>@<version>", a monorepo\'s tag of a package, is that version', () => {
    expect(urlToPurl('https://github.com/n8n-io/n8n/archive/n8n@0.23.0.tar.gz')).toBe('pkg:github/n8n-io/n8n@0.23.0');
    // The archive purlToUrls writes for the tag as a whole still reads back to it.
    const { download } = purlToUrls('pkg:github/n8n-io/n8n@n8n%400.23.0');
    expect(urlToPurl(download!)).toBe('pkg:github/n8n-io/n8n@n8n%400.23.0');
  });

  it('"<project>-<version>" names no version for sure (the tag as a whole, or what follows the name): no answer, both readings kept', () => {
    const url = 'https://github.com/cassandra-rb/simple_uuid/archive/simple_uuid-0.3.0.zip';
    expect(urlToPurl(url)).toBeNull();
    expect(urlReadings(urls, url).sort()).toEqual(['pkg:github/cassandra-rb/simple_uuid@0.3.0', 'pkg:github/cassandra-rb/simple_uuid@simple_uuid-0.3.0']);
    expect(urlToPurl('https://github.com/expressjs/express/archive/4.18.2.tar.gz')).toBe('pkg:github/expressjs/express@4.18.2');
  });

  it('"<project>-<something else>": the repository without a version, the archive as download_url', () => {
    const url = 'https://github.com/FasterXML/woodstox/archive/woodstox-core-5.0.2.zip';
    expect(urlToPurl(url)).toBe(withFile('pkg:github/fasterxml/woodstox', url));
  });

  it('a tree page without a revision is the repository', () => {
    expect(urlToPurl('https://github.com/TG1999/fetchcode/tree')).toBe('pkg:github/tg1999/fetchcode');
    expect(urlToPurl('https://github.com/package-url/packageurl-js/tree/master/test/data')).toBe('pkg:github/package-url/packageurl-js@master#test/data');
  });
});

describe('Bitbucket', () => {
  it("a file of a repository's Downloads: no version (its name says none for sure), the file as download_url", () => {
    const url = 'https://bitbucket.org/efotinis/deskpins/downloads/DeskPins-1.31-setup.exe';
    const purl = urlToPurl(url)!;
    expect(purl).toBe(withFile('pkg:bitbucket/efotinis/deskpins', url));
    expect(purlToUrls(purl).download).toBe(url);
  });
});

describe('the URL document members', () => {
  it('download_url and contested are for reverse shapes only', async () => {
    const document = {
      type: 'cargo',
      repository: [{ template: 'https://crates.io/crates/{name}', download_url: true }],
      examples: [{ purl: 'pkg:cargo/rand', repository: 'https://crates.io/crates/rand', download: null }],
    };
    await expect(loadPurlUrls({ documents: [document as never] })).rejects.toThrow(/download_url marks a reverse shape/);
  });
});
