// npm's `prepare` step: builds dist/ wherever npm builds teapurl from source (`npm install` in a
// checkout, `npm pack`, `npm i git+https://…`, pre-commit's `language: node` hooks).
//
// A global install from git (`npm i -g git+…`, which pre-commit 4.6.1 and later run for its
// hooks) reaches this script without the dev dependencies: npm passes `--global` on to the
// `npm install` it runs in its temporary clone, so that install puts nothing into the clone's
// node_modules (npm/cli#8440). The build tools are then missing here, and we install them
// into the clone ourselves (from the lockfile, scripts off so this script does not run again).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const BUILD_TOOLS = ['typescript', 'esbuild'];

/** Runs npm the way npm ran us (npm_execpath), with this folder as the project. */
function npm(args) {
  const cli = process.env.npm_execpath;
  const [command, argv] = cli && /\.[cm]?js$/.test(cli) ? [process.execPath, [cli, ...args]] : ['npm', args];
  const r = spawnSync(command, argv, { stdio: 'inherit', shell: process.platform === 'win32' && command === 'npm' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function resolvable(name) {
  try {
    require.resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

const missing = BUILD_TOOLS.filter((name) => !resolvable(name));
if (missing.length > 0) {
  console.error(`teapurl prepare: ${missing.join(' and ')} missing, installing the dev dependencies before the build.`);
  npm(['install', '--global=false', '--include=dev', '--ignore-scripts', '--no-save', '--no-audit', '--no-fund']);
}
npm(['run', 'build']);
