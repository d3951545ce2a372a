// `npm run preview -- deploy`: a pull request's code on its preview Worker,
// the steps of `npm run deploy` (scripts/deploy.mjs) with the generated
// configuration of scripts/preview-worker.mjs. Used by scripts/preview.mjs.
//
// The preflight, deploy.mjs, keep-assets and wrangler are imported only when a
// deploy runs: `npm run preview -- comment` loads this module too, in a job
// that never ran `npm ci`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BASE_ENV, PREVIEW_ENV, previewConfig, realWrangler } from './preview-worker.mjs';

const root = path.resolve(import.meta.dirname, '..');

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

/** The smoke test of scripts/smoke.mjs, in its own process as `npm run deploy` runs it: true when every check passed. */
function realSmoke(url) {
  return (
    spawnSync(process.execPath, [path.join(root, 'scripts/smoke.mjs'), url, '--expect-noindex'], { cwd: root, stdio: 'inherit' }).status ===
    0
  );
}

/** keep-assets (scripts/keep-assets.mjs) for the preview's Worker; nothing recorded: a preview is never rolled back. */
async function realKeepAssets(workerName) {
  const { keepLiveAssets } = await import('./keep-assets.mjs');
  await keepLiveAssets({ workerName });
}

/**
 * Step 1: the preflight of staging's settings, and the secrets the preview
 * needs in `env`. Resolves to those secrets' names, or null when the deploy
 * is refused (a dry run goes on, its problems shown as warnings).
 */
async function previewPreflight({ configPath, env, dryRun, log }) {
  const { preflight } = await import('./preflight.mjs');
  const { REQUIRED_SECRETS } = await import('./preflight-secrets.mjs');
  const check = await preflight({ envName: BASE_ENV, checkSecrets: false, configPath, env });
  const secretNames = REQUIRED_SECRETS[BASE_ENV];
  for (const n of secretNames.filter((s) => !env[s]))
    check.problems.push(`secrets: ${n} is not in this shell's environment: the preview needs staging's value (docs/deploy.md, step 13)`);
  for (const line of check.problems) log(`${dryRun ? '!' : '✗'} ${line}`);
  for (const line of check.warnings) log(`! ${line}`);
  if (check.problems.length > 0 && !dryRun) {
    log(`preview: refused, nothing was deployed (${check.problems.length} problem(s) above)`);
    return null;
  }
  return secretNames;
}

/** Step 2: `wrangler deploy` of the generated configuration, from a folder of its own deleted after; true when wrangler succeeded. */
async function wranglerDeploy({ config, commit, dryRun, env, secretNames, wrangler }) {
  const { OLD_ASSET_TTL_SECONDS } = await import('./deploy.mjs');
  const dir = mkdtempSync(path.join(tmpdir(), 'jeepfl-preview-'));
  try {
    const configFile = path.join(dir, 'wrangler.json');
    // Its pages rendered ahead with its own settings (its own address): the build reads them from this file.
    const previewEnv = config.env[PREVIEW_ENV];
    if (previewEnv.build) previewEnv.build.command = `node scripts/build.mjs --for ${PREVIEW_ENV} --config ${JSON.stringify(configFile)}`;
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
    // wrangler and the build it runs never see the secrets in their environment.
    const childEnv = Object.fromEntries(Object.entries(env).filter(([k]) => !secretNames.includes(k)));
    return wrangler(args, { env: childEnv }).status === 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
  const { name, url, config } = await previewConfig({ pr, configPath });
  const done = (state) => ({ name, url, state });

  log("1/4 preflight (staging's settings, which the preview copies)");
  const secretNames = await previewPreflight({ configPath, env, dryRun, log });
  if (!secretNames) return done('failed');

  log(`2/4 wrangler deploy: ${name}, at ${url}${dryRun ? ' (dry run: nothing is uploaded)' : ''}`);
  if (!(await wranglerDeploy({ config, commit, dryRun, env, secretNames, wrangler }))) {
    log(`preview: wrangler failed (its message is above); ${name} may still show an older commit`);
    return done('failed');
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
