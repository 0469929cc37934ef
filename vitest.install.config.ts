import { defineConfig } from 'vitest/config';

/**
 * The install-level tests: each installs teapurl the way a user does (the packed tarball into an
 * empty project, the husky and lint-staged recipe, pre-commit's install from a git clone) and
 * needs npm's registry or cache; the last also needs the `pre-commit` command. `npm test` leaves
 * them out; `npm run test:install` runs them, then the browser tests.
 */
export const INSTALL_TESTS = ['test/package/packed-package.test.ts', 'test/package/husky-lint-staged.test.ts', 'test/pre-commit-install.test.ts'];

export default defineConfig({
  test: {
    include: INSTALL_TESTS,
    globalSetup: ['test/support/shared-data-setup.ts'],
    // The installs have time limits of their own (beforeAll); a test in an install takes seconds.
    testTimeout: 30_000,
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest-install.json' }]],
  },
});
