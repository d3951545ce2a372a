#!/usr/bin/env node
// `npm run rollback -- --env <staging|production> --version <id> --reason "<why>" [--rebuilt <dir>]`
//
// Puts an earlier version of the Worker back online, with its files. The
// rollback workflow (.github/workflows/rollback.yml) runs it for production;
// by hand it needs CLOUDFLARE_API_TOKEN or `wrangler login`, and
// CLOUDFLARE_ACCOUNT_ID (docs/operations.md, "Rolling back").
// 1. the version's files (scripts/version-assets.mjs, renewVersionAssets): the
//    manifest recorded when its commit was deployed, every file written again
//    without an expiry. Files already gone (a version replaced more than 30
//    days ago) are made again from that commit built again: `<dir>` of
//    --rebuilt (the workflow checks the commit out and builds it there, in
//    steps that never see the Cloudflare token), or, without --rebuilt, a git
//    worktree of the commit in a temporary folder, `npm ci` and `npm run
//    build` there (buildCommit, scripts/rollback-build.mjs). Then every file is read back. If a file
//    cannot be made again byte for byte, or nothing says which files the
//    version reads, it stops here, having changed nothing: rolled back to,
//    the site would have no styles;
// 2. `wrangler rollback <id> --yes --message "<why> (by <who>)"`;
// 3. the smoke test (scripts/smoke.mjs) of the environment's address.
//
// `npm run rollback -- --env <env> --version <id> --check` (the workflow's
// step before the build) only reads: which commit the version is, and
// whether it must be built again (some files gone, or due to expire within a
// day), as the step's outputs `commit` and `rebuild`.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { workerNameOf } from './keep-assets.mjs';
import { buildCommit, COMMIT } from './rollback-build.mjs';
import { checkVersionAssets, RefusedError, renewVersionAssets } from './version-assets.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** A Worker version id, as `wrangler versions list` shows it. */
export const VERSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether `versionId` is one; if not, says where to find one. */
function isVersionId(versionId, envName, log) {
  if (VERSION_ID.test(versionId)) return true;
  log(
    `rollback: "${versionId}" is not a version id (it looks like 2a3b4c5d-…): \`npx wrangler versions list --env ${envName}\` lists them`,
  );
  return false;
}

/** wrangler keeps a rollback's message to 120 characters: the reason is cut to 70, and who asked for it follows. */
export function rollbackMessage(reason, who) {
  return `${reason.trim().slice(0, 70)} (by ${who})`;
}

const run = (args, options = {}) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;

/**
 * The three steps, each replaceable in tests: `renew` (the version's files),
 * `wrangler(args)` (its exit status), `smoke()` (true when it passed).
 * Files that are gone are made again from `rebuilt` (a checkout of the
 * version's commit, built: its dist/public) when given, otherwise from
 * `build({ commit, envName, log })` (buildCommit), called only then.
 * `summary(markdown)` adds to the GitHub run's summary. Resolves to the exit
 * status: 0 rolled back and smoke-tested, 1 otherwise.
 */
export async function rollback({
  envName,
  workerName,
  versionId,
  reason,
  who,
  rebuilt,
  build = (options) => buildCommit(options),
  renew = (options) => renewVersionAssets(options),
  wrangler = (args) => run([path.join(root, 'node_modules/wrangler/bin/wrangler.js'), ...args]),
  smoke = () => run([path.join(root, 'scripts/smoke.mjs'), '--env', envName]) === 0,
  summary = () => {},
  log = console.log,
}) {
  if (!isVersionId(versionId, envName, log)) return 1;
  if (!reason.trim()) {
    log('rollback: say why with --reason "…" (it is kept in the deployment history)');
    return 1;
  }

  log(`1/3 the files of version ${versionId}`);
  const kept = await keepFiles({ envName, workerName, versionId, rebuilt, build, renew, summary, log });
  if (!kept) return 1;

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
  summary(rolledBackSummary({ envName, versionId, reason, kept, smoked }));
  if (!smoked) {
    log(`rollback: ${envName} runs version ${versionId}, but the smoke test FAILED (lines above): look at the site`);
    return 1;
  }
  log(`rollback: ${envName} runs version ${versionId} (commit ${kept.commit}); next, revert the bad commit on main`);
  return 0;
}

/**
 * Step 1: the version's files kept, those that are gone made again from
 * `rebuilt` or from `build` (called only then, its folder removed after).
 * Resolves to what `renew` kept, or null, said why, when it refused or failed.
 */
async function keepFiles({ envName, workerName, versionId, rebuilt, build, renew, summary, log }) {
  let made;
  /** The dist/public of the version's commit built again, for the files that are gone. */
  const rebuild = async ({ commit, gone }) => {
    if (rebuilt !== undefined) {
      const bucket = path.resolve(rebuilt, 'dist/public');
      if (!existsSync(bucket))
        throw new RefusedError(
          `${gone.length} files of version ${versionId} are gone from Cloudflare, and ${rebuilt} holds no build of commit ${commit} (no dist/public) to make them again from. Run the rollback again: the workflow then builds that commit first; by hand, leave out --rebuilt and the rollback builds it itself`,
        );
      log(`the files that are gone are made again from ${bucket}`);
      return bucket;
    }
    made = await build({ commit, envName, log });
    return path.join(made.dir, 'dist/public');
  };
  try {
    return await renew({ workerName, versionId, envName, rebuild, log });
  } catch (e) {
    const refused = e instanceof RefusedError;
    log(`rollback: ${refused ? 'refused' : 'stopped'}, nothing was rolled back: ${e.message}`);
    if (!refused)
      log(
        '(Cloudflare did not answer, refused the token, or did not show yet what was written: nothing was rolled back; run it again in a minute, or check the token.)',
      );
    summary(`### ${envName}: not rolled back\n\n${refused ? 'Refused' : 'Stopped'} before the switch: ${e.message}\n`);
    return null;
  } finally {
    made?.remove();
  }
}

/** The GitHub run's summary of a rollback done: what runs now, its files, the smoke test, and what to do next. */
function rolledBackSummary({ envName, versionId, reason, kept, smoked }) {
  return [
    `### ${envName} rolled back to version ${versionId} (commit ${kept.commit})`,
    '',
    `Reason: ${reason.trim()}`,
    '',
    `Its ${kept.files} files (styles, scripts, images) are all there${kept.restored ? `, ${kept.restored} of them made again from a build of that commit (they had expired)` : ''}${kept.wereExpiring ? `, ${kept.wereExpiring} renewed before they expired` : ''}; they stay while it is live.`,
    smoked ? 'The smoke test passed.' : '**The smoke test FAILED**: look at the site now (the `FAIL` lines of the log say what).',
    '',
    '**The next deploy puts `main` back, bad change included**: a merge to main, or a deploy that was waiting for this rollback, runs after it and replaces it. Revert the bad commit on main first, in a pull request (docs/operations.md, "Then fix it properly").',
    '',
  ].join('\n');
}

/**
 * The workflow's step before the build: which commit `versionId` is, and
 * whether the rollback needs it built again (`inspect`, checkVersionAssets).
 * `output(name, value)` sets the step's outputs `commit` and `rebuild`
 * ("true" or "false"). Resolves to the exit status: 1 when the rollback would
 * refuse anyway (no such version, no record of its files), so nothing is built.
 */
export async function checkRollback({
  envName,
  workerName,
  versionId,
  inspect = (options) => checkVersionAssets(options),
  output = () => {},
  summary = () => {},
  log = console.log,
}) {
  if (!isVersionId(versionId, envName, log)) return 1;
  let found;
  try {
    found = await inspect({ workerName, versionId, envName });
  } catch (e) {
    const refused = e instanceof RefusedError;
    log(`rollback: ${refused ? 'refused' : 'stopped'}, nothing was rolled back: ${e.message}`);
    summary(`### ${envName}: not rolled back\n\n${refused ? 'Refused' : 'Stopped'} before anything changed: ${e.message}\n`);
    return 1;
  }
  const { commit, files, gone, expiringSoon } = found;
  const rebuild = gone + expiringSoon > 0;
  if (rebuild && !COMMIT.test(commit)) {
    const why = `version ${versionId} is tagged "${commit}", not with a commit id, so its ${gone + expiringSoon} files that are gone or about to go cannot be made again. Put that code back through main instead (docs/operations.md, "Rolling back")`;
    log(`rollback: refused, nothing was rolled back: ${why}`);
    summary(`### ${envName}: not rolled back\n\nRefused before anything changed: ${why}\n`);
    return 1;
  }
  if (COMMIT.test(commit)) output('commit', commit);
  output('rebuild', String(rebuild));
  log(
    rebuild
      ? `check: of the ${files} files of version ${versionId} (commit ${commit.slice(0, 12)}), ${gone} are gone from Cloudflare and ${expiringSoon} expire within a day: that commit is built again next, so the rollback can make them anew`
      : `check: the ${files} files of version ${versionId} (commit ${commit.slice(0, 12)}) are all there: nothing to build`,
  );
  return 0;
}

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run rollback -- --env <staging|production> --version <id> --reason "<why>" [--rebuilt <dir>]');
  console.error('       npm run rollback -- --env <staging|production> --version <id> --check');
  process.exit(2);
}

async function main(argv) {
  const value = (flag) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const envName = value('--env') ?? usage('--env is required: staging or production');
  const versionId = value('--version') ?? usage('--version is required: `npx wrangler versions list --env <env>` lists them');
  const check = argv.includes('--check');
  const reason = check ? '' : (value('--reason') ?? usage('--reason is required: why (kept in the deployment history)'));
  // A folder given relative to where the command was typed (npm runs the script from the repository's root).
  const folder = argv.includes('--rebuilt') ? (value('--rebuilt') ?? usage('--rebuilt needs a folder')) : undefined;
  const rebuilt = folder === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  const workerName = await workerNameOf(envName, 'rollback');
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  const summary = (markdown) => summaryFile && appendFileSync(summaryFile, markdown);
  if (check) {
    const outputFile = process.env.GITHUB_OUTPUT;
    const output = (name, text) => outputFile && appendFileSync(outputFile, `${name}=${text}\n`);
    process.exit(await checkRollback({ envName, workerName, versionId, output, summary }));
  }
  const who = process.env.GITHUB_ACTOR || userInfo().username;
  const status = await rollback({ envName, workerName, versionId, reason, who, rebuilt, summary });
  process.exit(status);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
