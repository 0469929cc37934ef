/**
 * Properties, with fast-check: compareVersions is a total order on generated versions of each
 * scheme (antisymmetric, transitive, equality consistent); versContains agrees with a naive
 * walk of the specification's containment procedure; stringifyVers(parseVers(s)) === s for
 * canonical s.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkVers, compareVersions, parseVers, stringifyVers, versContains, type VersComparator } from '../../src/vers/index.js';

const nat = (max: number) => fc.integer({ min: 0, max });
const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const joined = (parts: fc.Arbitrary<string>, separators: fc.Arbitrary<string>, max = 4) =>
  fc.array(fc.tuple(parts, separators), { minLength: 1, maxLength: max }).map((items) => items.map(([p, s], i) => (i === 0 ? p : s + p)).join(''));

const semverCore = fc.tuple(nat(3), nat(3), nat(12)).map(([a, b, c]) => `${a}.${b}.${c}`);
const preIds = fc.array(fc.oneof(pick('alpha', 'beta', 'rc', 'x-1'), nat(11).map(String)), { minLength: 1, maxLength: 3 }).map((ids) => ids.join('.'));
const semverVersion = fc
  .tuple(semverCore, fc.option(preIds, { nil: undefined }), fc.option(pick('build.1', 'sha.5'), { nil: undefined }))
  .map(([core, pre, build]) => `${core}${pre ? `-${pre}` : ''}${build ? `+${build}` : ''}`);

/** A generator of versions for each scheme, varied enough to reach each ordering rule. */
const VERSIONS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  semver: semverVersion,
  npm: semverVersion,
  cargo: semverVersion,
  nginx: semverCore,
  golang: semverVersion.map((v) => `v${v}`),
  pypi: fc
    .tuple(
      fc.option(nat(2), { nil: undefined }),
      fc.array(nat(3), { minLength: 1, maxLength: 3 }),
      fc.option(fc.tuple(pick('a', 'b', 'rc', 'alpha', 'c'), nat(3)), { nil: undefined }),
      fc.option(nat(3), { nil: undefined }),
      fc.option(nat(3), { nil: undefined }),
      fc.option(pick('abc', '5', 'abc.7', 'ubuntu-1'), { nil: undefined }),
    )
    .map(
      ([epoch, release, pre, post, dev, local]) =>
        `${epoch === undefined ? '' : `${epoch}!`}${release.join('.')}${pre ? `${pre[0]}${pre[1]}` : ''}${post === undefined ? '' : `.post${post}`}${dev === undefined ? '' : `.dev${dev}`}${local ? `+${local}` : ''}`,
    ),
  // ComparableVersion of Maven 3.8 (which the suite pins) is not transitive everywhere: it drops
  // null items (0, ga) before a sub-list (0-1.1 < 0.cr < 0 < 0-1.1), and a qualifier after a dot
  // sorts below a hyphen's sub-list but a release above it (1 < 1.x < 1-m3 < 1), which Maven 3.9
  // changed. The generated versions keep to its ordered part: numbers after dots, qualifiers after
  // hyphens, no null item but at the end.
  maven: fc
    .tuple(
      pick('1', '2', '10'),
      fc.array(
        fc.oneof(
          fc.tuple(pick('.'), pick('1', '2', '10')),
          fc.tuple(pick('-'), pick('1', '2', 'alpha', 'beta', 'milestone', 'rc', 'cr', 'snapshot', 'sp', 'a1', 'b2', 'm3', 'foo', 'x')),
        ),
        { maxLength: 3 },
      ),
      fc.option(pick('.0', '-ga', '-final'), { nil: undefined }),
    )
    .map(([first, rest, tail]) => first + rest.map(([s, p]) => s + p).join('') + (tail ?? '')),
  nuget: fc
    .tuple(fc.array(nat(3), { minLength: 1, maxLength: 4 }), fc.option(preIds, { nil: undefined }), fc.boolean())
    .map(([n, pre, upper]) => `${n.join('.')}${pre ? `-${upper ? pre.toUpperCase() : pre}` : ''}`),
  gem: joined(pick('0', '1', '2', '10', 'a', 'b', 'pre', 'rc'), pick('.')).filter((v) => /^[0-9]/.test(v)),
  deb: fc
    .tuple(
      fc.option(nat(2), { nil: undefined }),
      joined(pick('0', '1', '2', '10', 'a', '~', '~rc1', '+b1'), pick('.', '')),
      fc.option(pick('1', '2', '1ubuntu1', '0~1'), { nil: undefined }),
    )
    .filter(([, v]) => /^[0-9]/.test(v))
    .map(([e, v, r]) => `${e === undefined ? '' : `${e}:`}${v}${r ? `-${r}` : ''}`),
  rpm: fc
    .tuple(
      fc.option(nat(2), { nil: undefined }),
      joined(pick('0', '1', '2', '10', 'a', 'rc', '~rc1', '^git1'), pick('.', '_', '')),
      fc.option(pick('1', '2', '1.el8'), { nil: undefined }),
    )
    .map(([e, v, r]) => `${e === undefined ? '' : `${e}:`}${v}${r ? `-${r}` : ''}`),
  apk: fc
    .tuple(
      fc.array(pick('0', '1', '2', '01', '10'), { minLength: 1, maxLength: 3 }),
      fc.option(pick('a', 'b'), { nil: undefined }),
      fc.array(fc.tuple(pick('alpha', 'beta', 'pre', 'rc', 'p', 'git'), fc.option(nat(3), { nil: undefined })), { maxLength: 2 }),
      fc.option(nat(3), { nil: undefined }),
    )
    .filter(([n]) => !n[0]!.startsWith('0') || n[0] === '0')
    .map(([n, l, s, r]) => `${n.join('.')}${l ?? ''}${s.map(([x, k]) => `_${x}${k ?? ''}`).join('')}${r === undefined ? '' : `-r${r}`}`),
  // pacman's comparison skips the release when one side has none, which is not transitive: every generated version has one.
  alpm: fc
    .tuple(fc.option(nat(2), { nil: undefined }), joined(pick('0', '1', '2', '10', 'a', 'rc', 'b'), pick('.', '_', '')), nat(3))
    .filter(([, v]) => /^[0-9]/.test(v))
    .map(([e, v, r]) => `${e === undefined ? '' : `${e}:`}${v}-${r}`),
  gentoo: fc
    .tuple(
      fc.array(pick('0', '1', '2', '01', '10', '001'), { minLength: 1, maxLength: 3 }),
      fc.option(pick('a', 'b'), { nil: undefined }),
      fc.array(fc.tuple(pick('alpha', 'beta', 'pre', 'rc', 'p'), fc.option(nat(3), { nil: undefined })), { maxLength: 2 }),
      fc.option(nat(3), { nil: undefined }),
    )
    .map(([n, l, s, r]) => `${n.join('.')}${l ?? ''}${s.map(([x, k]) => `_${x}${k ?? ''}`).join('')}${r === undefined ? '' : `-r${r}`}`),
  conan: fc
    .tuple(
      joined(pick('0', '1', '2', '10', 'a', 'b'), pick('.')),
      fc.option(joined(pick('pre', 'pre1', '0', '1', 'alpha'), pick('.')), { nil: undefined }),
      fc.option(pick('b1', 'b2', '0'), { nil: undefined }),
    )
    .map(([v, p, b]) => `${v}${p === undefined ? '' : `-${p}`}${b === undefined ? '' : `+${b}`}`),
  openssl: fc
    .tuple(nat(3), nat(2), nat(3), pick('', 'a', 'b', 'z', 'za', 'zb'), fc.option(fc.tuple(pick('alpha', 'beta', 'pre'), nat(3)), { nil: undefined }))
    .map(([a, b, c, l, p]) => `${a}.${b}.${c}${l}${p ? `-${p[0]}${p[1]}` : ''}`),
  datetime: fc
    .tuple(
      fc.integer({ min: 1999, max: 2001 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
      nat(23),
      nat(59),
      nat(60),
      pick('', '.5', '.50', '.123'),
      pick('Z', '+02:00', '-05:30'),
    )
    .map(
      ([y, mo, d, h, mi, s, f, z]) =>
        `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}${f}${z}`,
    ),
  lexicographic: fc.string({ unit: fc.constantFrom('a', 'B', 'é', '\uffff', '😀', '0', '.'), minLength: 1, maxLength: 4 }),
  generic: joined(pick('0', '1', '2', '10', 'alpha', 'beta', 'rc', 'patch', 'post', 'a', 'b', 'foo'), pick('.', '-', '_', '')).filter((v) =>
    /[0-9a-z]/i.test(v),
  ),
  intdot: fc.array(nat(12), { minLength: 1, maxLength: 4 }).map((n) => n.join('.')),
  composer: fc
    .tuple(
      fc.array(nat(3), { minLength: 1, maxLength: 4 }),
      fc.option(fc.tuple(pick('alpha', 'beta', 'RC', 'a', 'b', 'p', 'patch'), nat(3)), { nil: undefined }),
      fc.boolean(),
    )
    .map(([n, s, dev]) => `${n.join('.')}${s ? `-${s[0]}${s[1]}` : ''}${dev ? '-dev' : ''}`),
};

describe('compareVersions is a total order on generated versions', () => {
  it.each(Object.keys(VERSIONS))('%s', (type) => {
    const v = VERSIONS[type]!;
    fc.assert(
      fc.property(v, v, v, (a, b, c) => {
        const ab = compareVersions(type, a, b);
        expect(compareVersions(type, b, a) + 0).toBe(0 - ab);
        expect(compareVersions(type, a, a)).toBe(0);
        const bc = compareVersions(type, b, c);
        const ac = compareVersions(type, a, c);
        if (ab <= 0 && bc <= 0) expect(ac, `${a} <= ${b} <= ${c}`).toBeLessThanOrEqual(0);
        if (ab === 0) expect(ac, `${a} = ${b} vs ${c}`).toBe(bc);
      }),
      { numRuns: 1000 },
    );
  });
});

const COMPARATORS: readonly VersComparator[] = ['=', '!=', '<', '<=', '>', '>='];

const isLess = (c: VersComparator | undefined) => c === '<' || c === '<=';
const isGreater = (c: VersComparator | undefined) => c === '>' || c === '>=';

/**
 * A canonical VERS over `type`: distinct sorted versions and random comparators, each one the
 * specification's sequence rules refuse after its predecessors replaced by `!=`.
 */
function canonicalVers(type: string) {
  return fc
    .tuple(fc.uniqueArray(VERSIONS[type]!, { minLength: 1, maxLength: 7 }), fc.array(fc.constantFrom(...COMPARATORS), { minLength: 7, maxLength: 7 }))
    .map(([versions, comparators]) => {
      const sorted = [...versions].sort((a, b) => compareVersions(type, a, b)).filter((v, i, all) => i === 0 || compareVersions(type, all[i - 1]!, v) !== 0);
      let lastEqual = false;
      let lastRange: VersComparator | undefined;
      const constraints = sorted.map((version, i) => {
        let comparator = comparators[i]!;
        if (isLess(comparator) && (lastEqual || isLess(lastRange))) comparator = '!=';
        if (isGreater(comparator) && isGreater(lastRange)) comparator = '!=';
        if (comparator !== '!=') lastEqual = comparator === '=';
        if (isLess(comparator) || isGreater(comparator)) lastRange = comparator;
        return { comparator, version };
      });
      return { type, constraints };
    });
}

/** The specification's containment procedure ("How to parse"), step by step, with teapurl's reading of a !=-only VERS. */
function naiveContains(type: string, constraints: readonly { comparator: VersComparator; version: string }[], version: string): boolean {
  const cmp = (a: string, b: string) => compareVersions(type, a, b);
  for (const c of constraints) if (['=', '<=', '>='].includes(c.comparator) && cmp(version, c.version) === 0) return true;
  for (const c of constraints) if (c.comparator === '!=' && cmp(version, c.version) === 0) return false;
  const ranged = constraints.filter((c) => c.comparator !== '=' && c.comparator !== '!=');
  if (constraints.every((c) => c.comparator === '!=')) return true;
  if (ranged.length === 1) {
    const [only] = ranged;
    const c = cmp(version, only!.version);
    return only!.comparator.startsWith('<') ? c < 0 : c > 0;
  }
  for (let i = 0; i + 1 < ranged.length; i++) {
    const current = ranged[i]!;
    const next = ranged[i + 1]!;
    if (i === 0 && current.comparator.startsWith('<') && cmp(version, current.version) < 0) return true;
    if (i + 2 === ranged.length && next.comparator.startsWith('>') && cmp(version, next.version) > 0) return true;
    if (current.comparator.startsWith('>') && next.comparator.startsWith('<') && cmp(version, current.version) > 0 && cmp(version, next.version) < 0)
      return true;
  }
  return false;
}

describe('versContains and the VERS string', () => {
  for (const type of ['npm', 'pypi', 'maven', 'deb', 'lexicographic', 'datetime']) {
    it(`${type}: versContains agrees with a naive walk, and stringify(parse(s)) === s`, () => {
      fc.assert(
        fc.property(canonicalVers(type), fc.array(VERSIONS[type]!, { minLength: 1, maxLength: 6 }), ({ constraints }, tested) => {
          const canonical = stringifyVers({ scheme: type, constraints });
          expect(checkVers(canonical, { checkVersions: true }).ok).toBe(true);
          expect(stringifyVers(parseVers(canonical))).toBe(canonical);
          expect(parseVers(canonical).constraints).toEqual(constraints);
          for (const version of [...tested, ...constraints.map((c) => c.version)]) {
            expect(versContains(canonical, version), `${canonical} ∋ ${version}`).toBe(naiveContains(type, constraints, version));
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
