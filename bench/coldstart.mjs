// Cold start: what the first visitor of an isolate waits for. Each Worker is
// bundled exactly as `wrangler deploy --dry-run` bundles it (minified,
// production React), then started in a fresh Node process (V8, the engine
// workerd runs) that evaluates the bundle and answers one request
// (bench/cold/run.mjs). Three Workers side by side, in alternating rounds so
// a drift of the machine's speed weighs on each alike:
//
// - a bare Hono hello world (bench/cold/hono.mjs);
// - the React floor: Hono + react-dom/server.edge, a trivial page (bench/cold/react-floor.mjs);
// - this site: `/`, an island page and a Markdown page.
//
// Also `wrangler check startup`, workerd's own profile of the evaluation.
//
//   npm run bench:cold [-- --runs 21]
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** wrangler's environment: production React, no telemetry, and this Node for the custom build ([build] runs `node`). */
const wranglerEnv = () => ({
  // The tests' fixtures, as `npm run bench` (scripts/bench.mjs): figures that do not move with the content.
  CONTENT_DIR: 'tests/fixtures/content',
  ...process.env,
  PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  NODE_ENV: 'production',
  WRANGLER_SEND_METRICS: 'false',
});

/** The site's pages measured: the home page, a page with islands, a page rendered from Markdown. */
export const COLD_PAGES = { home: '/', island: '/contact', markdown: '/news/bilan-2024' };

/** `wrangler deploy --dry-run` into `out`: the bundle as it would be uploaded. Returns its path. */
export async function bundle(out, args) {
  await run(process.execPath, [wrangler, 'deploy', ...args, '--dry-run', '--outdir', out], {
    cwd: root,
    env: wranglerEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  const js = (await readdir(out)).find((f) => f.endsWith('.js'));
  return path.join(out, js);
}

/**
 * The site's bundle made loadable by Node: its two platform imports point to
 * stand-ins, the static-file manifest listing dist/public as wrangler would.
 */
export async function loadableSite(file) {
  const dir = path.dirname(file);
  const files = (await readdir(path.join(root, 'dist/public'), { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
  const manifest = Object.fromEntries(
    files.map((d) => {
      const rel = path.relative(path.join(root, 'dist/public'), path.join(d.parentPath, d.name)).split(path.sep).join('/');
      return [rel, rel.replace(/(\.[^./]+)?$/, '.0123456789$1')];
    }),
  );
  await writeFile(path.join(dir, 'static-manifest.mjs'), `export default ${JSON.stringify(JSON.stringify(manifest))};\n`);
  await writeFile(
    path.join(dir, 'workers.mjs'),
    'export class DurableObject { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }\n',
  );
  const js = await readFile(file, 'utf8');
  const loadable = js
    .replaceAll('"__STATIC_CONTENT_MANIFEST"', '"./static-manifest.mjs"')
    .replaceAll('"cloudflare:workers"', '"./workers.mjs"');
  const target = path.join(dir, 'site.mjs');
  await writeFile(target, loadable);
  return target;
}

async function coldStart(file, pathname, env) {
  const { stdout } = await run(process.execPath, [path.join(root, 'bench/cold/run.mjs'), file, pathname], {
    env: { PATH: process.env.PATH, COLD_ENV: JSON.stringify(env) },
  });
  return JSON.parse(stdout);
}

/** Bundles the three Workers into `out`: each one's loadable file and pages, and the site's vars. */
export async function buildApps(out) {
  const { unstable_readConfig } = await import('wrangler');
  const env = unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env: 'production' }).vars;
  const apps = {};
  for (const name of ['hono', 'react-floor']) {
    await mkdir(path.join(out, name));
    const file = await bundle(path.join(out, name), [`bench/cold/${name}.mjs`, '--config', 'bench/cold/wrangler.toml']);
    const js = await readFile(file);
    // .mjs: a .js file outside any package makes Node try CommonJS first and parse it twice.
    await writeFile(`${file.slice(0, -3)}.mjs`, js);
    apps[name] = { file: `${file.slice(0, -3)}.mjs`, gzip: gzipSync(js).length, pages: { home: '/' } };
  }
  await mkdir(path.join(out, 'site'));
  const site = await bundle(path.join(out, 'site'), ['--env', 'production']);
  apps.site = { file: await loadableSite(site), gzip: gzipSync(await readFile(site)).length, pages: COLD_PAGES };
  return { apps, env };
}

/**
 * Builds the three Workers and starts each `runs` times. Returns, per Worker
 * and page, the bundle's gzip size, the medians of evaluation, first request
 * and their sum (each taken on its own) in milliseconds of wall time, and the
 * means of the same in CPU time of the Worker's thread (`…Cpu`).
 */
export async function measureColdStarts({ runs = 21 } = {}) {
  const out = await mkdtemp(path.join(tmpdir(), 'cold-'));
  try {
    const { apps, env } = await buildApps(out);
    const samples = {};
    for (let i = 0; i < runs; i++) {
      for (const [name, app] of Object.entries(apps)) {
        for (const [page, pathname] of Object.entries(app.pages)) {
          const key = `${name} ${page}`;
          samples[key] ??= [];
          samples[key].push(await coldStart(app.file, pathname, name === 'site' ? env : {}));
        }
      }
    }
    const results = {};
    for (const [name, app] of Object.entries(apps)) {
      for (const page of Object.keys(app.pages)) {
        const s = samples[`${name} ${page}`];
        results[`${name} ${page}`] = {
          app: name,
          page: app.pages[page],
          gzip: app.gzip,
          evaluation: median(s.map((x) => x.evaluation)),
          firstRequest: median(s.map((x) => x.firstRequest)),
          cold: median(s.map((x) => x.evaluation + x.firstRequest)),
          // Means, not medians: the kernel counts a thread's CPU in 4 ms ticks, so one
          // run reads a multiple of 4 and the median of such readings leans to a tick.
          evaluationCpu: mean(s.map((x) => x.evaluationCpu)),
          firstRequestCpu: mean(s.map((x) => x.firstRequestCpu)),
          coldCpu: mean(s.map((x) => x.evaluationCpu + x.firstRequestCpu)),
        };
      }
    }
    return { runs, results, bundle: apps.site.gzip };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/**
 * `wrangler check startup` on a prebuilt bundle, `runs` times: the mean of
 * the active time it prints. Its profiler takes a sample about every 10 ms,
 * so one run reads 0 or a multiple of that; the mean over runs estimates
 * the real time.
 */
async function checkStartup(config, workerBundle, dir, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(
      process.execPath,
      [wrangler, 'check', 'startup', '--config', config, '--worker', workerBundle, '--outfile', path.join(dir, `${i}.cpuprofile`)],
      { cwd: root, env: wranglerEnv(), maxBuffer: 16 * 1024 * 1024 },
    );
    const active = /Active: ([\d.]+) ms \(including ([\d.]+) ms garbage collection\)/.exec(stdout);
    if (!active) throw new Error(`unexpected output: ${stdout.slice(-300)}`);
    samples.push({ active: Number(active[1]), gc: Number(active[2]) });
  }
  return { active: mean(samples.map((x) => x.active)), gc: mean(samples.map((x) => x.gc)) };
}

/**
 * `wrangler check startup`: workerd's own profile of a Worker's module
 * evaluation (not of its first request), for this site and the React floor.
 * It refuses a Durable Object binding, so the site is profiled from a copy of
 * wrangler.toml without the outbox (and without the environments), minified
 * like production. Returns means over `runs` profiles of each, or the
 * reason it could not run.
 */
export async function startupProfile({ runs = 15 } = {}) {
  const variant = path.join(root, '.wrangler-startup.toml');
  const toml = await readFile(path.join(root, 'wrangler.toml'), 'utf8');
  let skip = false;
  const lines = toml.split('\n').filter((line) => {
    if (/^\[/.test(line)) skip = /^\[\[?(env\.|durable_objects|migrations)/.test(line);
    return !skip;
  });
  await writeFile(
    variant,
    `# Written by bench/coldstart.mjs for wrangler check startup; deleted after.\nminify = true\n${lines.join('\n')}`,
  );
  const dir = await mkdtemp(path.join(tmpdir(), 'startup-'));
  const reference = path.join(root, 'bench/cold/wrangler.toml');
  try {
    const build = (args, file) =>
      run(process.execPath, [wrangler, 'deploy', ...args, '--dry-run', '--outfile', file], {
        cwd: root,
        env: wranglerEnv(),
        maxBuffer: 16 * 1024 * 1024,
      });
    await build(['--config', variant], path.join(dir, 'site.bundle'));
    await build(['bench/cold/react-floor.mjs', '--config', reference], path.join(dir, 'floor.bundle'));
    return {
      runs,
      site: await checkStartup(variant, path.join(dir, 'site.bundle'), dir, runs),
      floor: await checkStartup(reference, path.join(dir, 'floor.bundle'), dir, runs),
    };
  } catch (error) {
    return { error: `${error.stderr || error.message}`.trim().split('\n').slice(-3).join(' ') };
  } finally {
    await rm(variant, { force: true });
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const runs = Number(args[args.indexOf('--runs') + 1]) || 21;
  const { results } = await measureColdStarts({ runs });
  const startup = await startupProfile();
  const floor = results['react-floor home'];
  console.log(`${runs} fresh processes each, milliseconds: mean CPU time of the Worker's thread (median wall time)`);
  const f = (cpu, wall) => `${cpu.toFixed(1).padStart(5)} (${wall.toFixed(1)})`;
  for (const [key, r] of Object.entries(results)) {
    console.log(
      `${key.padEnd(20)} ${r.page.padEnd(18)} ${(r.gzip / 1024).toFixed(1).padStart(6)} KiB  eval ${f(r.evaluationCpu, r.evaluation)}  first ${f(r.firstRequestCpu, r.firstRequest)}  cold ${f(r.coldCpu, r.cold)}  ×${(r.coldCpu / floor.coldCpu).toFixed(2)} (×${(r.cold / floor.cold).toFixed(2)})`,
    );
  }
  console.log(
    startup.error
      ? `wrangler check startup: ${startup.error}`
      : `wrangler check startup (workerd, module evaluation, mean of ${startup.runs}): this site ${startup.site.active.toFixed(1)} ms, React floor ${startup.floor.active.toFixed(1)} ms`,
  );
}
