import picomatch from 'picomatch';
import { InvalidArgumentError } from '../../shared/errors.js';

const ROOT = 'root';

/**
 * Compiles a path glob to a predicate over canonical URL paths (see {@link canonicalRequestPath}),
 * with picomatch: `*` matches within one segment, `**` across segments (a trailing `/**` also
 * matches the folder itself), `?` one character other than `/`, plus picomatch's brackets, braces
 * and extglobs. Segments starting with a dot (`/.well-known`) are matched like any other, letter
 * case counts, and the whole path must match. Match canonical paths only: a glob says nothing
 * about `//`, `..` or percent-escapes, which {@link canonicalRequestPath} has removed.
 *
 * @example
 * ```ts
 * const isArtifact = pathGlob('/v*\/artifact/**');
 * isArtifact('/v1.0.0/artifact/4c1a...');   // true
 * isArtifact('/v1.0.0/product/4c1a...');    // false
 * isArtifact('/x/v1.0.0/artifact/4c1a...'); // false: anchored at /
 * ```
 */
export function pathGlob(glob: string): (path: string) => boolean {
  if (typeof glob !== 'string' || !glob.startsWith('/')) throw new InvalidArgumentError(`path glob ${JSON.stringify(glob)} must start with /`);
  // dot: a protect glob such as /** must cover /.hidden paths too; windows: false keeps "\" an
  // escape in the glob and never a separator in the path. Both sides get a literal first segment
  // in place of the leading "/": picomatch reads "/**/x" as needing a segment before x, and a
  // canonical path (never a trailing "/") is matched by "/a/" only without that slash.
  const body = glob.length > 1 ? glob.replace(/\/+$/, '') : '';
  const matches = picomatch(`${ROOT}${body}`, { dot: true, windows: false });
  return (path) => matches(path === '/' ? ROOT : `${ROOT}${path}`);
}
