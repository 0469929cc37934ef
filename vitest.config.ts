import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // CLI tests spawn the built CLI; each takes a little under a second on the CI machine.
    testTimeout: 30_000,
  },
});
