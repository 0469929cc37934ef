import { defineConfig } from 'vitest/config';

// The browser tests drive Debian's Chromium; they run apart from `npm test` (see README).
export default defineConfig({
  test: {
    include: ['test-browser/**/*.browser.test.ts'],
    // Tests generate docs sites from the sources: the live PURL box's script must match them.
    globalSetup: ['test/support/docs-assets-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits 1 s by default: too short for a page's first update in Chromium on a
    // loaded two-core machine. A poll that holds returns as soon as it does; only a failure waits.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest-browser.json' }]],
  },
});
