import { readFileSync } from 'node:fs';

/** What the CLI reads from teapurl's own package.json. */
export interface PackageInfo {
  version: string;
  /** `homepage`, when the package declares one. */
  homepage: string | undefined;
}

let cached: PackageInfo | undefined;

/** teapurl's package.json, found upwards from this module (bundled or not). */
export function packageInfo(): PackageInfo {
  if (cached) return cached;
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 4; depth++, dir = new URL('..', dir)) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as { name?: string; version?: string; homepage?: unknown };
      if (pkg.name === 'teapurl' && pkg.version) {
        cached = { version: pkg.version, homepage: typeof pkg.homepage === 'string' && pkg.homepage !== '' ? pkg.homepage : undefined };
        return cached;
      }
    } catch {
      // not here: look one level up
    }
  }
  cached = { version: 'unknown', homepage: undefined };
  return cached;
}
