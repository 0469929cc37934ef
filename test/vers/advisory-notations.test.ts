/**
 * Issue 37 item 1: the range notations advisories are written in. GitLab's advisory database
 * writes each affected range in its ecosystem's notation, joining several ranges with `||` and,
 * for gem, npm, golang and conan, the bounds of one range with spaces (`>=4.0.0 <4.1.2`); pypi and
 * packagist (Composer) use commas; maven and nuget interval notation. Composer is read as its
 * VersionParser reads constraints (composer/semver; the cases of getcomposer.org's "Versions and
 * constraints" article), and Go versions keep their `v`. Each case is a fact of the ecosystem's
 * documentation or tool, with what it means for containment where that is the point.
 */
import { describe, expect, it } from 'vitest';
import { nativeVersTypes, versContains, VersError, versFromNative } from '../../src/vers/index.js';

function refusal(run: () => unknown): VersError {
  try {
    run();
  } catch (error) {
    if (error instanceof VersError) return error;
    throw error;
  }
  throw new Error('expected a VersError');
}

describe("GitLab's advisory notation, per ecosystem", () => {
  it.each([
    ['gem', '>=4.0.0 <4.1.2', 'vers:gem/>=4.0.0|<4.1.2'],
    ['gem', '<3.4.1||>=4.3.0 <4.3.1', 'vers:gem/<3.4.1|>=4.3.0|<4.3.1'],
    ['gem', '>=1.10.0a <1.10.1||>=1.11.0a <1.11.2', 'vers:gem/>=1.10.0a|<1.10.1|>=1.11.0a|<1.11.2'],
    ['gem', "'~> 2.2', '!= 2.2.1'", 'vers:gem/>=2.2|!=2.2.1|<3'],
    ['gem', '>= 1.0, < 2.0', 'vers:gem/>=1.0|<2.0'],
    ['pypi', '>=1.0a1,<1.0.5||>=1.1b1,<1.1.1', 'vers:pypi/>=1.0a1|<1.0.5|>=1.1b1|<1.1.1'],
    ['pypi', '>0.11.0,<0.11.7 || >0.12.0,<0.12.6', 'vers:pypi/>0.11.0|<0.11.7|>0.12.0|<0.12.6'],
    ['pypi', '>=1.0 <2.0', 'vers:pypi/>=1.0|<2.0'],
    ['maven', '(,4.3.20),[5.0.0,5.0.16),[5.1.0,5.1.6)', 'vers:maven/<4.3.20|>=5.0.0|<5.0.16|>=5.1.0|<5.1.6'],
    ['maven', '[1.0,1.5)||[2.0,2.1)', 'vers:maven/>=1.0|<1.5|>=2.0|<2.1'],
    ['nuget', '[1.0.0,1.2.3)', 'vers:nuget/>=1.0.0|<1.2.3'],
    ['nuget', '(,4.0.1),[5.0.0,5.0.2)', 'vers:nuget/<4.0.1|>=5.0.0|<5.0.2'],
    ['nuget', '[1.0,2.0)||[3.0,3.1)', 'vers:nuget/>=1.0|<2.0|>=3.0|<3.1'],
    ['npm', '>=1.0.0 <1.2.3 || >=2.0.0 <2.1.0', 'vers:npm/>=1.0.0|<1.2.3|>=2.0.0|<2.1.0'],
    ['golang', '<v1.3.7', 'vers:golang/<v1.3.7'],
    ['golang', '<1.9.8||>=1.10.0 <1.10.4||=1.11.0', 'vers:golang/<1.9.8|>=1.10.0|<1.10.4|1.11.0'],
    [
      'golang',
      '>=v0.0.0-20190308221718-c2843e01d9a2 <v0.0.0-20200622213623-75b288015ac9',
      'vers:golang/>=v0.0.0-20190308221718-c2843e01d9a2|<v0.0.0-20200622213623-75b288015ac9',
    ],
    ['conan', '>=5.1.0 <=5.1.1', 'vers:conan/>=5.1.0|<=5.1.1'],
    ['composer', '>=2.2.0,<2.6.2||>=3.0.0,<3.0.1', 'vers:composer/>=2.2.0|<2.6.2|>=3.0.0|<3.0.1'],
  ])('%s %s', (type, native, vers) => {
    expect(versFromNative(type, native)).toBe(vers);
  });

  it('reads every ecosystem GitLab publishes', () => {
    for (const type of ['gem', 'pypi', 'maven', 'npm', 'nuget', 'golang', 'conan', 'composer']) expect(nativeVersTypes()).toContain(type);
  });

  it('refuses an empty alternative, and a Go version Go itself refuses, at their offsets', () => {
    const empty = refusal(() => versFromNative('pypi', '>=1.0,<1.5||'));
    expect([empty.rule, empty.offset]).toEqual(['native-syntax', 12]);
    const leadingZero = refusal(() => versFromNative('golang', '>=v1.0.0 <v19.03.11'));
    expect([leadingZero.rule, leadingZero.offset]).toEqual(['invalid-version', 10]);
    expect(leadingZero.message).toContain('leading zero');
    expect(refusal(() => versFromNative('golang', '>= <1.0.0')).rule).toBe('native-syntax');
  });
});

describe('Go versions with and without the v', () => {
  it('are the same version, each kept as written', () => {
    expect(versFromNative('golang', '>=1.2.0 <v1.2.5')).toBe('vers:golang/>=1.2.0|<v1.2.5');
    expect(versContains('vers:golang/>=1.2.0|<v1.2.5', 'v1.2.3')).toBe(true);
    expect(versContains('vers:golang/>=1.2.0|<v1.2.5', '1.2.5')).toBe(false);
    expect(versContains('vers:golang/>=v1.0.0', '1.0.0')).toBe(true);
  });
});

describe("Composer constraints, as composer/semver's VersionParser reads them", () => {
  it.each([
    // getcomposer.org, "Versions and constraints": hyphen ranges, wildcards, ~ and ^.
    ['1.0 - 2.0', 'vers:composer/>=1.0.0|<2.1.0'],
    ['1.0.0 - 2.1.0', 'vers:composer/>=1.0.0|<=2.1.0'],
    ['1.0.*', 'vers:composer/>=1.0.0|<1.1.0'],
    ['~1.2', 'vers:composer/>=1.2.0|<2.0.0'],
    ['~1.2.3', 'vers:composer/>=1.2.3|<1.3.0'],
    ['^1.2.3', 'vers:composer/>=1.2.3|<2.0.0'],
    ['^0.3', 'vers:composer/>=0.3.0|<0.4.0'],
    ['^0.0.3', 'vers:composer/>=0.0.3|<0.0.4'],
    ['>=1.0 <1.1 || >=1.2', 'vers:composer/>=1.0.0|<1.1.0|>=1.2.0'],
    // A partial version in a comparison is that version, padded with zeros (VersionParser normalises <=1.2 to <=1.2.0.0).
    ['<=1.2', 'vers:composer/<=1.2.0'],
    ['>1.2', 'vers:composer/>1.2.0'],
    ['1.2', 'vers:composer/1.2.0'],
    ['=3.4', 'vers:composer/3.4.0'],
    // Four-part versions, which Composer normalises every version to.
    ['<2.1.27.10', 'vers:composer/<2.1.27.10'],
    ['>=1.14.4.0,<=1.14.4.4', 'vers:composer/>=1.14.4.0|<=1.14.4.4'],
    ['~1.2.3.4', 'vers:composer/>=1.2.3.4|<1.2.4'],
    ['<>1.5', 'vers:composer/!=1.5.0'],
    ['>=2.0-beta1,<2.0', 'vers:composer/>=2.0-beta1|<2.0.0'],
    // Stability flags and references are the resolver's: dropped.
    ['1.0@beta', 'vers:composer/1.0.0'],
    ['>=1.0 !=1.2.3', 'vers:composer/>=1.0.0|!=1.2.3'],
    ['*', 'vers:composer/*'],
  ])('%s', (native, vers) => {
    expect(versFromNative('composer', native)).toBe(vers);
  });

  it('keeps 1.2.5 outside <=1.2, as Composer does', () => {
    const vers = versFromNative('composer', '<=1.2');
    expect(versContains(vers, '1.2.5')).toBe(false);
    expect(versContains(vers, '1.2.0.0')).toBe(true);
    expect(versContains(vers, '1.2')).toBe(true);
    expect(versContains(versFromNative('composer', '<1.2.27.10'), '1.2.27.9')).toBe(true);
    expect(versContains(versFromNative('composer', '<1.2.27.10'), '1.2.27.10')).toBe(false);
  });

  it('refuses what Composer refuses, at its offset', () => {
    const date = refusal(() => versFromNative('composer', '>=1.0,<2020-09-14'));
    expect(date.rule).toBe('invalid-version');
    expect(date.offset).toBe(7);
    expect(refusal(() => versFromNative('composer', '>=1.0 || || <2.0')).rule).toBe('native-syntax');
    expect(refusal(() => versFromNative('composer', '~')).rule).toBe('native-syntax');
  });
});
