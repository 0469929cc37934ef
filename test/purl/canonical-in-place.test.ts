/**
 * `canonicalize` answers most canonical PURLs without parsing them (the engine's canonical fast
 * path, isCanonicalInPlace): a shortcut that must never say "canonical" where the full parse and
 * build would refuse the PURL or write something else. Checked against the full path
 * (`build(parse(s, lenient))`, which does not take the shortcut) on the real-world corpus, the
 * conformance suite's inputs, tricky spellings, and random strings made of PURL characters; and an
 * engine with the fast path switched off answers every input exactly as the default engine does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledPurlEngine, defaultPurlEngine, defaultPurlRules, PurlError } from '../../src/purl/index.js';
import { defaultPurlDefinitions } from '../../src/purl/default-definitions.js';
import { canonicalInPlace, inPlaceRules, isCanonicalInPlace } from '../../src/purl/engine/canonical-fast-path.js';
import { vocabulary } from '../../src/purl/syntax/vocabulary.js';
import { locateParts } from '../../src/purl/syntax/source-layout.js';
import { compileDefinition } from '../../src/purl/definitions/compile-definition.js';
import { patternSafeLength } from '../../src/purl/definitions/pattern-flagger.js';
import { rulesLookup } from '../../src/purl/rules/index.js';
import { ROOT } from '../support/paths.js';

const engine = defaultPurlEngine();
/** The same types with the fast path switched off: every input goes the full way. */
const slow = bundledPurlEngine({ canonicalFastPath: false });

/** What canonicalize answers (the canonical form, or the refusal's code), and validate's whole verdict: validate takes the same shortcut. */
function answer(e: typeof engine, s: string): string {
  const verdict = JSON.stringify(e.validate(s));
  try {
    return `${e.canonicalize(s)} ${verdict}`;
  } catch (error) {
    if (error instanceof PurlError) return `refused: ${error.code} ${error.component} ${verdict}`;
    throw error;
  }
}
const compiled = defaultPurlDefinitions().map((definition) =>
  compileDefinition(definition, { rules: rulesLookup(defaultPurlRules), patternGuard: null, safeLength: patternSafeLength }),
);
const words = vocabulary(
  compiled.map((c) => ({ type: c.type, inPlace: inPlaceRules(c) })),
  compiled.flatMap((c) => c.qualifierKeys),
);
/** What the engine's canonicalize asks first: the layout, the type's in-place rules, then the check. */
function inPlace(s: string): boolean {
  const layout = locateParts(s);
  const rules = layout.pathStart === -1 ? undefined : words.types.find(s, layout.typeStart, layout.pathStart - 1)?.inPlace;
  return rules != null && isCanonicalInPlace(s, layout, rules, words);
}

/** The canonical form the shortcut gives (the input, or the input with its qualifiers in key order), or null. */
function inPlaceForm(s: string): string | null {
  const layout = locateParts(s);
  const rules = layout.pathStart === -1 ? undefined : words.types.find(s, layout.typeStart, layout.pathStart - 1)?.inPlace;
  return rules == null ? null : canonicalInPlace(s, layout, rules, words);
}

/** The canonical form by the full path, or null when it refuses the PURL. */
function fullCanonical(s: string): string | null {
  try {
    return engine.build(engine.parse(s, { lenient: true }));
  } catch {
    return null;
  }
}

/** The inputs the shortcut accepts that the full path refuses or writes differently. */
function wrongAnswers(inputs: Iterable<string>): { wrong: string[]; accepted: number } {
  const wrong: string[] = [];
  let accepted = 0;
  for (const s of inputs) {
    const form = inPlaceForm(s);
    if (form === null) continue;
    accepted++;
    if (fullCanonical(s) !== form) wrong.push(s);
  }
  return { wrong, accepted };
}

function corpusInputs(): string[] {
  const dir = path.join(ROOT, 'corpus/purls');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .split('\n')
        .filter((l) => l !== ''),
    )
    .flatMap((l) => {
      const entry = JSON.parse(l) as string[];
      return [entry[1]!, entry[2]!];
    });
}

const SUITE = path.join(ROOT, '../shared/purl-spec/tests');
let suiteInputs: string[] | null = null;
try {
  const files = [path.join(SUITE, 'spec/specification-test.json'), ...readdirSync(path.join(SUITE, 'types')).map((f) => path.join(SUITE, 'types', f))];
  suiteInputs = files.flatMap((f) =>
    (JSON.parse(readFileSync(f, 'utf8')) as { tests: { input: unknown }[] }).tests.map((t) => t.input).filter((i): i is string => typeof i === 'string'),
  );
} catch {
  suiteInputs = null;
}

describe('canonicalize shortcut for PURLs already canonical', () => {
  it('agrees with the full parse and build on the real-world corpus, and takes most canonical entries', () => {
    const inputs = corpusInputs();
    const { wrong, accepted } = wrongAnswers(inputs);
    expect(wrong.slice(0, 10)).toEqual([]);
    // Half the corpus lines are canonical forms.
    expect(accepted).toBeGreaterThan(inputs.length / 3);
    // Types with registry rules are taken too, when the rules keep the values (a PyPI name without "_").
    const pypi = inputs.filter((s) => s.startsWith('pkg:pypi/'));
    expect(wrongAnswers(pypi).accepted).toBeGreaterThan(pypi.length / 3);
  });

  it.skipIf(suiteInputs === null)('agrees with the full parse and build on every conformance-suite input', () => {
    const { wrong, accepted } = wrongAnswers(suiteInputs!);
    expect(wrong).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
  });

  it('refuses what is not plainly canonical', () => {
    const notCanonical = [
      'pkg:npm/@babel/core', // unencoded scope: "@" begins a segment
      'pkg:npm/@babel/core@7.0.0',
      'pkg:cran/@0.9.1', // empty name
      'pkg:npm/foo@', // empty version
      'pkg:npm/foo@1@2',
      'pkg:npm/foo?', // no qualifiers after "?"
      'pkg:npm/foo@1?a=1&',
      'pkg:npm/foo@1?a=',
      'pkg:npm/foo@1#', // no subpath after "#"
      'pkg:npm/foo@1#a/../b',
      'pkg:npm/foo@1#a//b',
      'pkg:npm/foo@1#/a',
      'pkg:npm/foo@1#a?b',
      'pkg:deb/debian/Curl@1', // deb names are lowercase
      'pkg:github/Package-url/purl-spec@1',
      'pkg:npm/foo@1/2', // "/" in the version is written %2F
      'pkg:npm/a//b@1',
      'pkg:npm/a/@1',
      'pkg:npm//a@1',
      'pkg:npm/a/@1',
      'pkg:npm/%2Fa/b@1', // encoded "/" in a segment
      'pkg:npm/a%2Fb@1',
      'pkg:npm/a%41@1', // "A" needs no escape
      'pkg:npm/a%c3%a4@1', // lowercase hex
      'pkg:npm/a@1%2f',
      'pkg:NPM/a@1',
      'PKG:npm/a@1',
      'pkg:/npm/a@1',
      'pkg:npm/a@1?vcs_url=x&checksum=y', // keys out of order
      'pkg:npm/a@1?checksum=y&checksum=y',
      'pkg:npm/a@1?Checksum=y',
      'pkg:npm/a@1?checksum=a b',
      'pkg:npm/a b@1',
      'pkg:npm/a\uD800@1',
      'pkg:maven/a@1', // maven requires a namespace
      'pkg:acme/a@1', // a type no definition describes
      'pkg:pypi/a_b@1', // the registry rule writes "a-b"
      'pkg:pypi/a@1.0RC1', // pypi versions are lowercase
      'pkg:pypi/a%5Fb@1', // an escape in a value a rule reads: left to the full parse
      'pkg:cpan/URI::PackageURL@1', // the registry rule refuses a module name
      'pkg:mlflow/Model@1?repository_url=https:%2F%2Fadb-1.azuredatabricks.net', // lowercased by a rule that reads the qualifiers
      'pkg:git/github.com/A/b@1', // the name as a rule sees it once the namespace's tail is moved into it: lowercased on GitHub
      'pkg:git/GitHub.com/a/b@1', // the host is lowercased
      'pkg:pub/a-b@1', // the definition's permitted_characters refuse it
      'pkg:julia/Dates@1.9.0', // julia PURLs require the uuid qualifier
      'pkg:julia/Dates@1.9.0?uuid=', // an empty value is no value
    ];
    for (const s of notCanonical) expect(inPlace(s), s).toBe(false);
    expect(inPlace('pkg:npm/%40babel/core@7.0.0?checksum=sha1:ab#lib/x')).toBe(true);
    expect(inPlace('pkg:deb/debian/curl@1:7.50.3-1%2Bdeb8u1?arch=i386&distro=jessie')).toBe(true);
    // Registry rules that keep the values as written, patterns that match them, required
    // qualifiers that are there, keys the definitions do not name.
    for (const s of [
      'pkg:pypi/django-rest@1.0rc1?file_name=Django_rest-1.0rc1.tar.gz',
      'pkg:cpan/URI-PackageURL@1',
      'pkg:mlflow/Model@1?repository_url=https:%2F%2Fexample.com',
      'pkg:pub/a_b@1',
      'pkg:julia/Dates@1.9.0?uuid=ade2ca70-3891-5945-98fb-dc099432e06a',
      'pkg:conan/openssl@3?os=Linux&zlib=1',
    ]) {
      expect(inPlace(s), s).toBe(true);
      expect(fullCanonical(s), s).toBe(s);
    }
  });

  it('puts the qualifiers of an otherwise canonical PURL in key order, and leaves any other difference to the full path', () => {
    const reordered: [string, string][] = [
      ['pkg:deb/debian/pcb@1:4.2.2-1?distro=debian-12.15&arch=all', 'pkg:deb/debian/pcb@1:4.2.2-1?arch=all&distro=debian-12.15'],
      [
        'pkg:maven/org.apache.maven.plugins/maven-clean-plugin@2.5?type=jar&classifier=javadoc#a/b',
        'pkg:maven/org.apache.maven.plugins/maven-clean-plugin@2.5?classifier=javadoc&type=jar#a/b',
      ],
      ['pkg:npm/a@1?z=1&arch2=x&arch=y', 'pkg:npm/a@1?arch=y&arch2=x&z=1'],
      ['pkg:julia/Dates@1.9.0?z=1&uuid=ade2ca70-3891-5945-98fb-dc099432e06a', 'pkg:julia/Dates@1.9.0?uuid=ade2ca70-3891-5945-98fb-dc099432e06a&z=1'],
    ];
    for (const [s, canonical] of reordered) {
      expect(inPlace(s), s).toBe(false);
      expect(inPlaceForm(s), s).toBe(canonical);
      expect(fullCanonical(s), s).toBe(canonical);
    }
    for (const s of [
      'pkg:npm/a@1?b=1&a=2&b=3',
      'pkg:npm/a@1?b=1&b=2',
      'pkg:npm/a@1?b=1&A=2',
      'pkg:npm/a@1?b=1&a=',
      'pkg:npm/a@1?b=1&a=x%2fy',
      'pkg:julia/Dates@1?b=1&a=2',
    ]) {
      expect(inPlaceForm(s), s).toBeNull();
    }
  });

  it('checks the values of a type whose rule moves namespace segments into the name (git) as the rules see them', () => {
    // The namespace keeps the host; the rest of the path is the name, written with its "/".
    for (const s of [
      'pkg:git/github.com/a/b@1',
      'pkg:git/codeberg.org/Forgejo/Forgejo@a72d2c07#options/locale_readme.md',
      'pkg:git/codeberg.org/a/b/c?k=v',
      'pkg:git/github/a/b',
      'pkg:git/example.com/x',
    ]) {
      expect(inPlace(s), s).toBe(true);
      expect(fullCanonical(s), s).toBe(s);
    }
    // GitHub's names are lowercased by a rule that reads the host after the move; hosts are
    // lowercased; an escape in a checked value is left to the full parse.
    for (const [s, canonical] of [
      ['pkg:git/github.com/Owner/Repo@1', 'pkg:git/github.com/owner/repo@1'],
      ['pkg:git/github/Owner/Repo', 'pkg:git/github/owner/repo'],
      ['pkg:git/Codeberg.org/a/b', 'pkg:git/codeberg.org/a/b'],
      ['pkg:git/codeberg.org/a%20b/c', 'pkg:git/codeberg.org/a%20b/c'],
      ['pkg:git/a%20b.com/c/d', 'pkg:git/a%20b.com/c/d'],
    ]) {
      expect(inPlaceForm(s as string), s).toBeNull();
      expect(fullCanonical(s as string), s).toBe(canonical);
    }
  });

  it('puts up to 16 pairs in key order in place, and leaves more to the full path', () => {
    const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${String.fromCharCode(0x61 + ((i * 7) % 26))}${i}=v${i}`);
    for (const n of [2, 15, 16]) {
      const s = `pkg:npm/a@1?${keys(n).join('&')}`;
      const canonical = `pkg:npm/a@1?${keys(n)
        .sort((a, b) => (a.slice(0, a.indexOf('=')) < b.slice(0, b.indexOf('=')) ? -1 : 1))
        .join('&')}`;
      expect(inPlaceForm(s), s).toBe(canonical);
      expect(fullCanonical(s), s).toBe(canonical);
      expect(inPlaceForm(`${s}#x`), s).toBe(`${canonical}#x`);
    }
    for (const n of [17, 20]) {
      const s = `pkg:npm/a@1?${keys(n).join('&')}`;
      expect(inPlaceForm(s), s).toBeNull();
      expect(fullCanonical(s), s).not.toBe(s);
    }
  });

  it('writes an "@" of the namespace or name as %40, and leaves any other difference to the full path', () => {
    const escaped: [string, string][] = [
      ['pkg:npm/@babel/core', 'pkg:npm/%40babel/core'],
      ['pkg:npm/@babel/core@7.0.0?vcs_url=x&checksum=y#lib', 'pkg:npm/%40babel/core@7.0.0?checksum=y&vcs_url=x#lib'],
      ['pkg:npm/@foo@1.0', 'pkg:npm/%40foo@1.0'],
      ['pkg:npm/foo@1@2', 'pkg:npm/foo%401@2'],
      ['pkg:generic/a@b/c@d/e@1', 'pkg:generic/a%40b/c%40d/e@1'],
    ];
    for (const [s, canonical] of escaped) {
      expect(inPlaceForm(s), s).toBe(canonical);
      expect(fullCanonical(s), s).toBe(canonical);
    }
    for (const s of [
      'pkg:npm/@Babel/core',
      'pkg:npm/@babel/core@',
      'pkg:npm/@babel//core@1',
      'pkg:npm/a@1/@b/c',
      'pkg:cran/@0.9.1',
      'pkg:npm/@babel/core@1%2f',
    ]) {
      expect(inPlaceForm(s) === null || inPlaceForm(s) === fullCanonical(s), s).toBe(true);
    }
  });

  it('lowercases what the type lowercases, when no escape or rule is in the way', () => {
    const lowered: [string, string][] = [
      ['pkg:github/LibreCat/Catmandu-MODS', 'pkg:github/librecat/catmandu-mods'],
      ['pkg:github/Stebalien/Slug-rs@Refs-Tags-0.1.4', 'pkg:github/stebalien/slug-rs@Refs-Tags-0.1.4'],
      ['pkg:github/Stebalien/slug-rs@refs%2Ftags%2F0.1.4', 'pkg:github/stebalien/slug-rs@refs%2Ftags%2F0.1.4'],
      ['pkg:deb/Debian/Curl@1?distro=x&arch=y', 'pkg:deb/debian/curl@1?arch=y&distro=x'],
      ['pkg:oci/Debian@Sha256:AB?tag=Latest', 'pkg:oci/debian@sha256:ab?tag=Latest'],
      ['pkg:composer/@Scope/Name@1', 'pkg:composer/%40scope/name@1'],
    ];
    for (const [s, canonical] of lowered) {
      expect(inPlaceForm(s), s).toBe(canonical);
      expect(fullCanonical(s), s).toBe(canonical);
    }
    for (const s of ['pkg:github/Stebalien/slug%20rs@1', 'pkg:github/A%2Db/c', 'pkg:pypi/Django@1.0', 'pkg:pub/Ab@1', 'pkg:github/a/b%C3%84']) {
      expect(inPlaceForm(s), s).toBeNull();
    }
  });

  it('takes a type that lowercases the version alone (huggingface) when the version holds nothing lowercasing changes', () => {
    for (const s of ['pkg:huggingface/EleutherAI/gpt-neo-1.3B@797174552ae4', 'pkg:huggingface/microsoft/deberta-v3-base', 'pkg:huggingface/A/B@1.0?x=Y']) {
      expect(inPlaceForm(s), s).toBe(s);
      expect(fullCanonical(s), s).toBe(s);
    }
    // Capitals or raw characters in the version: the full path, which writes them otherwise.
    for (const s of ['pkg:huggingface/EleutherAI/gpt-neo@797174552AE4', 'pkg:huggingface/a/b@1.0-RC', 'pkg:huggingface/a/b@1+x']) {
      expect(inPlaceForm(s), s).toBeNull();
      expect(fullCanonical(s), s).not.toBe(s);
    }
    // An escape's hex digits are capitals too: the full path, which finds it canonical.
    expect(inPlaceForm('pkg:huggingface/A/B@1%2F0')).toBeNull();
    expect(fullCanonical('pkg:huggingface/A/B@1%2F0')).toBe('pkg:huggingface/A/B@1%2F0');
  });

  it('escapes printable ASCII written raw in any part', () => {
    const escaped: [string, string][] = [
      ['pkg:deb/debian/libamd2@1:5.12.0+dfsg-2?arch=amd64&distro=debian-12', 'pkg:deb/debian/libamd2@1:5.12.0%2Bdfsg-2?arch=amd64&distro=debian-12'],
      ['pkg:deb/debian/libyajl2@2.1.0-3+deb12u2?distro=debian-12.15&arch=amd64', 'pkg:deb/debian/libyajl2@2.1.0-3%2Bdeb12u2?arch=amd64&distro=debian-12.15'],
      ['pkg:npm/@a/b c+d@1 2#x/y', 'pkg:npm/%40a/b%20c%2Bd@1%202#x/y'],
      ['pkg:generic/a&b=c@1?k=v', 'pkg:generic/a%26b%3Dc@1?k=v'],
      ['pkg:github/A+B/C@1', 'pkg:github/a%2Bb/c@1'],
      // In qualifier values (the "/" of a URL) and the subpath, too.
      ['pkg:deb/debian/a@1+x?arch=a+b', 'pkg:deb/debian/a@1%2Bx?arch=a%2Bb'],
      ['pkg:hex/bar@1.2.3?repository_url=https://myrepo.example.com', 'pkg:hex/bar@1.2.3?repository_url=https:%2F%2Fmyrepo.example.com'],
      [
        'pkg:generic/openssl@1.1.10g?download_url=https://openssl.org/source/openssl-1.1.0g.tar.gz&checksum=sha256:de4d501267da',
        'pkg:generic/openssl@1.1.10g?checksum=sha256:de4d501267da&download_url=https:%2F%2Fopenssl.org%2Fsource%2Fopenssl-1.1.0g.tar.gz',
      ],
      ['pkg:generic/b?vcs_url=git%2Bhttps://git.fsfe.org/b%40cc5', 'pkg:generic/b?vcs_url=git%2Bhttps:%2F%2Fgit.fsfe.org%2Fb%40cc5'],
      ['pkg:cocoapods/GoogleUtilities@7.5.2#NSData+zlib', 'pkg:cocoapods/GoogleUtilities@7.5.2#NSData%2Bzlib'],
      ['pkg:npm/@a/b@1+2?k=x y&a=@#c d/e', 'pkg:npm/%40a/b@1%2B2?a=%40&k=x%20y#c%20d/e'],
    ];
    for (const [s, canonical] of escaped) {
      expect(inPlaceForm(s), s).toBe(canonical);
      expect(fullCanonical(s), s).toBe(canonical);
    }
    for (const s of [
      'pkg:deb/debian/a@1é',
      'pkg:deb/debian/a@1\t',
      'pkg:deb/debian/a@1+x%2f',
      'pkg:npm/a@1?k=é',
      'pkg:npm/a@1?k=a%2fb/c',
      'pkg:npm/a@1#a/./b+c',
    ]) {
      expect(inPlaceForm(s), s).toBeNull();
    }
  });

  it('writes a type spelled with capitals in lowercase, with the rest of the shortcut', () => {
    const lowered: [string, string][] = [
      ['pkg:Nuget/EnterpriseLibrary.Common@6.0.1304', 'pkg:nuget/EnterpriseLibrary.Common@6.0.1304'],
      ['pkg:Maven/net.sf.jacob-project/jacob@1.14.3?classifier=x86&type=dll', 'pkg:maven/net.sf.jacob-project/jacob@1.14.3?classifier=x86&type=dll'],
      ['pkg:GITHUB/Package-url/purl-Spec@1?b=x/y&a=1', 'pkg:github/package-url/purl-spec@1?a=1&b=x%2Fy'],
      ['pkg:NPM/@a/B@1', 'pkg:npm/%40a/B@1'],
    ];
    for (const [s, canonical] of lowered) {
      expect(engine.canonicalize(s), s).toBe(canonical);
      expect(fullCanonical(s), s).toBe(canonical);
      // parse knows the type was not written as building writes it.
      expect(engine.build(engine.parse(s, { lenient: true })), s).toBe(canonical);
    }
  });

  it('never rewrites in place what the full path writes differently: random spellings of the new rewrites', () => {
    // Types in any case, and raw printable ASCII anywhere: the rewrites of a type's capitals and
    // of raw characters in qualifier values and the subpath, against the full path.
    const types = defaultPurlDefinitions().map((definition) => definition.type);
    const cased = fc
      .tuple(fc.constantFrom(...types), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
      .map(([type, caps]) => [...type].map((c, i) => (caps[i % 12] ? c.toUpperCase() : c)).join(''));
    const pieces = ['a', 'B', '1', '.', '-', '_', '/', '@', '+', ' ', '!', '*', '%20', '%2F', '%40', ':', 'é'];
    const part = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((p) => p.join(''));
    const key = fc.constantFrom('arch', 'distro', 'repository_url', 'vcs_url', 'type', 'z', 'Arch', 'TYPE', 'repositorY_url', 'Z', '1a');
    const purl = fc
      .tuple(cased, fc.array(part, { minLength: 1, maxLength: 3 }), fc.option(part), fc.array(fc.tuple(key, part), { maxLength: 3 }), fc.option(part))
      .map(
        ([type, path, version, qualifiers, subpath]) =>
          `pkg:${type}/${path.join('/')}${version === null ? '' : `@${version}`}${qualifiers.length === 0 ? '' : `?${qualifiers.map(([k, v]) => `${k}=${v}`).join('&')}`}${subpath === null ? '' : `#${subpath}`}`,
      );
    fc.assert(
      fc.property(purl, (s) => {
        const form = inPlaceForm(s);
        return (form === null || fullCanonical(s) === form) && answer(engine, s) === answer(slow, s);
      }),
      { numRuns: 20_000 },
    );
  });

  it('never accepts a random string the full path refuses or rewrites', () => {
    // Every bundled type, so that each one's case folding and requirements meet capitals.
    const types = defaultPurlDefinitions().map((definition) => `${definition.type}/`);
    const pieces = [
      'pkg:',
      ...types,
      'a',
      'B',
      'Zq',
      '1',
      '.',
      '-',
      '_',
      '~',
      ':',
      '/',
      '//',
      '@',
      '?',
      '&',
      '=',
      '#',
      '%',
      '%40',
      '%2F',
      '%3A',
      '%41',
      '%c3',
      'checksum',
      'arch',
      'vcs_url',
      'repository_url=',
      'x.azuredatabricks.net',
      '::',
      '..',
      ' ',
      'é',
      '+',
      '!',
      '"',
      '\\',
    ];
    const purl = fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((parts) => `pkg:${parts.join('')}`);
    fc.assert(
      fc.property(purl, (s) => {
        const form = inPlaceForm(s);
        return form === null || fullCanonical(s) === form;
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('the canonical fast path switched off', () => {
  it('changes no answer on the real-world corpus', () => {
    const inputs = corpusInputs();
    expect(inputs.length).toBeGreaterThan(1000);
    const differ = inputs.filter((s) => answer(slow, s) !== answer(engine, s));
    expect(differ.slice(0, 10)).toEqual([]);
    // The two paths really are different paths: the fast one takes inputs the slow one parses.
    expect(inputs.filter((s) => inPlace(s)).length).toBeGreaterThan(inputs.length / 3);
  });

  it("changes no answer on every bundled type's examples with capitals in one part or another", () => {
    // A type may fold the case of its namespace and not of its name (yocto), or the reverse:
    // capitals in each part alone, and in all of them, for every type's examples.
    const variants = (purl: string): string[] => {
      const layout = locateParts(purl);
      if (layout.pathStart === -1) return [];
      const upper = (from: number, to: number) => `${purl.slice(0, from)}${purl.slice(from, to).toUpperCase()}${purl.slice(to)}`;
      const versionEnd = layout.question === -1 ? (layout.hash === -1 ? purl.length : layout.hash) : layout.question;
      const qualifiersEnd = layout.hash === -1 ? purl.length : layout.hash;
      return [
        upper(layout.pathStart, layout.nameStart),
        upper(layout.nameStart, layout.nameEnd),
        upper(layout.nameEnd, versionEnd),
        upper(layout.pathStart, versionEnd),
        // The qualifiers (keys and values) and the subpath, and all from the name on.
        ...(layout.question === -1 ? [] : [upper(layout.question, qualifiersEnd), upper(0, qualifiersEnd)]),
        ...(layout.hash === -1 ? [] : [upper(layout.hash, purl.length), upper(layout.nameStart, purl.length)]),
      ];
    };
    const inputs = defaultPurlDefinitions().flatMap((definition) => (definition.examples ?? []).flatMap(variants));
    expect(inputs.length).toBeGreaterThan(400);
    const differ = inputs.filter((s) => answer(slow, s) !== answer(engine, s)).map((s) => `${s}: ${answer(engine, s)}, not ${answer(slow, s)}`);
    expect(differ).toEqual([]);
    expect(engine.canonicalize('pkg:yocto/S')).toBe('pkg:yocto/S');
    expect(engine.canonicalize('pkg:yocto/Core/S')).toBe('pkg:yocto/core/S');
  });

  it.skipIf(suiteInputs === null)("changes no answer on the conformance suite's inputs", () => {
    const differ = suiteInputs!.filter((s) => answer(slow, s) !== answer(engine, s));
    expect(differ).toEqual([]);
  });
});
