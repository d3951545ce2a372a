import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Unit and worker tests run inside workerd, against the real Worker built from
// wrangler.toml (its [site] bucket and KV namespaces included). Run
// `npm run build` first: the Worker reads dist/manifest.json.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: { ENVIRONMENT: 'test' },
      },
    }),
  ],
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    maxWorkers: 2,
  },
});
