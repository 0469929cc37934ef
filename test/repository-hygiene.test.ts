/**
 * What an install writes never enters the repository: the root's node_modules (a folder, or a
 * link in a worktree), the benchmark peers' install in scripts/bench/, the tools workspace's.
 * Twice a `git add --all` after an install committed one; .gitignore names node_modules at any
 * depth, and this test fails on a tracked file under one.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from './support/paths.js';

const listed = spawnSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });

describe.skipIf(listed.status !== 0)('the repository', () => {
  it('tracks no file under a node_modules folder', () => {
    const tracked = listed.stdout.split('\0').filter((file) => file !== '');
    expect(tracked.length).toBeGreaterThan(100);
    expect(tracked.filter((file) => /(^|\/)node_modules(\/|$)/.test(file))).toEqual([]);
  });

  it('ignores node_modules wherever an install puts it', () => {
    const ignored = spawnSync(
      'git',
      ['check-ignore', '--no-index', 'node_modules', 'scripts/bench/node_modules/x/package.json', 'tools/node_modules/y/index.js'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(ignored.stdout.trim().split('\n')).toHaveLength(3);
  });
});
