import { defineConfig } from 'vitest/config';
import worker from './vitest.config.ts';

// The association's own content (content/), as `npm run build` makes it: the
// same Worker in workerd as the worker tier, but checks that hold for any
// content (every page answers, every link and image resolves, French
// typography is set), never what the content says. `npm run test:content`
// builds it first.
export default defineConfig({
  ...worker,
  test: {
    ...worker.test,
    include: ['tests/content/**/*.test.ts'],
    setupFiles: ['tests/content/setup.ts'],
  },
});
