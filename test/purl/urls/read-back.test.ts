/**
 * Reading URLs back through the bundled URL documents (corpus/purl-urls, as users get them): URLs
 * that could name two packages, values spelt otherwise than url-template writes them, encoded
 * segment separators, and registries other than a type's default.
 */
import { describe, expect, it } from 'vitest';
import { defaultPurlEngine } from '../../../src/purl/index.js';
import { loadPurlUrls } from '../../../src/purl/index.js';

// teapurl's own URL documents over the default engine, the mapper the functions below test.
const { purlToUrls, urlToPurl } = await loadPurlUrls();

const canonical = (components: Parameters<ReturnType<typeof defaultPurlEngine>['build']>[0]) => defaultPurlEngine().build(components);

describe('urlToPurl: URLs that could name two packages', () => {
  it('reads a gem download by its file name grammar: a version holds no dash, a platform no dot', () => {
    // Gem::Version writes a dash as .pre., so 1.16.0-java is no file name's version: one reading.
    expect(urlToPurl('https://rubygems.org/downloads/nokogiri-1.16.0-java.gem')).toBe('pkg:gem/nokogiri@1.16.0?platform=java');
    // x86_64 holds an underscore, which no gem version has; a version starts with a digit.
    expect(urlToPurl('https://rubygems.org/downloads/nokogiri-1.16.0-x86_64-linux.gem')).toBe('pkg:gem/nokogiri@1.16.0?platform=x86_64-linux');
    expect(urlToPurl('https://rubygems.org/downloads/rails-7.1.3.gem')).toBe('pkg:gem/rails@7.1.3');
    // Dashes in the name: rack / test / 2.1.0 is no reading, since a version starts with a digit.
    expect(urlToPurl('https://rubygems.org/downloads/rack-test-2.1.0.gem')).toBe('pkg:gem/rack-test@2.1.0');
    expect(urlToPurl('https://rubygems.org/downloads/aws-sdk-s3-1.140.0.gem')).toBe('pkg:gem/aws-sdk-s3@1.140.0');
    expect(urlToPurl('https://rubygems.org/downloads/concurrent-ruby-1.2.2.gem')).toBe('pkg:gem/concurrent-ruby@1.2.2');
  });

  it('reads the download of a platform gem back to it, and writes none for a version RubyGems would have spelt otherwise', () => {
    const { download } = purlToUrls('pkg:gem/x@1.0?platform=java');
    expect(download).toBe('https://rubygems.org/downloads/x-1.0-java.gem');
    expect(urlToPurl(download!)).toBe('pkg:gem/x@1.0?platform=java');
    expect(purlToUrls('pkg:gem/x@1.0-rc1').download).toBeNull();
    // A platform with a dot (or a version with a dash) leaves the name as the one reading.
    expect(urlToPurl('https://rubygems.org/downloads/x-1.0-2.0.gem')).toBe('pkg:gem/x-1.0@2.0');
  });

  it('finds the one valid reading between the two extremes (the general case, not gem alone)', async () => {
    // Hackage versions are digits and dots: of the splits of aeson-pretty-0.8.10-x86, only
    // aeson-pretty / 0.8.10 / -x86 is a valid PURL, and it is neither the longest nor the shortest name.
    const urls = await loadPurlUrls({
      documents: [
        {
          type: 'hackage',
          variables: { arch_suffix: { from: 'q.arch', prefix: '-' } },
          download: [{ template: 'https://dl.example/{name}-{version}{arch_suffix}.tar', optional: ['arch_suffix'] }],
          examples: [{ purl: 'pkg:hackage/aeson@2.0', repository: null, download: 'https://dl.example/aeson-2.0.tar' }],
        },
      ],
    });
    expect(urls.urlToPurl('https://dl.example/aeson-pretty-0.8.10-x86.tar')).toBe('pkg:hackage/aeson-pretty@0.8.10?arch=x86');
  });

  it('reads other dash-joined file names to nothing when two splits are valid, to the package when one is', () => {
    // hex: phoenix at 1.7.0-rc.0, or a package "phoenix-1.7.0" at rc.0.
    expect(urlToPurl('https://repo.hex.pm/tarballs/phoenix-1.7.0-rc.0.tar')).toBeNull();
    expect(urlToPurl('https://repo.hex.pm/tarballs/phoenix_html-3.3.1.tar')).toBe('pkg:hex/phoenix_html@3.3.1');
    // npm and cargo repeat the name, so the split is one.
    expect(urlToPurl('https://registry.npmjs.org/left-pad/-/left-pad-1.0.0-beta.1.tgz')).toBe('pkg:npm/left-pad@1.0.0-beta.1');
    expect(urlToPurl('https://static.crates.io/crates/rand-core/rand-core-0.6.4-beta.crate')).toBe('pkg:cargo/rand-core@0.6.4-beta');
  });

  it('gives up on a URL with too many readings to try, quickly', () => {
    const started = performance.now();
    expect(urlToPurl(`https://rubygems.org/downloads/${'a-'.repeat(180)}1.gem`)).toBeNull();
    expect(urlToPurl(`https://conda.anaconda.org/c/linux-64/${'a-'.repeat(150)}1.conda`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('urlToPurl: an encoded "/" stays inside its segment', () => {
  it.each([
    'https://github.com/o%2F..%2F../r',
    'https://github.com/o/r%2Fx',
    'https://hub.docker.com/r/a%2Fb/c',
    'https://packagist.org/packages/a%2Fb/c',
    'https://huggingface.co/a%2Fb/c',
    'https://bitbucket.org/a%2Fb/c',
    'https://luarocks.org/modules/a%2Fb/c',
    'https://www.npmjs.com/package/a%2Fb',
  ])('%s names no package', (url) => {
    expect(urlToPurl(url)).toBeNull();
  });

  it('still writes a "/" in a name percent-encoded inside its segment', () => {
    expect(purlToUrls({ type: 'npm', name: 'a/b', version: '1.0.0' }).download).toBe('https://registry.npmjs.org/a%2Fb/-/a%2Fb-1.0.0.tgz');
    expect(purlToUrls({ type: 'github', namespace: 'o', name: '../../r' }).repository).toBe('https://github.com/o/..%2F..%2Fr');
  });
});

describe('urlToPurl: any legal spelling of a value', () => {
  it.each([
    ['https://crates.io/api/v1/crates/wasi/0.11.0+wasi-snapshot-preview1/download', { type: 'cargo', name: 'wasi', version: '0.11.0+wasi-snapshot-preview1' }],
    ['https://pypi.org/project/torch/2.1.0+cpu/', { type: 'pypi', name: 'torch', version: '2.1.0+cpu' }],
    ['https://registry.npmjs.org/x/-/x-1.0.0+build.tgz', { type: 'npm', name: 'x', version: '1.0.0+build' }],
    ['https://github.com/o/r/tree/v1!(x)', { type: 'github', namespace: 'o', name: 'r', version: 'v1!(x)' }],
    ["https://www.npmjs.com/package/x/v/1.0.0-a*b'c", { type: 'npm', name: 'x', version: "1.0.0-a*b'c" }],
    ['https://github.com/o/r/commit/a:b@c;d,e=f$g&h', { type: 'github', namespace: 'o', name: 'r', version: 'a:b@c;d,e=f$g&h' }],
  ])('%s', (url, components) => {
    expect(urlToPurl(url)).toBe(canonical(components));
  });

  it('reads raw and percent-encoded spellings alike, also of a repeated variable', () => {
    expect(urlToPurl('https://pypi.org/project/torch/2.1.0%2Bcpu/')).toBe(urlToPurl('https://pypi.org/project/torch/2.1.0+cpu/'));
    expect(urlToPurl('https://registry.npmjs.org/left%2Dpad/-/left-pad-1.3.0.tgz')).toBe('pkg:npm/left-pad@1.3.0');
    expect(urlToPurl('https://registry.npmjs.org/%40babel/core/-/core-7.24.0.tgz')).toBe('pkg:npm/%40babel/core@7.24.0');
  });

  it('does not take a raw "+" in a query for "%2B" (it may stand for a space)', () => {
    expect(urlToPurl('https://conan.io/center/recipes/zlib?version=1.3%2B1')).toBe('pkg:conan/zlib@1.3%2B1');
    expect(urlToPurl('https://conan.io/center/recipes/zlib?version=1.3+1')).toBeNull();
  });

  it('reads a page with or without the trailing "/" its template has', () => {
    expect(urlToPurl('https://pypi.org/project/requests')).toBe('pkg:pypi/requests');
    expect(urlToPurl('https://pypi.org/project/requests/')).toBe('pkg:pypi/requests');
    expect(urlToPurl('https://www.npmjs.com/package/left-pad/')).toBe('pkg:npm/left-pad');
    expect(urlToPurl('https://opam.ocaml.org/packages/dune/dune.3.0.0')).toBe('pkg:opam/dune@3.0.0');
    expect(urlToPurl('https://pypi.org/project/requests//')).toBeNull();
  });
});

describe('urlToPurl: registries other than the default', () => {
  it('does not read an Open VSX page as a Marketplace extension', () => {
    // Read back, it would have to carry repository_url=https://open-vsx.org; the URL documents read only a type's default registry.
    expect(urlToPurl('https://open-vsx.org/extension/redhat/java/1.0.0')).toBeNull();
  });
});
