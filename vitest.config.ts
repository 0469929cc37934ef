import { defineConfig } from 'vitest/config';
import { INSTALL_TESTS } from './vitest.install.config.js';

// `npm test`: what a contributor runs before each commit. The install-level tests (the packed
// tarball installed, the husky recipe, the pre-commit hook installed from a clone) are
// `npm run test:install`, with the browser tests; .ci/run runs both.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...INSTALL_TESTS],
    // Tests generate docs sites from the sources: the live PURL box's script must match them.
    // The second says once per run which shared specification data is missing.
    globalSetup: ['test/support/docs-assets-setup.ts', 'test/support/shared-data-setup.ts'],
    // CLI tests spawn the built CLI; each takes a little under a second on the CI machine.
    testTimeout: 30_000,
    // The JSON report lets .ci/run end with a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest.json' }]],
  },
});
