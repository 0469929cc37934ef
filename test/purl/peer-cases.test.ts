/**
 * Issue 36: where peers' own test data disagreed with teapurl, each case taken from the peer.
 */
import { describe, expect, it } from 'vitest';
import { canonicalizePurl, comparePurls, loadPurlUrls, PackageURL, parsePurl, purlEquals, PurlError, validatePurl } from '../../src/purl/index.js';
import { defaultPurlEngine } from '../../src/purl/index.js';
import { readSuiteCases } from '../../src/purl/test-suite/suite-case.js';
import { runSuiteCase } from '../../src/purl/test-suite/run-case.js';

describe("PackageURL's static tables are read-only (packageurl-js's own test)", () => {
  it.each(['KnownQualifierNames', 'Type', 'Component'] as const)('%s cannot be assigned, nor written into', (name) => {
    const before = PackageURL[name];
    expect(() => {
      // @ts-expect-error Testing runtime immutability.
      PackageURL[name] = { foo: 'bar' };
    }).toThrow(TypeError);
    expect(PackageURL[name]).toBe(before);
    expect(() => {
      (PackageURL[name] as unknown as Record<string, string>).foo = 'bar';
    }).toThrow(TypeError);
    expect((PackageURL[name] as unknown as Record<string, unknown>).foo).toBeUndefined();
    expect(Object.keys(PackageURL)).toContain(name);
  });

  it('KnownQualifierNames still maps as packageurl-js does', () => {
    expect(PackageURL.KnownQualifierNames.RepositoryUrl).toBe('repository_url');
    expect(PackageURL.KnownQualifierNames.Checksum).toBe('checksum');
  });
});

describe('cpan: the namespace (a CPANID) shall be uppercase (the cpan definition)', () => {
  it('pkg:cpan/timb/DBI is refused; pkg:cpan/TIMB/DBI is valid', () => {
    expect(validatePurl('pkg:cpan/timb/DBI').errors).toEqual([
      expect.objectContaining({ component: 'namespace', code: 'rule-violation', message: expect.stringContaining('"TIMB"') }),
    ]);
    expect(() => canonicalizePurl('pkg:cpan/timb/DBI')).toThrow(PurlError);
    expect(validatePurl('pkg:cpan/TIMB/DBI@1.643')).toMatchObject({ valid: true, isCanonical: true });
    expect(parsePurl('pkg:cpan/DROLSKY/DateTime@1.55').namespace).toBe('DROLSKY');
  });
});

describe("pub: the definition's normalization rule (every character outside [a-z0-9] becomes _)", () => {
  it('a name with "-" reads with "_", also in capitals', () => {
    expect(canonicalizePurl('pkg:pub/flutter-test@1.0.0')).toBe('pkg:pub/flutter_test@1.0.0');
    expect(parsePurl('pkg:pub/Foo-Bar@1').name).toBe('foo_bar');
    expect(new PackageURL('pub', null, 'build-runner', '2.4.6').toString()).toBe('pkg:pub/build_runner@2.4.6');
    expect(validatePurl('pkg:pub/flutter-test@1.0.0')).toMatchObject({ valid: true, isCanonical: false, canonical: 'pkg:pub/flutter_test@1.0.0' });
  });
});

describe('"?key" with no "=": how-to-parse splits the pair once on "=", the value is empty, and the pair is discarded', () => {
  it('parse, canonicalize, validate and the PackageURL drop-in read it so, as packageurl-js, packageurl-java and Socket do', () => {
    expect(parsePurl('pkg:npm/foo@1?a').qualifiers).toBeNull();
    expect(parsePurl('pkg:npm/foo@1?a&b=c').qualifiers).toEqual({ b: 'c' });
    expect(canonicalizePurl('pkg:npm/foo@1?a')).toBe('pkg:npm/foo@1');
    expect(PackageURL.fromString('pkg:npm/foo@1?a').toString()).toBe('pkg:npm/foo@1');
    const verdict = validatePurl('pkg:npm/foo@1?b=c&a');
    expect(verdict).toMatchObject({ valid: true, isCanonical: false, canonical: 'pkg:npm/foo@1?b=c' });
  });

  it('the key is still a key: checked, and counted for duplicates', () => {
    expect(() => parsePurl('pkg:npm/foo@1?a b')).toThrow(expect.objectContaining({ code: 'invalid-qualifier-key' }));
    expect(() => parsePurl('pkg:npm/foo@1?a&a=1')).toThrow(expect.objectContaining({ code: 'duplicate-qualifier-key' }));
  });
});

describe('teapurl purl test-suite reads the purl-test 0.1 format (packageurl-dotnet, Socket) as 0.2', () => {
  const document = {
    $schema: 'https://packageurl.org/schemas/purl-test.schema-0.1.json',
    tests: [
      {
        description: 'valid maven purl',
        test_group: 'base',
        test_type: 'roundtrip',
        input: 'pkg:maven/org.apache.commons/io@1.3.4',
        expected_output: 'pkg:maven/org.apache.commons/io@1.3.4',
        expected_failure: false,
        expected_failure_reason: null,
      },
      {
        description: 'uppercase type repaired',
        test_group: 'advanced',
        test_type: 'roundtrip',
        input: 'pkg:MAVEN/org.apache.commons/io@1.3.4',
        expected_output: 'pkg:maven/org.apache.commons/io@1.3.4',
        expected_failure: false,
        expected_failure_reason: null,
      },
      {
        description: 'parse',
        test_group: 'base',
        test_type: 'parse',
        input: 'pkg:npm/%40angular/animation@12.3.1',
        expected_output: { type: 'npm', namespace: '@angular', name: 'animation', version: '12.3.1', qualifiers: null, subpath: null },
        expected_failure: false,
        expected_failure_reason: null,
      },
      {
        description: 'build',
        test_group: 'base',
        test_type: 'build',
        input: { type: 'npm', namespace: null, name: 'foo', version: '1', qualifiers: null, subpath: null },
        expected_output: 'pkg:npm/foo@1',
        expected_failure: false,
        expected_failure_reason: null,
      },
      {
        description: 'a name is required',
        test_group: 'base',
        test_type: 'parse',
        input: 'pkg:maven/@1.3.4',
        expected_output: null,
        expected_failure: true,
        expected_failure_reason: 'no name',
      },
    ],
  };

  it('maps roundtrip to validate, base to required and advanced to recommended, and every case passes', () => {
    const cases = readSuiteCases(document, 'suite-0.1.json');
    expect(cases.map((c) => [c.testType, c.group])).toEqual([
      ['validate', 'required'],
      ['validate', 'recommended'],
      ['parse', 'required'],
      ['build', 'required'],
      ['parse', 'required'],
    ]);
    const engine = defaultPurlEngine();
    expect(cases.map((c) => runSuiteCase(engine, c).passed)).toEqual([true, true, true, true, true]);
  });

  it('names the formats when a case has neither', () => {
    expect(() => readSuiteCases({ tests: [{ ...document.tests[0], test_type: 'roundabout' }] }, 'x.json')).toThrow(
      'must be parse, build or validate (format 0.1: roundtrip)',
    );
    expect(() => readSuiteCases({ tests: [{ ...document.tests[0], test_group: 'basic' }] }, 'x.json')).toThrow('(format 0.1: base or advanced)');
  });
});

describe('PURL equality and order (packageurl-java #17, purl-spec #975)', () => {
  it('purlEquals compares canonical forms, of strings and components alike', () => {
    expect(purlEquals('pkg:NPM/%61@1?b=2&a=1', 'pkg:npm/a@1?a=1&b=2')).toBe(true);
    expect(purlEquals('pkg:pypi/Django_Package@1.0', { type: 'pypi', name: 'django-package', version: '1.0' })).toBe(true);
    expect(purlEquals('pkg:npm/a@1', 'pkg:npm/a@1?x=1')).toBe(false);
    expect(purlEquals('pkg:maven/g/a@1', 'pkg:maven/g/a@1?type=jar')).toBe(false); // a default is not written
    expect(() => purlEquals('pkg:vcpkg/x/y', 'pkg:vcpkg/y')).toThrow(PurlError);
  });

  it('comparePurls is a total order on canonical forms, 0 exactly when equal, part by part', () => {
    const sorted = [
      'pkg:npm/b@1',
      'pkg:npm/a',
      'pkg:NPM/a@2',
      'pkg:cargo/z',
      'pkg:npm/%40s/a@1',
      'pkg:npm/a@1#x',
      'pkg:npm/a@1?z=1',
      'pkg:npm/a@1',
      'pkg:npm/a-b',
    ].sort(comparePurls);
    expect(sorted).toEqual([
      'pkg:cargo/z',
      'pkg:npm/a',
      'pkg:npm/a@1',
      'pkg:npm/a@1#x',
      'pkg:npm/a@1?z=1',
      'pkg:NPM/a@2',
      'pkg:npm/a-b',
      'pkg:npm/b@1',
      'pkg:npm/%40s/a@1',
    ]);
    expect(comparePurls('pkg:npm/a@1', 'pkg:NPM/a@1')).toBe(0);
    const all = sorted;
    for (const x of all) {
      for (const y of all) {
        expect(Math.sign(comparePurls(x, y))).toBe(-Math.sign(comparePurls(y, x)) || 0);
        expect(comparePurls(x, y) === 0).toBe(purlEquals(x, y));
      }
    }
  });

  it('PackageURL#equals: true for the same canonical form, false for another or an invalid PURL', () => {
    const purl = PackageURL.fromString('pkg:maven/org.apache.commons/io@1.3.4');
    expect(purl.equals?.(new PackageURL('MAVEN', 'org.apache.commons', 'io', '1.3.4'))).toBe(true);
    expect(purl.equals?.('pkg:maven/org.apache.commons/io@1.3.4')).toBe(true);
    expect(purl.equals?.('pkg:maven/org.apache.commons/io@1.3.5')).toBe(false);
    expect(purl.equals?.('not a purl')).toBe(false);
    expect(purl.equals?.(null)).toBe(false);
  });
});

describe("huggingface: the site's own pages are not models (a peer read /docs/transformers as one)", () => {
  it('docs and spaces pages read back to nothing; a model page still reads back', async () => {
    const { urlToPurl } = await loadPurlUrls();
    expect(urlToPurl('https://huggingface.co/docs/transformers')).toBeNull();
    expect(urlToPurl('https://huggingface.co/spaces/gradio')).toBeNull();
    expect(urlToPurl('https://huggingface.co/docs/transformers/index')).toBeNull();
    expect(urlToPurl('https://huggingface.co/google-bert/bert-base-uncased')).toBe('pkg:huggingface/google-bert/bert-base-uncased');
    expect(urlToPurl('https://huggingface.co/docsx/model')).toBe('pkg:huggingface/docsx/model');
  });
});
