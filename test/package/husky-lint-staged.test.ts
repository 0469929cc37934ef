/**
 * The husky + lint-staged recipe of docs/pre-commit-and-ci.md, followed from a fresh folder: a new
 * git repository, `npm i -D <packed teapurl> husky lint-staged`, `npx husky init`, the guide's
 * `lint-staged` block and `.husky/pre-commit`, then real commits. A valid discovery document commits; an
 * invalid one is refused with `file:line:col` and the commit does not happen.
 *
 * Needs `npm run build` first (`npm run test:install` does it) and the npm registry (or npm's cache) for
 * husky and lint-staged.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';
import { projectCommands } from '../support/project-commands.js';

/** Where users read the recipe. */
const GUIDE = 'docs/pre-commit-and-ci.md';

const npmVersion = spawnSync('npm', ['--version'], { encoding: 'utf8' });
const HAS_NPM = npmVersion.status === 0;
if (!HAS_NPM) console.warn('[husky-lint-staged] npm is not runnable here: the husky recipe test is skipped.');

let work: string;
let project: string;
let env: NodeJS.ProcessEnv;

const { run, ok } = projectCommands(() => ({ cwd: project, env }));

/** The guide's lint-staged block, read from the guide so the test follows what users are told. */
function guideLintStagedBlock(): Record<string, string> {
  const readme = readFileSync(path.join(ROOT, GUIDE), 'utf8');
  const match = /```json\n(\{\n\s+"lint-staged": [\s\S]*?\n\})\n```/.exec(readme);
  if (!match?.[1]) throw new Error(`${GUIDE} has no \`\`\`json block with a "lint-staged" member`);
  return (JSON.parse(match[1]) as { 'lint-staged': Record<string, string> })['lint-staged'];
}

describe.skipIf(!HAS_NPM)('the husky and lint-staged recipe in a fresh project', () => {
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'teapurl-husky-'));
    project = path.join(work, 'project');
    mkdirSync(project);
    const gitConfig = path.join(work, 'gitconfig');
    writeFileSync(gitConfig, '[user]\n\tname = Test\n\temail = test@example.org\n[init]\n\tdefaultBranch = main\n');
    env = { ...process.env, GIT_CONFIG_GLOBAL: gitConfig, GIT_CONFIG_NOSYSTEM: '1', NO_COLOR: '1', FORCE_COLOR: '0' };
    delete env.NODE_OPTIONS;

    const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', work], { cwd: ROOT });
    expect(packed.status, packed.output).toBe(0);
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack wrote no tarball:\n${packed.output}`);

    ok('git', 'init', '-q');
    writeFileSync(path.join(project, '.gitignore'), 'node_modules\n');
    ok('npm', 'init', '-y');
    ok('npm', 'i', '-D', '--no-audit', '--no-fund', path.join(work, tarball), 'husky', 'lint-staged');
    ok('npx', 'husky', 'init');
    const pkgFile = path.join(project, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as Record<string, unknown>;
    pkg['lint-staged'] = guideLintStagedBlock();
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
    writeFileSync(path.join(project, '.husky/pre-commit'), 'npx lint-staged\n');
    mkdirSync(path.join(project, 'public/.well-known'), { recursive: true });
  }, 300_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('commits a valid discovery document, type definition and URL document', () => {
    const valid = readdirSync(path.join(ROOT, 'corpus/discovery/valid')).filter((f) => f.endsWith('.json'))[0];
    if (!valid) throw new Error('corpus/discovery/valid has no document');
    copyFileSync(path.join(ROOT, 'corpus/discovery/valid', valid), path.join(project, 'public/.well-known/tea'));
    copyFileSync(path.join(ROOT, 'corpus/purl-types/npm-definition.json'), path.join(project, 'npm-definition.json'));
    copyFileSync(path.join(ROOT, 'corpus/purl-urls/npm-urls.json'), path.join(project, 'npm-urls.json'));
    ok('git', 'add', '-A');
    const r = run('git', ['commit', '-m', 'valid documents']);
    expect(r.status, r.output).toBe(0);
    expect(run('git', ['log', '--oneline']).output).toMatch(/valid documents/);
  }, 120_000);

  it('refuses a commit with a URL document whose example is wrong', () => {
    const file = path.join(project, 'npm-urls.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('left-pad-1.3.0.tgz', 'left-pad-9.9.9.tgz'));
    ok('git', 'add', '-A');
    const r = run('git', ['commit', '-m', 'broken urls']);
    expect(r.status, r.output).not.toBe(0);
    expect(r.output).toMatch(/npm-urls\.json:\d+:\d+: error .*\(purl-urls\/example-purl\)/);
    expect(run('git', ['log', '--oneline']).output).not.toMatch(/broken urls/);
    // Back to the committed file in both the index and the work tree: `checkout -- file` alone
    // would copy the staged broken file back, and the next commit would carry it along.
    ok('git', 'checkout', 'HEAD', '--', 'npm-urls.json');
    expect(run('git', ['status', '--porcelain']).output.trim()).toBe('');
  }, 120_000);

  it('refuses a commit with an invalid discovery document, naming file, line and column', () => {
    writeFileSync(
      path.join(project, 'public/.well-known/tea'),
      '{"schemaVersion": 1, "endpoints": [{"url": "https://tea.example.org", "versions": ["1.0"]}]}\n',
    );
    ok('git', 'add', '-A');
    const r = run('git', ['commit', '-m', 'broken discovery']);
    expect(r.status, r.output).not.toBe(0);
    expect(r.output).toMatch(/public\/\.well-known\/tea:1:\d+: error .*\(schema\/pattern\)/);
    expect(r.output).toMatch(/✖ 1 of 1 file invalid/);
    expect(run('git', ['log', '--oneline']).output).not.toMatch(/broken discovery/);
  }, 120_000);
});
