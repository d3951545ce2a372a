// Cold start: what the first visitor of an isolate costs, in CPU, against
// the free plan's 10 ms (issue 32). Production's Worker is built for the
// tests' fixture content exactly as it is deployed (scripts/build.mjs --for
// production: dist/worker/ and the pages rendered ahead), made loadable by
// Node (bench/cold/load.mjs), then, for every GET page of its own table in
// both languages and the 404 page (bench/cold/plan.mjs), started in a fresh
// Node process (V8, the engine workerd runs) that evaluates it, answers one
// request, then more of the same (bench/cold/run.mjs). Beside it, in
// alternating rounds so that a drift of the machine's speed weighs on each
// alike, two references bundled by `wrangler deploy --dry-run`:
//
// - a bare Hono hello world (bench/cold/hono.mjs);
// - the React floor: Hono + react-dom/server.edge, a trivial page (bench/cold/react-floor.mjs);
//
// and the pages rendered for the request (a form's no-JavaScript answer),
// reported, not budgeted. Then `wrangler check startup`, workerd's own
// profile of the evaluation. Exits 1 when a page is over budget
// (bench/budgets.json, `coldStartCpu`).
//
//   npm run bench:cold [-- --runs 20] [-- --profile /en/team]
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadableWorker } from './cold/load.mjs';
import { coldBudget, coldPages, overBudget, overPages, pageMeans, renderedPages } from './cold/plan.mjs';
import { printColdStarts } from './cold/print.mjs';
import { startupProfile } from './cold/startup.mjs';
import { wranglerEnv, wranglerRun } from './cold/wrangler-run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = promisify(execFile);
/** The bench's build, beside dist/ (which the tests read), ignored by git as every `.dist-build-*`. */
const OUT = path.join(root, '.dist-build-bench');
/** The tests' fixtures: figures that do not move with what the association publishes. */
const CONTENT = 'tests/fixtures/content';
/** Warm requests per process, timed together (bench/cold/run.mjs). */
const WARM = 10;

/** `wrangler deploy --dry-run` of a reference Worker into `out`; returns its file, as .mjs (a .js outside a package is tried as CommonJS first). */
async function bundleReference(name, out) {
  await mkdir(out, { recursive: true });
  await wranglerRun(['deploy', `bench/cold/${name}.mjs`, '--config', 'bench/cold/wrangler.toml', '--dry-run', '--outdir', out]);
  const file = path.join(
    out,
    (await readdir(out)).find((f) => f.endsWith('.js')),
  );
  const js = await readFile(file);
  await writeFile(`${file.slice(0, -3)}.mjs`, js);
  return { file: `${file.slice(0, -3)}.mjs`, gzip: gzipSync(js).length };
}

/** The gzip bytes of every module of the Worker, and of those a cold isolate loads (the entry and its static imports). */
async function workerSizes(dir) {
  const modules = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f));
  const gzip = async (file) => gzipSync(await readFile(file)).length;
  const started = new Set();
  const visit = async (file) => {
    if (started.has(file)) return;
    started.add(file);
    for (const [, spec] of (await readFile(file, 'utf8')).matchAll(/\bfrom\s*"(\.[^"]+)"/g))
      await visit(path.resolve(path.dirname(file), spec));
  };
  await visit(path.join(dir, 'index.js'));
  let all = 0;
  let start = 0;
  for (const file of modules) all += await gzip(file);
  for (const file of started) start += await gzip(file);
  return { gzip: all, startGzip: start, startModules: started.size };
}

/**
 * Production's site for the fixtures, built into OUT, and the references,
 * bundled into OUT/references. Returns the Workers to start, production's
 * vars, the pages and the built table.
 */
async function buildColdApps() {
  await rm(OUT, { recursive: true, force: true });
  const args = ['--no-seed', '--content', CONTENT, '--for', 'production', '--out', OUT];
  await run(process.execPath, [path.join(root, 'scripts/build.mjs'), ...args], {
    cwd: root,
    env: wranglerEnv(),
    maxBuffer: 16 * 1024 * 1024,
  });
  const table = (await import(pathToFileURL(path.join(OUT, 'pages.js')).href)).default;
  const publicDir = path.join(OUT, 'public');
  const entry = await loadableWorker(path.join(OUT, 'worker'), path.join(OUT, 'loadable'), publicDir);
  // Two empty modules: what Node's loader costs per file (run.mjs, loaderCost).
  for (const name of ['empty-a.mjs', 'empty-b.mjs']) await writeFile(path.join(OUT, 'loadable', name), 'export default 0;\n');
  const { unstable_readConfig } = await import('wrangler');
  const vars = unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env: 'production' }, { hideWarnings: true }).vars;
  const references = {};
  for (const name of ['hono', 'react-floor']) references[name] = await bundleReference(name, path.join(OUT, 'references', name));
  return {
    entry,
    publicDir,
    vars,
    table,
    pages: coldPages(table),
    rendered: renderedPages(table),
    references,
    ...(await workerSizes(path.join(OUT, 'worker'))),
  };
}

/** One fresh process: run.mjs's answer, checked to be the page asked for (its status, and where its document came from). */
async function coldStart(file, page, { env, publicDir, source, profile }) {
  const args = [path.join(root, 'bench/cold/run.mjs'), file, page.url, '--warm', String(WARM)];
  if (page.file) args.push('--preload', page.file);
  if (profile) args.push('--profile', profile);
  const { stdout } = await run(process.execPath, args, {
    env: { PATH: process.env.PATH, COLD_ENV: JSON.stringify(env ?? {}), ...(publicDir ? { COLD_PUBLIC: publicDir } : {}) },
    maxBuffer: 16 * 1024 * 1024,
  });
  const sample = JSON.parse(stdout);
  if (sample.status !== page.status || (source && sample.source !== source)) {
    throw new Error(`${page.url}: ${sample.status} from ${sample.source}, expected ${page.status} from ${source ?? 'anywhere'}`);
  }
  return sample;
}

/**
 * Builds everything, starts each page and each reference `runs` times, in
 * rounds, then runs `wrangler check startup` (bench/cold/startup.mjs).
 * Returns the means per page (bench/cold/plan.mjs, pageMeans) and over the
 * pages, the references', the pages rendered for the request, the budget
 * this run applies and the pages over it, the Worker's sizes, and workerd's
 * startup profile.
 */
export async function measureColdStarts({ runs = 20 } = {}) {
  try {
    return await measure(runs);
  } finally {
    await rm(OUT, { recursive: true, force: true });
  }
}

async function measure(runs) {
  const apps = await buildColdApps();
  const site = { env: apps.vars, publicDir: apps.publicDir };
  const jobs = [
    ...Object.entries(apps.references).map(([name, ref]) => ({ id: name, file: ref.file, page: { url: '/', status: 200 }, options: {} })),
    ...apps.pages.map((page) => ({ id: page.key, file: apps.entry, page, options: { ...site, source: 'build' } })),
    ...apps.rendered.map((page) => ({ id: page.key, file: apps.entry, page, options: { ...site, source: 'request' } })),
  ];
  const samples = Object.fromEntries(jobs.map((j) => [j.id, []]));
  const started = performance.now();
  for (let round = 0; round < runs; round++) {
    for (const job of jobs) samples[job.id].push(await coldStart(job.file, job.page, job.options));
    process.stderr.write(
      `${process.stderr.isTTY ? '\r' : '\n'}cold starts: round ${round + 1} of ${runs} (${jobs.length} processes each), ${Math.round((performance.now() - started) / 1000)} s`,
    );
  }
  process.stderr.write('\n');
  const means = (id) => pageMeans(samples[id]);
  const floor = means('react-floor');
  const budget = coldBudget(JSON.parse(await readFile(path.join(root, 'bench/budgets.json'), 'utf8')), floor.coldCpu);
  const pages = apps.pages.map((p) => {
    const r = { key: p.key, url: p.url, status: p.status, ...means(p.key) };
    return { ...r, over: overBudget(r, budget) };
  });
  const siteSamples = [...apps.pages, ...apps.rendered].flatMap((p) => samples[p.key]);
  return {
    runs,
    warmRequests: WARM,
    pages,
    overPages: overPages(pages),
    rendered: apps.rendered.map((p) => ({ key: p.key, url: p.url, ...means(p.key) })),
    references: {
      hono: { ...means('hono'), gzip: apps.references.hono.gzip },
      floor: { ...floor, gzip: apps.references['react-floor'].gzip },
    },
    budget,
    over: pages.filter((p) => p.over.length > 0),
    loaderCpu: siteSamples.reduce((a, s) => a + s.loaderCpu, 0) / siteSamples.length,
    bundle: { gzip: apps.gzip, startGzip: apps.startGzip, startModules: apps.startModules },
    startup: await startupProfile({ out: OUT }),
  };
}

/** Profiles one cold start of `url` (a path of the site) into OUT/profile.*.cpuprofile. */
async function profileOne(url) {
  const apps = await buildColdApps();
  const page = [...apps.pages, ...apps.rendered].find((p) => p.url === url) ?? { url, status: 200 };
  const prefix = path.join(OUT, 'profile');
  console.log(await coldStart(apps.entry, page, { env: apps.vars, publicDir: apps.publicDir, profile: prefix }));
  console.log(`profiles: ${prefix}.evaluation.cpuprofile, ${prefix}.request.cpuprofile (Chrome DevTools, Performance)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
  if (option('--profile')) {
    await profileOne(option('--profile'));
  } else {
    const cold = await measureColdStarts({ runs: Number(option('--runs')) || undefined });
    printColdStarts(cold);
    if (cold.over.length > 0) process.exitCode = 1;
  }
}
