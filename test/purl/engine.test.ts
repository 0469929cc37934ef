/**
 * Unit tests of the PURL engine's API and behaviour (items 1-3, 5 and 6 of the engine issue),
 * with hand-written inputs: the syntax layer's canonical form, errors and their codes, the type
 * layer compiled from definitions, unknown types, engines from any definition set, and the
 * default engine's bundled definitions.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PackageURL } from 'packageurl-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPurl,
  bundledPurlEngine,
  canonicalizePurl,
  defaultPurlEngine,
  defaultPurlRules,
  DefinitionSetError,
  type PurlRule,
  loadPatternGuard,
  DefinitionCompileError,
  parsePurl,
  type PurlEngine,
  PurlError,
  validatePurl,
  type PurlComponents,
  type PurlComponentName,
  type PurlErrorCode,
} from '../../src/purl/index.js';
import { defaultPurlDefinition, defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import type { PurlTypeDefinition } from '../../src/index.js';
import { purlEngineFromDirectory } from '../../src/node/index.js';
import { compilePermittedCharacters, patternSafeLength } from '../../src/purl/definitions/pattern-flagger.js';
import { createEngine, engineSettings } from '../../src/purl/engine/purl-engine.js';
import { HAS_PURL_SPEC, PURL_SPEC, ROOT } from '../support/paths.js';
import { engineFromDefinitions } from '../../src/purl/engine/engine-from-definitions.js';
import { BUNDLED_PATTERN_SAFE_LENGTHS_JSON } from '../../src/purl/compiled/default-rules.js';
import { InvalidArgumentError } from '../../src/shared/errors.js';

const engine = defaultPurlEngine();

/** The PurlError `run` throws; fails the test when it returns or throws anything else. */
function refusal(run: () => unknown): PurlError {
  let result: unknown;
  try {
    result = run();
  } catch (error) {
    if (error instanceof PurlError) return error;
    throw error;
  }
  throw new Error(`expected a PurlError, got ${JSON.stringify(result)}`);
}

function components(partial: Partial<PurlComponents> & Pick<PurlComponents, 'type' | 'name'>): PurlComponents {
  return { namespace: null, version: null, qualifiers: null, subpath: null, ...partial };
}

/** The corpus definition of `type`, as a fresh object. */
function corpusDefinition(type: string): PurlTypeDefinition {
  return JSON.parse(readFileSync(path.join(ROOT, 'corpus/purl-types', `${type}-definition.json`), 'utf8')) as PurlTypeDefinition;
}

/** A made-up type, described only by this document. */
const WIDGET = {
  $schema: 'https://teapurl.dev/schemas/purl-type-definition.schema.json',
  type: 'widget',
  type_name: 'Widget',
  description: 'A package type invented for these tests; nothing in the engine knows about it.',
  repository: { use_repository: false },
  namespace_definition: { requirement: 'prohibited' },
  name_definition: { requirement: 'required', case_sensitive: false, permitted_characters: '^[a-z][a-z0-9-]*$' },
  version_definition: { requirement: 'optional', case_sensitive: false },
  qualifiers_definition: [
    { key: 'channel', requirement: 'required', description: 'The release channel.' },
    { key: 'arch', requirement: 'optional', description: 'The processor architecture.', default_value: 'noarch' },
  ],
  examples: ['pkg:widget/sprocket@1.0?channel=stable'],
};

// ---------------------------------------------------------------------------------------------

describe('syntax layer: canonical percent-encoding', () => {
  it('leaves ":" unencoded in qualifier values and encodes "/" as %2F', () => {
    expect(canonicalizePurl('pkg:generic/tool@2.1?download_url=https://dl.example.net/files/tool.tgz')).toBe(
      'pkg:generic/tool@2.1?download_url=https:%2F%2Fdl.example.net%2Ffiles%2Ftool.tgz',
    );
    expect(buildPurl({ type: 'generic', name: 'tool', qualifiers: { mirror: 'ftp://a.example/b:c' } })).toBe(
      'pkg:generic/tool?mirror=ftp:%2F%2Fa.example%2Fb:c',
    );
  });

  it('encodes a space as %20 and non-ASCII as UTF-8 octets, in every component', () => {
    expect(
      buildPurl({
        type: 'generic',
        namespace: 'Zürich labs',
        name: 'café au lait',
        version: 'v 2 ✓',
        qualifiers: { note: '日本 語' },
        subpath: 'docs/naïve guide',
      }),
    ).toBe('pkg:generic/Z%C3%BCrich%20labs/caf%C3%A9%20au%20lait@v%202%20%E2%9C%93?note=%E6%97%A5%E6%9C%AC%20%E8%AA%9E#docs/na%C3%AFve%20guide');
    expect(buildPurl({ type: 'generic', name: '😀' })).toBe('pkg:generic/%F0%9F%98%80');
    expect(parsePurl('pkg:generic/%F0%9F%98%80').name).toBe('😀');
  });

  it('writes lowercase hex escapes in the input in uppercase, and decodes needless escapes', () => {
    expect(canonicalizePurl('pkg:generic/caf%c3%a9@1%2e0?path=a%2fb')).toBe('pkg:generic/caf%C3%A9@1.0?path=a%2Fb');
    expect(canonicalizePurl('pkg:generic/%61%62c')).toBe('pkg:generic/abc');
    expect(validatePurl('pkg:generic/caf%c3%a9')).toMatchObject({ valid: true, canonical: 'pkg:generic/caf%C3%A9', isCanonical: false });
  });

  it('keeps letters, digits, ".-_~" unencoded and encodes the other punctuation', () => {
    expect(buildPurl({ type: 'generic', name: 'a.b-c_d~e' })).toBe('pkg:generic/a.b-c_d~e');
    expect(buildPurl({ type: 'generic', name: "!*'()+,;=&@?#%$" })).toBe('pkg:generic/%21%2A%27%28%29%2B%2C%3B%3D%26%40%3F%23%25%24');
  });

  it('reads "+" as a plus sign, never as a space', () => {
    expect(parsePurl('pkg:generic/c++@1.0+build').name).toBe('c++');
    expect(parsePurl('pkg:generic/c++@1.0+build').version).toBe('1.0+build');
    expect(canonicalizePurl('pkg:generic/c++')).toBe('pkg:generic/c%2B%2B');
  });

  it('round-trips separators inside components', () => {
    const c = components({ type: 'generic', namespace: 'a@b', name: 'x?y#z', version: '1@2', qualifiers: { k: 'v&w=x#y?z' }, subpath: 'p@q' });
    const s = buildPurl(c);
    expect(s).toBe('pkg:generic/a%40b/x%3Fy%23z@1%402?k=v%26w%3Dx%23y%3Fz#p%40q');
    expect({ ...parsePurl(s), qualifiers: { ...parsePurl(s).qualifiers } }).toEqual(c);
  });

  it('drops empty namespace segments and leading slashes after the scheme', () => {
    expect(canonicalizePurl('pkg://generic/acme//tools/x')).toBe('pkg:generic/acme/tools/x');
    expect(parsePurl('pkg:generic//acme///tools//x/').namespace).toBe('acme/tools');
  });
});

describe('syntax layer: parsing order (how-to-parse, from the right)', () => {
  /** Parsed strictly and leniently, the PURL gives these components. */
  function expectParsed(purl: string, expected: Partial<PurlComponents>): void {
    for (const options of [{ lenient: false }, { lenient: true }]) {
      const c = parsePurl(purl, options);
      expect({ ...c, qualifiers: c.qualifiers === null ? null : { ...c.qualifiers } }).toEqual(
        components({ type: expected.type ?? c.type, name: expected.name ?? '', ...expected }),
      );
    }
  }

  it('reads a GitHub ref with "/" as the version, after the last "@"', () => {
    const purl = 'pkg:github/99designs/gqlgen@refs/tags/v0.17.98';
    expectParsed(purl, { type: 'github', namespace: '99designs', name: 'gqlgen', version: 'refs/tags/v0.17.98' });
    expect(canonicalizePurl(purl)).toBe('pkg:github/99designs/gqlgen@refs%2Ftags%2Fv0.17.98');
    expect(validatePurl(purl)).toMatchObject({ valid: true, canonical: 'pkg:github/99designs/gqlgen@refs%2Ftags%2Fv0.17.98', isCanonical: false });
    expect(buildPurl(parsePurl(purl))).toBe('pkg:github/99designs/gqlgen@refs%2Ftags%2Fv0.17.98');
    expect(canonicalizePurl('pkg:github/golang/mod@refs/tags/v0.30.0')).toBe('pkg:github/golang/mod@refs%2Ftags%2Fv0.30.0');
  });

  it("reads opam's published example git@3/16.1 as version 3/16.1 of git", () => {
    expectParsed('pkg:opam/git@3/16.1', { type: 'opam', name: 'git', version: '3/16.1' });
    expect(canonicalizePurl('pkg:opam/git@3/16.1')).toBe('pkg:opam/git@3%2F16.1');
    // opam prohibits a namespace: the old reading (namespace "git@3") was refused.
    expect(validatePurl('pkg:opam/git@3/16.1').valid).toBe(true);
  });

  it('splits the qualifiers at the last "?", so an unencoded "?" in a name stays in the name', () => {
    expectParsed('pkg:generic/na?me@1.0?arch=x86', { type: 'generic', name: 'na?me', version: '1.0', qualifiers: { arch: 'x86' } });
    expect(canonicalizePurl('pkg:generic/na?me@1.0?arch=x86')).toBe('pkg:generic/na%3Fme@1.0?arch=x86');
    // A lone "?" in a name is still the qualifier separator: encode it.
    expectParsed('pkg:generic/acme/na?me=1', { type: 'generic', namespace: 'acme', name: 'na', qualifiers: { me: '1' } });
  });

  it('splits the subpath at the last "#", so an unencoded "#" in a name or a qualifier value stays there', () => {
    expectParsed('pkg:generic/na#me@1.0#docs/a', { type: 'generic', name: 'na#me', version: '1.0', subpath: 'docs/a' });
    expect(canonicalizePurl('pkg:generic/na#me@1.0#docs/a')).toBe('pkg:generic/na%23me@1.0#docs/a');
    expectParsed('pkg:generic/x?vcs_url=git+https://h.example/r.git#v1#src', {
      type: 'generic',
      name: 'x',
      qualifiers: { vcs_url: 'git+https://h.example/r.git#v1' },
      subpath: 'src',
    });
    // "?" after the last "#" belongs to the subpath.
    expectParsed('pkg:generic/x#a?b', { type: 'generic', name: 'x', subpath: 'a?b' });
  });

  it('keeps an unencoded "@" inside a Maven name: only the last one separates the version', () => {
    expectParsed('pkg:maven/org.example/na@me@1.0', { type: 'maven', namespace: 'org.example', name: 'na@me', version: '1.0' });
    expect(canonicalizePurl('pkg:maven/org.example/na@me@1.0')).toBe('pkg:maven/org.example/na%40me@1.0');
    // Without a version, the last "@" is the separator, as ECMA-427 says.
    expectParsed('pkg:maven/org.example/na@me', { type: 'maven', namespace: 'org.example', name: 'na', version: 'me' });
  });

  it('reads an unencoded npm scope as the namespace, with and without a version', () => {
    expectParsed('pkg:npm/@babel/core', { type: 'npm', namespace: '@babel', name: 'core' });
    expectParsed('pkg:npm/@babel/core@7.24.0', { type: 'npm', namespace: '@babel', name: 'core', version: '7.24.0' });
    expectParsed('pkg:npm/@babel/core#/googleapis/api/annotations/', { type: 'npm', namespace: '@babel', name: 'core', subpath: 'googleapis/api/annotations' });
    expectParsed('pkg:npm/@babel/core@7.24.0?arch=x64#lib', {
      type: 'npm',
      namespace: '@babel',
      name: 'core',
      version: '7.24.0',
      qualifiers: { arch: 'x64' },
      subpath: 'lib',
    });
    expect(canonicalizePurl('pkg:npm/@babel/core')).toBe('pkg:npm/%40babel/core');
    expect(canonicalizePurl('pkg:npm/@babel/core@7.24.0')).toBe('pkg:npm/%40babel/core@7.24.0');
  });

  it('a segment-starting "@" followed by more segments is skipped; the version is at the last "@" before it', () => {
    expectParsed('pkg:generic/@scope/name@1.0/@x/y', { type: 'generic', namespace: '@scope', name: 'name', version: '1.0/@x/y' });
  });

  it('an "@" that begins the last segment is the separator, and the empty name before it is refused', () => {
    for (const purl of ['pkg:cran/@0.9.1', 'pkg:swift/github.com/Alamofire/@5.4.3', 'pkg:generic/a/@1.0/']) {
      expect(refusal(() => parsePurl(purl))).toMatchObject({ component: 'name', code: 'missing-name' });
      expect(refusal(() => parsePurl(purl, { lenient: true }))).toMatchObject({ component: 'name', code: 'missing-name' });
      expect(validatePurl(purl).errors[0]?.code).toBe('missing-name');
    }
  });
});

describe('syntax layer: qualifiers', () => {
  it('lowercases keys when canonicalising and refuses keys starting with an uppercase letter when parsing strictly', () => {
    expect(canonicalizePurl('pkg:generic/x?Arch=x86&OS=linux')).toBe('pkg:generic/x?arch=x86&os=linux');
    expect(parsePurl('pkg:generic/x?Arch=x86', { lenient: true }).qualifiers).toEqual({ arch: 'x86' });
    const error = refusal(() => parsePurl('pkg:generic/x?Arch=x86'));
    expect([error.component, error.code]).toEqual(['qualifiers', 'uppercase-qualifier-key']);
  });

  it('checks keys: a letter first, then letters, digits, ".", "-" and "_"', () => {
    expect(parsePurl('pkg:generic/x?a1.b-c_d=v').qualifiers).toEqual({ 'a1.b-c_d': 'v' });
    for (const query of ['1st=v', '_a=v', 'a b=v', 'a%41=v', 'é=v', '=v', '1st']) {
      const error = refusal(() => parsePurl(`pkg:generic/x?${query}`));
      expect([error.component, error.code], query).toEqual(['qualifiers', 'invalid-qualifier-key']);
    }
    // A key with no "=" has an empty value, and is discarded (test/purl/peer-cases.test.ts).
    expect(parsePurl('pkg:generic/x?flag').qualifiers).toBeNull();
    const built = refusal(() => buildPurl({ type: 'generic', name: 'x', qualifiers: { 'bad key': 'v' } }));
    expect(built.code).toBe('invalid-qualifier-key');
  });

  it('sorts qualifiers by key', () => {
    expect(canonicalizePurl('pkg:generic/x?zeta=1&alpha=2&mid=3&alpha.b=4')).toBe('pkg:generic/x?alpha=2&alpha.b=4&mid=3&zeta=1');
    expect(buildPurl({ type: 'generic', name: 'x', qualifiers: { b: '2', a: '1', c: '3' } })).toBe('pkg:generic/x?a=1&b=2&c=3');
  });

  it('drops empty values, and the "?" when nothing is left', () => {
    expect(canonicalizePurl('pkg:generic/x?a=&b=2&c=')).toBe('pkg:generic/x?b=2');
    expect(canonicalizePurl('pkg:generic/x?a=&&c=')).toBe('pkg:generic/x');
    expect(parsePurl('pkg:generic/x?a=').qualifiers).toBeNull();
    expect(parsePurl('pkg:generic/x?').qualifiers).toBeNull();
    expect(buildPurl({ type: 'generic', name: 'x', qualifiers: { a: '', b: null, c: undefined } })).toBe('pkg:generic/x');
  });

  it('refuses duplicate keys, also when they differ only in case or one value is empty', () => {
    for (const [s, lenient] of [
      ['pkg:generic/x?os=linux&os=mac', false],
      ['pkg:generic/x?os=&os=mac', false],
      ['pkg:generic/x?os=linux&OS=mac', true],
    ] as const) {
      const error = refusal(() => parsePurl(s, { lenient }));
      expect([error.component, error.code], s).toEqual(['qualifiers', 'duplicate-qualifier-key']);
    }
    const built = refusal(() => buildPurl({ type: 'generic', name: 'x', qualifiers: { OS: 'linux', os: 'mac' } }));
    expect([built.component, built.code]).toEqual(['qualifiers', 'duplicate-qualifier-key']);
    const mapped = refusal(() =>
      buildPurl({
        type: 'generic',
        name: 'x',
        qualifiers: new Map([
          ['Os', 'a'],
          ['oS', 'b'],
        ]),
      }),
    );
    expect(mapped.code).toBe('duplicate-qualifier-key');
  });

  it('returns qualifiers as a null-prototype record, with keys like "constructor" as plain data', () => {
    const q = parsePurl('pkg:generic/x?constructor=c&tostring=t').qualifiers;
    expect(q).not.toBeNull();
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(Object.entries(q ?? {})).toEqual([
      ['constructor', 'c'],
      ['tostring', 't'],
    ]);
  });

  it('joins a checksum list with commas when building', () => {
    const s = buildPurl({ type: 'generic', name: 'x', qualifiers: { checksum: ['sha1:ab12', 'sha256:cd34'] } });
    expect(parsePurl(s).qualifiers?.checksum).toBe('sha1:ab12,sha256:cd34');
  });
});

describe('syntax layer: subpath', () => {
  it('removes empty, "." and ".." segments', () => {
    expect(parsePurl('pkg:generic/x#/src/./lib/../main.c//').subpath).toBe('src/lib/main.c');
    expect(canonicalizePurl('pkg:generic/x#//./src/')).toBe('pkg:generic/x#src');
    expect(parsePurl('pkg:generic/x#./../').subpath).toBeNull();
    expect(canonicalizePurl('pkg:generic/x#')).toBe('pkg:generic/x');
    expect(buildPurl({ type: 'generic', name: 'x', subpath: '../docs/./index.html/' })).toBe('pkg:generic/x#docs/index.html');
    expect(buildPurl({ type: 'generic', name: 'x', subpath: './..' })).toBe('pkg:generic/x');
  });

  it('removes "." and ".." segments written as escapes (%2E)', () => {
    expect(parsePurl('pkg:generic/x#a/%2E%2E/b').subpath).toBe('a/b');
  });

  it('refuses a segment holding an encoded "/"', () => {
    const error = refusal(() => parsePurl('pkg:generic/x#a%2Fb'));
    expect([error.component, error.code]).toEqual(['subpath', 'invalid-segment']);
    expect(refusal(() => parsePurl('pkg:generic/a%2Fb/x')).component).toBe('namespace');
  });
});

// ---------------------------------------------------------------------------------------------

describe('PurlError: component and code', () => {
  const strictEngine = engineFromDefinitions([corpusDefinition('npm')], { strictTypes: true });
  const cases: [string, string, PurlComponentName, PurlErrorCode, PurlEngine?][] = [
    ['missing scheme', 'npm/left-pad@1.3.0', 'scheme', 'missing-scheme'],
    ['missing scheme (colon only later)', 'left-pad@1.3.0?u=a:b', 'scheme', 'missing-scheme'],
    ['wrong scheme', 'purl:npm/left-pad', 'scheme', 'wrong-scheme'],
    ['wrong scheme (a URL)', 'https://registry.npmjs.org/left-pad', 'scheme', 'wrong-scheme'],
    ['missing type', 'pkg:', 'type', 'missing-type'],
    ['type starting with a digit', 'pkg:9lives/x', 'type', 'invalid-type'],
    ['type with an underscore', 'pkg:my_type/x', 'type', 'invalid-type'],
    ['unknown type with strictTypes', 'pkg:cargo/serde@1.0', 'type', 'unknown-type', strictEngine],
    ['missing name (nothing after the type)', 'pkg:generic', 'name', 'missing-name'],
    ['missing name (empty)', 'pkg:generic/', 'name', 'missing-name'],
    ['missing name (before the version)', 'pkg:generic/acme/@1.0', 'name', 'missing-name'],
    ['required namespace missing', 'pkg:maven/commons-lang@2.6', 'namespace', 'required'],
    ['prohibited namespace', 'pkg:cargo/rust-lang/serde@1.0', 'namespace', 'prohibited'],
    ['permitted_characters mismatch (name)', 'pkg:chrome-extension/not-an-extension-id', 'name', 'invalid-characters'],
    ['permitted_characters mismatch (version)', `pkg:chrome-extension/${'a'.repeat(32)}@1.2.3.4.5`, 'version', 'invalid-characters'],
    ['missing required qualifier', 'pkg:julia/Example@0.5.4', 'qualifiers', 'missing-qualifier'],
    ['malformed escape in the name', 'pkg:generic/x%G1', 'name', 'invalid-encoding'],
    ['truncated escape in the version', 'pkg:generic/x@1.0%', 'version', 'invalid-encoding'],
    ['truncated escape in a qualifier', 'pkg:generic/x?k=%4', 'qualifiers', 'invalid-encoding'],
    ['malformed escape in the namespace', 'pkg:generic/ns%zz/x', 'namespace', 'invalid-encoding'],
    ['malformed escape in the subpath', 'pkg:generic/x#a%2', 'subpath', 'invalid-encoding'],
    ['invalid UTF-8 in the name', 'pkg:generic/x%C3%28', 'name', 'invalid-encoding'],
    ['invalid UTF-8 in a qualifier', 'pkg:generic/x?k=%C3%28', 'qualifiers', 'invalid-encoding'],
    ['invalid UTF-8 in the version', 'pkg:generic/x@%C3%28', 'version', 'invalid-encoding'],
    ['rule violation (cpan module name)', 'pkg:cpan/Moose::Role@2.2', 'name', 'rule-violation'],
    ['too long', `pkg:generic/${'a'.repeat(70_000)}`, 'scheme', 'too-long'],
  ];

  it.each(cases)('%s', (_, purl, component, code, which = engine) => {
    const error = refusal(() => which.parse(purl));
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('PurlError');
    expect({ component: error.component, code: error.code }).toEqual({ component, code });
    expect(error.message.length).toBeGreaterThan(10);
    expect(error.toIssue()).toEqual({ component, code, message: error.message });
    // validate reports the same problem rather than throwing, and so does canonicalize's refusal.
    expect(which.validate(purl)).toEqual({ valid: false, errors: [error.toIssue()], warnings: [], canonical: null, isCanonical: false });
    expect(refusal(() => which.canonicalize(purl)).code).toBe(code);
  });

  it('refuses a non-string with not-a-string', () => {
    const error = refusal(() => parsePurl(42 as unknown as string));
    expect([error.component, error.code]).toEqual(['scheme', 'not-a-string']);
  });

  it('refuses components that are not of the right shape with invalid-components or missing-type', () => {
    expect(refusal(() => buildPurl(null as unknown as object)).code).toBe('invalid-components');
    const name = refusal(() => buildPurl({ type: 'generic', name: 5 }));
    expect([name.component, name.code]).toEqual(['name', 'invalid-components']);
    expect(refusal(() => buildPurl({ type: 'generic', name: 'x', qualifiers: ['a'] })).code).toBe('invalid-components');
    expect(refusal(() => buildPurl({ type: 'generic', name: 'x', qualifiers: { a: 1 } })).code).toBe('invalid-qualifier-value');
    const type = refusal(() => buildPurl({ name: 'x' }));
    expect([type.component, type.code]).toEqual(['type', 'missing-type']);
    expect(refusal(() => buildPurl({ type: 'generic', name: '//' })).code).toBe('missing-name');
  });

  it('applies the type layer when building too', () => {
    expect(refusal(() => buildPurl({ type: 'cargo', namespace: 'rust-lang', name: 'serde' })).code).toBe('prohibited');
    expect(refusal(() => buildPurl({ type: 'maven', name: 'commons-lang' })).code).toBe('required');
    expect(refusal(() => buildPurl({ type: 'julia', name: 'Example' })).code).toBe('missing-qualifier');
    expect(refusal(() => buildPurl({ type: 'cpan', name: 'Moose::Role' })).code).toBe('rule-violation');
    expect(refusal(() => strictBuild()).code).toBe('unknown-type');
    function strictBuild(): string {
      return engineFromDefinitions([], { strictTypes: true }).build({ type: 'generic', name: 'x' });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('type layer', () => {
  it('lowercases components whose definition says case_sensitive: false, and keeps the others', () => {
    // github: namespace and name are case-insensitive; npm: case-sensitive.
    expect(canonicalizePurl('pkg:GitHub/Package-URL/Purl-Spec@V1.0')).toBe('pkg:github/package-url/purl-spec@V1.0');
    expect(canonicalizePurl('pkg:npm/%40Scope/LeftPad@1.0.0-RC')).toBe('pkg:npm/%40Scope/LeftPad@1.0.0-RC');
  });

  it('applies the registry rules: pypi "_" becomes "-" after lowercasing', () => {
    expect(parsePurl('pkg:pypi/Zope_Interface@6.0').name).toBe('zope-interface');
    expect(buildPurl({ type: 'pypi', name: 'Typing_Extensions' })).toBe('pkg:pypi/typing-extensions');
  });

  it('reads default_value: effectiveQualifiers fills in maven type=jar', () => {
    const parsed = parsePurl('pkg:maven/org.slf4j/slf4j-api@2.0.9');
    expect(parsed.qualifiers).toBeNull();
    const effective = engine.effectiveQualifiers(parsed);
    expect(Object.getPrototypeOf(effective)).toBeNull();
    expect({ ...effective }).toEqual({ type: 'jar' });
    expect({ ...engine.effectiveQualifiers(parsePurl('pkg:maven/org.slf4j/slf4j-api@2.0.9?type=pom&classifier=x')) }).toEqual({ type: 'pom', classifier: 'x' });
    // The parsed components are not touched, and a type without defaults gets its qualifiers back.
    expect(parsed.qualifiers).toBeNull();
    expect({ ...engine.effectiveQualifiers({ type: 'madeup', qualifiers: null }) }).toEqual({});
    // A default is not written into the canonical form.
    expect(canonicalizePurl('pkg:maven/org.slf4j/slf4j-api@2.0.9')).toBe('pkg:maven/org.slf4j/slf4j-api@2.0.9');
  });

  it('validate collects several problems at once', () => {
    const result = validatePurl('pkg:julia/JuliaLang/Example@0.5.4');
    expect(result.valid).toBe(false);
    expect(result.canonical).toBeNull();
    expect(result.errors.map((e) => [e.component, e.code])).toEqual([
      ['namespace', 'prohibited'],
      ['qualifiers', 'missing-qualifier'],
    ]);
    const widgets = engineFromDefinitions([WIDGET]);
    expect(widgets.validate('pkg:widget/acme/Bad_Name@1.0').errors.map((e) => [e.component, e.code])).toEqual([
      ['namespace', 'prohibited'],
      ['name', 'invalid-characters'],
      ['qualifiers', 'missing-qualifier'],
    ]);
    for (const issue of result.errors) expect(Object.keys(issue).sort()).toEqual(['code', 'component', 'message']);
  });

  it('validate reports the canonical form and whether the input already is it', () => {
    expect(validatePurl('pkg:npm/left-pad@1.3.0')).toEqual({ valid: true, errors: [], warnings: [], canonical: 'pkg:npm/left-pad@1.3.0', isCanonical: true });
    expect(validatePurl('pkg:NPM/left-pad@1.3.0')).toEqual({ valid: true, errors: [], warnings: [], canonical: 'pkg:npm/left-pad@1.3.0', isCanonical: false });
    // Strictly, an uppercase qualifier key is an error, though canonicalize repairs it.
    expect(validatePurl('pkg:npm/left-pad?Foo=1').errors.map((e) => e.code)).toEqual(['uppercase-qualifier-key']);
  });

  it('parses a fresh object each time (no cache)', () => {
    const a = parsePurl('pkg:generic/x?k=v');
    const b = parsePurl('pkg:generic/x?k=v');
    expect(a).not.toBe(b);
    expect(a.qualifiers).not.toBe(b.qualifiers);
    a.name = 'changed';
    expect(parsePurl('pkg:generic/x?k=v').name).toBe('x');
  });
});

describe('unknown types', () => {
  it('are parsed and built with the generic rules only', () => {
    const c = parsePurl('pkg:Acme-Tools/Widgets/Gizmo_Pro@1.0-RC?flavour=Mint#Docs/README');
    expect({ ...c, qualifiers: { ...c.qualifiers } }).toEqual({
      type: 'acme-tools',
      namespace: 'Widgets',
      name: 'Gizmo_Pro',
      version: '1.0-RC',
      qualifiers: { flavour: 'Mint' },
      subpath: 'Docs/README',
    });
    expect(buildPurl(c)).toBe('pkg:acme-tools/Widgets/Gizmo_Pro@1.0-RC?flavour=Mint#Docs/README');
    expect(engine.definition('acme-tools')).toBeUndefined();
    expect(engine.types()).not.toContain('acme-tools');
  });

  it('are refused with strictTypes, by parse, build, canonicalize and validate', () => {
    const strict = engineFromDefinitions([corpusDefinition('npm')], { strictTypes: true });
    expect(strict.parse('pkg:npm/left-pad').name).toBe('left-pad');
    expect(refusal(() => strict.build({ type: 'acme', name: 'x' })).code).toBe('unknown-type');
    expect(refusal(() => strict.canonicalize('pkg:acme/x')).code).toBe('unknown-type');
    expect(strict.validate('pkg:acme/x').errors).toEqual([{ component: 'type', code: 'unknown-type', message: expect.stringContaining('acme') }]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('build after parse: only what changed is built again', () => {
  it('returns a canonical input as it is, and the canonical form of a non-canonical one', () => {
    const canonical = 'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=pom#META-INF';
    expect(buildPurl(parsePurl(canonical))).toBe(canonical);
    expect(buildPurl(parsePurl('pkg:maven/org.apache.commons/io@1.3.4?type=pom&classifier=sources'))).toBe(
      'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=pom',
    );
    expect(buildPurl(parsePurl('pkg:pypi/Django_Package@1.0'))).toBe('pkg:pypi/django-package@1.0');
    expect(buildPurl(parsePurl('pkg:npm/%40babel/core@7.24.0'))).toBe('pkg:npm/%40babel/core@7.24.0');
    expect(buildPurl(parsePurl('pkg:npm/@babel/core@7.24.0'))).toBe('pkg:npm/%40babel/core@7.24.0');
  });

  it('builds members assigned after parsing, whichever they are', () => {
    const purl = 'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=pom#META-INF';
    const edits: [(c: PurlComponents) => void, string][] = [
      [(c) => (c.type = 'generic'), 'pkg:generic/org.apache.commons/io@1.3.4?classifier=sources&type=pom#META-INF'],
      [(c) => (c.namespace = 'org.example'), 'pkg:maven/org.example/io@1.3.4?classifier=sources&type=pom#META-INF'],
      [(c) => (c.name = 'commons io'), 'pkg:maven/org.apache.commons/commons%20io@1.3.4?classifier=sources&type=pom#META-INF'],
      [(c) => (c.version = '2.0/rc'), 'pkg:maven/org.apache.commons/io@2.0%2Frc?classifier=sources&type=pom#META-INF'],
      [(c) => (c.subpath = null), 'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=pom'],
      [(c) => (c.qualifiers = null), 'pkg:maven/org.apache.commons/io@1.3.4#META-INF'],
      [(c) => ((c.qualifiers as Record<string, string>).type = 'jar'), 'pkg:maven/org.apache.commons/io@1.3.4?classifier=sources&type=jar#META-INF'],
      [(c) => ((c.qualifiers as Record<string, string>).arch = 'x86'), 'pkg:maven/org.apache.commons/io@1.3.4?arch=x86&classifier=sources&type=pom#META-INF'],
      [(c) => delete (c.qualifiers as Record<string, string>).classifier, 'pkg:maven/org.apache.commons/io@1.3.4?type=pom#META-INF'],
    ];
    for (const [edit, expected] of edits) {
      const c = parsePurl(purl);
      edit(c);
      expect(buildPurl(c)).toBe(expected);
    }
  });

  it('builds in full for another engine, whose definitions may say otherwise', () => {
    const c = parsePurl('pkg:widget/Sprocket@1.0?channel=stable');
    expect(buildPurl(c)).toBe('pkg:widget/Sprocket@1.0?channel=stable');
    const widgets = engineFromDefinitions([WIDGET]);
    expect(widgets.build(c)).toBe('pkg:widget/sprocket@1.0?channel=stable');
    expect(refusal(() => widgets.build({ ...c, qualifiers: null })).code).toBe('missing-qualifier');
  });

  it('keeps the parsed object an ordinary record of six members', () => {
    const c = parsePurl('pkg:npm/%40babel/core@7.24.0');
    expect(Object.keys(c)).toEqual(['type', 'namespace', 'name', 'version', 'qualifiers', 'subpath']);
    expect(JSON.parse(JSON.stringify(c))).toEqual({ type: 'npm', namespace: '@babel', name: 'core', version: '7.24.0', qualifiers: null, subpath: null });
    expect(buildPurl({ ...c })).toBe('pkg:npm/%40babel/core@7.24.0');
  });
});

describe('build', () => {
  it('accepts a packageurl-js PackageURL instance', () => {
    const purl = new PackageURL('maven', 'org.apache.commons', 'commons-lang3', '3.14.0', { classifier: 'sources' }, 'META-INF');
    expect(buildPurl(purl)).toBe('pkg:maven/org.apache.commons/commons-lang3@3.14.0?classifier=sources#META-INF');
    const fromString = PackageURL.fromString('pkg:npm/%40babel/core@7.24.0');
    expect(buildPurl(fromString)).toBe('pkg:npm/%40babel/core@7.24.0');
  });

  it('accepts qualifiers as a Map, lowercasing keys and dropping empty values', () => {
    const qualifiers = new Map<string, string | null>([
      ['Repository_URL', 'https://repo.example.org'],
      ['arch', ''],
      ['os', null],
    ]);
    expect(buildPurl({ type: 'generic', name: 'x', qualifiers })).toBe('pkg:generic/x?repository_url=https:%2F%2Frepo.example.org');
  });

  it('ignores extra members, treats undefined and "" as absent and strips "/" around the name', () => {
    expect(buildPurl({ type: 'GENERIC', namespace: '', name: '/x/', version: '', subpath: '', extra: 1 } as object)).toBe('pkg:generic/x');
    expect(buildPurl({ type: 'generic', namespace: '/a//b/', name: 'x' })).toBe('pkg:generic/a/b/x');
  });

  it('does not modify its input', () => {
    const qualifiers = Object.assign(Object.create(null) as Record<string, string>, { b: '2', a: '1' });
    const input = { type: 'PyPI', namespace: null, name: 'Foo_Bar', version: '1.0', qualifiers, subpath: null };
    const copy = { ...input, qualifiers: { ...qualifiers } };
    expect(buildPurl(input)).toBe('pkg:pypi/foo-bar@1.0?a=1&b=2');
    expect({ ...input, qualifiers: { ...input.qualifiers } }).toEqual(copy);
  });

  it('builds a canonical form that parses back to the same components', () => {
    const c = components({
      type: 'npm',
      namespace: '@types',
      name: 'node',
      version: '20.11.0',
      qualifiers: Object.assign(Object.create(null), { tag: 'latest' }),
      subpath: 'index.d.ts',
    });
    const s = buildPurl(c);
    expect(s).toBe('pkg:npm/%40types/node@20.11.0?tag=latest#index.d.ts');
    expect(parsePurl(s)).toEqual(c);
  });
});

// ---------------------------------------------------------------------------------------------

describe('engines from definitions', () => {
  it('types() lists the default engine types sorted; their documents come from defaultPurlDefinitions, definition() returns a loaded one', () => {
    const types = engine.types();
    expect(types).toHaveLength(42);
    expect([...types].sort()).toEqual(types);
    for (const t of ['cargo', 'chrome-extension', 'git', 'maven', 'npm', 'pypi', 'vscode-extension']) expect(types).toContain(t);
    // The default engine carries rules, not texts.
    expect(engine.definition('maven')).toBeUndefined();
    expect(defaultPurlDefinitions().map((d) => d.type)).toEqual(types);
    expect(defaultPurlDefinition('maven')?.type).toBe('maven');
    expect(defaultPurlDefinition('maven')?.namespace_definition.requirement).toBe('required');
    expect(defaultPurlDefinition('maven')?.description).toMatch(/\w/);
    expect(defaultPurlDefinition('nope')).toBeUndefined();
    // Copies: changing one changes neither the next answer nor the engine.
    defaultPurlDefinition('maven')!.namespace_definition.requirement = 'prohibited';
    expect(defaultPurlDefinition('maven')?.namespace_definition.requirement).toBe('required');
    const loaded = engineFromDefinitions([defaultPurlDefinition('maven')]);
    expect(loaded.definition('maven')?.namespace_definition.requirement).toBe('required');
    expect(loaded.definition('nope')).toBeUndefined();
    expect(engineFromDefinitions([WIDGET]).types()).toEqual(['widget']);
    expect(engineFromDefinitions([]).types()).toEqual([]);
  });

  it('compiles a bundled-style type on first use: a bad pattern surfaces then, and only for its type', () => {
    const broken = { ...WIDGET, type: 'broken', name_definition: { requirement: 'required', permitted_characters: '^(unclosed$' } };
    // The one internal factory compiles types without a source (the bundled ones) lazily: building it does not throw.
    const lazy = createEngine(
      [WIDGET, broken].map((d) => ({ rules: d as PurlTypeDefinition, document: d as PurlTypeDefinition })),
      engineSettings({}, patternSafeLength),
    );
    expect(lazy.types()).toEqual(['broken', 'widget']);
    expect(lazy.parse('pkg:widget/sprocket?channel=beta').name).toBe('sprocket');
    expect(() => lazy.parse('pkg:broken/x')).toThrow(DefinitionCompileError);
    // The public loader compiles every type up front and names the document.
    expect(() => engineFromDefinitions([WIDGET, broken])).toThrow(DefinitionSetError);
  });

  it("two engines with different rules in one program never see each other's", () => {
    const noForbidden: PurlRule = {
      id: 'swift/name/test-no-forbidden',
      type: 'swift',
      component: 'name',
      summary: 'test rule',
      apply: (v, c) => (v === 'forbidden' ? c.fail('no') : v),
    };
    const purl = 'pkg:swift/github.com/acme/forbidden@1.0';
    // Made before and after the other, compiled (lazily) after it: none of that matters.
    const plain = bundledPurlEngine();
    const strict = bundledPurlEngine({ rules: [...defaultPurlRules, noForbidden] });
    const fromDocument = engineFromDefinitions([defaultPurlDefinition('swift')!], { rules: [noForbidden] });
    const plainAfter = engineFromDefinitions([defaultPurlDefinition('swift')!]);
    expect(strict.validate(purl).errors.map((e) => e.code)).toEqual(['rule-violation']);
    expect(fromDocument.validate(purl).errors.map((e) => e.code)).toEqual(['rule-violation']);
    expect(plain.validate(purl).valid).toBe(true);
    expect(plainAfter.validate(purl).valid).toBe(true);
    expect(defaultPurlEngine().validate(purl).valid).toBe(true);
    expect(strict.rulesFor('swift', 'name')).toEqual([noForbidden]);
    expect(plain.rulesFor('swift', 'name')).toEqual([]);
    expect(defaultPurlRules).not.toContain(noForbidden);
  });

  it('rules: [] applies the definitions alone; a rule id given twice is refused', () => {
    const bare = bundledPurlEngine({ rules: [] });
    expect(bare.canonicalize('pkg:pypi/Django_Package')).toBe('pkg:pypi/django_package');
    expect(canonicalizePurl('pkg:pypi/Django_Package')).toBe('pkg:pypi/django-package');
    expect(bare.rules()).toEqual([]);
    expect(defaultPurlEngine().rules()).toBe(defaultPurlRules);
    expect(() => bundledPurlEngine({ rules: [defaultPurlRules[0]!, defaultPurlRules[0]!] })).toThrow(InvalidArgumentError);
    expect(() => bundledPurlEngine({ rules: 'x' as never })).toThrow(InvalidArgumentError);
    expect(Object.isFrozen(defaultPurlRules)).toBe(true);
  });

  it('behaviour comes from the document: a made-up type gets its case folding, pattern, requirements and qualifiers', () => {
    const widgets = engineFromDefinitions([WIDGET]);
    expect(widgets.definition('widget')?.type_name).toBe('Widget');
    const c = widgets.parse('pkg:WIDGET/Sprocket-XL@RC1?channel=Beta');
    expect({ ...c, qualifiers: { ...c.qualifiers } }).toEqual(
      components({ type: 'widget', name: 'sprocket-xl', version: 'rc1', qualifiers: { channel: 'Beta' } }),
    );
    expect(widgets.build({ type: 'widget', name: 'Sprocket', qualifiers: { channel: 'stable' } })).toBe('pkg:widget/sprocket?channel=stable');
    expect({ ...widgets.effectiveQualifiers(c) }).toEqual({ arch: 'noarch', channel: 'Beta' });
    expect(refusal(() => widgets.parse('pkg:widget/sprocket_xl?channel=beta')).code).toBe('invalid-characters');
    expect(refusal(() => widgets.parse('pkg:widget/9sprocket?channel=beta')).code).toBe('invalid-characters');
    expect(refusal(() => widgets.parse('pkg:widget/sprocket')).code).toBe('missing-qualifier');
    expect(refusal(() => widgets.parse('pkg:widget/acme/sprocket?channel=beta')).code).toBe('prohibited');
    // The default engine has no such definition: the same PURL gets the generic rules.
    expect(parsePurl('pkg:widget/acme/Sprocket_XL').name).toBe('Sprocket_XL');
  });

  it('a different definition of a known type changes its behaviour', () => {
    const npm = corpusDefinition('npm');
    const folded = engineFromDefinitions([{ ...npm, name_definition: { ...npm.name_definition, case_sensitive: false } }]);
    expect(folded.canonicalize('pkg:npm/LeftPad')).toBe('pkg:npm/leftpad');
    expect(canonicalizePurl('pkg:npm/LeftPad')).toBe('pkg:npm/LeftPad');
    const noNamespace = engineFromDefinitions([{ ...npm, namespace_definition: { requirement: 'prohibited' } }]);
    expect(refusal(() => noNamespace.parse('pkg:npm/%40babel/core')).code).toBe('prohibited');
  });

  it('the registry rules apply to whichever definition set is loaded', () => {
    const corpusPypi = engineFromDefinitions([corpusDefinition('pypi')]);
    expect(corpusPypi.canonicalize('pkg:pypi/Django_REST_framework@3.14')).toBe('pkg:pypi/django-rest-framework@3.14');
    // A bare-bones pypi definition of our own, with no prose about underscores at all.
    const minimal = {
      type: 'pypi',
      type_name: 'Python package',
      description: 'A minimal pypi definition.',
      repository: { use_repository: true },
      namespace_definition: { requirement: 'prohibited' },
      name_definition: { requirement: 'required' },
      examples: ['pkg:pypi/x'],
    };
    expect(engineFromDefinitions([minimal]).parse('pkg:pypi/Foo_Bar').name).toBe('Foo-Bar');
    expect(engineFromDefinitions([{ ...minimal, type: 'cpan' }]).validate('pkg:cpan/URI::Escape').errors[0]?.code).toBe('rule-violation');
    // Rules are keyed by type: the same document under another type name gets none.
    expect(engineFromDefinitions([{ ...minimal, type: 'pypi-mirror' }]).parse('pkg:pypi-mirror/Foo_Bar').name).toBe('Foo_Bar');
  });

  describe.skipIf(!HAS_PURL_SPEC)('with the PURL specification project’s published definitions', () => {
    it('an engine from only the published pypi definition still maps "_" to "-"', async () => {
      const published = JSON.parse(readFileSync(path.join(PURL_SPEC, 'types/pypi-definition.json'), 'utf8')) as unknown;
      const e = engineFromDefinitions([published]);
      expect(e.types()).toEqual(['pypi']);
      expect(e.canonicalize('pkg:PyPI/Typing_Extensions@4.9.0')).toBe('pkg:pypi/typing-extensions@4.9.0');
      const dir = await mkdtemp(path.join(tmpdir(), 'teapurl-pypi-'));
      try {
        await writeFile(path.join(dir, 'pypi-definition.json'), JSON.stringify(published));
        const fromDir = await purlEngineFromDirectory(dir);
        expect(fromDir.parse('pkg:pypi/Foo_Bar').name).toBe('foo-bar');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('an engine from the whole published directory knows all its types', async () => {
      const e = await purlEngineFromDirectory(path.join(PURL_SPEC, 'types'));
      expect(e.types()).toEqual(engine.types());
    });
  });

  it('fromDefinitions refuses an invalid document, naming "definition #i" and the finding', () => {
    let error: unknown;
    try {
      engineFromDefinitions([WIDGET, { ...WIDGET, type: 'gadget', type_name: undefined }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DefinitionSetError);
    const e = error as DefinitionSetError;
    expect(e.name).toBe('DefinitionSetError');
    expect(e.source).toBe('definition #1');
    expect(e.message).toMatch(/^definition #1\b/);
    expect(e.message).toContain('type_name');
    expect(e.findings.length).toBeGreaterThan(0);
    expect(() => engineFromDefinitions([{ ...WIDGET, type: 'Not_A_Type' }])).toThrow(/definition #0.*\/type/);
    expect(() => engineFromDefinitions(['not an object'])).toThrow(DefinitionSetError);
    expect(() => engineFromDefinitions([{ ...WIDGET, name_definition: { requirement: 'required', permitted_characters: '^[a-' } }])).toThrow(
      /definition #0.*permitted_characters/,
    );
  });

  it('fromDefinitions refuses two definitions of the same type', () => {
    expect(() => engineFromDefinitions([WIDGET, corpusDefinition('npm'), { ...WIDGET, description: 'Again.' }])).toThrow(
      expect.objectContaining({ name: 'DefinitionSetError', source: 'definition #2', message: expect.stringMatching(/"widget".*definition #0/) }),
    );
  });

  it("runs the bundled types' patterns directly as far as the flagger allows, worked out when teapurl was built", () => {
    const measured = new Map(JSON.parse(BUNDLED_PATTERN_SAFE_LENGTHS_JSON) as [string, number][]);
    const patterns = defaultPurlDefinitions().flatMap((d) =>
      [d.namespace_definition, d.name_definition, d.version_definition, d.subpath_definition].flatMap((c) =>
        c?.permitted_characters === undefined ? [] : [c.permitted_characters],
      ),
    );
    expect(patterns.length).toBeGreaterThan(3);
    for (const pattern of patterns) expect(measured.get(pattern) ?? Infinity, pattern).toBe(patternSafeLength(pattern));
    // A value longer than that is left unchecked by the bundled engine as by one made from the same definition.
    const id = 'abcdefghijklmnopabcdefghijklmnop';
    const long = `pkg:chrome-extension/${id}@${'1.'.repeat(3)}${'1'.repeat(40)}`;
    const fromDefinitions = engineFromDefinitions(defaultPurlDefinitions().filter((d) => d.type === 'chrome-extension'));
    expect(defaultPurlEngine().validate(long)).toEqual(fromDefinitions.validate(long));
    expect(
      defaultPurlEngine()
        .validate(long)
        .errors.map((e) => e.code),
    ).toEqual(['pattern-skipped']);
  });

  it('compiles a catastrophic permitted_characters pattern, and checks values with the pattern guard', async () => {
    // Without the guard no long value is run on it (test/purl/definitions/pattern-budget.test.ts).
    const risky = engineFromDefinitions([{ ...WIDGET, name_definition: { requirement: 'required', permitted_characters: '^([a-z]+)*$' } }], {
      patternGuard: await loadPatternGuard(),
    });
    expect(risky.parse('pkg:widget/sprocket?channel=x').name).toBe('sprocket');
    expect(refusal(() => risky.parse(`pkg:widget/${'a'.repeat(3000)}!?channel=x`)).code).toBe('invalid-characters');
  });

  it('runs ordinary patterns directly and flags risky ones', async () => {
    const guard = await loadPatternGuard();
    for (const source of ['^[a-p]{32}$', '^[a-z0-9_]', '^[a-z0-9][a-z0-9._-]*$']) expect(compilePermittedCharacters(source).guarded, source).toBe(false);
    for (const source of ['^(a+)+$', '^(a|aa)+$', '^a*a*a*$', '^(.*a){12}$', '[a-z]*!']) expect(compilePermittedCharacters(source).guarded, source).toBe(true);
    // The published chrome-extension version pattern is polynomial on paper, but a real version is short enough to run directly.
    const version = compilePermittedCharacters('^\\d+(\\.\\d+){0,3}$', guard);
    expect(version.test('1.2.3.4')).toBe(true);
    expect(version.test('1.2.3.4.5')).toBe(false);
    expect(version.test(`${'1'.repeat(5000)}.`)).toBe(false); // on the guard
  });
});

describe('PurlEngine.fromDirectory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'teapurl-defs-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function fixture(name: string, files: Record<string, string>): Promise<string> {
    const where = path.join(dir, name);
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(where, file)), { recursive: true });
      await writeFile(path.join(where, file), text);
    }
    return where;
  }

  it('loads every *.json definition, recursively, and ignores other files', async () => {
    const where = await fixture('good', {
      'widget-definition.json': JSON.stringify(WIDGET),
      'more/npm-definition.json': JSON.stringify(corpusDefinition('npm')),
      'README.md': '# not a definition',
    });
    const e = await purlEngineFromDirectory(where, { strictTypes: true });
    expect(e.types()).toEqual(['npm', 'widget']);
    expect(e.canonicalize('pkg:widget/Sprocket?channel=x')).toBe('pkg:widget/sprocket?channel=x');
    expect(refusal(() => e.parse('pkg:cargo/serde')).code).toBe('unknown-type');
  });

  it('refuses a directory with a malformed JSON file, naming the file', async () => {
    const where = await fixture('malformed', {
      'widget-definition.json': JSON.stringify(WIDGET),
      'broken-definition.json': '{ "type": "broken", ',
    });
    const error = await purlEngineFromDirectory(where).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DefinitionSetError);
    expect((error as DefinitionSetError).source).toMatch(/broken-definition\.json$/);
    expect((error as DefinitionSetError).message).toMatch(/broken-definition\.json:\d+:\d+: .*JSON/);
  });

  it('refuses a directory with an invalid definition, naming the file and the finding', async () => {
    const where = await fixture('invalid', {
      'a-widget-definition.json': JSON.stringify(WIDGET),
      'b-gadget-definition.json': JSON.stringify({ ...WIDGET, type: 'gadget', name_definition: { requirement: 'sometimes' } }, null, 2),
    });
    const error = (await purlEngineFromDirectory(where).catch((e: unknown) => e)) as DefinitionSetError;
    expect(error).toBeInstanceOf(DefinitionSetError);
    expect(error.source).toMatch(/b-gadget-definition\.json$/);
    expect(error.message).toMatch(/b-gadget-definition\.json:\d+:\d+: .*requirement/);
  });

  it('refuses two files defining the same type, and a directory without definitions', async () => {
    const twice = await fixture('twice', { 'one.json': JSON.stringify(WIDGET), 'two.json': JSON.stringify(WIDGET) });
    await expect(purlEngineFromDirectory(twice)).rejects.toThrow(/two\.json: type "widget" is already defined by .*one\.json/);
    const empty = await fixture('empty', { 'notes.txt': 'nothing here' });
    await expect(purlEngineFromDirectory(empty)).rejects.toThrow(DefinitionSetError);
    await expect(purlEngineFromDirectory(path.join(dir, 'does-not-exist'))).rejects.toThrow(DefinitionSetError);
  });

  it('ends on symbolic link cycles and reads a linked definition once', async () => {
    const where = await fixture('cycles', {
      'widget-definition.json': JSON.stringify(WIDGET),
      'sub/npm-definition.json': JSON.stringify(corpusDefinition('npm')),
    });
    await symlink('..', path.join(where, 'sub', 'up'));
    await symlink(where, path.join(where, 'root'));
    // A link to a definition already found: the same file once, not a second "widget".
    await symlink(path.join(where, 'widget-definition.json'), path.join(where, 'sub', 'again.json'));
    const e = await purlEngineFromDirectory(where);
    expect(e.types()).toEqual(['npm', 'widget']);
  });

  it('refuses a dangling link among the definitions, naming it', async () => {
    const where = await fixture('dangling', { 'widget-definition.json': JSON.stringify(WIDGET) });
    await symlink(path.join(where, 'gone.json'), path.join(where, 'gone-definition.json'));
    const error = (await purlEngineFromDirectory(where).catch((e: unknown) => e)) as DefinitionSetError;
    expect(error).toBeInstanceOf(DefinitionSetError);
    expect(error.message).toMatch(/gone-definition\.json: cannot be read: no such file or folder \(ENOENT\)/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('fixes found by the property tests', () => {
  it('git: a repository path with empty segments is built in canonical form', () => {
    const s = buildPurl({ type: 'git', namespace: 'github.com', name: 'Package-URL//purl-spec' });
    expect(s).toBe('pkg:git/github.com/package-url/purl-spec');
    expect(canonicalizePurl(s)).toBe(s);
  });

  it('a name decoded from %2F… loses its outer "/" as a built one does, so validate and build agree', () => {
    expect(parsePurl('pkg:generic/%2Fetc%2F').name).toBe('etc');
    expect(validatePurl('pkg:generic/%2Fetc').canonical).toBe(buildPurl(parsePurl('pkg:generic/%2Fetc')));
    expect(refusal(() => parsePurl('pkg:generic/%2F')).code).toBe('missing-name');
    expect(parsePurl('pkg:generic/a%2Fb').name).toBe('a/b');
  });

  it('a lone surrogate (no UTF-8 form) is refused by parse, build and canonicalize, never written as U+FFFD', () => {
    expect(refusal(() => parsePurl('pkg:generic/a\uD800b')).toIssue()).toMatchObject({ component: 'name', code: 'invalid-characters' });
    expect(refusal(() => buildPurl({ type: 'generic', name: 'a\uD800b' })).toIssue()).toMatchObject({ component: 'name', code: 'invalid-characters' });
    expect(refusal(() => buildPurl({ type: 'generic', name: 'x', qualifiers: { k: '\uDC00' } })).toIssue()).toMatchObject({
      component: 'qualifiers',
      code: 'invalid-characters',
    });
    expect(refusal(() => canonicalizePurl('pkg:generic/a\uD800b')).code).toBe('invalid-characters');
    // A pair is one character, written as its UTF-8 octets.
    expect(buildPurl({ type: 'generic', name: 'a\uD83D\uDE00' })).toBe('pkg:generic/a%F0%9F%98%80');
  });

  it('a raw control character or DEL is refused wherever it is, naming the component (a CR from a CR LF file, a tab)', () => {
    const cases: [string, string, string][] = [
      ['pkg:npm/foo@1\r', 'version', 'invalid-characters'],
      ['pkg:npm/fo\to@1', 'name', 'invalid-characters'],
      ['pkg:npm/@scope/na\tme@1', 'name', 'invalid-characters'],
      ['pkg:maven/org.a\nb/c@1', 'namespace', 'invalid-characters'],
      ['pkg:npm/foo@1?a=b\r\n', 'qualifiers', 'invalid-characters'],
      ['pkg:npm/foo@1#a\x7fb', 'subpath', 'invalid-characters'],
      ['pkg:generic/foo@1?a=%00\u0000', 'qualifiers', 'invalid-characters'],
      ['pkg:np\tm/foo', 'type', 'invalid-type'],
      ['pkg:npm/foo?k\u0001=v', 'qualifiers', 'invalid-qualifier-key'],
      ['\tpkg:npm/foo', 'scheme', 'wrong-scheme'],
    ];
    for (const [s, component, code] of cases) {
      for (const run of [() => parsePurl(s), () => parsePurl(s, { lenient: true }), () => canonicalizePurl(s)]) {
        expect(refusal(run).toIssue(), JSON.stringify(s)).toMatchObject({ component, code });
      }
      expect(
        validatePurl(s).errors.map((e) => [e.component, e.code]),
        JSON.stringify(s),
      ).toEqual([[component, code]]);
    }
    expect(refusal(() => parsePurl('pkg:npm/foo@1\r')).message).toBe(
      'version has "\\r" at offset 13: a raw control character or lone surrogate (percent-encode a control character)',
    );
    // Percent-encoded, the same characters are data.
    expect(parsePurl('pkg:npm/foo@1%0D').version).toBe('1\r');
    expect(buildPurl({ type: 'npm', name: 'fo\to' })).toBe('pkg:npm/fo%09o');
  });
});

// ---------------------------------------------------------------------------------------------

describe('importing teapurl reads no files', () => {
  const DIST = path.join(ROOT, 'dist/purl/index.js');

  it('the built package loads its modules and nothing else, and parsing reads nothing', () => {
    expect(existsSync(DIST), 'dist/purl/index.js is missing: run npm run build').toBe(true);
    // Every fs function that could read a definition, a schema or a corpus file is wrapped before
    // the import. Module loading uses some of them for .js files, which is allowed; anything else
    // (a .json file, a directory listing) is not, and after the import nothing may be read at all.
    const script = `
      import fs from 'node:fs';
      const calls = [];
      let phase = 'import';
      const wrap = (target, name, label) => {
        const original = target[name];
        if (typeof original !== 'function') return;
        target[name] = function (...args) {
          calls.push({ phase, fn: label, path: String(args[0]) });
          return original.apply(this, args);
        };
      };
      for (const name of ['readFileSync', 'readFile', 'openSync', 'open', 'readdirSync', 'readdir', 'opendirSync', 'opendir', 'createReadStream', 'statSync', 'existsSync'])
        wrap(fs, name, 'fs.' + name);
      for (const name of ['readFile', 'open', 'readdir', 'opendir']) wrap(fs.promises, name, 'fs.promises.' + name);
      const teapurl = await import(${JSON.stringify(DIST)});
      phase = 'use';
      const parsed = teapurl.parsePurl('pkg:maven/org.slf4j/slf4j-api@2.0.9?classifier=sources');
      const results = {
        built: teapurl.buildPurl(parsed),
        canonical: teapurl.canonicalizePurl('pkg:PyPI/Typing_Extensions'),
        valid: teapurl.validatePurl('pkg:julia/Example').valid,
        types: teapurl.defaultPurlEngine().types().length,
        jar: teapurl.defaultPurlEngine().effectiveQualifiers(parsed).type,
      };
      process.stdout.write(JSON.stringify({ calls, results }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: tmpdir(), encoding: 'utf8' });
    const { calls, results } = JSON.parse(out) as { calls: { phase: string; fn: string; path: string }[]; results: unknown };
    expect(results).toEqual({
      built: 'pkg:maven/org.slf4j/slf4j-api@2.0.9?classifier=sources',
      canonical: 'pkg:pypi/typing-extensions',
      valid: false,
      types: 42,
      jar: 'jar',
    });
    expect(calls.filter((c) => c.phase === 'use')).toEqual([]);
    const notModules = calls.filter((c) => !/\.(c|m)?js$/.test(c.path));
    expect(notModules).toEqual([]);
    expect(calls.filter((c) => /corpus|purl-types|schemas[\\/][^\\/]*\.json$/.test(c.path))).toEqual([]);
  });
});
