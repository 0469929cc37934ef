import { defineConfig } from 'vitest/config';

// The browser tests drive Debian's Chromium; they run apart from `npm test` (see README).
export default defineConfig({
  test: {
    include: ['test-browser/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: 'test-artifacts/vitest-browser.json' }]],
  },
});
