#!/usr/bin/env node
// `npm run deploy -- --env <staging|production> [--allow-samples]`
//
// A deploy from a maintainer's machine, the same three steps as the pipeline
// (.github/workflows/ci.yml), which is the usual way: a merge to main deploys
// production, a pull request deploys staging (docs/deploy.md).
// 1. the preflight (scripts/preflight.mjs): refuses placeholders, missing
//    secrets, and in production sample content and sample prices;
// 2. `wrangler deploy --env <name> --old-asset-ttl OLD_ASSET_TTL_SECONDS`;
// 3. keep-assets (scripts/keep-assets.mjs): the live build's files that an
//    earlier deploy had set to expire no longer expire;
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
 * and so does any `wrangler rollback` to an earlier version. With it, a
 * rollback to any version deployed in the last 30 days keeps its assets
 * (docs/deploy.md, "Rolling back"). The pipeline passes the same number
 * (tests/node/toolchain.test.ts checks that they agree).
 */
export const OLD_ASSET_TTL_SECONDS = 30 * 24 * 60 * 60;

const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

function usage(message) {
  if (message) console.error(message);
  console.error('usage: npm run deploy -- --env <staging|production> [--allow-samples]');
  process.exit(2);
}

async function main(argv) {
  const i = argv.indexOf('--env');
  const envName = i === -1 ? usage('--env is required: staging or production') : (argv[i + 1] ?? usage('--env needs a value'));
  if (!['staging', 'production'].includes(envName)) usage(`unknown environment "${envName}": staging or production`);
  const allowSamples = argv.includes('--allow-samples');

  console.log(`1/4 preflight (${envName})`);
  const check = await preflight({ envName, allowSamples });
  for (const line of check.problems) console.log(`✗ ${line}`);
  for (const line of check.warnings) console.log(`! ${line}`);
  if (check.samplesAllowed) console.log('!!! --allow-samples: PRODUCTION WILL SHOW SAMPLE CONTENT AND/OR SAMPLE PRICES TO REAL VISITORS !!!');
  if (!check.ok) {
    console.log(`deploy: refused, nothing was deployed (${check.problems.length} problem(s) above; docs/deploy.md says how to fix each)`);
    process.exit(1);
  }

  console.log(`2/4 wrangler deploy --env ${envName}`);
  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  if (run([wrangler, 'deploy', '--env', envName, '--old-asset-ttl', String(OLD_ASSET_TTL_SECONDS)]) !== 0) {
    console.log('deploy: wrangler failed (its message is above); the previous version is still live');
    process.exit(1);
  }

  console.log('3/4 keep-assets');
  if (run([path.join(root, 'scripts/keep-assets.mjs'), '--env', envName]) !== 0) {
    console.log('deploy: the new version is live, but some of its files may expire in 30 days: run `npm run keep-assets -- --env ' + envName + '` again');
    process.exit(1);
  }

  console.log(`4/4 smoke test of ${check.siteUrl}`);
  if (run([path.join(root, 'scripts/smoke.mjs'), '--env', envName]) !== 0) {
    console.log(`deploy: the new version is live but its smoke test FAILED: look at ${check.siteUrl}, and roll back if it is broken (docs/deploy.md, "Rolling back")`);
    process.exit(1);
  }
  console.log(`deploy: ${envName} is live at ${check.siteUrl}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
