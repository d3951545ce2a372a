#!/usr/bin/env node
// `npm run keep-assets -- --env <staging|production>`: run right after each
// `wrangler deploy` (by `npm run deploy` and by the pipeline); needs
// CLOUDFLARE_API_TOKEN or `wrangler login`, and CLOUDFLARE_ACCOUNT_ID when the
// login reaches more than one account.
//
// Why: Workers Sites stores each static file under a key made of its path and
// a hash of its bytes (assetKey, scripts/site-keys.mjs), and the Worker of each version carries
// the list of the keys it reads (its manifest). `wrangler deploy
// --old-asset-ttl` gives the keys the new build no longer uses 30 days to live
// (scripts/deploy.mjs). Two things follow:
// - when a later build uses such a key again (a reverted commit, a stylesheet
//   back as it was), wrangler sees it already there and neither uploads it nor
//   clears its expiry: 30 days later the live site would lose that CSS, script
//   or image. keepLiveAssets writes the live build's expiring keys again
//   without an expiry;
// - nothing else says which keys an earlier version reads, and a rollback
//   needs to know (scripts/rollback.mjs): its styles, scripts and images, its
//   pages rendered ahead (_pages/) and the content and messages its Worker
//   renders with (_data/<hash>.json: without it, no page can be rendered for
//   a request, no form taken). keepLiveAssets records the manifest
//   of each deploy, under its commit (the version's tag), in a KV namespace of
//   its own that no deploy touches; renewVersionAssets
//   (scripts/version-assets.mjs) reads it back when rolling back, makes
//   again from a build of that commit the files that have expired (the key
//   names the bytes, so only an identical file fits), and writes them all
//   again without an expiry.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloudflareFromEnv } from './cloudflare-api.mjs';
import { manifestsNamespace, settingsOf, siteManifest, sitesNamespace, some } from './site-keys.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * After a deploy: every key of the live build (the files of `bucket`, as
 * wrangler uploaded them) must be in the Worker's Workers Sites namespace;
 * the ones an earlier deploy had set to expire are written again without an
 * expiry. Then, with `commit` (the version's tag), the build's manifest is
 * recorded for a later rollback. `api` is scripts/cloudflare-api.mjs's client.
 * Returns the keys that no longer expire; throws with what failed.
 */
export async function keepLiveAssets({ workerName, bucket = path.join(root, 'dist/public'), commit, api, log = console.log }) {
  api ??= await cloudflareFromEnv();
  const title = sitesNamespace(workerName);
  const namespace = await api.namespace(title);
  if (!namespace) throw new Error(`no KV namespace "${title}": has this environment been deployed yet?`);

  const files = siteManifest(bucket);
  const listed = new Map((await api.keys(namespace)).map((k) => [k.name, k]));
  // A key uploaded seconds ago may be missing from the list for a while (KV lists are eventually consistent): ask for it.
  const absent = [];
  for (const key of Object.values(files)) if (!listed.has(key) && (await api.value(namespace, key)) === null) absent.push(key);

  const byKey = new Map(Object.entries(files).map(([file, key]) => [key, file]));
  const expiring = [...byKey.keys()].filter((key) => listed.get(key)?.expiration);
  await api.bulkPut(
    namespace,
    expiring.map((key) => ({ key, bytes: readFileSync(path.join(bucket, byKey.get(key))) })),
  );

  if (absent.length > 0)
    throw new Error(
      `${absent.length} of the ${byKey.size} files of this build are not in ${title} (${some(absent)}), so it is not recorded. Right after a deploy, the deploy did not upload them all: deploy again. For an older commit, they have expired, or were built differently here. (If wrangler was just updated, it may name its keys otherwise than assetKey in scripts/site-keys.mjs.)`,
    );
  let recorded = '';
  if (commit) {
    const manifests = await api.namespace(manifestsNamespace(workerName), { create: true });
    // And the settings its pages were rendered with (docs/decisions/0017): a rollback's build must match them.
    const settings = settingsOf(bucket);
    const record = { commit, worker: workerName, recorded: new Date().toISOString(), files, ...(settings ? { settings } : {}) };
    await api.put(manifests, commit, Buffer.from(JSON.stringify(record)));
    recorded = `; recorded as the files of commit ${commit.slice(0, 12)} (for a rollback)`;
  }
  log(
    `keep-assets: the ${byKey.size} files of this build are in ${title}; ${expiring.length} were set to expire and no longer do${expiring.length ? ` (${some(expiring)})` : ''}${recorded}`,
  );
  return expiring;
}

/** Git's answer, trimmed, or null when git fails. */
function git(...args) {
  const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The Worker name of an environment of wrangler.toml, or exits with why. */
export async function workerNameOf(envName, command) {
  const { experimental_readRawConfig: readRaw, unstable_readConfig: readConfig } = await import('wrangler');
  const configPath = path.join(root, 'wrangler.toml');
  if (!readRaw({ config: configPath }).rawConfig.env?.[envName]) {
    console.error(`${command}: wrangler.toml has no environment "${envName}"`);
    process.exit(2);
  }
  return readConfig({ config: configPath, env: envName }, { hideWarnings: true }).name;
}

async function main(argv) {
  const i = argv.indexOf('--env');
  const envName = i === -1 ? undefined : argv[i + 1];
  if (!envName) {
    console.error('usage: npm run keep-assets -- --env <staging|production>');
    process.exit(2);
  }
  const name = await workerNameOf(envName, 'keep-assets');
  // The commit checked out is the one `npm run deploy` and the pipeline tag the version with.
  const commit = git('rev-parse', 'HEAD');
  if (!commit) console.log('keep-assets: no git commit here, so this build is not recorded: a rollback to it will refuse');
  try {
    await keepLiveAssets({ workerName: name, commit: commit ?? undefined });
  } catch (e) {
    console.error(`keep-assets: ${e.message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
