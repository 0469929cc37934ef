// The libraries teapurl's benchmarks compare against, resolved from this folder's own install
// (scripts/bench/node_modules, from scripts/bench/package-lock.json). `node scripts/dev-tools.mjs
// --bench` installs them, and the npm scripts that need them run it first. Import this module
// dynamically, after that install.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export * as purl from 'purl';
export { default as purlWebUrl } from 'purl/url';
export * as socket from '@socketregistry/packageurl-js';

/** The folder this install is in: a resolveDir for bundling a peer. */
export const PEERS_FOLDER = fileURLToPath(new URL('.', import.meta.url));

/** A peer's version, from its package.json in this folder's install. */
export function peerVersion(name) {
  return JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
}

/** autocannon, the load generator of scripts/bench-token.mjs. */
export async function loadAutocannon() {
  return (await import('autocannon')).default;
}

/** The ajv-cli command (ajv-cli 5) that scripts/bench-validate.mjs runs. */
export const AJV_CLI = fileURLToPath(new URL('node_modules/.bin/ajv', import.meta.url));
