// What a first pre-commit hook install costs: pre-commit installs teapurl's `language: node`
// hooks from a clone of this repository at a commit, with an empty npm cache and an empty
// pre-commit home, as on a user's first `pre-commit run`. Prints the wall time, what npm
// downloaded (the bytes its cache holds afterwards: every tarball and package document fetched)
// and the size of what the install keeps.
//
//   node scripts/measure-hook-install.mjs [--rev REV] [--npm-git-install] [--json]
//
// --npm-git-install runs, instead of the pre-commit on PATH, the one command pre-commit 4.6.1
// and later run to install a node hook (pre_commit/languages/node.py): `npm install
// --allow-git=root --install-links -g git+file://<clone>`, with pre-commit's environment for it
// (NODE_VIRTUAL_ENV and npm's prefix in a fresh folder).
//
// Needs git, npm and the npm registry, and the `pre-commit` command (3.x or 4.x) unless
// --npm-git-install.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { rev: { type: 'string', default: 'HEAD' }, json: { type: 'boolean', default: false }, 'npm-git-install': { type: 'boolean', default: false } },
});

/** Bytes of every file under a folder (links counted as links), and how many files. */
function sizeOf(folder) {
  let bytes = 0;
  let files = 0;
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const entry = path.join(dir, name);
      const info = lstatSync(entry);
      if (info.isDirectory()) walk(entry);
      else {
        bytes += info.size;
        files += 1;
      }
    }
  };
  walk(folder);
  return { bytes, files };
}

function must(command, args, options) {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (r.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${r.status}):\n${r.stdout}${r.stderr}${r.error ?? ''}`);
    process.exit(1);
  }
  return r.stdout;
}

const rev = must('git', ['-C', ROOT, 'rev-parse', values.rev]).trim();
const work = mkdtempSync(path.join(tmpdir(), 'teapurl-hook-install-'));
try {
  const hookRepo = path.join(work, 'teapurl.git');
  const project = path.join(work, 'project');
  const home = path.join(work, 'pre-commit-home');
  const cache = path.join(work, 'npm-cache');
  mkdirSync(project);
  mkdirSync(cache);
  const gitConfig = path.join(work, 'gitconfig');
  writeFileSync(gitConfig, '[user]\n\tname = measure\n\temail = measure@example.org\n[init]\n\tdefaultBranch = main\n');
  const env = {
    ...process.env,
    GIT_CONFIG_GLOBAL: gitConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    PRE_COMMIT_HOME: home,
    // An empty npm cache: what it holds afterwards is what npm fetched.
    npm_config_cache: cache,
    npm_config_update_notifier: 'false',
  };
  delete env.NODE_OPTIONS;
  must('git', ['-c', `safe.directory=${ROOT}`, 'clone', '--quiet', '--bare', ROOT, hookRepo], { env });
  let version;
  let seconds;
  let kept;
  if (values['npm-git-install']) {
    // pre-commit 4.6's install: its clone at the commit, installed as a git dependency.
    const clone = path.join(work, 'clone');
    const prefix = path.join(work, 'node_env');
    must('git', ['clone', '--quiet', hookRepo, clone], { env });
    must('git', ['-C', clone, 'checkout', '--quiet', rev], { env });
    const gitEnv = { ...env, NODE_VIRTUAL_ENV: prefix, NPM_CONFIG_PREFIX: prefix, npm_config_prefix: prefix };
    version = 'npm install -g git+file:// (pre-commit 4.6 and later)';
    const started = process.hrtime.bigint();
    must('npm', ['install', '--allow-git=root', '--install-links', '-g', `git+file://${clone}`], { env: gitEnv });
    seconds = Number(process.hrtime.bigint() - started) / 1e9;
    kept = sizeOf(prefix);
  } else {
    must('git', ['init', '--quiet'], { cwd: project, env });
    writeFileSync(
      path.join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: file://${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: teapurl-discovery\n`,
    );
    version = must('pre-commit', ['--version'], { env }).trim();
    const started = process.hrtime.bigint();
    must('pre-commit', ['install-hooks'], { cwd: project, env });
    seconds = Number(process.hrtime.bigint() - started) / 1e9;
    kept = sizeOf(home);
  }
  const downloaded = sizeOf(cache);
  const result = {
    installer: version,
    npm: must('npm', ['--version'], { env }).trim(),
    rev: rev.slice(0, 12),
    seconds: Math.round(seconds * 10) / 10,
    downloadedBytes: downloaded.bytes,
    downloadedFiles: downloaded.files,
    keptBytes: kept.bytes,
  };
  if (values.json) console.log(JSON.stringify(result));
  else {
    const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
    console.log(`${result.installer}, npm ${result.npm}, teapurl at ${result.rev}`);
    console.log(`first hook install: ${result.seconds} s`);
    console.log(`downloaded by npm: ${mb(result.downloadedBytes)} (${result.downloadedFiles} files in its cache)`);
    console.log(
      `kept afterwards (${values['npm-git-install'] ? 'the hook environment' : "pre-commit's home: its clone and the hook environment"}): ${mb(result.keptBytes)}`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
