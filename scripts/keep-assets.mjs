#!/usr/bin/env node
// `npm run keep-assets -- --env <staging|production>`: run right after each
// `wrangler deploy` (by `npm run deploy` and by the pipeline); needs
// CLOUDFLARE_API_TOKEN or `wrangler login`, and CLOUDFLARE_ACCOUNT_ID when the
// login reaches more than one account.
//
// Why: Workers Sites stores each static file under a key made of its path and
// a hash of its bytes (assetKey below), and the Worker of each version carries
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
//   its own that no deploy touches; renewVersionAssets reads it back when
//   rolling back, makes again from a build of that commit the files that have
//   expired (the key names the bytes, so only an identical file fits), and
//   writes them all again without an expiry.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cloudflareFromEnv } from './cloudflare-api.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** Where Workers Sites keeps a Worker's static files (wrangler's own naming). */
export const sitesNamespace = (workerName) => `__${workerName}-workers_sites_assets`;
/** Where keep-assets records which keys each deployed commit reads: never touched by a deploy, nothing in it expires. */
export const manifestsNamespace = (workerName) => `${workerName}-asset-manifests`;

const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;
const u64 = (x) => BigInt.asUintN(64, x);
const rotl = (x, r) => u64((x << r) | (x >> (64n - r)));
const round = (acc, lane) => u64(rotl(u64(acc + u64(lane * P2)), 31n) * P1);
const merge = (acc, v) => u64(u64((acc ^ round(0n, v)) * P1) + P4);

/** XXH64 with seed 0 (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md), as 16 hex digits: the hash wrangler names Workers Sites keys with. */
export function xxh64(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = bytes.byteLength;
  let i = 0;
  let h;
  if (length >= 32) {
    let v1 = u64(P1 + P2);
    let v2 = P2;
    let v3 = 0n;
    let v4 = u64(-P1);
    for (; i + 32 <= length; i += 32) {
      v1 = round(v1, view.getBigUint64(i, true));
      v2 = round(v2, view.getBigUint64(i + 8, true));
      v3 = round(v3, view.getBigUint64(i + 16, true));
      v4 = round(v4, view.getBigUint64(i + 24, true));
    }
    h = u64(rotl(v1, 1n) + rotl(v2, 7n) + rotl(v3, 12n) + rotl(v4, 18n));
    h = merge(merge(merge(merge(h, v1), v2), v3), v4);
  } else h = P5;
  h = u64(h + BigInt(length));
  for (; i + 8 <= length; i += 8) h = u64(u64(rotl(h ^ round(0n, view.getBigUint64(i, true)), 27n) * P1) + P4);
  if (i + 4 <= length) {
    h = u64(u64(rotl(h ^ u64(BigInt(view.getUint32(i, true)) * P1), 23n) * P2) + P3);
    i += 4;
  }
  for (; i < length; i++) h = u64(rotl(h ^ u64(BigInt(bytes[i]) * P5), 11n) * P1);
  h = u64((h ^ (h >> 33n)) * P2);
  h = u64((h ^ (h >> 29n)) * P3);
  return (h ^ (h >> 32n)).toString(16).padStart(16, '0');
}

/**
 * The KV key wrangler stores a file of the [site] bucket under:
 * `assets/site-AB12.css` -> `assets/site-AB12.3f2a1b4c5d.css`, the first 10
 * hex digits of the XXH64 of the file's bytes written in base64 (wrangler's
 * `hashAsset`). Checked against wrangler's own hash in
 * tests/node/keep-assets.test.ts; if a wrangler update ever names keys
 * otherwise, keepLiveAssets says so at the next deploy.
 */
export function assetKey(file, bytes) {
  const hash = xxh64(Buffer.from(bytes.toString('base64'), 'latin1')).slice(0, 10);
  const ext = path.posix.extname(file);
  const dir = path.posix.dirname(file);
  const name = `${path.posix.basename(file, ext)}.${hash}${ext}`;
  return dir === '.' ? name : `${dir}/${name}`;
}

/** The folder of the [site] bucket that holds the pages rendered ahead (worker/routes/pages/built.ts). */
const BUILT_PAGES = '_pages/';

/** The settings a build rendered its pages with (dist/checked-vars.js, beside the bucket dist/public), or null. */
function settingsOf(bucket) {
  const file = path.join(bucket, '..', 'checked-vars.js');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** Every file wrangler uploads from `bucket` (it skips node_modules and dot files, .well-known excepted): path -> KV key. */
export function siteManifest(bucket) {
  const files = {};
  const walk = (dir, prefix) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (d.name === 'node_modules' || (d.name.startsWith('.') && d.name !== '.well-known')) continue;
      const file = `${prefix}${d.name}`;
      if (d.isDirectory()) walk(path.join(dir, d.name), `${file}/`);
      else if (d.isFile()) files[file] = assetKey(file, readFileSync(path.join(dir, d.name)));
    }
  };
  walk(bucket, '');
  return files;
}

const day = (expiration) => new Date(expiration * 1000).toISOString().slice(0, 10);
const some = (list) => `${list.slice(0, 3).join(', ')}${list.length > 3 ? `, and ${list.length - 3} more` : ''}`;

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
      `${absent.length} of the ${byKey.size} files of this build are not in ${title} (${some(absent)}), so it is not recorded. Right after a deploy, the deploy did not upload them all: deploy again. For an older commit, they have expired, or were built differently here. (If wrangler was just updated, it may name its keys otherwise than assetKey in scripts/keep-assets.mjs.)`,
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

/** A rollback that must not happen, and why, in words for whoever started it. */
export class RefusedError extends Error {}

const REDEPLOY =
  'Put that code back through main instead: `git revert` the commits that came after it, in a pull request; merged, the pipeline deploys it with all its files (docs/operations.md, "Rolling back")';

/** The values of `keys` (null for a key that does not exist), six requests at a time. */
async function readAll(api, namespace, keys) {
  const values = new Map();
  const queue = [...keys];
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) values.set(key, await api.value(namespace, key));
    }),
  );
  return values;
}

/**
 * The files of `versionId` as keepLiveAssets recorded them under its commit,
 * and what KV holds of them now: `{ commit, keys, namespace, title, expiry,
 * values, gone }` (every key read back, not only the ones the list shows
 * expiring: right after a deploy, the list may not show yet the expiry it
 * gave). Throws a RefusedError when nothing says which files it reads.
 */
async function versionFiles({ workerName, versionId, envName, api }) {
  const version = await api.version(workerName, versionId);
  if (!version)
    throw new RefusedError(
      `${workerName} has no version ${versionId}: copy the id from the list of versions (\`npx wrangler versions list --env ${envName}\`)`,
    );
  const commit = version.annotations?.['workers/tag'];
  if (!commit)
    throw new RefusedError(
      `version ${versionId} has no commit tag: it was not deployed by the pipeline or \`npm run deploy\` (a secret change, or the first upload), so which files it reads is not known. Pick the version of a commit in the list. ${REDEPLOY}`,
    );
  const manifests = await api.namespace(manifestsNamespace(workerName));
  const stored = manifests ? await api.value(manifests, commit) : null;
  if (!stored)
    throw new RefusedError(
      `no record of the files of commit ${commit} (version ${versionId}): it was deployed before deploys recorded them, or keep-assets failed after its deploy, so whether its styles and scripts are still there is not known. ${REDEPLOY}`,
    );
  let files;
  let settings;
  try {
    ({ files, settings } = JSON.parse(stored.toString('utf8')));
  } catch {}
  if (typeof files !== 'object' || files === null || Object.values(files).some((key) => typeof key !== 'string'))
    throw new RefusedError(`the record of the files of commit ${commit} cannot be read. ${REDEPLOY}`);

  const title = sitesNamespace(workerName);
  const namespace = await api.namespace(title);
  if (!namespace) throw new RefusedError(`no KV namespace "${title}": nothing of ${workerName}'s files is left. ${REDEPLOY}`);
  const expiry = new Map((await api.keys(namespace)).map((k) => [k.name, k.expiration]));
  const keys = Object.values(files);
  const values = await readAll(api, namespace, keys);
  const gone = keys.filter((key) => values.get(key) === null);
  return { commit, keys, namespace, title, expiry, values, gone, settings: typeof settings === 'string' ? settings : null };
}

/**
 * Before a rollback, in the workflow: which commit `versionId` was deployed
 * from, and whether it must be built again for the rollback (some of its
 * files gone, or due to expire within `within` seconds: gone by the time the
 * build is done). `now()` in seconds since 1970. Reads only; throws a
 * RefusedError as renewVersionAssets does. Returns `{ commit, files, gone,
 * expiringSoon }` (counts).
 */
export async function checkVersionAssets({
  workerName,
  versionId,
  envName = 'production',
  api,
  within = 24 * 60 * 60,
  now = () => Date.now() / 1000,
}) {
  api ??= await cloudflareFromEnv();
  const { commit, keys, expiry, values, gone } = await versionFiles({ workerName, versionId, envName, api });
  const expiringSoon = keys.filter((key) => values.get(key) !== null && expiry.get(key) && expiry.get(key) < now() + within);
  return { commit, files: keys.length, gone: gone.length, expiringSoon: expiringSoon.length };
}

/**
 * Before a rollback to `versionId`: the keys its Worker reads (the manifest
 * keepLiveAssets recorded under its commit) are all written again without
 * an expiry, so they stay for as long as that version is live (the next
 * deploy gives them 30 days again). Keys already gone (a version replaced
 * more than 30 days ago) are made again: `rebuild({ commit, gone })` resolves
 * to the dist/public of that commit built again (scripts/rollback.mjs), and
 * a key is uploaded from it only if a file there has that very name and
 * content hash. Then every key is read back. Throws a RefusedError, having
 * written nothing, when the version cannot be rolled back to with its files:
 * no record, or gone files the build does not give back byte for byte (or no
 * `rebuild`). `envName` words the advice; `wait(ms)` is the pause before
 * reading back again what KV does not show yet. Returns `{ commit, files,
 * wereExpiring, restored }`.
 */
export async function renewVersionAssets({
  workerName,
  versionId,
  envName = 'production',
  api,
  rebuild,
  wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  log = console.log,
}) {
  api ??= await cloudflareFromEnv();
  const version = await versionFiles({ workerName, versionId, envName, api });
  const { commit, namespace, title, expiry, values } = version;
  let { keys, gone } = version;
  const which = `version ${versionId} (commit ${commit})`;
  const noStyles = 'rolled back to, the site would show pages without their styles, scripts or images';
  if (gone.length > 0) {
    if (!rebuild)
      throw new RefusedError(
        `${gone.length} of the ${keys.length} files of ${which} are gone from Cloudflare (${some(gone)}): ${noStyles}. ${REDEPLOY}`,
      );
    log(
      `keep-assets: ${gone.length} of the ${keys.length} files of ${which} are gone from Cloudflare (${some(gone)}); they are made again from a build of that commit`,
    );
    const bucket = await rebuild({ commit, gone });
    const built = new Map(Object.entries(siteManifest(bucket)).map(([file, key]) => [key, file]));
    // Its pages show the deploy's settings: a build made with others gives none of them back.
    if (version.settings && settingsOf(bucket) !== version.settings)
      throw new RefusedError(
        `the build of commit ${commit} (${bucket}) rendered its pages with other settings than its deploy did: build it with \`npm run build -- --for ${envName}\`, then run the rollback again. ${REDEPLOY}`,
      );
    // The pages rendered ahead (_pages/, docs/decisions/0017) are rendered from the day of the build:
    // built again today, the commit gives back today's and every later day's pages, byte for byte,
    // not those of days already past, which the version never serves again (it would render them).
    const pages = gone.filter((key) => key.startsWith(BUILT_PAGES));
    const past = pages.filter((key) => !built.has(key));
    // Today's pages at least come back from a build of the same commit and settings: none of them is something else.
    if (pages.length > 0 && past.length === pages.length)
      throw new RefusedError(
        `none of the ${pages.length} pages rendered ahead of ${which} that are gone comes out of the build of that commit (${bucket}) byte for byte, not even today's: it was built otherwise (other settings, another Node). ${REDEPLOY}`,
      );
    if (past.length > 0) {
      log(`keep-assets: ${past.length} page(s) rendered ahead for days already past are not made again`);
      keys = keys.filter((key) => !past.includes(key));
      gone = gone.filter((key) => !past.includes(key));
    }
    const lost = gone.filter((key) => !built.has(key));
    if (lost.length > 0)
      throw new RefusedError(
        `${lost.length} of the ${gone.length} files of ${which} that are gone from Cloudflare cannot be made again: the build of that commit (${bucket}) does not give them back byte for byte (${some(lost)}); ${noStyles}. ${REDEPLOY}`,
      );
    for (const key of gone) values.set(key, readFileSync(path.join(bucket, built.get(key))));
  }

  await api.bulkPut(
    namespace,
    keys.map((key) => ({ key, bytes: values.get(key) })),
  );
  // Read back, all of them: the switch to this version waits until every file it reads is there.
  let missing = keys;
  for (let round = 1; missing.length > 0; round++) {
    if (round > 1) {
      if (round > 4)
        throw new Error(
          `${missing.length} of the ${keys.length} files of ${which} are still not in ${title} after being written (${some(missing)}): run it again in a few minutes`,
        );
      await wait(15_000);
    }
    const back = await readAll(api, namespace, missing);
    missing = missing.filter((key) => back.get(key) === null);
  }

  const wereExpiring = keys.filter((key) => expiry.get(key)).sort((a, b) => expiry.get(a) - expiry.get(b));
  log(
    `keep-assets: the ${keys.length} files of version ${versionId} (commit ${commit.slice(0, 12)}) are all there${gone.length ? ` (${gone.length} made again from its build)` : ''} and no longer expire${
      wereExpiring.length ? ` (${wereExpiring.length} were due to, the first on ${day(expiry.get(wereExpiring[0]))})` : ''
    }; the next deploy gives them 30 days again`,
  );
  return { commit, files: keys.length, wereExpiring: wereExpiring.length, restored: gone.length };
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
