import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { WORKER_TIER_BINDINGS } from './tests/worker/bindings.ts';

// Unit and worker tests run inside workerd, against the real Worker built from
// wrangler.toml (its [site] bucket and KV namespaces included). Run
// `npm run build` first: the Worker reads dist/manifest.json.
export default defineConfig({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      // The Worker's source, not the bundle wrangler.toml names (dist/worker/, made by npm run build): Vite bundles it.
      main: './worker/index.ts',
      miniflare: {
        // The tier's own settings (tests/worker/bindings.ts), made from the Worker's declared ones (worker/declared-settings.ts).
        bindings: WORKER_TIER_BINDINGS,
      },
    }),
  ],
  resolve: {
    // As in the Worker's bundle (scripts/build-worker.mjs): the content and messages are the [site] bucket's data
    // file, which tests/worker/setup.ts loads from the test's bucket before any test imports them.
    alias: [{ find: /^#build\/data\.js$/, replacement: fileURLToPath(new URL('./worker/render/bucket-data.ts', import.meta.url)) }],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/worker/**/*.test.ts'],
    setupFiles: ['tests/worker/setup.ts'],
    maxWorkers: 2,
  },
});
