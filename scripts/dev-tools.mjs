// Installs the development tools a script needs, when they are missing or older than the lockfile:
//
//   node scripts/dev-tools.mjs           the test, type-check, documentation and code generation
//                                        tools: the workspace in tools/, from package-lock.json
//   node scripts/dev-tools.mjs --bench   those, and the libraries the benchmarks compare against:
//                                        scripts/bench/, from its own lockfile
//
// `npm ci` and `npm install` leave the workspace out (.npmrc: workspaces=false), so that a hook or
// git install of teapurl fetches only what builds it; `npm test`, `npm run test:browser`, the
// benchmarks and the other scripts that need more run this first. It prints nothing when the tools
// are current. A stamp in node_modules records the lockfile they were installed from; `npm ci`
// empties node_modules, stamp included.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A digest of the files an install is made from. */
function digest(files) {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(ROOT, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Runs npm the way npm ran us (npm_execpath) when it did, else the npm on PATH. */
function npm(args, cwd) {
  const cli = process.env.npm_execpath;
  const [command, argv] = cli && /\.[cm]?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ['npm', args];
  const r = spawnSync(command, argv, { cwd, stdio: 'inherit', shell: process.platform === 'win32' && command === 'npm' });
  if (r.status !== 0) {
    console.error(`teapurl dev-tools: npm ${args.join(' ')} failed${r.error ? `: ${r.error.message}` : ''}`);
    process.exit(r.status ?? 1);
  }
}

/** Installs one set of tools unless its stamp says they are current. */
function ensure({ label, stamp, sources, install, cwd }) {
  const want = digest(sources);
  const stampFile = path.join(ROOT, stamp);
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === want) return;
  console.error(`teapurl: installing ${label} (${sources.join(', ')})`);
  npm(install, cwd);
  writeFileSync(stampFile, want);
}

const QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

ensure({
  label: 'the test and documentation tools',
  stamp: 'node_modules/.teapurl-dev-tools',
  sources: ['package-lock.json', 'tools/package.json'],
  // The whole lockfile, the tools workspace included; --no-save leaves package.json and the
  // lockfile as they are. The root's own `prepare` runs again, and finds dist/ current.
  install: ['install', '--workspaces=true', '--include-workspace-root', '--no-save', ...QUIET],
  cwd: ROOT,
});

if (process.argv.includes('--bench')) {
  ensure({
    label: 'the benchmark peers',
    stamp: 'scripts/bench/node_modules/.teapurl-bench-peers',
    sources: ['scripts/bench/package-lock.json', 'scripts/bench/package.json'],
    // Their own lockfile: purl asks for Node 22, and its warning belongs here, not to `npm ci`.
    install: ['ci', ...QUIET],
    cwd: path.join(ROOT, 'scripts/bench'),
  });
}
