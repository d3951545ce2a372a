#!/usr/bin/env node
// `npm run deploy -- --env <staging|production> [--allow-samples]`
//
// A deploy from a maintainer's machine, the same steps as the pipeline
// (.github/workflows/ci.yml), which is the usual way: a merge to main deploys
// staging and production (docs/operations.md, "Releasing a change"); a pull
// request gets a preview of its own (scripts/preview.mjs).
// 1. the preflight (scripts/preflight.mjs): refuses placeholders, missing
//    secrets, and in production sample content and sample prices; production
//    also needs committed code that includes all of origin/main;
// 2. `wrangler deploy --env <name> --old-asset-ttl OLD_ASSET_TTL_SECONDS --tag <commit>`;
// 3. keep-assets (scripts/keep-assets.mjs): the live build's files that an
//    earlier deploy had set to expire no longer expire, and which files the
//    build is made of is recorded under the commit, for a later rollback
//    (scripts/rollback.mjs);
// 4. the smoke test (scripts/smoke.mjs) of the deployed address.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { preflight } from './preflight.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * How long the static files of an earlier build stay in the Workers Sites KV
 * after a deploy replaces them: 30 days. Without `--old-asset-ttl`, wrangler
 * deletes them at once, before the new Worker is live everywhere, so a page
 * already open (or served from the edge cache) loses its CSS and JavaScript,
 * and so would any rollback to an earlier version. With it, a version replaced
 * less than 30 days ago still has its files; `npm run rollback` renews them
 * when it goes back to it, so they stay as long as it is live, and makes
 * again from its commit built again those of an older version that are gone
 * (docs/operations.md, "Rolling back"). The pipeline passes the same number
 * (tests/node/toolchain.test.ts checks that they agree).
 */
export const OLD_ASSET_TTL_SECONDS = 30 * 24 * 60 * 60;

const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run deploy -- --env <staging|production> [--allow-samples]');
  process.exit(2);
}

/** Git's answer, trimmed, or null when git fails. */
function git(...args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * Production by hand deploys committed code that includes everything on main:
 * nothing uncommitted, nothing behind origin/main (which would undo the last
 * releases). A branch ahead of main is allowed (the first deploy's setup, an
 * urgent fix), but the next pipeline run deploys main again: merge it.
 */
function productionCheckout() {
  if (git('fetch', '--quiet', 'origin', 'main') === null)
    return 'could not fetch origin/main (no network, or no `origin` remote): deploy production from the pipeline instead';
  if (git('status', '--porcelain') !== '')
    return 'the working tree has uncommitted changes (`git status`): commit them first, production gets only committed code';
  if (spawnSync('git', ['merge-base', '--is-ancestor', 'origin/main', 'HEAD'], { cwd: root }).status !== 0) {
    return 'this checkout lacks commits that are on origin/main: deploying it would undo them; `git pull origin main` (or `git switch main && git pull`) first';
  }
  return null;
}

async function main(argv) {
  const i = argv.indexOf('--env');
  const envName = i === -1 ? usage('--env is required: staging or production') : (argv[i + 1] ?? usage('--env needs a value'));
  if (!['staging', 'production'].includes(envName)) usage(`unknown environment "${envName}": staging or production`);
  const allowSamples = argv.includes('--allow-samples');

  console.log(`1/4 preflight (${envName})`);
  const check = await preflight({ envName, allowSamples });
  if (envName === 'production') {
    const wrongCheckout = productionCheckout();
    if (wrongCheckout) check.problems.push(`git: ${wrongCheckout}`);
  }
  for (const line of check.problems) console.log(`✗ ${line}`);
  for (const line of check.warnings) console.log(`! ${line}`);
  if (check.samplesAllowed)
    console.log('!!! --allow-samples: PRODUCTION WILL SHOW SAMPLE CONTENT AND/OR SAMPLE PRICES TO REAL VISITORS !!!');
  if (check.problems.length > 0) {
    console.log(`deploy: refused, nothing was deployed (${check.problems.length} problem(s) above; docs/deploy.md says how to fix each)`);
    process.exit(1);
  }

  console.log(`2/4 wrangler deploy --env ${envName}`);
  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  // The commit as the version's tag, as the pipeline does: `wrangler versions list` then says which code each version is.
  const commit = git('rev-parse', 'HEAD');
  const deployed =
    run([wrangler, 'deploy', '--env', envName, '--old-asset-ttl', String(OLD_ASSET_TTL_SECONDS), ...(commit ? ['--tag', commit] : [])]) ===
    0;
  if (!deployed) {
    // wrangler makes the new version live before it sets up the domain and the cron: a late failure leaves it live.
    console.log(
      `deploy: wrangler failed (its message is above). Which version is live depends on where it stopped: \`npx wrangler deployments status --env ${envName}\`. Checking the site anyway:`,
    );
  }

  console.log('3/4 keep-assets');
  const kept = run([path.join(root, 'scripts/keep-assets.mjs'), '--env', envName]) === 0;
  if (!kept)
    console.log(
      `deploy: some files of the live version may expire in 30 days, or were not recorded for a rollback: run \`npm run keep-assets -- --env ${envName}\` again`,
    );

  console.log(`4/4 smoke test of ${check.siteUrl}`);
  const smoked = run([path.join(root, 'scripts/smoke.mjs'), '--env', envName]) === 0;
  if (!smoked)
    console.log(
      `deploy: the smoke test FAILED: look at ${check.siteUrl}, and roll back if it is broken (docs/operations.md, "Rolling back")`,
    );

  if (!deployed || !kept || !smoked) process.exit(1);
  console.log(`deploy: ${envName} is live at ${check.siteUrl}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
