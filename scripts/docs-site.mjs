// `npm run docs:site`: the documentation site in site/docs/, made by typedoc (typedoc.site.json):
// the README as the front page, the guides of docs/, CONTRIBUTING and the CHANGELOG, the API
// reference of every entry, and, in site/docs/purl-types/, the sample type documentation site
// `teapurl docs` writes for the bundled PURL types. Plain files with relative links: open
// site/docs/index.html in a browser, or serve the folder.
//
//   npm run docs:site            (installs the tools and builds first)
//   node scripts/docs-site.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Application } from 'typedoc';
import { SAMPLE_SITE } from './docs-site/typedoc-plugin.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: 'site/docs' } } });
const out = path.resolve(ROOT, values.out);

function run(label, command, args) {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`docs:site: ${label} failed${r.error ? `: ${r.error.message}` : ` (exit ${r.status})`}`);
    process.exit(r.status || 1);
  }
}

// typedoc.site.json makes every warning an error: a broken link or anchor fails the site.
const app = await Application.bootstrapWithPlugins({ options: path.join(ROOT, 'typedoc.site.json'), out, logLevel: 'Warn' });
const project = await app.convert();
if (project) {
  app.validate(project);
  // Links between the guides, anchors included, are checked while the pages are written.
  if (!app.logger.hasErrors() && !app.logger.hasWarnings()) await app.generateOutputs(project);
}
if (!project || app.logger.hasErrors() || app.logger.hasWarnings()) {
  console.error('docs:site: typedoc reported the problems above; the site is not complete');
  process.exit(1);
}
// After typedoc, which empties its output folder first.
run('teapurl docs', process.execPath, ['bin/teapurl.cjs', 'docs', '--out', path.join(out, SAMPLE_SITE), '--force']);
console.log(`docs:site: wrote ${path.relative(ROOT, out)}/ (open ${path.relative(ROOT, path.join(out, 'index.html'))})`);
