/**
 * Compiles a path glob to a predicate over URL paths: `*` matches within one segment, `**`
 * across segments (a trailing `/**` also matches the folder itself), `?` one character other
 * than `/`. Everything else is literal. The whole path must match.
 *
 * @example
 * ```ts
 * const isArtifact = pathGlob('/v*\/artifact/**');
 * isArtifact('/v1.0.0/artifact/4c1a...'); // true
 * isArtifact('/v1.0.0/product/4c1a...');  // false
 * ```
 */
export function pathGlob(glob: string): (path: string) => boolean {
  if (!glob.startsWith('/')) throw new TypeError(`path glob ${JSON.stringify(glob)} must start with /`);
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === '*' && glob[i + 1] === '*') {
      const slashBefore = source.endsWith('/');
      const slashAfter = glob[i + 2] === '/';
      i += 1;
      if (slashBefore && i + 1 === glob.length) {
        // "/x/**": the folder itself, or anything below it.
        source = `${source.slice(0, -1)}(?:/.*)?`;
      } else if (slashBefore && slashAfter) {
        // "/x/**/y": zero or more whole segments in between.
        source += '(?:[^/]*/)*?';
        i += 1;
      } else {
        source += '.*';
      }
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else {
      source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  const pattern = new RegExp(`^${source}$`);
  return (path) => pattern.test(path);
}
