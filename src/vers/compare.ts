/** compareVersions: two versions of one VERS type, ordered by the type's scheme. */
import { readVersion } from './contains.js';
import { requireScheme } from './parse-vers.js';
import { SCHEMES } from './schemes/index.js';
import { VersError } from './vers-error.js';

/**
 * Compares two versions of a VERS type: negative when `a` sorts first, zero when the ecosystem
 * calls them equal (`1.0` and `1.0.0` in PyPI), positive when `b` sorts first. An unknown type or
 * an invalid version is a {@link VersError} (`offset` is into the version; the message says which).
 *
 * @example
 * ```ts
 * import { compareVersions } from 'teapurl/vers';
 * compareVersions('pypi', '1.0.dev1', '1.0a1');   // -1
 * compareVersions('maven', '1.0-SNAPSHOT', '1.0'); // -1
 * compareVersions('deb', '1:0.9', '2.0');          // 1
 * compareVersions('nuget', '1.0', '1.0.0.0');      // 0
 * ```
 */
export function compareVersions(type: string, a: string, b: string): number {
  if (typeof type !== 'string') throw new VersError('not-a-string', 'the VERS type is a string', { offset: 0 });
  const scheme = requireScheme(type, 0);
  return Math.sign(scheme.compare(readVersion(type, scheme, a), readVersion(type, scheme, b)));
}

/**
 * The VERS types teapurl has a version scheme for, sorted.
 *
 * @example
 * ```ts
 * import { versTypes } from 'teapurl/vers';
 * versTypes().includes('maven'); // true
 * ```
 */
export function versTypes(): readonly string[] {
  return Object.freeze(Object.keys(SCHEMES).sort());
}
