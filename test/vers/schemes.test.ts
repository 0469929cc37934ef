/**
 * Each scheme against its ecosystem's documented ordering: PEP 440's ordering example, SemVer's
 * precedence example, Debian policy on `~` and epochs, rpmvercmp's `~` and `^` cases, Maven's
 * qualifier order, and the equality each ecosystem defines. Through compareVersions only.
 */
import { describe, expect, it } from 'vitest';
import { compareVersions, parseVers, VersError } from '../../src/vers/index.js';

/** Expects `versions` to be strictly increasing under `type`, pair by pair and across the list. */
function expectAscending(type: string, versions: readonly string[]): void {
  for (let i = 0; i < versions.length; i++) {
    for (let j = 0; j < versions.length; j++) {
      expect(compareVersions(type, versions[i]!, versions[j]!), `${versions[i]} vs ${versions[j]}`).toBe(Math.sign(i - j));
    }
  }
}

function expectEqual(type: string, pairs: readonly [string, string][]): void {
  for (const [a, b] of pairs) expect(compareVersions(type, a, b), `${a} = ${b}`).toBe(0);
}

describe('compareVersions, by ecosystem', () => {
  it('pypi: the ordering example of PEP 440, and normalised equality', () => {
    // PEP 440, "Summary of permitted suffixes and relative ordering".
    expectAscending('pypi', [
      '1.dev0',
      '1.0.dev456',
      '1.0a1',
      '1.0a2.dev456',
      '1.0a12.dev456',
      '1.0a12',
      '1.0b1.dev456',
      '1.0b2',
      '1.0b2.post345.dev456',
      '1.0b2.post345',
      '1.0rc1.dev456',
      '1.0rc1',
      '1.0',
      '1.0+abc.5',
      '1.0+abc.7',
      '1.0+5',
      '1.0.post456.dev34',
      '1.0.post456',
      '1.0.15',
      '1.1.dev1',
    ]);
    expectAscending('pypi', ['2.0', '1!0.1', '1!1.0']);
    expectEqual('pypi', [
      ['1.0', '1.0.0'],
      ['1.0a', '1.0.alpha0'],
      ['1.0-1', '1.0.post1'],
      ['v1.0RC1', '1.0rc1'],
      ['1.0c1', '1.0rc1'],
      ['1.0.dev', '1.0.dev0'],
      ['1.0+ubuntu-1', '1.0+ubuntu.1'],
    ]);
    expect(() => compareVersions('pypi', '1.0foo', '1.0')).toThrow(VersError);
  });

  it('semver, npm, cargo: the precedence example of SemVer 2.0.0 (item 11); build metadata does not count', () => {
    const example = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
      '2.0.0',
      '2.1.0',
      '2.1.1',
    ];
    for (const type of ['semver', 'npm', 'cargo']) expectAscending(type, example);
    expectEqual('semver', [['1.0.0+build.1', '1.0.0+build.2']]);
    expectEqual('npm', [['v1.2.3', '1.2.3']]);
    expect(() => compareVersions('semver', 'v1.2.3', '1.2.3')).toThrow(/leading 'v'/);
    expect(() => compareVersions('semver', '1.02.3', '1.2.3')).toThrow(/leading zero/);
    expect(() => compareVersions('semver', '1.2', '1.2.3')).toThrow(/three numbers/);
  });

  it('golang: a leading v (taken, not required), shorthands, pseudo-versions', () => {
    expectAscending('golang', [
      'v0.0.0-20191109021931-daa7c04131f5',
      'v0.0.1',
      'v1.2.0',
      'v1.2.1-0.20200101000000-abcdefabcdef',
      'v1.2.1',
      'v2.0.0+incompatible',
      'v2.1.0',
    ]);
    expectEqual('golang', [
      ['v1.2', 'v1.2.0'],
      ['v1', 'v1.0.0'],
    ]);
    // Advisories (GitLab's among them) write Go versions with and without the v; both are the same version.
    expectEqual('golang', [
      ['1.2.3', 'v1.2.3'],
      ['1.2', 'v1.2.0'],
    ]);
    expect(parseVers('vers:golang/>=1.0.0').constraints).toEqual([{ comparator: '>=', version: '1.0.0' }]);
    expect(parseVers('vers:golang/>=v1.0.0|<v1.5.3').constraints[0]).toEqual({ comparator: '>=', version: 'v1.0.0' });
    expect(() => compareVersions('golang', 'vv1.2.3', 'v1.2.3')).toThrow(/MAJOR must be a number/);
  });

  it('deb: Debian policy on ~ and epochs', () => {
    // Policy 5.6.12: "~~, ~~a, ~, the empty part, a".
    expectAscending('deb', ['1.0~~', '1.0~~a', '1.0~', '1.0', '1.0a']);
    expectAscending('deb', ['1.0~rc1-1', '1.0-1', '1.0-1ubuntu1', '1.0-2', '1.0.1-1', '2.0', '1:0.1', '2:0.0.1']);
    expectEqual('deb', [
      ['1.0', '1.0-0'],
      ['0:1.0', '1.0'],
      ['1.01', '1.1'],
    ]);
  });

  it("rpm: rpmvercmp's ~ and ^ (rpm's tests/rpmvercmp.at)", () => {
    const cases: [string, string, number][] = [
      ['1.0', '1.0', 0],
      ['1.0', '2.0', -1],
      ['2.0.1', '2.0.1a', -1],
      ['5.5p1', '5.5p2', -1],
      ['5.5p10', '5.5p1', 1],
      ['10xyz', '10.1xyz', -1],
      ['xyz10', 'xyz10.1', -1],
      ['1.0010', '1.9', 1],
      ['a', '1', -1],
      ['1.0~rc1', '1.0', -1],
      ['1.0~rc1', '1.0~rc2', -1],
      ['1.0~rc1~git123', '1.0~rc1', -1],
      ['1.0^', '1.0', 1],
      ['1.0^git1', '1.0', 1],
      ['1.0^git1', '1.01', -1],
      ['1.0^20160101', '1.0.1', -1],
      ['1.0^20160101^git1', '1.0^20160101', 1],
      ['1.0~rc1^git1', '1.0~rc1', 1],
      ['1.0^git1~pre', '1.0^git1', -1],
    ];
    for (const [a, b, expected] of cases) expect(compareVersions('rpm', a, b), `${a} vs ${b}`).toBe(expected);
    expectAscending('rpm', ['1.0-1', '1.0-2', '1:0.5-1']);
  });

  it("maven: ComparableVersion's qualifier order and equalities", () => {
    expectAscending('maven', ['1-alpha-1', '1-beta-1', '1-milestone-1', '1-rc-1', '1-snapshot', '1', '1-sp', '1-abc', '1-1', '1.0.1']);
    expectEqual('maven', [
      ['1', '1.0.0'],
      ['1-ga', '1'],
      ['1-final', '1'],
      ['1cr1', '1-rc-1'],
      ['1a1', '1-alpha-1'],
      ['1.0-RC1', '1.0-rc-1'],
    ]);
  });

  it('nuget: four numbers, case-insensitive labels, metadata ignored', () => {
    expectAscending('nuget', ['1.0.0-alpha', '1.0.0-Beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0', '1.0.0.1', '1.0.1']);
    expectEqual('nuget', [
      ['1.0', '1.0.0.0'],
      ['1.0.0-BETA', '1.0.0-beta'],
      ['1.0.0+abc', '1.0.0'],
    ]);
  });

  it('gem: Gem::Version (a word is a pre-release, trailing zeros drop)', () => {
    expectAscending('gem', ['1.0.a', '1.0.b1', '1.0.rc', '1.0', '1.0.1', '1.1']);
    expectEqual('gem', [
      ['1.0', '1'],
      ['1.0.0', '1'],
      ['1.0.a', '1.a'],
      ['1.0-1', '1.0.pre.1'],
    ]);
  });

  it('apk, alpm, gentoo, conan, openssl, composer', () => {
    expectAscending('apk', ['1.0_alpha1', '1.0_beta', '1.0_rc1', '1.0', '1.0-r1', '1.0_p1', '1.0a', '1.0.1']);
    expectAscending('alpm', ['1.0rc', '1.0', '1.0.a', '1.0.1', '1:0.1']);
    expectEqual('alpm', [
      ['1.5', '1.5-1'],
      ['0:1.0', '1.0'],
    ]);
    expectAscending('gentoo', ['1.0_alpha1', '1.0_beta', '1.0_pre', '1.0_rc1', '1.0', '1.0-r1', '1.0_p1', '1.0a', '1.01', '1.1']);
    expectAscending('conan', ['1.0-alpha', '1.0', '1.0+b1', '1.1', '1.a']);
    expectEqual('conan', [
      ['1', '1.0.0'],
      ['1.0-pre1', '1-pre1'],
    ]);
    expectAscending('openssl', ['0.9.8', '0.9.8a', '0.9.8z', '0.9.8za', '1.0.0-beta1', '1.0.0', '1.0.0a', '3.0.0-alpha1', '3.0.0', '3.0.1']);
    expectAscending('composer', ['1.0.0-dev', '1.0.0-alpha1', '1.0.0-beta2', '1.0.0-RC1', '1.0.0', '1.0.0-p1', '1.0.1']);
    expectEqual('composer', [
      ['v1.0', '1.0.0.0'],
      ['1.0.0-b1', '1.0.0-beta1'],
    ]);
  });

  it('datetime: instants; lexicographic: UTF-8 bytes; generic: libversion; intdot', () => {
    expectEqual('datetime', [
      ['2024-01-01T00:00:00Z', '2023-12-31T19:00:00-05:00'],
      ['2024-01-01T00:00:00.500Z', '2024-01-01T00:00:00.5Z'],
    ]);
    expectAscending('datetime', ['2023-12-31T23:59:60Z', '2024-01-01T00:00:00.001Z', '2024-02-29T00:00:00Z']);
    expect(() => compareVersions('datetime', '2023-02-29T00:00:00Z', '2023-03-01T00:00:00Z')).toThrow(/day out of range/);
    // U+FFFF sorts below U+1F600 in UTF-8, though its UTF-16 unit is higher than the surrogate's.
    expectAscending('lexicographic', ['A', 'a', 'aa', 'é', '\uffff', '😀']);
    // libversion's own example, in ascending order.
    expectAscending('generic', ['1.0alpha1', '1.0beta1', '1.0', '1.0patch1', '1.0.1', '1.0a', '1.0b', '1.1', '1.2']);
    expectEqual('generic', [
      ['1.0alpha1', '1.0a1'],
      ['1.0', '1.0.0'],
      ['1_0', '1.0'],
    ]);
    expectAscending('intdot', ['1', '1.0.1', '1.2', '10.0']);
  });

  it('refuses unknown types and hostile type names without crashing', () => {
    for (const type of ['foo', '__proto__', 'toString', 'constructor', '']) {
      expect(() => compareVersions(type, '1', '2'), type).toThrow(expect.objectContaining({ rule: 'unknown-type' }));
    }
  });
});
