#!/usr/bin/env node
// `npm run rollback -- --env <staging|production> --version <id> --reason "<why>"`
//
// Puts an earlier version of the Worker back online, with its files. The
// rollback workflow (.github/workflows/rollback.yml) runs it for production;
// by hand it needs CLOUDFLARE_API_TOKEN or `wrangler login`, and
// CLOUDFLARE_ACCOUNT_ID (docs/operations.md, "Rolling back").
// 1. the version's files (scripts/keep-assets.mjs, renewVersionAssets): the
//    manifest recorded when its commit was deployed, every file checked and
//    written again without an expiry. If any is gone, or nothing says which
//    files it reads, it stops here, having changed nothing: rolled back to,
//    the site would have no styles;
// 2. `wrangler rollback <id> --yes --message "<why> (by <who>)"`;
// 3. the smoke test (scripts/smoke.mjs) of the environment's address.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RefusedError, renewVersionAssets, workerNameOf } from './keep-assets.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A Worker version id, as `wrangler versions list` shows it. */
export const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** wrangler keeps a rollback's message to 120 characters: the reason is cut to 70, and who asked for it follows. */
export function rollbackMessage(reason, who) {
  return `${reason.trim().slice(0, 70)} (by ${who})`;
}

const run = (args, options = {}) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/**
 * The three steps, each replaceable in tests: `renew` (the version's files),
 * `wrangler(args)` (its exit status), `smoke()` (true when it passed).
 * `summary(markdown)` adds to the GitHub run's summary. Resolves to the exit
 * status: 0 rolled back and smoke-tested, 1 otherwise.
 */
export async function rollback({
  envName,
  workerName,
  versionId,
  reason,
  who,
  renew = (options) => renewVersionAssets(options),
  wrangler = (args) => run([path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args]),
  smoke = () => run([path.join(root, 'scripts/smoke.mjs'), '--env', envName]) === 0,
  summary = () => {},
  log = console.log,
}) {
  if (!VERSION_ID.test(versionId)) {
    log(
      `rollback: "${versionId}" is not a version id (it looks like 2a3b4c5d-…): \`npx wrangler versions list --env ${envName}\` lists them`,
    );
    return 1;
  }
  if (!reason.trim()) {
    log('rollback: say why with --reason "…" (it is kept in the deployment history)');
    return 1;
  }

  log(`1/3 the files of version ${versionId}`);
  let kept;
  try {
    kept = await renew({ workerName, versionId, envName, log });
  } catch (e) {
    const refused = e instanceof RefusedError;
    log(`rollback: ${refused ? 'refused' : 'stopped'}, nothing was rolled back: ${e.message}`);
    if (!refused) log('(Cloudflare did not answer, or refused the token: nothing changed; run it again in a minute, or check the token.)');
    summary(`### ${envName}: not rolled back\n\n${refused ? 'Refused' : 'Stopped'} before anything changed: ${e.message}\n`);
    return 1;
  }

  log(`2/3 wrangler rollback ${versionId} --env ${envName}`);
  const message = rollbackMessage(reason, who);
  if (wrangler(['rollback', versionId, '--env', envName, '--yes', '--message', message]) !== 0) {
    log(
      `rollback: wrangler refused or failed (its message is above): ${envName} still runs the version it ran (\`npx wrangler deployments status --env ${envName}\`). The files of ${versionId} were kept anyway; the next deploy gives them 30 days.`,
    );
    summary(`### ${envName}: not rolled back\n\n\`wrangler rollback\` failed: its message is in the log of this step.\n`);
    return 1;
  }

  log(`3/3 smoke test of ${envName}`);
  const smoked = smoke();
  summary(
    [
      `### ${envName} rolled back to version ${versionId} (commit ${kept.commit})`,
      '',
      `Reason: ${reason.trim()}`,
      '',
      `Its ${kept.files} files (styles, scripts, images) are all there${kept.wereExpiring ? `, ${kept.wereExpiring} of them renewed before they expired` : ''}; they stay while it is live.`,
      smoked ? 'The smoke test passed.' : '**The smoke test FAILED**: look at the site now (the `FAIL` lines of the log say what).',
      '',
      '**The next deploy puts `main` back, bad change included**: a merge to main, or a deploy that was waiting for this rollback, runs after it and replaces it. Revert the bad commit on main first, in a pull request (docs/operations.md, "Then fix it properly").',
      '',
    ].join('\n'),
  );
  if (!smoked) {
    log(`rollback: ${envName} runs version ${versionId}, but the smoke test FAILED (lines above): look at the site`);
    return 1;
  }
  log(`rollback: ${envName} runs version ${versionId} (commit ${kept.commit}); next, revert the bad commit on main`);
  return 0;
}

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run rollback -- --env <staging|production> --version <id> --reason "<why>"');
  process.exit(2);
}

async function main(argv) {
  const value = (flag) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const envName = value('--env') ?? usage('--env is required: staging or production');
  const versionId = value('--version') ?? usage('--version is required: `npx wrangler versions list --env <env>` lists them');
  const reason = value('--reason') ?? usage('--reason is required: why (kept in the deployment history)');
  const workerName = await workerNameOf(envName, 'rollback');
  const who = process.env.GITHUB_ACTOR || userInfo().username;
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  const status = await rollback({
    envName,
    workerName,
    versionId,
    reason,
    who,
    summary: (markdown) => summaryFile && appendFileSync(summaryFile, markdown),
  });
  process.exit(status);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
