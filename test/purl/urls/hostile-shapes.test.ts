/**
 * The shapes of issue 26 under hostile input: every URL written for any bundled type stays on
 * that type's hosts with each value inside its path segment and no dot segment; mirrors,
 * sidecars, git+ and fragments never carry a URL to another host or a value out of its place;
 * value patterns that would cost the matcher more than the values they narrow are refused; and
 * hostile URLs against the new shapes are refused fast.
 */
import { describe, expect, it } from 'vitest';
import { defaultPurlEngine, loadPurlUrls, PurlError, UrlDocumentError, type PurlComponents } from '../../../src/purl/index.js';

const urls = await loadPurlUrls();
const { purlToUrls, urlToPurl } = urls;

const HOSTILE = [
  '..',
  '.',
  'a/b',
  '../../x',
  '%2F',
  'x?y#z',
  'javascript:alert(1)',
  '@evil.example',
  'x@evil.example:1/',
  '\\evil',
  'ü€',
  '__proto__',
  'A'.repeat(300),
];

/** The hosts a document's URLs may have: those its templates and default registry name. */
function hostsOf(type: string): Set<string> {
  const document = urls.document(type)!;
  const texts = [...(document.repository ?? []), ...(document.version_page ?? []), ...(document.download ?? [])].map((t) => t.template);
  const hosts = new Set<string>();
  if (document.default_registry) hosts.add(new URL(document.default_registry).host);
  for (const text of texts) {
    const m = /^https?:\/\/([^/{]+)/.exec(text);
    if (m) hosts.add(m[1]!);
  }
  return hosts;
}

/** The origin of a repository_url qualifier that names an http(s) registry, else `null` (the default applies). */
function registryOrigin(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value.includes('://') ? value : `https://${value}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Each PURL example of a type's document, and each with one component (or qualifier) made hostile. */
function hostileVariants(type: string): PurlComponents[] {
  const engine = defaultPurlEngine();
  const variants: PurlComponents[] = [];
  for (const example of urls.document(type)!.examples) {
    if (!('repository' in example)) continue;
    const base = engine.parse(example.purl);
    variants.push(base);
    for (const value of HOSTILE) {
      for (const key of ['namespace', 'name', 'version'] as const) if (base[key] !== null) variants.push({ ...base, [key]: value });
      for (const key of Object.keys(base.qualifiers ?? {})) variants.push({ ...base, qualifiers: { ...base.qualifiers, [key]: value } });
    }
  }
  return variants;
}

describe('written URLs stay where the document says', () => {
  it.each(urls.types())('%s: on its own hosts, every value in its segment, no dot segment', (type) => {
    const hosts = hostsOf(type);
    let written = 0;
    for (const components of hostileVariants(type)) {
      let got;
      try {
        got = purlToUrls(components);
      } catch (error) {
        expect(error).toBeInstanceOf(PurlError);
        continue;
      }
      const registry = registryOrigin(components.qualifiers?.repository_url);
      for (const url of [got.repository, got.versionPage, got.download]) {
        if (url === null) continue;
        written++;
        const parsed = new URL(url);
        expect(parsed.href, url).toBe(url);
        // A repository_url names another registry: its host, or the document's own.
        if (registry === null || !url.startsWith(`${registry}/`)) expect(hosts, url).toContain(parsed.host);
        expect(parsed.username + parsed.password, url).toBe('');
        for (const segment of parsed.pathname.split('/')) expect(['.', '..'], url).not.toContain(decodeURIComponent(segment));
      }
    }
    expect(written).toBeGreaterThan(0);
  });
});

describe('reading back never leaves a registry host', () => {
  it.each([
    // A mirror's prefix counts only up to a boundary, and only at the start of the URL.
    'https://repo1.maven.org/maven2x/org/example/lib/1.0/lib-1.0.jar',
    'https://registry.yarnpkg.com.evil.example/left-pad/-/left-pad-1.3.0.tgz',
    'https://evil.example/https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
    'https://evil.example/registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
    'https://user:secret@registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz',
    // git+ is the VCS form of an https URL, nothing else.
    'git+ssh://git@github.com/o/r.git',
    'git+https://user:secret@github.com/o/r.git',
    'git+javascript:alert(1)',
    'git+git+https://github.com/o/r.git',
    // A sidecar follows a file name; alone it names nothing.
    'https://repo.maven.apache.org/maven2/org/example/lib/1.0/.sha1',
    // An encoded "/" in a list item or a fragment value stays out of every component.
    'https://gitlab.com/a%2F..%2F..%2Fx/b',
    'https://proxy.golang.org/github.com/o%2F..%2Fx/r/@v/v1.0.0.zip',
  ])('%s names no package', (url) => {
    expect(urlToPurl(url)).toBeNull();
  });

  it('applies sidecars to download shapes only, and a fragment to the shapes that have one', () => {
    expect(urlToPurl('https://mvnrepository.com/artifact/org.example/lib/1.0.sha1')).toBe('pkg:maven/org.example/lib@1.0.sha1');
    expect(urlToPurl('https://packagist.org/packages/a/b#1.0/../../x')).toBe('pkg:composer/a/b');
    expect(urlToPurl('https://packagist.org/packages/a/b#1.0%2F..%2F..%2Fx')).toBe('pkg:composer/a/b');
    expect(urlToPurl('https://github.com/o/r#readme')).toBe('pkg:github/o/r');
  });

  it('refuses hostile URLs against the new shapes quickly', () => {
    const hostile = [
      `https://files.pythonhosted.org/packages/a/b/c/${'a-'.repeat(190)}.whl`,
      `https://files.pythonhosted.org/packages/a/b/c/${'a-1.'.repeat(99)}exe`,
      `https://gitlab.com/${'a/'.repeat(3000)}-/archive/v1/a-v1.tar.gz`,
      `https://proxy.golang.org/${'!'.repeat(4000)}/@v/v1.zip`,
      `https://archive.archlinux.org/packages/a/a/${'a-1-'.repeat(1000)}x.pkg.tar.zst`,
      `https://deb.debian.org/debian/pool/main/a/a/${'a_'.repeat(2000)}.deb`,
      `https://registry.npmjs.org/${'@a%2F'.repeat(1000)}`,
    ];
    const started = performance.now();
    for (const url of hostile) expect(urlToPurl(url)).toBeNull();
    // Generous: a catastrophic match takes minutes, a bounded one milliseconds.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('value patterns and the other members of a shape', () => {
  const CARGO = {
    type: 'cargo',
    repository: [{ template: 'https://crates.io/crates/{name}' }],
    examples: [{ url: 'https://crates.io/crates/rand', purl: 'pkg:cargo/rand' }],
  };
  const refused = async (document: unknown) => {
    try {
      await loadPurlUrls({ documents: [document] });
    } catch (error) {
      expect(error).toBeInstanceOf(UrlDocumentError);
      return error as UrlDocumentError;
    }
    throw new Error('not refused');
  };

  it.each([
    ['[^-]+[^-]+[^-]+[^-]+', 'more than 3 atoms repeat'],
    ['[z-a]', 'runs backwards'],
  ])('refuses the pattern %s (%s)', async (pattern, because) => {
    const error = await refused({ ...CARGO, reverse: [{ template: 'https://crates.io/x/{name}', patterns: { name: pattern } }] });
    expect(error.findings[0]?.rule).toBe('purl-urls/value-pattern');
    expect(error.message).toContain(because);
    expect(error.pointer).toBe('/reverse/0/patterns/name');
  });

  it('refuses a pattern of a variable the template does not use, and the schema refuses regular expression syntax', async () => {
    expect((await refused({ ...CARGO, reverse: [{ template: 'https://crates.io/x/{name}', patterns: { version: '[0-9]+' } }] })).findings[0]?.rule).toBe(
      'purl-urls/value-pattern',
    );
    expect((await refused({ ...CARGO, reverse: [{ template: 'https://crates.io/x/{name}', patterns: { name: '(a|b)' } }] })).findings[0]?.rule).toBe(
      'schema/pattern',
    );
  });

  it.each([
    [{ repository: [{ template: 'https://crates.io/crates/{name}/{x}', ignore: ['x'] }] }, '/repository/0/ignore/0'],
    [{ reverse: [{ template: 'https://crates.io/x/{name}', read_back: false }] }, '/reverse/0/read_back'],
    [{ repository: [{ template: 'https://crates.io/crates/{name}', download: true }] }, '/repository/0/download'],
    [{ repository: [{ template: 'https://crates.io/crates/{name}', namespace: 'x', any_namespace: true }] }, '/repository/0/any_namespace'],
  ])('refuses a member where it means nothing: %j', async (members, pointer) => {
    const error = await refused({ ...CARGO, ...members });
    expect(error.findings.map((f) => [f.rule, f.pointer])).toContainEqual(['purl-urls/misplaced-member', pointer]);
  });

  it('refuses a mirror of a prefix the document does not write, or of itself', async () => {
    const other = await refused({ ...CARGO, mirrors: [{ url: 'https://crates.example', same_as: 'https://evil.example' }] });
    expect([other.findings[0]?.rule, other.pointer]).toEqual(['purl-urls/mirror', '/mirrors/0/same_as']);
    const itself = await refused({ ...CARGO, mirrors: [{ url: 'https://crates.io', same_as: 'https://crates.io' }] });
    expect([itself.findings[0]?.rule, itself.pointer]).toEqual(['purl-urls/mirror', '/mirrors/0/url']);
  });

  it('refuses a derived variable derived from itself', async () => {
    const error = await refused({ ...CARGO, variables: { a: { from: 'b', lowercase: true }, b: { from: 'a', lowercase: true } } });
    expect(error.findings.map((f) => f.rule)).toContain('purl-urls/unknown-variable');
    expect(error.message).toContain('derived from itself');
  });

  it('reads an ignored part, checks it by expanding again, and leaves it out of the PURL', async () => {
    const mine = await loadPurlUrls({
      documents: [
        {
          ...CARGO,
          reverse: [{ template: 'https://mirror.example/{shard}/{name}-{version}.crate', ignore: ['shard'], patterns: { shard: '[0-9a-f][0-9a-f]' } }],
        },
      ],
    });
    expect(mine.urlToPurl('https://mirror.example/ab/rand-0.8.5.crate')).toBe('pkg:cargo/rand@0.8.5');
    expect(mine.urlToPurl('https://mirror.example/zz/rand-0.8.5.crate')).toBeNull();
    expect(mine.purlToUrls('pkg:cargo/rand@0.8.5').download).toBeNull();
  });
});
