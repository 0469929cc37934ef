// `npm run docs:site`: the documentation site in site/docs/, made by typedoc (typedoc.site.json):
// the README as the front page, the guides of docs/, CONTRIBUTING and the CHANGELOG, the API
// reference of every entry, and, in site/docs/purl-types/, the sample type documentation site
// `teapurl docs` writes for the bundled PURL types. Plain files with relative links: open
// site/docs/index.html in a browser, or serve the folder.
//
//   npm run docs:site            (installs the tools and builds first)
//   node scripts/docs-site.mjs [--out DIR]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
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

const typedoc = createRequire(import.meta.url).resolve('typedoc/bin/typedoc');
run('typedoc', process.execPath, [typedoc, '--options', 'typedoc.site.json', '--out', out, '--logLevel', 'Warn']);
// After typedoc, which empties its output folder first.
run('teapurl docs', process.execPath, ['bin/teapurl.cjs', 'docs', '--out', path.join(out, SAMPLE_SITE), '--force']);
console.log(`docs:site: wrote ${path.relative(ROOT, out)}/ (open ${path.relative(ROOT, path.join(out, 'index.html'))})`);
