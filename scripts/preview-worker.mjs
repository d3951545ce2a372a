// A preview's Worker on Cloudflare: its name, its configuration, and its
// removal (`delete`, `sweep`). Used by scripts/preview.mjs and
// scripts/preview-deploy.mjs.
//
// The preview is wrangler.toml's [env.staging] written once more, as a
// generated configuration: the same vars (ENVIRONMENT = "staging": never
// indexed, "test site" on every page, forms that mail nobody), the same KV
// namespace for short links (read), the same rate limits; but its own name,
// its own SITE_URL (its workers.dev address, on the account subdomain of
// staging's), its own outbox (the Durable Object lives in the Worker), and
// no cron trigger (the free plan has 5 per account, and staging and
// production use two).
//
// wrangler is imported only when it is called: `npm run preview -- comment`
// loads this module too, in a job that never ran `npm ci`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const defaultConfigPath = path.join(root, 'wrangler.toml');

/** The environment of wrangler.toml a preview copies. */
export const BASE_ENV = 'staging';
/** The environment name inside the generated configuration. */
export const PREVIEW_ENV = 'preview';
/** Cloudflare's "no such Worker" error codes, as wrangler prints them (`[code: 10007]`); wrangler's own isWorkerNotFoundError uses the same two. */
const WORKER_NOT_FOUND = /\[code: (10007|10090)\]/;

/** `42` -> `jeepfl-website-pr-42`: wrangler.toml's top-level name, then the pull request's number. */
export const previewName = (baseName, pr) => `${baseName}-pr-${pr}`;

/** The pull request a Worker's name belongs to, or null for any other Worker (staging, production, anything else). */
export function prOfWorker(baseName, workerName) {
  const m = /^(.*)-pr-([1-9][0-9]*)$/.exec(workerName);
  return m && m[1] === baseName ? Number(m[2]) : null;
}

/** wrangler.toml's top-level name, which every preview's name starts with. */
export async function baseWorkerName(configPath = defaultConfigPath) {
  const { experimental_readRawConfig: readRaw } = await import('wrangler');
  return readRaw({ config: configPath }).rawConfig.name;
}

/** Workers Sites keeps each Worker's static files in a KV namespace with this title (wrangler's own naming). */
const sitesNamespace = (workerName) => `__${workerName}-workers_sites_assets`;
const workerOfNamespace = (title) => /^__(.+)-workers_sites_assets$/.exec(title)?.[1] ?? null;

/** Runs wrangler from the repository; `capture` keeps its output (and echoes it), otherwise it goes straight to the terminal. */
export function realWrangler(args, { capture = false, env = process.env } = {}) {
  const r = spawnSync(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    env: { ...env, WRANGLER_SEND_METRICS: 'false' },
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (capture) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
  }
  return { status: r.status ?? 1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** The first line of wrangler's output that reads like its error, for a one-line message. */
const wranglerError = (r) =>
  `${r.stderr}\n${r.stdout}`
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /error|✘/i.test(l)) ?? `wrangler exited with ${r.status}`;

/** Every KV namespace of the account, as `wrangler kv namespace list` gives them. */
function listNamespaces(wrangler) {
  const r = wrangler(['kv', 'namespace', 'list'], { capture: true });
  if (r.status !== 0) throw new Error(`could not list the KV namespaces: ${wranglerError(r)}`);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('[')));
}

/**
 * The preview's configuration: wrangler.toml as it is, plus an environment
 * `preview` that is [env.staging] with its own name, address and no cron.
 * Wrangler then applies its own inheritance rules to it, exactly as it does
 * for staging. Paths become absolute, as the file is written elsewhere.
 * Returns the configuration (an object, written as wrangler.json), the
 * Worker's name and its address.
 */
export async function previewConfig({ pr, configPath = defaultConfigPath }) {
  const { experimental_readRawConfig: readRaw, unstable_readConfig: readConfig } = await import('wrangler');
  const raw = readRaw({ config: configPath }).rawConfig;
  const staging = raw.env?.[BASE_ENV];
  if (!staging) throw new Error(`${path.basename(configPath)} has no [env.${BASE_ENV}]: a preview copies its settings`);
  if (!raw.name) throw new Error(`${path.basename(configPath)} has no top-level name: a preview is named after it`);
  const name = previewName(raw.name, pr);

  // Staging's address is https://<staging's Worker>.<account subdomain>.workers.dev; the preview's is on the same subdomain.
  const stagingConfig = readConfig({ config: configPath, env: BASE_ENV }, { hideWarnings: true });
  const stagingUrl = stagingConfig.vars?.SITE_URL ?? '';
  const host = URL.canParse(stagingUrl) ? new URL(stagingUrl).hostname : '';
  const prefix = `${stagingConfig.name}.`;
  if (!host.startsWith(prefix) || !host.endsWith('.workers.dev') || host.length <= prefix.length + '.workers.dev'.length) {
    throw new Error(
      `[env.${BASE_ENV}] SITE_URL is "${stagingUrl}", not staging's workers.dev address (https://${stagingConfig.name}.<subdomain>.workers.dev): a preview takes its address from it`,
    );
  }
  const url = `https://${name}.${host.slice(prefix.length)}`;

  const dir = path.dirname(path.resolve(configPath));
  const absolute = (p) => (typeof p === 'string' ? path.resolve(dir, p) : p);
  /** The fields of one level of the configuration that hold a path. */
  const withAbsolutePaths = (level) => ({
    ...level,
    ...(level.main !== undefined && { main: absolute(level.main) }),
    ...(level.tsconfig !== undefined && { tsconfig: absolute(level.tsconfig) }),
    ...(level.site && { site: { ...level.site, bucket: absolute(level.site.bucket) } }),
    // The build runs in the repository; watch_dir only matters to `wrangler dev` (and wrangler would join it to this folder).
    ...(level.build && { build: { command: level.build.command, cwd: absolute(level.build.cwd ?? '.') } }),
  });

  const { env: _environments, dev: _dev, ...top } = raw;
  // Staging's own route, if it ever has one, is not the preview's.
  const { route: _route, ...stagingSettings } = structuredClone(staging);
  const preview = {
    ...withAbsolutePaths(stagingSettings),
    name,
    // Its own workers.dev address, and nothing else: no route, no custom domain.
    workers_dev: true,
    routes: [],
    // No cron: the outbox of a preview mails nobody, and the free plan allows 5 cron triggers per account.
    triggers: { crons: [] },
    vars: { ...staging.vars, SITE_URL: url },
  };
  return { name, url, config: { ...withAbsolutePaths(top), env: { [PREVIEW_ENV]: preview } } };
}

/**
 * Deletes the preview Worker of one pull request: its code, its outbox and
 * its static files (wrangler deletes the Workers Sites namespace with the
 * Worker). A Worker that is already gone is not an error; a static-files
 * namespace it left behind is deleted too. Returns 'deleted' or 'absent'.
 */
export function deletePreview({ name, wrangler = realWrangler, log = console.log }) {
  const r = wrangler(['delete', name, '--force'], { capture: true });
  if (r.status === 0) {
    log(`preview: deleted ${name}`);
    return 'deleted';
  }
  if (!WORKER_NOT_FOUND.test(`${r.stdout}\n${r.stderr}`)) throw new Error(`could not delete ${name}: ${wranglerError(r)}`);
  const leftover = listNamespaces(wrangler).find((n) => n.title === sitesNamespace(name));
  if (leftover) {
    const kv = wrangler(['kv', 'namespace', 'delete', '--namespace-id', leftover.id, '--skip-confirmation'], { capture: true });
    if (kv.status !== 0) throw new Error(`could not delete the static files of ${name} (${leftover.title}): ${wranglerError(kv)}`);
    log(`preview: ${name} was already gone; deleted the static files it left (${leftover.title})`);
  } else {
    log(`preview: ${name} does not exist (already deleted)`);
  }
  return 'absent';
}

/**
 * Deletes the preview of every closed pull request. The previews are found
 * by their static-files namespaces (every preview has one, named after it:
 * wrangler has no command that lists Workers), listed before GitHub is
 * asked, so a pull request opened meanwhile is never taken for closed. Only
 * names `<top-level name>-pr-<number>` are candidates: staging and production
 * never are. `prState(pr)` answers 'open', 'closed' or 'missing' (no such pull
 * request: kept, and said).
 */
export async function sweepPreviews({ baseName, prState, wrangler = realWrangler, log = console.log }) {
  const previews = [
    ...new Set(
      listNamespaces(wrangler)
        .map((n) => workerOfNamespace(n.title))
        .filter((w) => w !== null && prOfWorker(baseName, w) !== null),
    ),
  ].sort((a, b) => prOfWorker(baseName, a) - prOfWorker(baseName, b));
  const result = { deleted: [], kept: [], failed: [] };
  for (const name of previews) {
    const pr = prOfWorker(baseName, name);
    try {
      const state = await prState(pr);
      if (state === 'closed') {
        deletePreview({ name, wrangler, log });
        result.deleted.push(name);
      } else {
        log(
          state === 'open'
            ? `preview: kept ${name} (pull request #${pr} is open)`
            : `preview: kept ${name}: there is no pull request #${pr} in this repository; delete it by hand if nobody needs it (npm run preview -- delete --pr ${pr})`,
        );
        result.kept.push(name);
      }
    } catch (error) {
      log(`preview: ${name}: ${error.message}`);
      result.failed.push(name);
    }
  }
  log(
    `preview: sweep done: ${previews.length} preview(s); deleted ${result.deleted.length}, kept ${result.kept.length}, failed ${result.failed.length}`,
  );
  return result;
}
