import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Tests generate docs sites from the sources: the live PURL box's script must match them.
    globalSetup: ['test/support/docs-assets-setup.ts'],
    // CLI tests spawn the built CLI; each takes a little under a second on the CI machine.
    testTimeout: 30_000,
    // The JSON report lets .ci/run end with a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest.json' }]],
  },
});
