import { defineConfig } from 'vitest/config';

// Build-time checks that need Node (the file system, the build scripts):
// the content pipeline and the project's boundaries. No Worker, no browser.
export default defineConfig({
  test: {
    include: ['tests/node/**/*.test.ts'],
    testTimeout: 60_000,
    // One file at a time: the bundle test rebuilds dist/, which the content test compares.
    fileParallelism: false,
  },
});
