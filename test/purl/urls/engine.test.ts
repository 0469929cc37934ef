/**
 * The URL mapper's behaviour beyond the corpus examples: template choice, qualifier overrides,
 * unknown types and missing versions, hostile names and URLs, bad documents, and the lazy
 * functions of teapurl/purl.
 */
import { describe, expect, it } from 'vitest';
import { PurlError, UrlDocumentError } from '../../../src/purl/index.js';
import { validateDocument, validateText } from '../../../src/index.js';
import { defaultPurlDefinition } from '../../../src/purl/default-definitions.js';
import { loadPurlUrls } from '../../../src/purl/index.js';
import { engineFromDefinitions } from '../../../src/purl/engine/engine-from-definitions.js';
import { InvalidArgumentError } from '../../../src/shared/errors.js';

// teapurl's own URL documents over the default engine, the mapper the functions below test.
const { purlToUrls, urlToPurl } = await loadPurlUrls();

const CARGO = {
  type: 'cargo',
  default_registry: 'https://static.crates.io',
  repository: [{ template: 'https://crates.io/crates/{name}' }],
  download: [{ template: '{+registry}/crates/{name}/{name}-{version}.crate' }],
  examples: [{ purl: 'pkg:cargo/rand@0.8.5', repository: 'https://crates.io/crates/rand', download: 'https://static.crates.io/crates/rand/rand-0.8.5.crate' }],
};

describe('purlToUrls', () => {
  it('gives null where the components do not determine a URL (no version, unknown type)', () => {
    expect(purlToUrls('pkg:npm/left-pad')).toEqual({ repository: 'https://www.npmjs.com/package/left-pad', versionPage: null, download: null });
    expect(purlToUrls('pkg:nosuchtype/thing@1.0')).toEqual({ repository: null, versionPage: null, download: null });
  });

  it('takes components as well as strings, and refuses an invalid PURL with a PurlError', () => {
    expect(purlToUrls({ type: 'npm', namespace: '@babel', name: 'core', version: '7.24.0' }).download).toBe(
      'https://registry.npmjs.org/@babel/core/-/core-7.24.0.tgz',
    );
    expect(() => purlToUrls('npm/left-pad')).toThrow(PurlError);
    expect(() => purlToUrls('pkg:maven/commons-lang3@1')).toThrow(PurlError);
  });

  it('does not use a template that ignores the namespace for a PURL with one', async () => {
    const urls = await loadPurlUrls({
      documents: [{ ...CARGO, type: 'npm', repository: [{ template: 'https://x.example/{name}' }], download: [], examples: CARGO.examples }],
    });
    expect(urls.purlToUrls('pkg:npm/%40scope/name').repository).toBeNull();
    expect(urls.purlToUrls('pkg:npm/name').repository).toBe('https://x.example/name');
  });

  it('honours repository_url: the registry templates use it, the default registry ones do not apply', () => {
    const got = purlToUrls('pkg:maven/org.example/lib@1.0?repository_url=https://repo.example.com/maven2/');
    expect(got.download).toBe('https://repo.example.com/maven2/org/example/lib/1.0/lib-1.0.jar');
    expect(got.repository).toBeNull();
    // Without a scheme, as the PURL specification's examples write it: read as https.
    expect(purlToUrls('pkg:maven/org.example/lib@1.0?repository_url=repo.spring.io/release').download).toBe(
      'https://repo.spring.io/release/org/example/lib/1.0/lib-1.0.jar',
    );
    // The default registry named explicitly is the default.
    expect(purlToUrls('pkg:npm/left-pad@1.3.0?repository_url=https://registry.npmjs.org').repository).toBe('https://www.npmjs.com/package/left-pad');
  });

  it('ignores a repository_url it cannot use (another scheme, a query, credentials)', () => {
    for (const value of ['ftp://mirror.example/npm', 'https://npm.example.com/r?x=1', 'https://user:secret@npm.example.com/r']) {
      const got = purlToUrls({ type: 'npm', name: 'left-pad', version: '1.3.0', qualifiers: { repository_url: value } });
      expect(got.download).toBe('https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz');
      expect(JSON.stringify(got)).not.toContain('secret');
    }
  });

  it('honours download_url as the download, normalised; ignores one that is not http(s)', () => {
    expect(purlToUrls({ type: 'npm', name: 'x', version: '1', qualifiers: { download_url: 'HTTPS://Example.COM:443/x.tgz' } }).download).toBe(
      'https://example.com/x.tgz',
    );
    expect(purlToUrls({ type: 'nosuchtype', name: 'x', qualifiers: { download_url: 'https://example.com/x.zip' } }).download).toBe('https://example.com/x.zip');
    expect(purlToUrls({ type: 'npm', name: 'x', version: '1', qualifiers: { download_url: 'javascript:alert(1)' } }).download).toBe(
      'https://registry.npmjs.org/x/-/x-1.tgz',
    );
  });

  it('reads vcs_url as the repository page when the templates give none', () => {
    const vcs = (value: string, type = 'nosuchtype') => purlToUrls({ type, name: 'x', qualifiers: { vcs_url: value } }).repository;
    expect(vcs('git+https://github.com/package-url/purl-spec.git@a1b2c3d')).toBe('https://github.com/package-url/purl-spec');
    expect(vcs('https://gitlab.com/group/project#sub/dir')).toBe('https://gitlab.com/group/project');
    expect(vcs('git+ssh://git@github.com/o/r.git')).toBeNull();
    expect(vcs('git@github.com:o/r.git')).toBeNull();
    expect(vcs('https://user:pw@github.com/o/r')).toBeNull();
    // The type's own template wins.
    expect(vcs('git+https://github.com/o/r.git', 'npm')).toBe('https://www.npmjs.com/package/x');
  });
});

describe('hostile components', () => {
  const HOSTILE = ['a/b', 'a?b', 'a#b', '..', '.', 'javascript:alert(1)', '%2F', '%2e%2e', 'ü/€', '__proto__', 'constructor', 'x'.repeat(60_000)];

  it.each(HOSTILE.map((name) => [name.length > 40 ? `${name.slice(0, 10)}… (${name.length})` : name, name]))(
    'a name %s stays inside its path segment',
    (_label, name) => {
      const { repository, download } = purlToUrls({ type: 'npm', name, version: '1.0' });
      for (const url of [repository, download]) {
        if (url === null) {
          // Only a name that is a whole dot segment cannot be written in a URL at all.
          expect(['.', '..']).toContain(name);
          continue;
        }
        const parsed = new URL(url);
        expect(parsed.href).toBe(url);
        expect(parsed.origin).toMatch(/^https:\/\/(www\.npmjs\.com|registry\.npmjs\.org)$/);
        expect(parsed.search + parsed.hash).toBe('');
        const segments = parsed.pathname.split('/');
        expect(segments.map((s) => decodeURIComponent(s))).toContain(name);
      }
    },
  );

  it("refuses a 100 KB name with the engine's PurlError, as parsing does", () => {
    expect(() => purlToUrls({ type: 'npm', name: 'x'.repeat(100_000), version: '1.0' })).toThrow(/limit is 65536/);
  });

  it('expands qualifier values with encoding too, and __proto__ keys are data', () => {
    const { download } = purlToUrls({
      type: 'maven',
      namespace: 'g',
      name: 'a',
      version: '1',
      qualifiers: { classifier: '../../x?y', type: 'jar#z', __proto__: 'p' } as Record<string, string>,
    });
    expect(download).toBe('https://repo.maven.apache.org/maven2/g/a/1/a-1-..%2F..%2Fx%3Fy.jar%23z');
  });
});

describe('urlToPurl', () => {
  it('normalises the URL first (scheme and host case, default port, fragment)', () => {
    expect(urlToPurl('HTTPS://WWW.NPMJS.COM:443/package/left-pad#readme')).toBe('pkg:npm/left-pad');
  });

  it('reads names with dashes and versions with dashes apart, through the repeated name', () => {
    expect(urlToPurl('https://registry.npmjs.org/left-pad/-/left-pad-1.0.0-beta.1.tgz')).toBe('pkg:npm/left-pad@1.0.0-beta.1');
    expect(urlToPurl('https://registry.npmjs.org/left-pad/-/right-pad-1.0.0.tgz')).toBeNull();
  });

  it('leaves out qualifiers equal to the defaults, keeps the others', () => {
    expect(urlToPurl('https://repo.maven.apache.org/maven2/org/example/lib/1.0/lib-1.0.jar')).toBe('pkg:maven/org.example/lib@1.0');
    expect(urlToPurl('https://repo.maven.apache.org/maven2/org/example/lib/1.0/lib-1.0-sources.jar')).toBe('pkg:maven/org.example/lib@1.0?classifier=sources');
  });

  it('answers null when the URL could name two packages, and the one package when only one reading is a valid PURL', async () => {
    const urls = await loadPurlUrls({
      documents: [
        {
          type: 'gem',
          download: [{ template: 'https://rubygems.org/downloads/{name}-{version}.gem' }],
          examples: [{ purl: 'pkg:gem/rails@7.1.0', repository: null, download: 'https://rubygems.org/downloads/rails-7.1.0.gem' }],
        },
      ],
    });
    expect(urls.urlToPurl('https://rubygems.org/downloads/rails-7.1.0.gem')).toBe('pkg:gem/rails@7.1.0');
    // nokogiri 1.16.0 for x86_64-linux, or a gem "nokogiri-1.16.0-x86_64" at version "linux": the URL cannot tell.
    expect(urls.urlToPurl('https://rubygems.org/downloads/nokogiri-1.16.0-x86_64-linux.gem')).toBeNull();
    // Hackage versions are digits and dots, so only one reading of this name is a valid PURL.
    expect(urlToPurl('https://hackage.haskell.org/package/aeson-pretty-0.8.10/aeson-pretty-0.8.10.tar.gz')).toBe('pkg:hackage/aeson-pretty@0.8.10');
  });

  it('gives a template for one namespace only to PURLs of that namespace, and that namespace when reading back', () => {
    expect(purlToUrls('pkg:deb/debian/curl?distro=bookworm').repository).toBe('https://packages.debian.org/bookworm/curl');
    expect(purlToUrls('pkg:deb/ubuntu/curl?distro=jammy').repository).toBe('https://packages.ubuntu.com/jammy/curl');
    expect(purlToUrls('pkg:deb/devuan/curl?distro=daedalus').repository).toBeNull();
    expect(urlToPurl('https://packages.ubuntu.com/jammy/curl')).toBe('pkg:deb/ubuntu/curl?distro=jammy');
  });

  it('answers null, never throws, for anything else', () => {
    const inputs: unknown[] = [
      '',
      'not a url',
      'javascript:alert(1)',
      'ftp://registry.npmjs.org/x',
      'https://example.com/',
      'https://registry.npmjs.org/%E0%A4%A/-/x.tgz',
      'https://registry.npmjs.org/\uD800/-/x-1.tgz',
      null,
      42,
      {},
      `https://registry.npmjs.org/${'a'.repeat(100_000)}`,
    ];
    for (const input of inputs) expect(urlToPurl(input as string)).toBeNull();
  });

  it('stays fast on hostile URLs (bounded length, atomic segments)', () => {
    const hostile = [
      `https://registry.npmjs.org/${'a-'.repeat(2000)}/-/${'a-'.repeat(2000)}`,
      `https://repo.maven.apache.org/maven2/${'a/'.repeat(2000)}${'a-'.repeat(1000)}.`,
      `https://repo.maven.apache.org/maven2/a/a/1/${'a-'.repeat(2000)}x`,
      `https://www.npmjs.com/package/@${'@'.repeat(4000)}`,
    ];
    const started = performance.now();
    for (const url of hostile) expect(urlToPurl(url)).toBeNull();
    // Generous: a catastrophic match takes minutes, a linear one milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("works over another engine: the documents given, read with that engine's types", async () => {
    const engine = engineFromDefinitions([defaultPurlDefinition('cargo')!]);
    const urls = await loadPurlUrls({ documents: [CARGO], engine });
    expect(urls.urlToPurl('https://static.crates.io/crates/rand/rand-0.8.5.crate')).toBe('pkg:cargo/rand@0.8.5');
    expect(urls.urlToPurl('https://crates.io/crates/rand')).toBe('pkg:cargo/rand');
    expect(urls.types()).toEqual(['cargo']);
    expect(urls.document('cargo')?.default_registry).toBe('https://static.crates.io');
    expect(urls.document('npm')).toBeUndefined();
  });
});

describe('bad URL documents', () => {
  const refused = async (document: unknown) => {
    try {
      await loadPurlUrls({ documents: [CARGO, document] });
    } catch (error) {
      expect(error).toBeInstanceOf(UrlDocumentError);
      return error as UrlDocumentError;
    }
    throw new Error('not refused');
  };

  it('refuses a schema violation, naming the document and pointer', async () => {
    const error = await refused({ type: 'npm', examples: [], download: [{ template: 'ftp://x/{name}' }] });
    expect(error.source).toBe('document #1');
    expect(['/examples', '/download/0/template']).toContain(error.pointer);
    expect(error.message).toMatch(/^document #1:\//);
  });

  it.each([
    [{ template: 'https://x.example/{name' }, 'purl-urls/template-syntax'],
    [{ template: 'https://x.example/{nme}' }, 'purl-urls/unknown-variable'],
    [{ template: 'https://x.example/{+name}' }, 'purl-urls/reserved-expansion'],
    [{ template: 'https://x.example/{#name}' }, 'purl-urls/reserved-expansion'],
    [{ template: 'https://x.example/{=name}' }, 'purl-urls/template-syntax'],
    [{ template: 'https://x.example/{name}', optional: ['version'] }, 'purl-urls/unknown-variable'],
  ])('refuses %j (%s)', async (template, rule) => {
    const document = { ...CARGO, type: 'npm', repository: [template] };
    const error = await refused(document);
    expect(error.findings[0]?.rule).toBe(rule);
    expect(error.pointer).toMatch(/^\/repository\/0\//);
  });

  it('refuses two documents for one type, a non-array, and options that are not an object', async () => {
    expect((await refused(CARGO)).message).toContain('already has a URL document');
    await expect(loadPurlUrls({ documents: 'x' as never })).rejects.toThrow(UrlDocumentError);
    await expect(loadPurlUrls(null as never)).rejects.toThrow(InvalidArgumentError);
  });

  it('refuses an engine option that is not an engine, before any PURL is read', async () => {
    for (const engine of [{}, { parse: () => null, build: () => '' }, 'npm'])
      await expect(loadPurlUrls({ engine: engine as never })).rejects.toThrow(/the engine must be a PurlEngine/);
    await expect(loadPurlUrls({ engine: {} as never, documents: [] })).rejects.toThrow(InvalidArgumentError);
    const own = engineFromDefinitions([defaultPurlDefinition('cargo')!]);
    expect((await loadPurlUrls({ engine: own })).purlToUrls('pkg:cargo/rand@0.8.5').repository).toBe('https://crates.io/crates/rand');
  });

  it('the validator reports the same problems', () => {
    const findings = validateDocument({ ...CARGO, repository: [{ template: 'https://crates.io/crates/{nme}' }] }, { kind: 'purl-urls' }).findings;
    expect(findings.map((f) => f.rule)).toEqual(['purl-urls/unknown-variable', 'purl-urls/unchecked']);
    // The examples' download URLs are checked; what the broken template could change is said.
    expect(findings[1]!.message).toBe("the examples' repository URLs and reading back not checked: repository[0] is invalid");
  });

  it('the validator checks every example, with line and column', () => {
    const document = {
      ...CARGO,
      // With the name not repeated, rand-core-1.0.0-beta reads as rand-core@1.0.0-beta, rand@core-1.0.0-beta or
      // rand-core-1.0.0@beta: it reads back to nothing, which holds (the PURL is one of the readings).
      download: [{ template: 'https://dl.example/{name}-{version}.crate' }],
      examples: [
        { purl: 'pkg:cargo/rand@0.8.5', repository: 'https://crates.io/crates/rand', download: 'https://dl.example/rand-0.8.5.crate' },
        { purl: 'pkg:cargo/rand-core@1.0.0-beta', repository: 'https://crates.io/crates/rand-core', download: 'https://dl.example/rand-core-1.0.0-beta.crate' },
        { purl: 'pkg:cargo/rand@0.8.5', repository: 'https://crates.io/crates/rand', download: 'https://elsewhere.example/rand.crate' },
        { purl: 'pkg:CARGO/rand', repository: null, download: null },
        { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand@1' },
      ],
    };
    const text = JSON.stringify(document, null, 2);
    const result = validateText(text, { file: 'cargo-urls.json' });
    expect(result.kind).toBe('purl-type-urls');
    const found = result.findings.map((f) => [f.rule, f.pointer, f.line !== null && f.column !== null]);
    // In source order.
    expect(found).toEqual([
      ['purl-urls/example-purl', '/examples/2/download', true],
      ['purl-urls/example-purl', '/examples/3/purl', true],
      ['purl-urls/example-url', '/examples/4/purl', true],
    ]);
    expect(result.findings[0]!.line).toBe(text.split('\n').findIndex((line) => line.includes('elsewhere.example')) + 1);
  });

  it('the validator reports a download that reads back to nothing when the URL is not ambiguous', () => {
    // Lower case cannot be undone: the URL does not give the name.
    const document = {
      ...CARGO,
      variables: { lower: { from: 'name', lowercase: true } },
      download: [{ template: 'https://dl.example/{lower}-{version}.crate' }],
      examples: [{ purl: 'pkg:cargo/Rand@0.8.5', repository: 'https://crates.io/crates/Rand', download: 'https://dl.example/rand-0.8.5.crate' }],
    };
    const findings = validateDocument(document, { kind: 'purl-type-urls' }).findings;
    expect(findings.map((f) => [f.rule, f.pointer])).toEqual([['purl-urls/round-trip', '/examples/0/download']]);
  });

  it('the validator checks version pages, and says what a bad mirror, sidecar list or pattern leaves unchecked', () => {
    const document = {
      ...CARGO,
      version_page: [{ template: 'https://crates.io/crates/{name}/{version}' }],
      examples: [
        ...CARGO.examples.map((e) => ({ ...e, version_page: 'https://crates.io/crates/rand/0.8.5' })),
        { url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand' },
      ],
    };
    const found = (extra: object) =>
      validateDocument({ ...document, ...extra }, { kind: 'purl-type-urls' }).findings.map((f) => [f.rule, f.pointer, f.message]);
    expect(found({})).toEqual([]);
    const wrong = document.examples.map((e) => ('version_page' in e ? { ...e, version_page: 'https://crates.io/crates/rand/9' } : e));
    expect(found({ examples: wrong })).toEqual([
      [
        'purl-urls/example-purl',
        '/examples/0/version_page',
        'examples[0].version_page: "pkg:cargo/rand@0.8.5" gives "https://crates.io/crates/rand/0.8.5", not "https://crates.io/crates/rand/9"',
      ],
    ]);
    expect(found({ mirrors: [{ url: 'https://crates.example' }] })).toEqual([
      ['schema/required', '/mirrors/0', 'mirrors[0] lacks the required property "same_as"'],
      ['purl-urls/unchecked', '/examples', "the examples' reading back not checked: mirrors is invalid"],
    ]);
    expect(found({ sidecars: ['sha1'] }).map(([rule, pointer]) => [rule, pointer])).toEqual([
      ['schema/pattern', '/sidecars/0'],
      ['purl-urls/unchecked', '/examples'],
    ]);
    expect(
      found({ version_page: [{ template: 'https://crates.io/crates/{name}/{version}', patterns: { version: '[0-9]+[0-9]+[0-9]+[0-9]+' } }] }).map(
        ([rule, pointer]) => [rule, pointer],
      ),
    ).toEqual([
      ['purl-urls/value-pattern', '/version_page/0/patterns/version'],
      ['purl-urls/unchecked', '/examples'],
    ]);
  });

  it('the validator refuses an unregistered type and warns of a template it cannot read back', () => {
    const findings = validateDocument(
      { ...CARGO, type: 'nosuchtype', reverse: [{ template: 'https://x.example/{name}{?version}' }], examples: [{ url: 'https://x.example/a', purl: null }] },
      { kind: 'purl-type-urls' },
    ).findings;
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['purl-urls/unknown-type', 'error'],
      ['purl-urls/unreadable-template', 'warning'],
    ]);
  });
});

describe('issue 29 item 13a: a namespace split into path segments never gives an empty one', () => {
  it.each(['pkg:maven/../x@1', 'pkg:maven/./x@1', 'pkg:maven/org..apache/x@1', 'pkg:maven/.org/x@1', 'pkg:maven/org./x@1'])(
    '%s: no URL with "//" in its path',
    (purl) => {
      const urls = purlToUrls(purl);
      for (const url of [urls.repository, urls.download]) if (url !== null) expect(new URL(url).pathname).not.toContain('//');
      // The Maven 2 layout writes the group with dots as slashes: such a group has no faithful URL.
      expect(urls.download).toBeNull();
    },
  );

  it('a group with no empty part is laid out as before, and a URL with an empty segment reads back to nothing', () => {
    expect(purlToUrls('pkg:maven/org.apache/x@1').download).toBe('https://repo.maven.apache.org/maven2/org/apache/x/1/x-1.jar');
    expect(urlToPurl('https://repo.maven.apache.org/maven2/org//apache/x/1/x-1.jar')).toBeNull();
  });
});
