// What each bundling step (bundle-entries.mjs, bundle-cli.mjs, bundle-docs-assets.mjs) took from
// node_modules into dist/: esbuild's metafile lists every input file, and the third-party code
// among them is what THIRD_PARTY_NOTICES must cover (scripts/third-party-notices.mjs). Each step
// records its bundle's inputs in dist/.bundles/<name>.json, which the package does not ship.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const BUNDLES_FOLDER = 'dist/.bundles';

/** Records the node_modules inputs of one bundle, from its esbuild metafile. */
export function recordBundle(root, name, metafile) {
  const inputs = Object.keys(metafile.inputs)
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.includes('node_modules/'))
    .sort();
  mkdirSync(path.join(root, BUNDLES_FOLDER), { recursive: true });
  writeFileSync(path.join(root, BUNDLES_FOLDER, `${name}.json`), `${JSON.stringify({ bundle: name, inputs }, null, 2)}\n`);
}

/** Every recorded bundle: `{ bundle, inputs }`. */
export function recordedBundles(root) {
  const folder = path.join(root, BUNDLES_FOLDER);
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
}

/**
 * The package folder an input file belongs to (`node_modules/diff/libesm/x.js` →
 * `node_modules/diff`; scoped and nested packages too), relative to the root as esbuild wrote it.
 */
export function packageFolderOf(input) {
  const parts = input.split('/');
  const at = parts.lastIndexOf('node_modules');
  const width = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + width).join('/');
}
