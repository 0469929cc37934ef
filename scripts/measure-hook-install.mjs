// What a first pre-commit hook install costs: pre-commit installs teapurl's `language: node`
// hooks from a clone of this repository at a commit, with an empty npm cache and an empty
// pre-commit home, as on a user's first `pre-commit run`. Prints the wall time, what npm
// downloaded (the bytes its cache holds afterwards: every tarball and package document fetched)
// and the size of the hook environment pre-commit keeps.
//
//   node scripts/measure-hook-install.mjs [--rev REV] [--json]
//
// Needs the `pre-commit` command (3.x or 4.x), git, npm and the npm registry.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rev: { type: 'string', default: 'HEAD' }, json: { type: 'boolean', default: false } } });

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
  must('git', ['init', '--quiet'], { cwd: project, env });
  writeFileSync(
    path.join(project, '.pre-commit-config.yaml'),
    `repos:\n  - repo: file://${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: teapurl-discovery\n`,
  );
  const version = must('pre-commit', ['--version'], { env }).trim();
  const started = process.hrtime.bigint();
  must('pre-commit', ['install-hooks'], { cwd: project, env });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const downloaded = sizeOf(cache);
  const environment = sizeOf(home);
  const result = {
    preCommit: version,
    npm: must('npm', ['--version'], { env }).trim(),
    rev: rev.slice(0, 12),
    seconds: Math.round(seconds * 10) / 10,
    downloadedBytes: downloaded.bytes,
    downloadedFiles: downloaded.files,
    hookEnvironmentBytes: environment.bytes,
  };
  if (values.json) console.log(JSON.stringify(result));
  else {
    const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
    console.log(`${result.preCommit}, npm ${result.npm}, teapurl at ${result.rev}`);
    console.log(`first hook install: ${result.seconds} s`);
    console.log(`downloaded by npm: ${mb(result.downloadedBytes)} (${result.downloadedFiles} files in its cache)`);
    console.log(`pre-commit home afterwards (clone and hook environment): ${mb(result.hookEnvironmentBytes)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
