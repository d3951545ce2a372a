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
//
// The bundle is code only: the site's content and messages (what dist/data.js
// holds for Node's renderer) are one JSON file of the [site] bucket, read by
// the requests that load the on-demand module (worker/platform/site-data.ts).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';

/** The folder of dist/ the Worker is written to; wrangler.toml's `main` is its index.js. */
export const WORKER_DIR = 'worker';

/** What `#build/data.js` is in the Worker's bundle: the content and messages of the data file, in the same shape. */
const BUCKET_DATA = 'worker/render/bucket-data.ts';

/**
 * Writes the Worker's data (`{ content, messages }`) to the [site] bucket as
 * `_data/<first 32 hex digits of its SHA-256>.json` (a new name whenever it
 * changes: a version's Worker reads its own file, kept with its other files
 * for a rollback by scripts/keep-assets.mjs), and that name to
 * `data-file.js`, which the Worker's start chunk imports.
 */
async function writeBucketData(dir, data) {
  const text = JSON.stringify(data);
  const file = `_data/${createHash('sha256').update(text).digest('hex').slice(0, 32)}.json`;
  await mkdir(path.join(dir, 'public/_data'), { recursive: true });
  await writeFile(path.join(dir, 'public', file), text);
  await writeFile(
    path.join(dir, 'data-file.js'),
    `// Written by scripts/build-worker.mjs: the file of dist/public the Worker reads its content and messages from.\nexport default ${JSON.stringify(file)};\n`,
  );
  await writeFile(
    path.join(dir, 'data-file.d.ts'),
    '// Written by scripts/build-worker.mjs with data-file.js.\ndeclare const file: string;\nexport default file;\n',
  );
}

/** Ahead of build.mjs's `#build/` plugin: in the Worker only, the content and messages come from the bucket, not from dist/data.js. */
export const dataFromBucket = (root) => ({
  name: 'data-from-bucket',
  setup(build) {
    build.onResolve({ filter: /^#build\/data\.js$/ }, () => ({ path: path.join(root, BUCKET_DATA) }));
  },
});

/**
 * Bundles worker/index.ts into `<out>/worker/`, and writes its data (`{
 * content, messages }`, as dist/data.js holds them) to the bucket. `common`
 * is build.mjs's esbuild settings (its `#build/` plugin reads the files being
 * built). Returns esbuild's metafile, for the report.
 */
export async function buildWorker({ root, outName, common, data }) {
  await writeBucketData(path.join(root, outName), data);
  const result = await esbuild.build({
    ...common,
    plugins: [dataFromBucket(root), ...common.plugins],
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
