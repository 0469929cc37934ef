/**
 * versFromNative: a range in an ecosystem's own notation, as a canonical VERS. The table says
 * which notation each VERS type reads; the clauses it yields become intervals under the type's
 * version order, and the intervals canonical constraints.
 */
import { MAX_VERS_LENGTH } from '../vers-types.js';
import { requireScheme } from '../parse-vers.js';
import { SCHEMES } from '../schemes/index.js';
import { stringifyVers } from '../stringify-vers.js';
import { lookupTable } from '../table.js';
import { VersError } from '../vers-error.js';
import { clauseSetsToIntervals, type ClauseSet } from './clauses.js';
import { readComparisons } from './comparisons.js';
import { readComposer } from './composer.js';
import { readConan } from './conan.js';
import { readGem } from './gem.js';
import { MAVEN_INTERVALS, NUGET_INTERVALS, readIntervals } from './intervals-notation.js';
import { toConstraints } from './intervals.js';
import { readNginx, readOpenssl } from './listed.js';
import { readPypi } from './pypi.js';
import { CARGO_DIALECT, NPM_DIALECT, readSemverLike } from './semver-like.js';

type NativeReader = (text: string) => ClauseSet[];

const NATIVE: Readonly<Record<string, NativeReader>> = lookupTable<NativeReader>({
  cargo: (text) => readSemverLike(text, CARGO_DIALECT),
  composer: readComposer,
  conan: readConan,
  gem: readGem,
  golang: (text) => readComparisons(text, 'Go'),
  maven: (text) => readIntervals(text, MAVEN_INTERVALS),
  nginx: readNginx,
  npm: (text) => readSemverLike(text, NPM_DIALECT),
  nuget: (text) => readIntervals(text, NUGET_INTERVALS),
  openssl: readOpenssl,
  pypi: readPypi,
});

/**
 * The VERS types {@link versFromNative} reads a native notation for, sorted.
 *
 * @example
 * ```ts
 * import { nativeVersTypes } from 'teapurl/vers';
 * nativeVersTypes(); // ['cargo', 'composer', 'conan', 'gem', 'maven', 'nginx', 'npm', 'nuget', 'openssl', 'pypi']
 * ```
 */
export function nativeVersTypes(): readonly string[] {
  return Object.freeze(Object.keys(NATIVE).sort());
}

/**
 * Converts a range in an ecosystem's native notation to a canonical VERS: npm (node-semver:
 * `^`, `~`, `x`, hyphen ranges, `||`), PyPI (PEP 440 specifiers, `~=`, `===`, `.*`), RubyGems
 * (`~>`), NuGet and Maven interval notation (`[1.0,2.0)`, Maven unions), Conan, OpenSSL and nginx
 * advisory notation, Cargo and Composer. Overlapping and repeated parts are merged, so the result
 * is canonical. A mistake in the notation is a `native-syntax` {@link VersError} whose offset is
 * into `native`; a range no version satisfies is `empty-range`.
 *
 * @example
 * ```ts
 * import { versFromNative } from 'teapurl/vers';
 * versFromNative('npm', '^1.2.3 || >=3.0.0 <3.4.0'); // 'vers:npm/>=1.2.3|<2.0.0|>=3.0.0|<3.4.0'
 * versFromNative('pypi', '~=2.2, !=2.2.3');          // 'vers:pypi/>=2.2|!=2.2.3|<3'
 * versFromNative('maven', '[1.0,2.0),[3.0,)');       // 'vers:maven/>=1.0|<2.0|>=3.0'
 * ```
 */
export function versFromNative(type: string, native: string): string {
  if (typeof type !== 'string' || typeof native !== 'string') throw new VersError('not-a-string', 'the type and the native range are strings', { offset: 0 });
  if (native.length > MAX_VERS_LENGTH) throw new VersError('too-long', `a native range is at most ${MAX_VERS_LENGTH} characters`, { offset: MAX_VERS_LENGTH });
  const read = NATIVE[type];
  if (read === undefined) {
    if (SCHEMES[type] === undefined) requireScheme(type, 0);
    throw new VersError('no-native-notation', `teapurl reads no native range notation for '${type}'; native notations: ${nativeVersTypes().join(', ')}`, {
      offset: 0,
    });
  }
  const scheme = requireScheme(type, 0);
  const intervals = clauseSetsToIntervals(type, scheme, read(native));
  if (intervals.length === 0) throw new VersError('empty-range', `the ${type} range '${native}' matches no version`, { offset: 0 });
  return stringifyVers({ scheme: type, constraints: toConstraints(scheme, intervals) });
}
