/**
 * PURL equality and ordering, on canonical forms: two PURLs are equal when they have the same
 * canonical form, and are ordered by the parts of that form, compared one after the other.
 */
import { defaultPurlEngine } from './default-engine.js';
import type { PurlEngine } from './engine/purl-engine.js';
import type { PurlComponentsInput } from './purl-components.js';

/**
 * A PURL string, or components (a parsed PURL, a packageurl-js or teapurl `PackageURL`).
 *
 * @example
 * ```ts
 * import { purlEquals, type PurlLike } from 'teapurl/purl';
 * const either: PurlLike[] = ['pkg:npm/left-pad@1.3.0', { type: 'npm', name: 'left-pad', version: '1.3.0' }];
 * purlEquals(either[0]!, either[1]!); // true
 * ```
 */
export type PurlLike = string | PurlComponentsInput;

/** The canonical form of `purl`: a string canonicalised (leniently, as `canonicalize` reads), components built. */
function canonicalOf(purl: PurlLike, engine: PurlEngine): string {
  return typeof purl === 'string' ? engine.canonicalize(purl) : engine.build(purl);
}

/**
 * Whether two PURLs name the same thing: their canonical forms are equal. Spelling aside (case a
 * type ignores, percent-encoding, qualifier order, `pkg://`), `pkg:NPM/%61@1?b=2&a=1` and
 * `pkg:npm/a@1?a=1&b=2` are equal; a qualifier more or less, or another version, is another
 * PURL. Qualifiers are compared as written: an omitted one is not equal to its `default_value`.
 *
 * @throws {@link PurlError} when either is not a valid PURL: there is no canonical form to compare.
 * @example
 * ```ts
 * import { purlEquals } from 'teapurl/purl';
 * purlEquals('pkg:PyPI/Django_Package@1.0', 'pkg:pypi/django-package@1.0'); // true
 * purlEquals('pkg:npm/left-pad@1.3.0', { type: 'npm', name: 'left-pad', version: '1.3.0' }); // true
 * purlEquals('pkg:npm/left-pad@1.3.0', 'pkg:npm/left-pad@1.3.1'); // false
 * ```
 */
export function purlEquals(a: PurlLike, b: PurlLike, engine: PurlEngine = defaultPurlEngine()): boolean {
  return canonicalOf(a, engine) === canonicalOf(b, engine);
}

/** The six parts of a canonical PURL string, still encoded; `null` for an absent one. */
function partsOf(canonical: string): (string | null)[] {
  const hash = canonical.indexOf('#');
  const beforeHash = hash === -1 ? canonical : canonical.slice(0, hash);
  const query = beforeHash.indexOf('?');
  const path = query === -1 ? beforeHash : beforeHash.slice(0, query);
  // A canonical form encodes every "@" but the version separator, and every "?" and "#" but theirs.
  const at = path.indexOf('@');
  const coordinates = (at === -1 ? path : path.slice(0, at)).slice('pkg:'.length);
  const firstSlash = coordinates.indexOf('/');
  const lastSlash = coordinates.lastIndexOf('/');
  return [
    coordinates.slice(0, firstSlash),
    lastSlash === firstSlash ? null : coordinates.slice(firstSlash + 1, lastSlash),
    coordinates.slice(lastSlash + 1),
    at === -1 ? null : path.slice(at + 1),
    query === -1 ? null : beforeHash.slice(query + 1),
    hash === -1 ? null : canonical.slice(hash + 1),
  ];
}

/**
 * A total order on PURLs, for sorting: by canonical form, compared part by part (type, namespace,
 * name, version, qualifiers, subpath), each as the canonical form writes it (percent-encoded, by
 * UTF-16 code unit); an absent part sorts before any present one. It returns 0 exactly when
 * {@link purlEquals} is true, so it sorts equal PURLs together and versions of one package next
 * to each other. Versions compare as text (`10.0` before `9.0`): the order of an ecosystem's
 * versions is VERS's work (`teapurl/vers`).
 *
 * @throws {@link PurlError} when either is not a valid PURL.
 * @example
 * ```ts
 * import { comparePurls } from 'teapurl/purl';
 * ['pkg:npm/b@1', 'pkg:npm/a', 'pkg:NPM/a@2', 'pkg:cargo/z'].sort(comparePurls);
 * // ['pkg:cargo/z', 'pkg:npm/a', 'pkg:NPM/a@2', 'pkg:npm/b@1']
 * comparePurls('pkg:npm/a@1', 'pkg:NPM/a@1'); // 0
 * ```
 */
export function comparePurls(a: PurlLike, b: PurlLike, engine: PurlEngine = defaultPurlEngine()): number {
  const left = canonicalOf(a, engine);
  const right = canonicalOf(b, engine);
  if (left === right) return 0;
  const l = partsOf(left);
  const r = partsOf(right);
  for (let i = 0; i < l.length; i++) {
    const x = l[i]!;
    const y = r[i]!;
    if (x === y) continue;
    if (x === null) return -1;
    if (y === null) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
