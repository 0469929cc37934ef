/**
 * What building and installing teapurl prints and fetches, checked without a network: the root
 * lockfile (what `npm ci` installs) holds no package that asks for a newer Node than teapurl
 * supports, so `npm ci` has no engine to warn about; and a build of sources already built does
 * nothing and says nothing, so a README command that builds twice (`npm ci` then `npm test`)
 * builds once. Needs `npm run build` first (`npm test` does it).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/paths.js';

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lockfile = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('installing and building teapurl', () => {
  it(`every package npm ci installs runs on the oldest Node teapurl supports (${manifest.engines.node})`, () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const tooNew = Object.entries(lockfile.packages)
      .filter(([, entry]) => !Array.isArray(entry.engines) && typeof entry.engines?.node === 'string' && !semver.satisfies(oldest, entry.engines.node))
      .map(([where, entry]) => `${where} asks for node ${(entry.engines as { node: string }).node}`);
    expect(tooNew).toEqual([]);
  });

  it('a build of sources already built does nothing and prints nothing', () => {
    const check = spawnSync(process.execPath, ['scripts/build.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(check.status, `${check.stderr} (run npm run build before this test)`).toBe(0);
    const stamp = path.join(ROOT, 'dist/.build-stamp');
    const before = statSync(stamp).mtimeMs;
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect([build.status, build.stdout, build.stderr]).toEqual([0, '', '']);
    expect(statSync(stamp).mtimeMs).toBe(before);
  });
});
