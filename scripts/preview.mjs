#!/usr/bin/env node
// `npm run preview -- <command>`: the preview of a pull request, a Worker of
// its own with staging's settings, at its own workers.dev address.
//
//   npm run preview -- deploy --pr 42     build, deploy jeepfl-website-pr-42, smoke-test it
//   npm run preview -- deploy --pr 42 --dry-run   build and show what would be deployed, upload nothing
//   npm run preview -- delete --pr 42     delete that Worker, its outbox and its static files
//   npm run preview -- sweep              delete the previews of every closed pull request
//
// The pipeline (.github/workflows/ci.yml) runs `deploy` on each push to a
// pull request, `delete` when it is closed, and `sweep` every night
// (.github/workflows/previews.yml); it also runs `comment`, which writes the
// one comment of the pull request that gives the preview's address. Why a
// Worker per pull request, and what it shares with staging:
// docs/decisions/0012-a-preview-worker-per-pull-request.md.
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
// Needs CLOUDFLARE_API_TOKEN (the staging account's) or `wrangler login`, and
// for `deploy` the secrets staging needs (REQUIRED_SECRETS.staging in
// scripts/preflight.mjs: TURNSTILE_SECRET_KEY) as environment variables; they
// reach Cloudflare through a file only this user can read, deleted at once,
// and are never printed. `sweep` and `comment` ask GitHub: GITHUB_TOKEN (or
// GH_TOKEN) and GITHUB_REPOSITORY, both set by the pipeline; by hand, `--repo
// owner/name` or the `origin` remote, and a token for a private repository.
//
// Exit codes: 0 done, 1 something failed (the lines above say what), 2 a bad
// command line.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** The label a maintainer adds to approve one commit of a pull request the pipeline does not trust by itself (docs/operations.md, "Previews"). */
export const PREVIEW_LABEL = 'preview';
/** The first line of the pipeline's comment on a pull request: how `comment` finds it again. */
export const COMMENT_MARKER = '<!-- jeepfl-preview -->';
/** The environment of wrangler.toml a preview copies. */
const BASE_ENV = 'staging';
/** The environment name inside the generated configuration. */
const PREVIEW_ENV = 'preview';
/** Cloudflare's "no such Worker" error codes, as wrangler prints them (`[code: 10007]`); wrangler's own isWorkerNotFoundError uses the same two. */
const WORKER_NOT_FOUND = /\[code: (10007|10090)\]/;

/** `42` -> `jeepfl-website-pr-42`: wrangler.toml's top-level name, then the pull request's number. */
export const previewName = (baseName, pr) => `${baseName}-pr-${pr}`;

/** The pull request a Worker's name belongs to, or null for any other Worker (staging, production, anything else). */
export function prOfWorker(baseName, workerName) {
  const m = /^(.*)-pr-([1-9][0-9]*)$/.exec(workerName);
  return m && m[1] === baseName ? Number(m[2]) : null;
}

/** Workers Sites keeps each Worker's static files in a KV namespace with this title (wrangler's own naming). */
const sitesNamespace = (workerName) => `__${workerName}-workers_sites_assets`;
const workerOfNamespace = (title) => /^__(.+)-workers_sites_assets$/.exec(title)?.[1] ?? null;

/** Runs wrangler from the repository; `capture` keeps its output (and echoes it), otherwise it goes straight to the terminal. */
function realWrangler(args, { capture = false, env = process.env } = {}) {
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
export async function previewConfig({ pr, configPath = path.join(root, 'wrangler.toml') }) {
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

/** Polls the preview's home page until it answers 200: a new workers.dev address can take a few seconds to answer everywhere. */
export async function waitUntilLive(url, { fetch = globalThis.fetch, timeoutMs = 90_000, intervalMs = 5_000, log = console.log } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${url}/`, { redirect: 'manual', headers: { 'Accept-Language': 'fr' } }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return true;
    if (Date.now() + intervalMs > deadline) return false;
    log(`preview: ${url} answered ${status || 'nothing'} yet; trying again in ${intervalMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
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

/** GitHub's REST API for one repository: a pull request's state, and the pipeline's comment on it. */
export function github({ repo, token, fetch = globalThis.fetch }) {
  const call = (pathname, { method = 'GET', body } = {}) =>
    fetch(`https://api.github.com/repos/${repo}${pathname}`, {
      method,
      headers: {
        Accept: 'application/vnd.github+json',
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'jeepfl-website-preview',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const json = async (res, what) => {
    if (!res.ok)
      throw new Error(
        `GitHub answered ${res.status} to ${what}${res.status === 404 && !token ? ' (a private repository needs GITHUB_TOKEN)' : ''}`,
      );
    return res.json();
  };
  return {
    /** 'open', 'closed', or 'missing' when the repository has no such pull request. */
    async prState(pr) {
      const res = await call(`/pulls/${pr}`);
      if (res.status === 404 && token) return 'missing';
      return (await json(res, `the question about pull request #${pr}`)).state;
    },
    /**
     * Writes `body` as the pipeline's one comment on the pull request: the
     * comment that starts with COMMENT_MARKER is edited, or, if there is none
     * and `create` is true, a new one is added. Returns 'created', 'updated'
     * or 'none'.
     */
    async upsertComment(pr, body, { create = true } = {}) {
      let existing;
      for (let page = 1; !existing; page++) {
        const comments = await json(await call(`/issues/${pr}/comments?per_page=100&page=${page}`), `the list of comments of #${pr}`);
        existing = comments.find((c) => typeof c.body === 'string' && c.body.startsWith(COMMENT_MARKER));
        if (comments.length < 100) break;
      }
      if (existing) {
        await json(await call(`/issues/comments/${existing.id}`, { method: 'PATCH', body: { body } }), 'the edit of the comment');
        return 'updated';
      }
      if (!create) return 'none';
      await json(await call(`/issues/${pr}/comments`, { method: 'POST', body: { body } }), 'the new comment');
      return 'created';
    },
  };
}

const short = (sha) => (sha ? `\`${sha.slice(0, 7)}\`` : 'the newest commit');

/**
 * The pipeline's comment on a pull request, for each state of its preview:
 * deployed (or deployed but failing its smoke test), failed, waiting for a
 * maintainer's approval, deleted. Plain words: editors read it.
 */
export function commentBody({ state, url, commit, runUrl, author }) {
  const run = runUrl ? `[the run's log](${runUrl})` : "the run's log";
  const lines = {
    deployed: [
      '### Preview of this pull request',
      '',
      `**${url}**`,
      '',
      `It shows commit ${short(commit)}. Each push updates it (a few minutes after the push, once the checks pass): if the commit above is not your newest one, the checks of your push are still running, or failed.`,
      '',
      'It is a test site: search engines never see it, every page says so, and its forms answer but send no e-mail. It is deleted when this pull request is closed or merged.',
    ],
    'smoke-failed': [
      '### Preview of this pull request: online, but its smoke test FAILED',
      '',
      `**${url}**`,
      '',
      `Commit ${short(commit)} is online there, but the smoke test found a problem: ${run} names it (the \`FAIL\` lines).`,
    ],
    failed: [
      '### Preview of this pull request: the deploy FAILED',
      '',
      `Commit ${short(commit)} could not be put online: ${run} says why. A network or "internal error" usually passes: **Re-run failed jobs** on that run. An earlier preview, if any, still shows an older commit.`,
    ],
    waiting: [
      '### No preview yet: a maintainer must approve this commit',
      '',
      `This pull request comes from ${author ? `\`${author}\`, ` : ''}an automated account, so the pipeline did not hand it the Cloudflare token. A maintainer who has read the change (the **Files changed** tab) can add the label \`${PREVIEW_LABEL}\`: the pipeline then puts commit ${short(commit)} online and takes the label off again. It approves that commit only: a later push needs the label again.`,
      '',
      'An earlier preview, if one was approved, still shows an older commit.',
    ],
    deleted: ['### Preview deleted', '', 'This pull request is closed, so its preview has been deleted.'],
  }[state];
  if (!lines) throw new Error(`unknown state "${state}": deployed, smoke-failed, failed, waiting or deleted`);
  return [COMMENT_MARKER, ...lines].join('\n');
}

/** `owner/name` of the repository: GITHUB_REPOSITORY (the pipeline), else the `origin` remote's GitHub address. */
function repositoryName(given) {
  if (given) return given;
  if (process.env.GITHUB_REPOSITORY) return process.env.GITHUB_REPOSITORY;
  const r = spawnSync('git', ['remote', 'get-url', 'origin'], { cwd: root, encoding: 'utf8' });
  const m = /github\.com[:/]([\w.-]+\/[\w.-]+?)(?:\.git)?\s*$/.exec(r.stdout ?? '');
  if (!m) throw new Error('which repository? give --repo <owner/name> (no GITHUB_REPOSITORY, and `origin` is not a GitHub address)');
  return m[1];
}

/** Writes `name=value` lines for the next steps of a pipeline job (nothing outside GitHub Actions). */
function output(values) {
  if (!process.env.GITHUB_OUTPUT) return;
  appendFileSync(
    process.env.GITHUB_OUTPUT,
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
}

/** The smoke test of scripts/smoke.mjs, in its own process as `npm run deploy` runs it: true when every check passed. */
function realSmoke(url) {
  return (
    spawnSync(process.execPath, [path.join(root, 'scripts/smoke.mjs'), url, '--expect-noindex'], { cwd: root, stdio: 'inherit' }).status ===
    0
  );
}

/** keep-assets (scripts/keep-assets.mjs) for the preview's Worker. */
async function realKeepAssets(workerName) {
  const { keepLiveAssets } = await import('./keep-assets.mjs');
  keepLiveAssets({ workerName });
}

/**
 * `deploy`: the preflight's checks of staging's settings (not its secrets:
 * the preview brings its own), `wrangler deploy` of the generated
 * configuration, keep-assets, the smoke test. Resolves to the preview's name,
 * address and state: 'deployed', 'smoke-failed' or 'failed' ('dry-run' for a
 * dry run). The secrets come from `env` and reach wrangler only through a
 * file readable by this user alone, deleted at once.
 */
export async function deployPreview({
  pr,
  commit,
  dryRun = false,
  configPath = path.join(root, 'wrangler.toml'),
  env = process.env,
  wrangler = realWrangler,
  keepAssets = realKeepAssets,
  smoke = realSmoke,
  live = (url) => waitUntilLive(url),
  log = console.log,
}) {
  const { preflight, REQUIRED_SECRETS } = await import('./preflight.mjs');
  const { OLD_ASSET_TTL_SECONDS } = await import('./deploy.mjs');
  const { name, url, config } = await previewConfig({ pr, configPath });
  const done = (state) => ({ name, url, state });

  log("1/4 preflight (staging's settings, which the preview copies)");
  const check = await preflight({ envName: BASE_ENV, checkSecrets: false, configPath, env });
  const secretNames = REQUIRED_SECRETS[BASE_ENV];
  for (const n of secretNames.filter((s) => !env[s]))
    check.problems.push(`secrets: ${n} is not in this shell's environment: the preview needs staging's value (docs/deploy.md, step 13)`);
  for (const line of check.problems) log(`${dryRun ? '!' : '✗'} ${line}`);
  for (const line of check.warnings) log(`! ${line}`);
  if (check.problems.length > 0 && !dryRun) {
    log(`preview: refused, nothing was deployed (${check.problems.length} problem(s) above)`);
    return done('failed');
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'jeepfl-preview-'));
  try {
    const configFile = path.join(dir, 'wrangler.json');
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
    const args = ['deploy', '--config', configFile, '--env', PREVIEW_ENV, '--old-asset-ttl', String(OLD_ASSET_TTL_SECONDS)];
    if (commit) args.push('--tag', commit);
    // (A dry run without the secrets shows everything else.)
    if (secretNames.every((n) => env[n])) {
      const secretsFile = path.join(dir, 'secrets.json');
      writeFileSync(secretsFile, JSON.stringify(Object.fromEntries(secretNames.map((n) => [n, env[n]]))), { mode: 0o600 });
      args.push('--secrets-file', secretsFile);
    }
    if (dryRun) args.push('--dry-run', '--outdir', path.join(dir, 'out'));
    log(`2/4 wrangler deploy: ${name}, at ${url}${dryRun ? ' (dry run: nothing is uploaded)' : ''}`);
    // wrangler and the build it runs never see the secrets in their environment.
    const childEnv = Object.fromEntries(Object.entries(env).filter(([k]) => !secretNames.includes(k)));
    if (wrangler(args, { env: childEnv }).status !== 0) {
      log(`preview: wrangler failed (its message is above); ${name} may still show an older commit`);
      return done('failed');
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (dryRun) {
    log(`preview: dry run done; the preview would be ${name}, at ${url}, with staging's vars and no cron trigger`);
    return done('dry-run');
  }

  log('3/4 keep-assets');
  try {
    await keepAssets(name);
  } catch (e) {
    // Not fatal for a preview: it only matters to one still open in 30 days.
    log(`! keep-assets: ${e.message}`);
  }

  log(`4/4 smoke test of ${url}`);
  await live(url);
  const smoked = await smoke(url);
  if (env.GITHUB_STEP_SUMMARY) {
    appendFileSync(
      env.GITHUB_STEP_SUMMARY,
      `### Preview of pull request #${pr}\n\n<${url}> (commit ${commit ?? 'HEAD'}): a test site, never indexed; its forms send no e-mail.${smoked ? '' : '\n\n**The smoke test failed**: see the `FAIL` lines of the log.'}\n`,
    );
  }
  log(smoked ? `preview: ${name} is live at ${url}` : `preview: ${name} is live at ${url}, but the smoke test FAILED (lines above)`);
  return done(smoked ? 'deployed' : 'smoke-failed');
}

const USAGE = `usage: npm run preview -- deploy --pr <number> [--commit <sha>] [--dry-run]
       npm run preview -- delete --pr <number>
       npm run preview -- sweep [--repo <owner/name>]
       npm run preview -- comment --pr <number> --state <deployed|smoke-failed|failed|waiting|deleted> [--url <address>] [--commit <sha>] [--run-url <address>] [--author <login>] [--repo <owner/name>]`;
const COMMANDS = {
  deploy: ['pr', 'commit', 'dry-run'],
  delete: ['pr'],
  sweep: ['repo'],
  comment: ['pr', 'state', 'url', 'commit', 'run-url', 'author', 'repo'],
};

const STATES = ['deployed', 'smoke-failed', 'failed', 'waiting', 'deleted'];

async function main(argv) {
  const usage = (message) => {
    console.error(`${message}\n${USAGE}`);
    process.exit(2);
  };
  let parsed;
  try {
    const strings = ['pr', 'commit', 'repo', 'state', 'url', 'run-url', 'author'];
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { ...Object.fromEntries(strings.map((o) => [o, { type: 'string' }])), 'dry-run': { type: 'boolean' } },
    });
  } catch (error) {
    usage(error.message);
  }
  const { positionals, values } = parsed;
  const [command, ...extra] = positionals;
  if (!command || !Object.hasOwn(COMMANDS, command))
    usage(command ? `unknown command "${command}"` : 'which command? deploy, delete or sweep');
  if (extra.length) usage(`too many arguments for ${command}`);
  for (const option of Object.keys(values)) if (!COMMANDS[command].includes(option)) usage(`--${option} does not go with ${command}`);
  if (COMMANDS[command].includes('pr') && !/^[1-9][0-9]{0,6}$/.test(values.pr ?? ''))
    usage(`${command} needs --pr <number>, the pull request's number (e.g. --pr 42)`);
  if (command === 'comment' && !STATES.includes(values.state ?? '')) usage(`comment needs --state ${STATES.join('|')}`);
  const pr = Number(values.pr);

  if (command === 'deploy') {
    const { name, url, state } = await deployPreview({ pr, commit: values.commit, dryRun: values['dry-run'] === true });
    // For the pipeline's next steps: the comment, and the environment's address.
    output({ name, url, state });
    return state === 'deployed' || state === 'dry-run' ? 0 : 1;
  }
  if (command === 'delete') {
    deletePreview({ name: (await previewConfig({ pr })).name });
    return 0;
  }
  const api = github({ repo: repositoryName(values.repo), token: process.env.GITHUB_TOKEN || process.env.GH_TOKEN });
  if (command === 'sweep') {
    const { experimental_readRawConfig: readRaw } = await import('wrangler');
    const baseName = readRaw({ config: path.join(root, 'wrangler.toml') }).rawConfig.name;
    const { failed } = await sweepPreviews({ baseName, prState: api.prState });
    return failed.length ? 1 : 0;
  }
  const body = commentBody({
    state: values.state,
    url: values.url,
    commit: values.commit,
    runUrl: values['run-url'],
    author: values.author,
  });
  // A closed pull request's comment is updated if it has one, never added: most never had a preview.
  const done = await api.upsertComment(pr, body, { create: values.state !== 'deleted' });
  console.log(`preview: comment ${done === 'none' ? 'not needed (this pull request has none)' : done} on #${pr}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error(`preview: ${error.message}`);
      process.exitCode = 1;
    },
  );
}
