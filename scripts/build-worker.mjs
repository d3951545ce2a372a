// The Worker's bundle, written by scripts/build.mjs into dist/worker/: the
// entry (index.js) and the chunks it loads only when a request needs them
// (docs/decisions/0017). wrangler uploads the folder as it is (`no_bundle`
// in wrangler.toml): each chunk a module of its own, which an isolate parses
// and runs the first time a request imports it, never at its start.
//
// What wrangler's own bundling did is done here the same way: minified, no
// name-keeping wrappers, production React, the bindings' and workerd's
// modules left to the runtime, a source map beside each file (uploaded with
// each deploy: a stack trace in the logs names the TypeScript line).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** The folder of dist/ the Worker is written to; wrangler.toml's `main` is its index.js. */
export const WORKER_DIR = 'worker';

/**
 * Bundles worker/index.ts into `<out>/worker/`. `common` is build.mjs's
 * esbuild settings (its `#build/` plugin reads the files being built).
 * Returns esbuild's metafile, for the report.
 */
export async function buildWorker({ root, outName, common }) {
  const result = await esbuild.build({
    ...common,
    entryPoints: [{ in: 'worker/index.ts', out: 'index' }],
    outdir: path.join(outName, WORKER_DIR),
    chunkNames: 'chunks/[name]-[hash]',
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    // As wrangler resolves packages for workerd.
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    external: ['__STATIC_CONTENT_MANIFEST', 'cloudflare:*', 'node:*'],
    jsx: 'automatic',
    sourcemap: 'linked',
    sourcesContent: true,
    keepNames: false,
    // Production React, in `wrangler dev` too: what a visitor runs, at its speed.
    define: { 'process.env.NODE_ENV': '"production"' },
    absWorkingDir: root,
  });
  // The bundle's types are the source's: worker-configuration.d.ts (wrangler types) names the
  // entry wrangler.toml gives, and the outbox's stub is typed by its class. Not uploaded (no rule matches).
  await writeFile(
    path.join(root, outName, WORKER_DIR, 'index.d.ts'),
    "// Written by scripts/build-worker.mjs: the types of the Worker's source.\nexport * from '../../worker/index.ts';\nexport { default } from '../../worker/index.ts';\n",
  );
  return result.metafile;
}
