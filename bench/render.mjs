// CPU time of one uncached page render, measured in Node's V8 (the engine
// workerd runs) with production React: `npm run bench` reports the median.
// The Worker's app is bundled for Node as wrangler bundles it, with the two
// platform imports stubbed (the static-file manifest and the Durable Object
// base class) and no page cache, so every request renders from scratch. The
// [site] bucket holds only the content's file (dist/public/_data/, read by
// onDemand): no page rendered ahead is found, each is rendered by React.
//
//   npm run bench:render -- [path ...] [--runs 300] [--profile]
import { readFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { dataFromBucket } from '../scripts/build-worker.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** The [vars] of wrangler.toml: the Worker's configuration. */
async function vars() {
  const toml = await readFile(path.join(root, 'wrangler.toml'), 'utf8');
  const section = toml.split(/^\[vars\]\s*$/m)[1]?.split(/^\[/m)[0] ?? '';
  return Object.fromEntries([...section.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map((m) => [m[1], m[2]]));
}

/** A [site] bucket with only the file of the content and the messages, under its own name (the manifest maps it to itself). */
async function contentBucket() {
  const file = (await import(path.join(root, 'dist/data-file.js'))).default;
  const text = await readFile(path.join(root, 'dist/public', file), 'utf8');
  return { file, kv: { get: async (key) => (key === file ? text : null) } };
}

/** Bundles worker/app.ts for Node and returns a fetch that renders without any cache. */
export async function loadApp() {
  const bucket = await contentBucket();
  const stubs = {
    name: 'workers-stubs',
    setup(build) {
      build.onResolve({ filter: /^(__STATIC_CONTENT_MANIFEST|cloudflare:workers)$/ }, (a) => ({ path: a.path, namespace: 'stub' }));
      build.onLoad({ filter: /.*/, namespace: 'stub' }, (a) => ({
        contents:
          a.path === 'cloudflare:workers'
            ? 'export class DurableObject {}'
            : `export default ${JSON.stringify(JSON.stringify({ [bucket.file]: bucket.file }))}`,
        loader: 'js',
      }));
    },
  };
  const out = await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['worker/app.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['workerd', 'worker', 'import'],
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.json': 'json' },
    // The content as the Worker reads it: from the bucket's file, as scripts/build-worker.mjs bundles it.
    plugins: [dataFromBucket(root), stubs],
    logLevel: 'error',
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`;
  // No edge cache here: every request is a miss that is not stored.
  globalThis.caches = { default: { match: async () => undefined, put: async () => {} } };
  const { createApp } = await import(url);
  const app = createApp();
  const env = { ...(await vars()), ENVIRONMENT: 'production', __STATIC_CONTENT: bucket.kv };
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} };
  return async (pathname) => {
    const res = await app.fetch(
      new Request(`https://jeepfl.ch${pathname}`, { headers: { Cookie: 'lang=fr', 'User-Agent': 'bench' } }),
      env,
      ctx,
    );
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${pathname}: ${res.status}`);
    return body;
  };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * CPU milliseconds (user + system) per render of each path, after warming up:
 * the median over batches of 25 renders (the kernel accounts CPU time too
 * coarsely to time a single render).
 */
export async function measureRenders(paths, { runs = 300 } = {}) {
  const render = await loadApp();
  const results = {};
  const batch = 25;
  for (const p of paths) {
    for (let i = 0; i < 50; i++) await render(p);
    const samples = [];
    for (let i = 0; i < Math.max(1, Math.round(runs / batch)); i++) {
      const before = process.cpuUsage();
      for (let j = 0; j < batch; j++) await render(p);
      const used = process.cpuUsage(before);
      samples.push((used.user + used.system) / 1000 / batch);
    }
    results[p] = median(samples);
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf('--runs') + 1]) || 300;
  const paths = args.filter((a, i) => a.startsWith('/') && args[i - 1] !== '--runs');
  if (args.includes('--profile')) {
    const render = await loadApp();
    for (let i = 0; i < 50; i++) await render(paths[0] ?? '/');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 50 });
    await session.post('Profiler.start');
    for (let i = 0; i < runs; i++) await render(paths[0] ?? '/');
    const { profile } = await session.post('Profiler.stop');
    const self = new Map();
    const total = profile.samples.length;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (const id of profile.samples) {
      const n = byId.get(id);
      const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.slice(-40)}:${n.callFrame.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${((100 * v) / total).toFixed(1)}%  ${k}`);
  } else {
    const results = await measureRenders(paths.length ? paths : ['/'], { runs });
    for (const [p, ms] of Object.entries(results)) console.log(`${p}: ${ms.toFixed(2)} ms CPU (${runs} renders)`);
  }
}
