import { teapurlPackage } from '../docs/node/teapurl-package.js';

/** What the CLI reads from teapurl's own package.json. */
export interface PackageInfo {
  version: string;
  /** `homepage`, when the package declares one. */
  homepage: string | undefined;
}

let cached: PackageInfo | undefined;

/** teapurl's version and homepage, from its package.json (see teapurlPackage). */
export function packageInfo(): PackageInfo {
  if (cached) return cached;
  const manifest = teapurlPackage()?.manifest;
  const version = typeof manifest?.version === 'string' && manifest.version !== '' ? manifest.version : 'unknown';
  const homepage = typeof manifest?.homepage === 'string' && manifest.homepage !== '' ? manifest.homepage : undefined;
  cached = { version, homepage };
  return cached;
}
