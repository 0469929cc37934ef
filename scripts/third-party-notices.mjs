// Writes THIRD_PARTY_NOTICES: for every package whose code a bundling step put into dist/ (the
// package entries, the CLI bundle, the docs site's box script; scripts/lib/bundled-packages.mjs),
// its name, version, licence id and the full text of its licence file(s), as the package ships
// them. The package's `files` list ships THIRD_PARTY_NOTICES next to LICENSE. A bundled package
// without a licence file stops the build: its code cannot be passed on without its notice. A
// package whose npm tarball leaves its licence file out (saxes 6.0.0) has the file from its
// repository, at the tag of the bundled version, in scripts/licences/<name>@<version>.LICENSE.
//
// Run by `npm run build` after the bundling steps.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageFolderOf, recordedBundles } from './lib/bundled-packages.mjs';

export const NOTICES_FILE = 'THIRD_PARTY_NOTICES';
const LICENCE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;
const RULE = '-'.repeat(78);
const KEPT_LICENCES = 'scripts/licences';

/** Where each bundled package's code went: package folder → bundle names. */
function bundledPackages(root) {
  const where = new Map();
  for (const { bundle, inputs } of recordedBundles(root)) {
    for (const input of inputs) {
      const folder = packageFolderOf(input);
      if (!where.has(folder)) where.set(folder, new Set());
      where.get(folder).add(bundle);
    }
  }
  return where;
}

const BUNDLE_NAMES = {
  entries: 'the package entries (dist/*.js, dist/**/index.js and dist/chunks/)',
  cli: 'the teapurl command (dist/teapurl.cjs)',
  'docs-assets': "the type documentation site's live PURL box (dist/assets/purl-box.js)",
};

export function thirdPartyNotices(root) {
  const sections = [];
  const problems = [];
  for (const [folder, bundles] of bundledPackages(root)) {
    const manifest = JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8'));
    const shipped = readdirSync(path.join(root, folder))
      .filter((name) => LICENCE_FILE.test(name))
      .sort();
    const kept = path.join(KEPT_LICENCES, `${manifest.name}@${manifest.version}.LICENSE`);
    const licenceFiles =
      shipped.length > 0
        ? shipped.map((file) => ({ label: `${file}:`, path: path.join(root, folder, file) }))
        : existsSync(path.join(root, kept))
          ? [{ label: `LICENSE (not in the npm package; from its repository at version ${manifest.version}):`, path: path.join(root, kept) }]
          : [];
    if (licenceFiles.length === 0) {
      problems.push(
        `${manifest.name}@${manifest.version} (${folder}) has no licence file (if its repository has one, keep it as ${KEPT_LICENCES}/${manifest.name}@${manifest.version}.LICENSE)`,
      );
      continue;
    }
    const licence = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'see the text below');
    sections.push({
      key: `${manifest.name}@${manifest.version}`,
      text: [
        RULE,
        `${manifest.name} ${manifest.version}`,
        `Licence: ${licence}`,
        ...(typeof manifest.homepage === 'string' ? [`Home: ${manifest.homepage}`] : []),
        `Bundled into: ${[...bundles]
          .sort()
          .map((b) => BUNDLE_NAMES[b] ?? b)
          .join('; ')}`,
        ...licenceFiles.flatMap((file) => ['', file.label, '', readFileSync(file.path, 'utf8').replace(/\r\n?/g, '\n').trimEnd()]),
        '',
      ].join('\n'),
    });
  }
  if (problems.length > 0) throw new Error(`THIRD_PARTY_NOTICES cannot be written: ${problems.join('; ')}`);
  // One section per package and version, even when two copies were bundled from two folders.
  const unique = [...new Map(sections.map((s) => [s.key, s.text])).entries()].sort(([a], [b]) => a.localeCompare(b));
  return [
    'teapurl bundles code of the following packages into the files under dist/. Each is listed with',
    'its version, its licence and the text of its licence, as the package ships it. teapurl itself',
    'is licensed under the Apache License 2.0 (LICENSE). This file is written by the build',
    "(scripts/third-party-notices.mjs) from the bundler's list of inputs.",
    '',
    ...unique.map(([, text]) => text),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  if (!existsSync(path.join(root, 'dist/.bundles'))) {
    console.error('third-party-notices: dist/.bundles is missing: run the bundling steps first (npm run build)');
    process.exit(1);
  }
  try {
    writeFileSync(path.join(root, NOTICES_FILE), thirdPartyNotices(root));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  console.log(`${NOTICES_FILE}: ${bundledPackages(root).size} packages`);
}
