// `wrangler check startup`: workerd's own profile of a Worker's module
// evaluation (not of its first request), for the site and the React floor,
// beside the cold-start bench's Node figures (bench/coldstart.mjs).
//
// The site is uploaded as built (`no_bundle`: dist/worker/index.js and its
// chunks), so it is profiled from the bench's build through a config of its
// own, written beside that build: the same entry, module rules,
// compatibility date and [site] bucket as wrangler.toml, and nothing
// `check startup` refuses (the Durable Object binding) or runs (the build
// command, which would write dist/).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { wranglerRun } from './wrangler-run.mjs';

const root = path.resolve(import.meta.dirname, '../..');
/** A module rule of wrangler's config as a TOML inline table (a JSON array of strings is a TOML array). */
const tomlRule = (r) => `{ type = ${JSON.stringify(r.type)}, globs = ${JSON.stringify(r.globs)}, fallthrough = ${r.fallthrough ?? false} }`;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * `wrangler check startup` on a prebuilt bundle, `runs` times: the mean of
 * the active time it prints. Its profiler takes a sample about every 10 ms,
 * so one run reads 0 or a multiple of that; the mean over runs estimates
 * the real time.
 */
async function checkStartup(config, bundle, dir, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await wranglerRun([
      'check',
      'startup',
      '--config',
      config,
      '--worker',
      bundle,
      '--outfile',
      path.join(dir, `${i}.cpuprofile`),
    ]);
    const active = /Active: ([\d.]+) ms \(including ([\d.]+) ms garbage collection\)/.exec(stdout);
    if (!active) throw new Error(`unexpected output: ${stdout.slice(-300)}`);
    samples.push({ active: Number(active[1]), gc: Number(active[2]) });
  }
  return { active: mean(samples.map((x) => x.active)), gc: mean(samples.map((x) => x.gc)) };
}

/**
 * Profiles the site built in `out` (scripts/build.mjs --out) and the React
 * floor (bundled again, as `check startup` reads it) `runs` times each. Returns the means of
 * their active time, or the reason it could not run.
 */
export async function startupProfile({ out, runs = 10 }) {
  const dir = path.join(out, 'startup');
  try {
    await mkdir(dir, { recursive: true });
    const { unstable_readConfig } = await import('wrangler');
    const site = unstable_readConfig({ config: path.join(root, 'wrangler.toml'), env: 'production' }, { hideWarnings: true });
    const config = path.join(out, 'wrangler-startup.toml');
    await writeFile(
      config,
      [
        '# Written by bench/cold/startup.mjs for wrangler check startup: the bench build, as wrangler.toml uploads dist/.',
        `name = ${JSON.stringify(site.name)}`,
        'main = "worker/index.js"',
        'no_bundle = true',
        `rules = [${site.rules.map(tomlRule).join(', ')}]`,
        `compatibility_date = ${JSON.stringify(site.compatibility_date)}`,
        '[site]',
        'bucket = "public"',
        '',
      ].join('\n'),
    );
    const reference = path.join(root, 'bench/cold/wrangler.toml');
    await wranglerRun(['deploy', '--config', config, '--dry-run', '--outfile', path.join(dir, 'site.bundle')]);
    await wranglerRun([
      'deploy',
      'bench/cold/react-floor.mjs',
      '--config',
      reference,
      '--dry-run',
      '--outfile',
      path.join(dir, 'floor.bundle'),
    ]);
    return {
      runs,
      site: await checkStartup(config, path.join(dir, 'site.bundle'), dir, runs),
      floor: await checkStartup(reference, path.join(dir, 'floor.bundle'), dir, runs),
    };
  } catch (error) {
    return { error: `${error.stderr || error.message}`.trim().split('\n').slice(-3).join(' ') };
  }
}
