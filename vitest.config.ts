import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { INSTALL_TESTS } from './vitest.install.config.js';

/**
 * The test files that replace a module (`vi.mock`): a mock only takes when the file imports its
 * modules afresh, so these run isolated. Found by reading the files, so a new one needs no list.
 */
function filesThatMockModules(): string[] {
  const out: string[] = [];
  for (const entry of readdirSync('test', { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name).split(path.sep).join('/');
    if (/\bvi\.(?:do)?mock\(/.test(readFileSync(file, 'utf8'))) out.push(file);
  }
  return out.sort();
}

const MOCKING = filesThatMockModules();

// `npm test`: what a contributor runs before each commit. The install-level tests (the packed
// tarball installed, the husky recipe, the pre-commit hook installed from a clone) are
// `npm run test:install`, with the browser tests; .ci/run runs both.
export default defineConfig({
  test: {
    // Tests generate docs sites from the sources: the live PURL box's script must match them.
    // The second says once per run which shared specification data is missing.
    globalSetup: ['test/support/docs-assets-setup.ts', 'test/support/shared-data-setup.ts'],
    // Vitest's default leaves a core idle (CPUs − 1: one worker on a 2-core machine); a third of
    // the files spend their time waiting on a spawned CLI or a loopback server, so every core
    // gets a worker.
    maxWorkers: availableParallelism(),
    // CLI tests spawn the built CLI; each takes a little under a second on the CI machine.
    testTimeout: 30_000,
    // The JSON report lets .ci/run end with a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...INSTALL_TESTS, ...MOCKING],
          // teapurl keeps no process-wide state, so a worker's files share their imports instead
          // of loading the sources again for each file: about a third of the suite's time.
          isolate: false,
        },
      },
      ...(MOCKING.length > 0 ? [{ extends: true as const, test: { name: 'isolated', include: MOCKING } }] : []),
    ],
  },
});
