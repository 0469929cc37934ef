// The hooks as a pre-commit user gets them: pre-commit clones this repository at HEAD, installs the
// `language: node` environment from that clone (an `npm install` of the dev dependencies, the
// `prepare` build, `npm pack`, a global install of the tarball; newer pre-commit installs it as a
// git dependency instead) and runs `teapurl validate` on the matching files. Needs the `pre-commit`
// command (.ci/run installs Debian's) and the npm registry; the first run takes a minute or more.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';
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

/** Enough files that pre-commit would split them over several processes without require_serial. */
const SITES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const SUMMARY = /^[✔✖] .*\bfiles? (?:in)?valid\b.*$/gmu;

let work: string;
let project: string;
let env: NodeJS.ProcessEnv;

const { run, ok } = projectCommands(() => ({ cwd: project, env }));
const git = (...args: string[]) => void ok('git', ...args);

describe.skipIf(!HAS_PRE_COMMIT || !HAS_GIT_HEAD)('pre-commit installs and runs the hooks from a clone at HEAD', () => {
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'teapurl-pre-commit-'));
    project = path.join(work, 'project');
    mkdirSync(project);
    const gitConfig = path.join(work, 'gitconfig');
    writeFileSync(gitConfig, '');
    env = {
      ...process.env,
      // Nothing from the developer's git or pre-commit setup: an empty global git config, no
      // system one, and pre-commit's cache of cloned hook repositories in the temporary folder.
      GIT_CONFIG_GLOBAL: gitConfig,
      GIT_CONFIG_NOSYSTEM: '1',
      PRE_COMMIT_HOME: path.join(work, 'pre-commit-home'),
      NO_COLOR: '1',
    };
    // The hook repository: a clone of this one, so pre-commit sees only what HEAD holds.
    const hookRepo = path.join(work, 'teapurl.git');
    // safe.directory: the checkout may belong to another user than the one running the tests.
    git('-c', `safe.directory=${ROOT}`, 'clone', '--quiet', '--bare', ROOT, hookRepo);
    git('-c', 'init.defaultBranch=main', 'init', '--quiet');
    git('config', 'user.name', 'teapurl test');
    git('config', 'user.email', 'test@example.org');
    writeFileSync(
      path.join(project, '.pre-commit-config.yaml'),
      `repos:\n  - repo: file://${hookRepo}\n    rev: ${head.stdout.trim()}\n    hooks:\n      - id: teapurl-discovery\n`,
    );
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

  it('fails an invalid one with file:line:col, in one summary', () => {
    writeFileSync(path.join(project, 'd/.well-known/tea'), '{\n  "schemaVersion": 1,\n  "endpoints": []\n}\n');
    git('add', '--all');
    const r = run('pre-commit', ['run', '--all-files', '--verbose']);
    expect(r.status, r.output).toBe(1);
    expect(r.output).toMatch(/TEA discovery documents\.+Failed/);
    expect(r.output).toMatch(/^d\/\.well-known\/tea:3:\d+: error /m);
    expect(r.output.match(SUMMARY), r.output).toEqual([`✖ 1 of ${SITES.length} files invalid (1 error)`]);
  }, 600_000);
});
