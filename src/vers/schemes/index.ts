/**
 * The VERS types teapurl knows, each mapped to the scheme that reads and orders its versions.
 * By the specification's convention a VERS type is the PURL type of the ecosystem; several
 * types share a scheme (SemVer precedence for `semver`, `cargo` and `nginx`). A frozen table
 * with no prototype, so a type named `__proto__` or `toString` is simply unknown.
 */
import { ALPM } from './alpm.js';
import { APK } from './apk.js';
import { COMPOSER } from './composer.js';
import { CONAN } from './conan.js';
import { DATETIME } from './datetime.js';
import { DEB } from './debian.js';
import { GEM } from './gem.js';
import { GENERIC } from './generic.js';
import { GENTOO } from './gentoo.js';
import { INTDOT } from './intdot.js';
import { LEXICOGRAPHIC } from './lexicographic.js';
import { MAVEN } from './maven.js';
import { NUGET } from './nuget.js';
import { OPENSSL } from './openssl.js';
import { PYPI } from './pypi.js';
import { RPM } from './rpm.js';
import type { AnyVersionScheme } from './scheme.js';
import { GOLANG, NPM, SEMVER } from './semver.js';
import { lookupTable } from '../table.js';

export const SCHEMES: Readonly<Record<string, AnyVersionScheme>> = lookupTable<AnyVersionScheme>({
  alpm: ALPM,
  apk: APK,
  cargo: SEMVER,
  composer: COMPOSER,
  conan: CONAN,
  datetime: DATETIME,
  deb: DEB,
  gem: GEM,
  generic: GENERIC,
  gentoo: GENTOO,
  golang: GOLANG,
  intdot: INTDOT,
  lexicographic: LEXICOGRAPHIC,
  maven: MAVEN,
  nginx: SEMVER,
  npm: NPM,
  nuget: NUGET,
  openssl: OPENSSL,
  pypi: PYPI,
  rpm: RPM,
  semver: SEMVER,
});

/** The scheme of a VERS type, or `undefined` for a type teapurl does not know. */
export function schemeOf(type: string): AnyVersionScheme | undefined {
  return SCHEMES[type];
}
