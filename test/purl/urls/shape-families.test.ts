/**
 * Issue 26, a case per shape family, through the bundled URL documents as users get them: the
 * URLs people really have (build logs, lockfiles, SBOM download locations, scanners) read back
 * to their package, and the PURLs whose registry layout makes a download certain get one, which
 * reads back in its turn. Every reading is checked against the PURL the URL names, written here
 * by hand from the registry's own layout.
 */
import { describe, expect, it } from 'vitest';
import { loadPurlUrls } from '../../../src/purl/index.js';

const { purlToUrls, urlToPurl } = await loadPurlUrls();

/** [family, URL, the PURL it names] */
const READ: [string, string, string][] = [
  // npm
  ['npm tarball over http', 'http://registry.npmjs.org/abbrev/-/abbrev-1.0.9.tgz', 'pkg:npm/abbrev@1.0.9'],
  ['npm scoped version document', 'https://registry.npmjs.org/@esbuild/freebsd-arm64/0.21.5', 'pkg:npm/%40esbuild/freebsd-arm64@0.21.5'],
  ['npm scoped version page', 'https://www.npmjs.com/package/@angular/cli/v/17.3.0', 'pkg:npm/%40angular/cli@17.3.0'],
  ['npm scope with an encoded slash', 'https://registry.npmjs.org/@types%2Fnode', 'pkg:npm/%40types/node'],
  ["npm on Yarn's registry host", 'https://registry.yarnpkg.com/@babel/core/-/core-7.24.0.tgz', 'pkg:npm/%40babel/core@7.24.0'],
  ['npm page on npmjs.org', 'https://npmjs.org/package/abbrev', 'pkg:npm/abbrev'],
  // Maven
  [
    'Maven on central.maven.org over http',
    'http://central.maven.org/maven2/ant-contrib/ant-contrib/1.0b3/ant-contrib-1.0b3.jar',
    'pkg:maven/ant-contrib/ant-contrib@1.0b3',
  ],
  [
    'Maven on repo1.maven.org',
    'https://repo1.maven.org/maven2/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar',
    'pkg:maven/org.apache.commons/commons-math3@3.6.1',
  ],
  [
    'Maven sources classifier',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6-sources.jar',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6?classifier=sources',
  ],
  [
    'Maven javadoc classifier',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6-javadoc.jar',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6?classifier=javadoc',
  ],
  [
    'Maven tests classifier',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6-tests.jar',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6?classifier=tests',
  ],
  [
    'Maven classifier and a dotted extension',
    'https://repo1.maven.org/maven2/org/apache/geronimo/specs/geronimo-servlet_3.0_spec/1.0/geronimo-servlet_3.0_spec-1.0-source-release.tar.gz',
    'pkg:maven/org.apache.geronimo.specs/geronimo-servlet_3.0_spec@1.0?classifier=source-release&type=tar.gz',
  ],
  ['Maven version folder', 'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/', 'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6'],
  [
    'Maven .sha1',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6.jar.sha1',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6',
  ],
  [
    'Maven .md5',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6.pom.md5',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6?type=pom',
  ],
  [
    'Maven .asc',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6.jar.asc',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6',
  ],
  [
    'Maven .asc.sha1',
    'https://repo1.maven.org/maven2/org/apache/zookeeper/zookeeper/3.4.6/zookeeper-3.4.6.jar.asc.sha1',
    'pkg:maven/org.apache.zookeeper/zookeeper@3.4.6',
  ],
  // PyPI
  [
    'PyPI wheel',
    'https://files.pythonhosted.org/packages/87/44/0fa8e9d0cccb8eb86fc1b5170208229dc6d6e9fd6e57ea1fe19cbeea68f5/aboutcode_toolkit-3.4.0rc1-py2.py3-none-any.whl',
    'pkg:pypi/aboutcode-toolkit@3.4.0rc1',
  ],
  [
    'PyPI wheel with a platform and #sha256=',
    'https://files.pythonhosted.org/packages/7f/cf/12d4611fc67babd4ae250c9e8249c5650ae1933395488e9e7e3562b4ff24/pycryptodome-3.4.7-cp27-cp27m-win_amd64.whl#sha256=eed41946890cd43e8dee44a316b85cf6',
    'pkg:pypi/pycryptodome@3.4.7',
  ],
  [
    'PyPI sdist .tar.gz, old source layout',
    'https://pypi.python.org/packages/source/d/django-contrib-comments/django-contrib-comments-1.5.tar.gz',
    'pkg:pypi/django-contrib-comments@1.5',
  ],
  [
    'PyPI sdist .zip with #md5=',
    'https://pypi.python.org/packages/38/e2/b23434f4030bbb1af3bcdbb2ecff6b11cf2e467622446ce66a08e99f2ea9/pluggy-0.4.0.zip#md5=447a92368175965d2fbacaef9f3df842',
    'pkg:pypi/pluggy@0.4.0',
  ],
  [
    'PyPI sdist .tar.bz2',
    'https://pypi.python.org/packages/1e/75/8005d086cac4cc41d3b320d338972c5e5c6a21f88472f21ac9d0e031d300/pyahocorasick-1.1.4.tar.bz2',
    'pkg:pypi/pyahocorasick@1.1.4',
  ],
  ['PyPI egg, old layout', 'https://pypi.python.org/packages/2.6/t/threadpool/threadpool-1.2.7-py2.6.egg', 'pkg:pypi/threadpool@1.2.7'],
  [
    'PyPI Windows installer',
    'https://files.pythonhosted.org/packages/84/d8/451842a5496844bb5c7634b231a2e4caf0d867d2e25f09b840d3b07f3d4b/multi_key_dict-2.0.win32.exe',
    'pkg:pypi/multi-key-dict@2.0',
  ],
  ['PyPI version page', 'https://pypi.org/project/widgetsnbextension/3.0.7/', 'pkg:pypi/widgetsnbextension@3.0.7'],
  ['PyPI version page on the old host', 'https://pypi.python.org/project/widgetsnbextension/3.0.7/', 'pkg:pypi/widgetsnbextension@3.0.7'],
  // RubyGems
  ['RubyGems download over http', 'http://rubygems.org/downloads/macaddr-1.6.1.gem', 'pkg:gem/macaddr@1.6.1'],
  ['RubyGems platform gem', 'https://rubygems.org/downloads/nokogiri-1.16.0-java.gem', 'pkg:gem/nokogiri@1.16.0?platform=java'],
  // GitHub
  ['GitHub archive', 'https://github.com/nexB/scancode-toolkit/archive/v3.1.1.zip', 'pkg:github/nexb/scancode-toolkit@v3.1.1'],
  ['GitHub tag archive', 'https://github.com/swagger-api/swagger-codegen/archive/refs/tags/v3.0.25.tar.gz', 'pkg:github/swagger-api/swagger-codegen@v3.0.25'],
  [
    'GitHub release asset',
    'https://github.com/torakiki/pdfsam/releases/download/v3.3.2/pdfsam-3.3.2-bin.zip',
    'pkg:github/torakiki/pdfsam@v3.3.2?download_url=https:%2F%2Fgithub.com%2Ftorakiki%2Fpdfsam%2Freleases%2Fdownload%2Fv3.3.2%2Fpdfsam-3.3.2-bin.zip',
  ],
  ['GitHub codeload', 'https://codeload.github.com/nexB/scancode-toolkit/tar.gz/3.1.1', 'pkg:github/nexb/scancode-toolkit@3.1.1'],
  ['GitHub raw file', 'https://raw.githubusercontent.com/jgallen23/routie/master/dist/routie.min.js', 'pkg:github/jgallen23/routie@master#dist/routie.min.js'],
  [
    'GitHub REST API',
    'https://api.github.com/repos/nexB/scancode-toolkit/commits/40593af0df6c8378d2b180324b97cb439fa11d66',
    'pkg:github/nexb/scancode-toolkit@40593af0df6c8378d2b180324b97cb439fa11d66',
  ],
  ['GitHub clone URL', 'https://github.com/pombredanne/schematics.git', 'pkg:github/pombredanne/schematics'],
  ['GitHub clone URL as package.json writes it', 'git+https://github.com/pombredanne/schematics.git', 'pkg:github/pombredanne/schematics'],
  // GitLab, Bitbucket
  ['GitLab archive', 'https://gitlab.com/hoppr/hoppr/-/archive/v1.11.1-dev.2/hoppr-v1.11.1-dev.2.tar.gz', 'pkg:git/gitlab.com/hoppr/hoppr@v1.11.1-dev.2'],
  [
    'GitLab archive in a subgroup',
    'https://gitlab.com/gitlab-org/ci-cd/docker-machine/-/archive/v0.16.2/docker-machine-v0.16.2.zip',
    'pkg:git/gitlab.com/gitlab-org/ci-cd/docker-machine@v0.16.2',
  ],
  ['Bitbucket archive', 'https://bitbucket.org/birkenfeld/pygments-main/get/2.0.tar.bz2', 'pkg:bitbucket/birkenfeld/pygments-main@2.0'],
  // Version pages
  ['NuGet version page', 'http://www.nuget.org/packages/SharpGIS.GZipWebClient/1.2.0', 'pkg:nuget/SharpGIS.GZipWebClient@1.2.0'],
  ['Hackage version page', 'https://hackage.haskell.org/package/cli-extras-0.2.0.0/', 'pkg:hackage/cli-extras@0.2.0.0'],
  ['Packagist version page', 'https://packagist.org/packages/symfony/process#v7.0.0-BETA3', 'pkg:composer/symfony/process@v7.0.0-BETA3'],
  // Go
  ['Go module proxy download', 'https://proxy.golang.org/github.com/!burnt!sushi/toml/@v/v1.3.2.zip', 'pkg:golang/github.com/BurntSushi/toml@v1.3.2'],
  // Debian
  [
    'Debian pool, epoch-less file name',
    'http://deb.debian.org/debian/pool/main/a/attr/libattr1_2.5.1-4_amd64.deb',
    'pkg:deb/debian/libattr1@2.5.1-4?arch=amd64',
  ],
];

/** The four answers issue 26 found wrong, and what they name. */
const ONCE_WRONG: [string, string][] = [
  ['https://rubygems.org/gems/i18n-js-3.0.11.gem', 'pkg:gem/i18n-js@3.0.11'],
  ['https://github.com/pombredanne/schematics.git', 'pkg:github/pombredanne/schematics'],
  ['https://hackage.haskell.org/package/cli-extras-0.2.0.0', 'pkg:hackage/cli-extras@0.2.0.0'],
  ['https://packagist.org/packages/guzzlehttp/psr7#2.6.1', 'pkg:composer/guzzlehttp/psr7@2.6.1'],
];

/** [family, PURL, the download URL the registry's layout gives, the PURL that URL reads back to] */
const WRITE: [string, string, string, string | null][] = [
  [
    'Go module proxy, capitals escaped',
    'pkg:golang/github.com/BurntSushi/toml@v1.3.2',
    'https://proxy.golang.org/github.com/!burnt!sushi/toml/@v/v1.3.2.zip',
    'pkg:golang/github.com/BurntSushi/toml@v1.3.2',
  ],
  // The file name says neither the source package (the folder does, but no PURL needs it) nor an epoch.
  [
    'Debian pool, source named by upstream',
    'pkg:deb/debian/libc6@1:2.36-9?arch=amd64&upstream=glibc',
    'https://deb.debian.org/debian/pool/main/g/glibc/libc6_2.36-9_amd64.deb',
    'pkg:deb/debian/libc6@2.36-9?arch=amd64',
  ],
  [
    'Debian pool, lib… folder',
    'pkg:deb/debian/libxml2@2.9.14%2Bdfsg-1.3?arch=source',
    'https://deb.debian.org/debian/pool/main/libx/libxml2/libxml2_2.9.14%2Bdfsg-1.3.dsc',
    'pkg:deb/debian/libxml2@2.9.14%2Bdfsg-1.3?arch=source',
  ],
  // GitHub's archive names a GitHub repository at a tag.
  [
    'Swift package on GitHub',
    'pkg:swift/github.com/Alamofire/Alamofire@5.4.3',
    'https://github.com/Alamofire/Alamofire/archive/refs/tags/5.4.3.zip',
    'pkg:github/alamofire/alamofire@5.4.3',
  ],
  [
    'LuaRocks user manifest',
    'pkg:luarocks/hisham/luafilesystem@1.8.0-1',
    'https://luarocks.org/manifests/hisham/luafilesystem-1.8.0-1.src.rock',
    'pkg:luarocks/hisham/luafilesystem@1.8.0-1',
  ],
  ['LuaRocks root manifest', 'pkg:luarocks/luasocket@3.1.0-1', 'https://luarocks.org/luasocket-3.1.0-1.src.rock', 'pkg:luarocks/luasocket@3.1.0-1'],
  [
    'Arch Linux Archive',
    'pkg:alpm/arch/pacman@6.0.2-9?arch=x86_64',
    'https://archive.archlinux.org/packages/p/pacman/pacman-6.0.2-9-x86_64.pkg.tar.zst',
    'pkg:alpm/arch/pacman@6.0.2-9?arch=x86_64',
  ],
  [
    'Alpine repository given as repository_url',
    'pkg:apk/alpine/curl@8.5.0-r0?arch=x86_64&repository_url=https://dl-cdn.alpinelinux.org/alpine/v3.19/main',
    'https://dl-cdn.alpinelinux.org/alpine/v3.19/main/x86_64/curl-8.5.0-r0.apk',
    'pkg:apk/alpine/curl@8.5.0-r0?arch=x86_64',
  ],
  // The tag does not say where a prefix ends: it reads back as the version.
  ['GitHub version_prefix', 'pkg:github/o/r@3.1.1?version_prefix=v', 'https://github.com/o/r/archive/v3.1.1.tar.gz', 'pkg:github/o/r@v3.1.1'],
  [
    'Swift version_prefix',
    'pkg:swift/github.com/apple/swift-nio@2.62.0?version_prefix=v',
    'https://github.com/apple/swift-nio/archive/refs/tags/v2.62.0.zip',
    'pkg:github/apple/swift-nio@v2.62.0',
  ],
];

describe('reading back the URLs people really have', () => {
  it.each(READ)('%s', (_family, url, purl) => {
    expect(urlToPurl(url)).toBe(purl);
  });

  it.each(ONCE_WRONG)('%s names %s, as the shape that explains most of it says', (url, purl) => {
    expect(urlToPurl(url)).toBe(purl);
  });

  it('reads a shape of another host, a file name that reads two ways, and SourceForge to nothing', () => {
    expect(urlToPurl('https://repo.maven.apache.org/maven2/org/example/lib/1.0/lib-1.0-jdk1.8.jar')).toBeNull();
    expect(urlToPurl('https://files.pythonhosted.org/packages/ab/cd/ef/not-a-wheel-name.whl')).toBeNull();
    // No registered PURL type stands for SourceForge, and its folders are each project's own.
    expect(urlToPurl('https://sourceforge.net/projects/scribus/files/scribus/1.6.0/scribus-1.6.0.tar.gz/download')).toBeNull();
  });
});

describe('writing downloads where the layout makes them certain', () => {
  it.each(WRITE)('%s', (_family, purl, download) => {
    expect(purlToUrls(purl).download).toBe(download);
  });

  it.each(WRITE)('%s: the download reads back to what its URL says', (_family, _purl, download, back) => {
    expect(urlToPurl(download)).toBe(back);
  });

  it('writes no download where the layout needs what the PURL does not say', () => {
    expect(purlToUrls('pkg:golang/github.com/gorilla/context@234fd47e07d1004f0aed9c').download).toBeNull(); // a commit: no module version
    expect(purlToUrls('pkg:deb/debian/libc6@2.36-9?arch=amd64').download).toBeNull(); // no source package
    expect(purlToUrls('pkg:deb/ubuntu/ripgrep@13.0.0-2?arch=amd64&upstream=rust-ripgrep').download).toBeNull(); // Ubuntu's component
    expect(purlToUrls('pkg:luarocks/hisham/luafilesystem@1.8.0').download).toBeNull(); // no rockspec revision
    expect(purlToUrls('pkg:alpm/arch/pacman@6.0.2-9').download).toBeNull(); // no architecture
    expect(purlToUrls('pkg:apk/alpine/curl@8.5.0-r0?arch=x86_64').download).toBeNull(); // no repository
    expect(purlToUrls('pkg:swift/gitlab.com/o/r@1.0.0').download).toBeNull(); // not GitHub
    expect(purlToUrls('pkg:gem/x@1.0-rc1').download).toBeNull(); // RubyGems would name the file x-1.0.pre.rc1.gem
  });

  it('writes the version page beside the package page', () => {
    expect(purlToUrls('pkg:npm/%40babel/core@7.24.0')).toEqual({
      repository: 'https://www.npmjs.com/package/@babel/core',
      versionPage: 'https://www.npmjs.com/package/@babel/core/v/7.24.0',
      download: 'https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz',
    });
    expect(purlToUrls('pkg:hackage/cli-extras@0.2.0.0').versionPage).toBe('https://hackage.haskell.org/package/cli-extras-0.2.0.0');
    expect(purlToUrls('pkg:composer/guzzlehttp/psr7@2.6.1').versionPage).toBe('https://packagist.org/packages/guzzlehttp/psr7#2.6.1');
    expect(purlToUrls('pkg:github/o/r@3.1.1?version_prefix=v').versionPage).toBe('https://github.com/o/r/tree/v3.1.1');
    // The version page reads back to the version.
    for (const purl of [
      'pkg:npm/left-pad@1.3.0',
      'pkg:pypi/requests@2.31.0',
      'pkg:nuget/Newtonsoft.Json@13.0.3',
      'pkg:composer/guzzlehttp/psr7@2.6.1',
      'pkg:golang/github.com/gorilla/mux@v1.8.1',
    ]) {
      expect(urlToPurl(purlToUrls(purl).versionPage!)).toBe(purl);
    }
  });
});
