/**
 * Vitest global setup: bundles the docs site's live PURL box into dist/assets/purl-box.js, as
 * `npm run build` does, so that tests running teapurl from the sources (tsx) generate sites with
 * the script of the sources they run, whether or not the package was built since.
 */
import { bundleDocsAssets } from '../../scripts/bundle-docs-assets.mjs';

export default async function setup(): Promise<void> {
  await bundleDocsAssets();
}
