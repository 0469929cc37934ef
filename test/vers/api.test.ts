/**
 * teapurl/vers's public functions: strict parsing (each rule a VersError with its offset and
 * constraint), writing and normalising, containment, native notations, and hostile input.
 */
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import {
  checkVers,
  compileVers,
  MAX_VERS_LENGTH,
  nativeVersTypes,
  normalizeVers,
  sortVers,
  parseVers,
  stringifyVers,
  versContains,
  VersError,
  versFromNative,
  versTypes,
  type VersRule,
} from '../../src/vers/index.js';

function refusal(run: () => unknown): VersError {
  try {
    run();
  } catch (error) {
    if (error instanceof VersError) return error;
    throw error;
  }
  throw new Error('expected a VersError');
}

describe('parseVers', () => {
  it('reads a canonical VERS into its type and constraints, decoding versions once', () => {
    expect(parseVers('vers:npm/1.2.3|>=2.0.0|<5.0.0')).toEqual({
      scheme: 'npm',
      constraints: [
        { comparator: '=', version: '1.2.3' },
        { comparator: '>=', version: '2.0.0' },
        { comparator: '<', version: '5.0.0' },
      ],
    });
    expect(parseVers('vers:deb/*')).toEqual({ scheme: 'deb', constraints: [{ comparator: '*', version: '' }] });
    expect(parseVers('vers:lexicographic/caf%C3%A9%7C1')).toEqual({ scheme: 'lexicographic', constraints: [{ comparator: '=', version: 'café|1' }] });
  });

  const cases: [string, VersRule, number, number | undefined][] = [
    ['vers:npm/>=1.0.0| <2.0.0', 'whitespace', 17, undefined],
    ['vers:npm/>=1.0.0|\t<2.0.0', 'whitespace', 17, undefined],
    ['vers:npm/1.0.0\u0000', 'character', 14, undefined],
    ['vers:npm/caf\u00e9', 'character', 12, undefined],
    ['npm/1.0.0', 'scheme', 0, undefined],
    ['VERS:npm/1.0.0', 'scheme-case', 0, undefined],
    ['vers:NPM/1.0.0', 'type-case', 5, undefined],
    ['vers:npm', 'type', 8, undefined],
    ['vers:/1.0.0', 'type', 5, undefined],
    ['vers:1npm/1.0.0', 'type', 5, undefined],
    ['vers:n%70m/1.0.0', 'type', 6, undefined],
    ['vers:npm/', 'empty-constraints', 9, undefined],
    ['vers:npm/|>=1.0.0', 'leading-pipe', 9, undefined],
    ['vers:npm/>=1.0.0|', 'trailing-pipe', 16, undefined],
    ['vers:npm/>=1.0.0||<2.0.0', 'consecutive-pipes', 17, undefined],
    ['vers:npm/*|1.0.0', 'star', 9, 1],
    ['vers:npm/>=*', 'star', 9, 1],
    ['vers:npm/>=1.0.0|<', 'empty-version', 17, 2],
    ['vers:npm/=1.0.0', 'unencoded-character', 9, 1],
    ['vers:npm/>>1.0.0', 'unencoded-character', 10, 1],
    ['vers:npm/1.0%2G0', 'percent-encoding', 12, 1],
    ['vers:npm/1.0%2f0', 'percent-not-canonical', 12, 1],
    ['vers:npm/1.0%2E0', 'percent-not-canonical', 12, 1],
    ['vers:lexicographic/%C3', 'percent-encoding', 19, 1],
    ['vers:foo/1.0', 'unknown-type', 5, undefined],
    ['vers:npm/1.0.0|x', 'invalid-version', 15, 2],
    ['vers:npm/>=2.0.0|<1.0.0', 'unsorted', 17, 2],
    ['vers:npm/1.0.0|1.0.0', 'duplicate-version', 15, 2],
    ['vers:pypi/1.0|1.0.0', 'duplicate-version', 14, 2],
    ['vers:npm/1.0.0|<2.0.0', 'comparator-sequence', 15, 2],
    ['vers:npm/<1.0.0|<2.0.0', 'comparator-sequence', 16, 2],
    ['vers:npm/>1.0.0|>=2.0.0', 'comparator-sequence', 16, 2],
    ['vers:datetime/2024-01-01t00:00:00z', 'non-canonical-version', 24, 1],
  ];
  it.each(cases)('%s breaks %s at offset %i', (input, rule, offset, constraint) => {
    const error = refusal(() => parseVers(input));
    expect({ rule: error.rule, offset: error.offset, constraint: error.constraint }).toEqual({ rule, offset, constraint });
    expect(error.message).toMatch(/\(at offset \d+\)$|\(in constraint \d+ at offset \d+\)$/);
    expect(checkVers(input)).toEqual({ ok: false, error });
  });

  it('checks a lone version only for its spelling unless asked to check versions (as "How to parse" does)', () => {
    expect(parseVers('vers:npm/1.0%252F0').constraints[0]!.version).toBe('1.0%2F0');
    expect(refusal(() => parseVers('vers:npm/1.0%252F0', { checkVersions: true })).rule).toBe('invalid-version');
    expect(checkVers('vers:npm/>=1.0.0|<2.0.0', { checkVersions: true })).toMatchObject({ ok: true });
  });

  it('refuses hostile input with one VersError and no crash', () => {
    expect(refusal(() => parseVers(`vers:npm/${'1'.repeat(MAX_VERS_LENGTH)}`)).rule).toBe('too-long');
    expect(refusal(() => parseVers(`vers:npm/${'9'.repeat(300)}`, { checkVersions: true })).rule).toBe('too-long');
    expect(refusal(() => parseVers(null as unknown as string)).rule).toBe('not-a-string');
    for (const type of ['__proto__', 'toString', 'constructor', 'hasOwnProperty'])
      expect(refusal(() => parseVers(`vers:${type.toLowerCase()}/1.0`)).rule, type).not.toBe(undefined);
    expect(refusal(() => parseVers('vers:npm/1.0.0\u202e')).rule).toBe('character');
    // Long runs that a backtracking pattern would choke on are read in linear time.
    const started = Date.now();
    for (const text of [
      `vers:npm/${'1.'.repeat(30_000)}`,
      `vers:pypi/1${'.0'.repeat(30_000)}a`,
      `vers:maven/${'1-'.repeat(30_000)}`,
      `vers:npm/${'|'.repeat(60_000)}`,
    ]) {
      expect(checkVers(text).ok).toBe(false);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reads a many-constraint VERS', () => {
    const versions = Array.from({ length: 2000 }, (_, i) => `1.0.${i}`);
    expect(parseVers(`vers:npm/${versions.join('|')}`).constraints).toHaveLength(2000);
  });
});

describe('stringifyVers and normalizeVers', () => {
  it('writes a parsed VERS back, percent-encoding versions canonically', () => {
    for (const text of ['vers:npm/1.2.3|>=2.0.0|<5.0.0', 'vers:pypi/*', 'vers:lexicographic/a%25b%3Cc%20d%C3%A9', 'vers:gem/>=2.2.0|!=2.2.1|<2.3.0']) {
      expect(stringifyVers(parseVers(text))).toBe(text);
    }
    expect(stringifyVers({ scheme: 'pypi', constraints: [{ comparator: '!=', version: '1!2.0' }] })).toBe('vers:pypi/!=1%212.0');
  });

  it('refuses to write a non-canonical list, as parseVers would', () => {
    expect(
      refusal(() =>
        stringifyVers({
          scheme: 'npm',
          constraints: [
            { comparator: '<', version: '2.0.0' },
            { comparator: '>=', version: '1.0.0' },
          ],
        }),
      ).rule,
    ).toBe('unsorted');
    expect(refusal(() => stringifyVers({ scheme: 'npm', constraints: [] })).rule).toBe('empty-constraints');
    expect(refusal(() => stringifyVers({ scheme: 'npm', constraints: [{ comparator: '==' as '=', version: '1.0.0' }] })).rule).toBe('not-a-string');
    expect(
      refusal(() =>
        stringifyVers({
          scheme: 'npm',
          constraints: [
            { comparator: '*', version: '' },
            { comparator: '=', version: '1.0.0' },
          ],
        }),
      ).rule,
    ).toBe('star');
  });

  it('sorts (stably), lowercases, repairs percent-encoding and drops repeated and redundant constraints', () => {
    expect(normalizeVers('vers:pypi/0.0.2|0.0.6|>=0.0.0|0.0.1')).toBe('vers:pypi/>=0.0.0');
    expect(sortVers('vers:pypi/0.0.2|0.0.6|>=0.0.0|0.0.1')).toBe('vers:pypi/>=0.0.0|0.0.1|0.0.2|0.0.6');
    expect(normalizeVers('VERS:NPM/=1.0%2e0|>=2.0.0')).toBe('vers:npm/1.0.0|>=2.0.0');
    expect(normalizeVers('VERS:NPM/=1.0%2e0|<2.0.0')).toBe('vers:npm/<2.0.0');
    expect(sortVers('vers:pypi/>=0.0.1|>=0.0.1|<1')).toBe('vers:pypi/>=0.0.1|>=0.0.1|<1');
    expect(normalizeVers('vers:pypi/>=0.0.1|>=0.0.1|<1')).toBe('vers:pypi/>=0.0.1|<1');
    expect(normalizeVers('vers:npm/>=1.0.0|>=3.0.0')).toBe('vers:npm/>=1.0.0');
    expect(normalizeVers('vers:pypi/>0.0.0|>=0.0.1|0.0.2|<0.0.3|0.0.4|<0.0.5|>=0.0.6', { simplify: true })).toBe('vers:pypi/>0.0.0|<0.0.5|>=0.0.6');
    expect(
      normalizeVers({
        scheme: 'npm',
        constraints: [
          { comparator: '<', version: '2.0.0' },
          { comparator: '>=', version: '1.0.0' },
        ],
      }),
    ).toBe('vers:npm/>=1.0.0|<2.0.0');
    const twice = refusal(() => normalizeVers('vers:npm/1.0.0|!=1.0.0'));
    expect(twice.rule).toBe('duplicate-version');
    expect(twice.message).toContain("keep one constraint for it (for instance '1.0.0' or '!=1.0.0')");
  });

  it('with { simplify: false }, refuses what needs a constraint dropped, suggesting the simplified VERS', () => {
    expect(normalizeVers('vers:npm/<2.0.0|>=1.0.0', { simplify: false })).toBe('vers:npm/>=1.0.0|<2.0.0');
    const redundant = refusal(() => normalizeVers('vers:npm/>=3.0.0|>=1.0.0', { simplify: false }));
    expect(redundant.rule).toBe('comparator-sequence');
    expect(redundant.message).toContain("simplified, it is 'vers:npm/>=1.0.0'");
    const repeated = refusal(() => normalizeVers('vers:pypi/>=0.0.1|>=0.0.1|<1', { simplify: false }));
    expect(repeated.rule).toBe('duplicate-version');
    expect(repeated.message).toContain("simplified, it is 'vers:pypi/>=0.0.1|<1'");
    expect(refusal(() => normalizeVers('vers:npm/1.0.0| 2.0.0')).rule).toBe('whitespace');
  });
});

describe('versContains and compileVers', () => {
  it('follows the intervals of a VERS', () => {
    const range = compileVers('vers:npm/1.2.3|>=2.0.0|<5.0.0');
    const expected: [string, boolean][] = [
      ['1.2.3', true],
      ['1.2.4', false],
      ['2.0.0', true],
      ['4.9.9', true],
      ['5.0.0', false],
      ['0.1.0', false],
      ['5.0.0-rc.1', true],
    ];
    for (const [version, inside] of expected) expect(range.contains(version), version).toBe(inside);
    expect(versContains('vers:pypi/!=0.5|<=1.0|>=2.0', '0.5')).toBe(false);
    expect(versContains('vers:pypi/!=0.5|<=1.0|>=2.0', '0.6')).toBe(true);
    expect(versContains('vers:pypi/!=0.5|<=1.0|>=2.0', '1.5')).toBe(false);
    expect(versContains('vers:pypi/>1.0|<2.0', '1.0')).toBe(false);
    expect(versContains('vers:pypi/>1.0|<2.0', '1.0.post1')).toBe(true);
    expect(versContains('vers:deb/*', '1:2.3-1')).toBe(true);
    expect(versContains('vers:maven/>=1.0|<2.0', '2.0-SNAPSHOT')).toBe(true);
    expect(versContains('vers:maven/>=1.0|<2.0', '2.0.0')).toBe(false);
  });

  it('reads a VERS of != constraints only as every version but those', () => {
    expect(versContains('vers:pypi/!=1.0', '1.0')).toBe(false);
    expect(versContains('vers:pypi/!=1.0|!=1.5', '1.2')).toBe(true);
    expect(versContains('vers:pypi/1.0|!=1.5', '1.2')).toBe(false);
  });

  it('refuses an invalid tested version with an offset into it', () => {
    const error = refusal(() => versContains('vers:npm/>=1.0.0', '1.0.x'));
    expect(error).toMatchObject({ rule: 'invalid-version', offset: 4 });
    expect(refusal(() => compileVers('vers:npm/foo')).rule).toBe('invalid-version');
  });
});

describe('versFromNative', () => {
  const cases: [string, string, string][] = [
    ['npm', '^1.2.3 || >=3.0.0 <3.4.0', 'vers:npm/>=1.2.3|<2.0.0|>=3.0.0|<3.4.0'],
    ['npm', '~1.2', 'vers:npm/>=1.2.0|<1.3.0'],
    ['npm', '^0.0.3', 'vers:npm/>=0.0.3|<0.0.4'],
    ['npm', '1.2.3 - 2.3', 'vers:npm/>=1.2.3|<2.4.0'],
    ['npm', '>=v2.0.0-alpha8', 'vers:npm/>=2.0.0-alpha8'],
    ['npm', '*', 'vers:npm/*'],
    ['npm', '<1.0.0 || >1.0.0', 'vers:npm/!=1.0.0'],
    ['pypi', '~=2.2, !=2.2.3', 'vers:pypi/>=2.2|!=2.2.3|<3'],
    ['pypi', '~=1.4.5', 'vers:pypi/>=1.4.5|<1.5'],
    ['pypi', '==1.2.*', 'vers:pypi/>=1.2|<1.3'],
    ['pypi', '!=1.2.*', 'vers:pypi/<1.2|>=1.3'],
    ['pypi', '===1.0+local', 'vers:pypi/1.0+local'],
    ['gem', '~> 2.2.0, != 2.2.1', 'vers:gem/>=2.2.0|!=2.2.1|<2.3'],
    ['gem', '~> 2', 'vers:gem/>=2|<3'],
    ['nuget', '1.0', 'vers:nuget/>=1.0'],
    ['nuget', '(1.0,2.0]', 'vers:nuget/>1.0|<=2.0'],
    ['nuget', '[1.0]', 'vers:nuget/1.0'],
    ['maven', '[1.0,2.0),[3.0,)', 'vers:maven/>=1.0|<2.0|>=3.0'],
    ['maven', '(,1.1),(1.1,)', 'vers:maven/!=1.1'],
    ['conan', '[>1 <2.0 || ^3.2, include_prerelease]', 'vers:conan/>1|<2.0|>=3.2|<4-'],
    ['cargo', '1.2.3', 'vers:cargo/>=1.2.3|<2.0.0'],
    ['cargo', '>=1.2, <1.5', 'vers:cargo/>=1.2.0|<1.5.0'],
    ['cargo', '=1.2', 'vers:cargo/>=1.2.0|<1.3.0'],
    ['composer', '~1.2 || ^3.0', 'vers:composer/>=1.2.0|<2.0.0|>=3.0.0|<4.0.0'],
    ['composer', '>=1.0,<1.5 !=1.2.3', 'vers:composer/>=1.0.0|!=1.2.3|<1.5.0'],
    ['openssl', '3.0.1, 0.9.7a', 'vers:openssl/0.9.7a|3.0.1'],
    ['nginx', '1.21.0+', 'vers:nginx/>=1.21.0'],
    ['nginx', 'all', 'vers:nginx/*'],
  ];
  it.each(cases)('%s %s', (type, native, expected) => {
    expect(versFromNative(type, native)).toBe(expected);
  });

  it('refuses mistakes with their offset in the native text', () => {
    expect(refusal(() => versFromNative('npm', '>=1.2.3 <1.2.x.y'))).toMatchObject({ rule: 'native-syntax', offset: 14 });
    expect(refusal(() => versFromNative('npm', '>2.0.0 <1.0.0')).rule).toBe('empty-range');
    expect(refusal(() => versFromNative('nginx', 'none')).rule).toBe('empty-range');
    expect(refusal(() => versFromNative('deb', '>= 1.0')).rule).toBe('no-native-notation');
    expect(refusal(() => versFromNative('__proto__', '1.0')).rule).toBe('unknown-type');
    expect(refusal(() => versFromNative('pypi', '==1.0foo')).rule).toBe('invalid-version');
    expect(refusal(() => versFromNative('pypi', Array.from({ length: 12 }, (_, i) => `!=${i}.*`).join(','))).rule).toBe('native-syntax');
    expect(nativeVersTypes().every((type) => versTypes().includes(type))).toBe(true);
  });

  it('agrees with node-semver satisfies on npm ranges for release versions', () => {
    const ranges = ['^1.2.3', '~1.2.3', '1.x', '>=1.2 <2', '1.2.3 - 2.3', '^0.2.3 || ^1.0.0', '<=1.2', '>1', '~0', '^0.0.1', '>=0.5.0 <1.0.0 || >=2.0.0'];
    const versions = [
      '0.0.1',
      '0.0.2',
      '0.2.3',
      '0.2.9',
      '0.3.0',
      '0.5.0',
      '0.9.9',
      '1.0.0',
      '1.2.2',
      '1.2.3',
      '1.2.9',
      '1.3.0',
      '1.9.9',
      '2.0.0',
      '2.3.9',
      '2.4.0',
      '3.0.0',
    ];
    for (const range of ranges) {
      const compiled = compileVers(versFromNative('npm', range));
      for (const version of versions) expect(compiled.contains(version), `${range} ∋ ${version}`).toBe(semver.satisfies(version, range));
    }
  });
});
