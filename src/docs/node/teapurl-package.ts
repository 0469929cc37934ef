import { readFileSync } from 'node:fs';

/** teapurl's own package.json, and the folder that holds it. */
export interface TeapurlPackage {
  readonly root: URL;
  readonly manifest: { readonly name?: unknown; readonly version?: unknown; readonly homepage?: unknown };
}

let cached: TeapurlPackage | null | undefined;

/**
 * teapurl's package folder, found upwards from this module whether it runs from the ES bundle
 * (dist/node, dist/chunks), the CLI bundle (dist/teapurl.cjs) or the sources (src/docs under
 * tsx); `null` when no `package.json` named teapurl is within four levels. Read once. The docs
 * writer reads the built box script from it, the CLI its version and homepage.
 */
export function teapurlPackage(): TeapurlPackage | null {
  if (cached !== undefined) return cached;
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 4; depth++, dir = new URL('..', dir)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as TeapurlPackage['manifest'];
      if (manifest.name === 'teapurl') return (cached = { root: dir, manifest });
    } catch {
      // not here: look one level up
    }
  }
  return (cached = null);
}
