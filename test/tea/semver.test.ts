import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareSemVer, compareApiVersions, parseSemVer } from '../../src/shared/semver.js';

describe('parseSemVer', () => {
  it('reads every part', () => {
    expect(parseSemVer('1.2.3-beta.2.x-y+exp.sha.5114f85')).toEqual({
      major: 1,
      minor: 2,
      patch: 3,
      prerelease: ['beta', 2, 'x-y'],
      build: ['exp', 'sha', '5114f85'],
      raw: '1.2.3-beta.2.x-y+exp.sha.5114f85',
    });
  });

  it.each([
    '1.0',
    'v1.0.0',
    '01.0.0',
    '1.0.0-01',
    '1.0.0-',
    '1.0.0+',
    '1.0.0-a..b',
    ' 1.0.0',
    '1.0.0 ',
    '',
    '99999999999999999999.0.0',
    '1.0.0-99999999999999999999',
  ])('refuses %j', (text) => expect(parseSemVer(text)).toBeNull());

  it('keeps a numeric-looking identifier with letters alphanumeric', () => {
    expect(parseSemVer('1.0.0-0a.1')!.prerelease).toEqual(['0a', 1]);
  });
});

describe('SemVer 2.0.0 precedence (item 11)', () => {
  // The example chain of semver.org item 11.4, in ascending order.
  const chain = [
    '1.0.0-alpha',
    '1.0.0-alpha.1',
    '1.0.0-alpha.beta',
    '1.0.0-beta',
    '1.0.0-beta.2',
    '1.0.0-beta.11',
    '1.0.0-rc.1',
    '1.0.0',
    '1.0.1',
    '1.1.0',
    '2.0.0',
  ];

  it('orders the semver.org example chain', () => {
    const shuffled = [...chain].reverse();
    expect(shuffled.sort(compareApiVersions)).toEqual(chain);
  });

  it.each([
    ['1.0.0-rc.1', '1.0.0', -1, 'a prerelease is lower than its release'],
    ['1.0.0-2', '1.0.0-10', -1, 'numeric identifiers compare as numbers'],
    ['1.0.0-10', '1.0.0-a', -1, 'numeric identifiers are lower than alphanumeric ones'],
    ['1.0.0-B', '1.0.0-a', -1, 'alphanumeric identifiers compare in ASCII order'],
    ['1.0.0-a.b', '1.0.0-a', 1, 'more identifiers win when the shared ones are equal'],
    ['1.0.0+build.1', '1.0.0+build.2', 0, 'build metadata is ignored'],
    ['1.0.0-rc.1+x', '1.0.0-rc.1', 0, 'build metadata is ignored on prereleases'],
    ['2.0.0', '10.0.0', -1, 'major versions compare as numbers'],
  ])('%s vs %s is %i: %s', (a, b, expected) => {
    expect(compareApiVersions(a, b)).toBe(expected);
    expect(compareApiVersions(b, a)).toBe(-expected || 0);
  });

  it('throws an InvalidArgumentError naming a string that is not a version', () => {
    expect(() => compareApiVersions('1.0', '1.0.0')).toThrow(/"1.0" is not a semantic version/);
  });

  const version = fc
    .tuple(
      fc.nat({ max: 3 }),
      fc.nat({ max: 3 }),
      fc.nat({ max: 3 }),
      fc.array(fc.oneof(fc.nat({ max: 12 }), fc.constantFrom('alpha', 'beta', 'rc', 'A', 'x-1')), { maxLength: 3 }),
      fc.array(fc.constantFrom('b1', '001', 'sha'), { maxLength: 2 }),
    )
    .map(([ma, mi, pa, pre, build]) => `${ma}.${mi}.${pa}${pre.length ? `-${pre.join('.')}` : ''}${build.length ? `+${build.join('.')}` : ''}`);

  it('is a total order: antisymmetric and transitive', () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const [pa, pb, pc] = [a, b, c].map((v) => parseSemVer(v)!) as [
          NonNullable<ReturnType<typeof parseSemVer>>,
          NonNullable<ReturnType<typeof parseSemVer>>,
          NonNullable<ReturnType<typeof parseSemVer>>,
        ];
        expect(Math.sign(compareSemVer(pa, pb))).toBe(-Math.sign(compareSemVer(pb, pa)) || 0);
        if (compareSemVer(pa, pb) <= 0 && compareSemVer(pb, pc) <= 0) expect(compareSemVer(pa, pc)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 3000 },
    );
  });
});
