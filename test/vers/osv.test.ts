/**
 * Issue 37 item 2: OSV to VERS. Hand-written OSV records (test/fixtures/osv, written from the OSV
 * schema 1.6: 26 affected entries across npm, PyPI, Maven, Go, crates.io, RubyGems, NuGet,
 * Packagist, Debian, Alpine and Ubuntu) with `last_affected`, `limit`, several `introduced`
 * in one range, unsorted events, `versions[]`, `package.purl`, GIT ranges and refusals. Each
 * VERS is checked by what it says as well: the versions OSV's evaluation calls affected are
 * inside, the fixed ones outside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OsvError, osvEcosystems, parseVers, versContains, versFromOsv, type OsvAffected } from '../../src/vers/index.js';
import { TeapurlError } from '../../src/shared/errors.js';
import { ROOT } from '../support/paths.js';

const FOLDER = path.join(ROOT, 'test/fixtures/osv');
const ENTRIES = new Map<string, OsvAffected>();
for (const file of readdirSync(FOLDER).sort()) {
  const record = JSON.parse(readFileSync(path.join(FOLDER, file), 'utf8')) as { affected: OsvAffected[] };
  record.affected.forEach((affected, i) => ENTRIES.set(`${file}#${i}`, affected));
}

/** Entry → [purl, vers, versions inside, versions outside]. */
const READ: Readonly<Record<string, readonly [string, string, readonly string[], readonly string[]]>> = {
  'cargo-rubygems-nuget.json#0': ['pkg:cargo/time', 'vers:cargo/>=0.2.7|<0.2.23', ['0.2.7', '0.2.22'], ['0.2.6', '0.2.23']],
  'cargo-rubygems-nuget.json#1': ['pkg:gem/rails-html-sanitizer', 'vers:gem/<1.4.4', ['1.4.3', '1.0.0'], ['1.4.4']],
  'cargo-rubygems-nuget.json#2': ['pkg:nuget/Newtonsoft.Json', 'vers:nuget/<13.0.1', ['12.0.3', '13.0.0'], ['13.0.1']],
  'distributions.json#0': ['pkg:deb/debian/openssl', 'vers:deb/<1.1.1n-0+deb11u1', ['1.1.1k-1+deb11u1'], ['1.1.1n-0+deb11u1', '1.1.1n-0+deb11u3']],
  'distributions.json#1': ['pkg:apk/alpine/curl', 'vers:apk/<8.4.0-r0', ['8.3.0-r0'], ['8.4.0-r0']],
  'distributions.json#2': ['pkg:deb/ubuntu/libxml2', 'vers:deb/<2.9.13+dfsg-1ubuntu0.3', ['2.9.13+dfsg-1ubuntu0.2'], ['2.9.13+dfsg-1ubuntu0.3']],
  'git.json#1': ['pkg:npm/git-and-versions', 'vers:npm/1.0.0|1.0.1', ['1.0.0', '1.0.1'], ['1.0.2']],
  'go-x-net.json#0': ['pkg:golang/golang.org/x/net', 'vers:golang/<0.17.0', ['0.16.0', 'v0.16.0'], ['0.17.0']],
  'go-x-net.json#1': ['pkg:golang/stdlib', 'vers:golang/<1.20.10|>=1.21.0-0|<1.21.3', ['1.20.9', '1.21.0', '1.21.2'], ['1.20.10', '1.21.3']],
  'maven-log4j.json#0': [
    'pkg:maven/org.apache.logging.log4j/log4j-core',
    'vers:maven/>=2.0-beta9|<2.12.2|>=2.13.0|<2.15.0',
    ['2.0-beta9', '2.12.1', '2.14.1'],
    ['2.12.2', '2.12.4', '2.15.0', '2.0-alpha1'],
  ],
  'maven-log4j.json#1': ['pkg:maven/com.example/widget', 'vers:maven/>=1.0|<=1.4', ['1.4', '1.0'], ['1.4.1', '0.9']],
  'npm-babel-traverse.json#0': [
    'pkg:npm/%40babel/traverse',
    'vers:npm/<7.23.2|>=8.0.0-alpha.0|<8.0.0-alpha.4',
    ['7.23.1', '8.0.0-alpha.3'],
    ['7.23.2', '8.0.0-alpha.4', '8.0.0'],
  ],
  'npm-several.json#0': ['pkg:npm/lodash', 'vers:npm/<4.17.21', ['4.17.20'], ['4.17.21']],
  'npm-several.json#1': ['pkg:npm/minimist', 'vers:npm/<=1.2.5', ['1.2.5'], ['1.2.6']],
  'npm-several.json#2': ['pkg:npm/left-pad', 'vers:npm/>=1.0.0|<2.0.0', ['1.0.0', '1.6.0'], ['0.9.0', '2.0.0']],
  'npm-several.json#3': ['pkg:npm/everything', 'vers:npm/*', ['0.0.1', '99.0.0'], []],
  'npm-several.json#4': ['pkg:npm/express', 'vers:npm/>=4.0.0|<4.19.2', ['4.17.1'], ['4.19.2', '3.21.0']],
  'packagist-guzzle.json#0': ['pkg:composer/guzzlehttp/psr7', 'vers:composer/<1.8.4|>=2.0.0|<2.1.1', ['1.8.3', '2.1.0'], ['1.8.4', '1.9.0', '2.1.1']],
  'pypi-django.json#0': ['pkg:pypi/django', 'vers:pypi/>=3.2|<3.2.15|>=4.0|<4.0.8', ['3.2', '3.2.14', '4.0.7'], ['3.1', '3.2.15', '4.0.8']],
  'pypi-more.json#0': ['pkg:pypi/pillow', 'vers:pypi/<9.0.1', ['9.0.0'], ['9.0.1']],
  'pypi-more.json#1': ['pkg:pypi/zope.interface', 'vers:pypi/>=1.0|<2.0', ['1.0', '1.9'], ['2.0', '0.9']],
  'pypi-more.json#2': ['pkg:pypi/listed-only', 'vers:pypi/0.9|1.0|1.1', ['1.0.0', '0.9'], ['1.0.1']],
};

/** Entry → [code, path]. */
const REFUSED: Readonly<Record<string, readonly [string, string]>> = {
  'git.json#0': ['osv-git-range', 'ranges[0]'],
  'refused.json#0': ['osv-ecosystem', 'package.ecosystem'],
  'refused.json#1': ['osv-invalid-version', 'ranges[0].events[1].fixed'],
  'refused.json#2': ['osv-nothing-affected', 'ranges[0]'],
};

describe('versFromOsv on hand-written OSV records', () => {
  it('covers every entry of the fixtures, at least 20 across at least 6 ecosystems', () => {
    expect([...ENTRIES.keys()].sort()).toEqual([...Object.keys(READ), ...Object.keys(REFUSED)].sort());
    expect(Object.keys(READ).length).toBeGreaterThanOrEqual(20);
    const ecosystems = new Set([...ENTRIES.values()].map((a) => a.package!.ecosystem!.split(':')[0]));
    expect(ecosystems.size).toBeGreaterThanOrEqual(6);
  });

  it.each(Object.entries(READ))('%s', (key, [purl, vers, inside, outside]) => {
    const read = versFromOsv(ENTRIES.get(key)!);
    expect(read.purl).toBe(purl);
    expect(read.vers).toBe(vers);
    expect(parseVers(read.vers, { checkVersions: true }).scheme).toBe(purl.slice(4, purl.indexOf('/')));
    for (const version of inside) expect(versContains(read.vers, version), `${version} in ${read.vers}`).toBe(true);
    for (const version of outside) expect(versContains(read.vers, version), `${version} not in ${read.vers}`).toBe(false);
  });

  it.each(Object.entries(REFUSED))('%s is refused with a code and the place', (key, [code, where]) => {
    let error: unknown;
    try {
      versFromOsv(ENTRIES.get(key)!);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(OsvError);
    expect(error).toBeInstanceOf(TeapurlError);
    expect([(error as OsvError).code, (error as OsvError).path]).toEqual([code, where]);
    expect((error as OsvError).message.startsWith(`${where}: `)).toBe(true);
  });
});

describe('versFromOsv, one rule at a time', () => {
  const npm = (ranges: OsvAffected['ranges'], versions?: string[]): OsvAffected => ({
    package: { ecosystem: 'npm', name: 'x' },
    ranges,
    ...(versions ? { versions } : {}),
  });

  it('keeps each range apart too, and names what it left out', () => {
    const read = versFromOsv(
      npm([
        { type: 'SEMVER', events: [{ introduced: '1.0.0' }, { fixed: '1.1.0' }] },
        { type: 'GIT', repo: 'https://example.com/x.git', events: [{ introduced: 'abc' }] },
        { type: 'ECOSYSTEM', events: [{ introduced: '1.0.5' }, { fixed: '1.3.0' }] },
      ]),
    );
    expect(read.vers).toBe('vers:npm/>=1.0.0|<1.3.0');
    expect(read.ranges).toEqual([
      { index: 0, type: 'SEMVER', vers: 'vers:npm/>=1.0.0|<1.1.0' },
      { index: 2, type: 'ECOSYSTEM', vers: 'vers:npm/>=1.0.5|<1.3.0' },
    ]);
    expect(read.skipped).toEqual(['ranges[1]: a GIT range orders commits, which have no VERS order']);
  });

  it('reads a limit as the end of the range, the highest of several; "*" as none', () => {
    expect(versFromOsv(npm([{ type: 'SEMVER', events: [{ introduced: '0' }, { limit: '2.0.0' }] }])).vers).toBe('vers:npm/<2.0.0');
    expect(versFromOsv(npm([{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { limit: '2.0.0' }, { limit: '3.0.0' }] }])).vers).toBe(
      'vers:npm/>=1.0.0|<3.0.0',
    );
    expect(versFromOsv(npm([{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { limit: '*' }] }])).vers).toBe('vers:npm/>=1.0.0');
  });

  it('adds listed versions to the ranges, and leaves one apart where a range does not hold it', () => {
    expect(versFromOsv(npm([{ type: 'SEMVER', events: [{ introduced: '1.0.0' }, { fixed: '1.2.0' }] }], ['1.1.0', '3.0.0'])).vers).toBe(
      'vers:npm/>=1.0.0|<1.2.0|3.0.0',
    );
  });

  it('builds the PURL of a scoped npm name, a Go module path, a Maven coordinate, and keeps a given purl without its version', () => {
    expect(versFromOsv({ package: { ecosystem: 'npm', name: '@types/node' }, versions: ['1.0.0'] }).purl).toBe('pkg:npm/%40types/node');
    expect(versFromOsv({ package: { ecosystem: 'Go', name: 'github.com/gin-gonic/gin' }, versions: ['v1.9.0'] }).purl).toBe(
      'pkg:golang/github.com/gin-gonic/gin',
    );
    expect(versFromOsv({ package: { ecosystem: 'Maven', name: 'com.fasterxml.jackson.core:jackson-databind' }, versions: ['2.9.10'] }).purl).toBe(
      'pkg:maven/com.fasterxml.jackson.core/jackson-databind',
    );
    expect(versFromOsv({ package: { ecosystem: 'PyPI', name: 'Foo_Bar', purl: 'pkg:pypi/foo-bar@1.0' }, versions: ['1.0'] }).purl).toBe('pkg:pypi/foo-bar');
  });

  it('refuses a range type OSV does not define, a purl of another type, an entry with nothing in it', () => {
    const codeOf = (affected: unknown) => {
      try {
        versFromOsv(affected as OsvAffected);
      } catch (error) {
        return error instanceof OsvError ? [error.code, error.path] : String(error);
      }
      return 'read';
    };
    expect(codeOf(npm([{ type: 'SEMVERISH', events: [{ introduced: '0' }] }]))).toEqual(['osv-range-type', 'ranges[0].type']);
    expect(codeOf({ package: { ecosystem: 'npm', name: 'x', purl: 'pkg:pypi/x' }, versions: ['1.0.0'] })).toEqual(['osv-shape', 'package.purl']);
    expect(codeOf({ package: { ecosystem: 'npm', name: 'x' } })).toEqual(['osv-nothing-affected', '']);
    expect(codeOf(npm([{ type: 'SEMVER', events: [{ introduced: '0', fixed: '1.0.0' }] }]))).toEqual(['osv-shape', 'ranges[0].events[0]']);
    expect(codeOf(null)).toEqual(['osv-shape', '']);
    expect(osvEcosystems()).toContain('crates.io');
  });
});
