import { defineConfig } from 'vitest/config';

// Browser tests: a real Chromium (Debian's, driven by playwright-core) against
// `wrangler dev`, which tests/e2e/global-setup.ts starts on a free port.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
