// The hooks as a pre-commit user gets them: the README's snippet writes the configuration in a
// clone of this repository at HEAD; pre-commit installs the `language: node` environment from its
// own clone (an `npm install` of the dev dependencies, the `prepare` build, `npm pack`, a global
// install of the tarball; newer pre-commit installs it as a git dependency instead) and runs
// `teapurl validate` on the matching files. npm's cache starts empty, so what it holds afterwards
// is what the install downloaded: the build tools and the run-time dependencies, never the test,
// documentation or benchmark tools (tools/, scripts/bench/). Needs the `pre-commit` command
// (.ci/run installs Debian's) and the npm registry; the install takes half a minute or more.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';
import { bytesUnder } from './support/bytes-under.js';
import { projectCommands } from './support/project-commands.js';

const preCommitVersion = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const HAS_PRE_COMMIT = preCommitVersion.status === 0;
const head = spawnSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' });
const HAS_GIT_HEAD = head.status === 0;

if (!HAS_PRE_COMMIT) {
  console.warn('[pre-commit-install] the `pre-commit` command is missing: the hook install test is skipped (apt-get install pre-commit).');
} else if (!HAS_GIT_HEAD) {
  console.warn(`[pre-commit-install] ${ROOT} is not a git checkout: the hook install test is skipped.`);
} else {
  console.log(`[pre-commit-install] ${preCommitVersion.stdout.trim()}, npm ${spawnSync('npm', ['--version'], { encoding: 'utf8' }).stdout.trim()}`);
}

/**
 * The most the hook environment pre-commit keeps may hold, in bytes: teapurl and its run-time
 * dependencies as npm installs them globally. The packed-package test bounds that install at
 * 6 MB; the rest is room for npm's own files. Any build or test tool that leaked into it
 * (typescript alone is over 20 MB) would break the limit.
 */
const MAX_HOOK_ENVIRONMENT_BYTES = 8_000_000;

/**
 * The tools a hook install must not fetch: the dev workspace's and the benchmark peers'. Except
 * teapurl's own optional peer dependencies (selfsigned, openpgp), also in the tools workspace for
 * the tests: npm places them from the lockfile when it installs the clone's dependencies (they
 * stay out of the hook environment).
 */
const OPTIONAL_PEERS = Object.keys(
  (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { peerDependencies?: Record<string, string> }).peerDependencies ?? {},
);
const NOT_FOR_HOOKS = ['tools/package.json', 'scripts/bench/package.json']
  .flatMap((file) => Object.keys((JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies))
  .filter((name) => !OPTIONAL_PEERS.includes(name));

/** The packages whose tarballs npm's cache holds, by name: what npm downloaded. */
function downloadedPackages(cache: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else for (const m of readFileSync(full, 'utf8').matchAll(/registry\.npmjs\.org\/((?:@[^/"]+\/)?[^/"]+)\/-\//g)) names.add(decodeURIComponent(m[1]!));
    }
  };
  walk(path.join(cache, '_cacache/index-v5'));
  return names;
}

/** Enough files that pre-commit would split them over several processes without require_serial. */
const SITES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const SUMMARY = /^[✔✖] .*\bfiles? (?:in)?valid\b.*$/gmu;

let work: string;
let project: string;
let env: NodeJS.ProcessEnv;
let npmCache: string;

const { run, ok } = projectCommands(() => ({ cwd: project, env }));
const git = (...args: string[]) => void ok('git', ...args);

describe.skipIf(!HAS_PRE_COMMIT || !HAS_GIT_HEAD)('pre-commit installs and runs the hooks from a clone at HEAD', () => {
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'teapurl-pre-commit-'));
    project = path.join(work, 'project');
    mkdirSync(project);
    const gitConfig = path.join(work, 'gitconfig');
    writeFileSync(gitConfig, '');
    npmCache = path.join(work, 'npm-cache');
    mkdirSync(npmCache);
    env = {
      ...process.env,
      // Nothing from the developer's git or pre-commit setup: an empty global git config, no
      // system one, and pre-commit's cache of cloned hook repositories in the temporary folder.
      GIT_CONFIG_GLOBAL: gitConfig,
      GIT_CONFIG_NOSYSTEM: '1',
      PRE_COMMIT_HOME: path.join(work, 'pre-commit-home'),
      // An empty npm cache: afterwards it holds what the hook install downloaded.
      npm_config_cache: npmCache,
      NO_COLOR: '1',
    };
    // The hook repository: a clone of this one, so pre-commit sees only what HEAD holds.
    const hookRepo = path.join(work, 'teapurl.git');
    // safe.directory: the checkout may belong to another user than the one running the tests.
    git('-c', `safe.directory=${ROOT}`, 'clone', '--quiet', '--bare', ROOT, hookRepo);
    git('-c', 'init.defaultBranch=main', 'init', '--quiet');
    git('config', 'user.name', 'teapurl test');
    git('config', 'user.email', 'test@example.org');
    // The README's snippet, run where it says to: in a clone of teapurl.
    const clone = path.join(work, 'teapurl-clone');
    git('clone', '--quiet', hookRepo, clone);
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const snippet = /```sh\n(cat <<EOF\nrepos:[\s\S]*?\nEOF)\n```/.exec(readme)?.[1];
    if (!snippet) throw new Error('README.md has no ```sh block that prints a pre-commit configuration');
    const printed = spawnSync('sh', ['-c', snippet], { cwd: clone, env, encoding: 'utf8' });
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout).toContain(`    rev: ${head.stdout.trim()}\n`);
    writeFileSync(path.join(project, '.pre-commit-config.yaml'), printed.stdout);
    const valid = path.join(ROOT, 'corpus/discovery/valid');
    const example = readdirSync(valid).find((f) => f.endsWith('.json'))!;
    for (const site of SITES) {
      mkdirSync(path.join(project, site, '.well-known'), { recursive: true });
      cpSync(path.join(valid, example), path.join(project, site, '.well-known/tea'));
    }
    git('add', '--all');
  }, 60_000);
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('installs the hook environment and passes valid discovery documents, in one summary', () => {
    const r = run('pre-commit', ['run', '--all-files', '--verbose']);
    expect(r.status, r.output).toBe(0);
    expect(r.output).toMatch(/TEA discovery documents\.+Passed/);
    expect(r.output.match(SUMMARY), r.output).toEqual([`✔ ${SITES.length} files valid`]);
  }, 600_000);

  it(`fetched no test, documentation or benchmark tool, and keeps a hook environment of at most ${MAX_HOOK_ENVIRONMENT_BYTES / 1e6} MB`, () => {
    const downloaded = downloadedPackages(npmCache);
    expect(downloaded.has('typescript'), 'the build tools come from npm').toBe(true);
    expect(NOT_FOR_HOOKS.filter((name) => downloaded.has(name))).toEqual([]);
    const home = path.join(work, 'pre-commit-home');
    const environments = readdirSync(home, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('node_env-'))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(environments).toHaveLength(1);
    const bytes = bytesUnder(environments[0]!);
    console.log(
      `[pre-commit-install] npm downloaded ${(bytesUnder(npmCache) / 1e6).toFixed(1)} MB (${downloaded.size} packages); the hook environment holds ${(bytes / 1e6).toFixed(2)} MB`,
    );
    expect(bytes).toBeLessThanOrEqual(MAX_HOOK_ENVIRONMENT_BYTES);
  });

  it('fails an invalid one with file:line:col, in one summary', () => {
    writeFileSync(path.join(project, 'd/.well-known/tea'), '{\n  "schemaVersion": 1,\n  "endpoints": []\n}\n');
    git('add', '--all');
    const r = run('pre-commit', ['run', '--all-files', '--verbose']);
    expect(r.status, r.output).toBe(1);
    expect(r.output).toMatch(/TEA discovery documents\.+Failed/);
    expect(r.output).toMatch(/^d\/\.well-known\/tea:3:\d+: error /m);
    expect(r.output.match(SUMMARY), r.output).toEqual([`✖ 1 of ${SITES.length} files invalid (1 error)`]);
  }, 600_000);

  it('checks the PURLs of an SBOM with the teapurl-sbom hook, XML included', () => {
    writeFileSync(
      path.join(project, 'd/.well-known/tea'),
      readFileSync(path.join(ROOT, 'corpus/discovery/valid', readdirSync(path.join(ROOT, 'corpus/discovery/valid')).find((f) => f.endsWith('.json'))!)),
    );
    cpSync(path.join(ROOT, 'corpus/sbom/invalid/mixed.cdx.xml'), path.join(project, 'bom.xml'));
    git('add', '--all');
    const r = run('pre-commit', ['run', '--all-files', '--verbose']);
    expect(r.status, r.output).toBe(1);
    expect(r.output).toMatch(/PURLs in SBOMs\.+Failed/);
    expect(r.output).toMatch(/^bom\.xml:\d+:\d+: error .*\(sbom\/purl-invalid\)$/m);
  }, 600_000);
});
