// A rollback's files (scripts/rollback.mjs): the files of an earlier version,
// as keepLiveAssets (scripts/keep-assets.mjs) recorded them under its commit,
// checked before the rollback, then written again without an expiry, those
// already gone made again from a build of that commit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cloudflareFromEnv } from './cloudflare-api.mjs';
import { BUILT_PAGES, manifestsNamespace, settingsOf, siteManifest, sitesNamespace, some } from './site-keys.mjs';

const day = (expiration) => new Date(expiration * 1000).toISOString().slice(0, 10);

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
  const which = `version ${versionId} (commit ${commit})`;
  const { keys, gone } = version.gone.length > 0 ? await remakeGone(version, { which, envName, rebuild, log }) : version;

  await api.bulkPut(
    namespace,
    keys.map((key) => ({ key, bytes: values.get(key) })),
  );
  await readBack({ api, namespace, title, keys, which, wait });

  const wereExpiring = keys.filter((key) => expiry.get(key)).sort((a, b) => expiry.get(a) - expiry.get(b));
  log(
    `keep-assets: the ${keys.length} files of version ${versionId} (commit ${commit.slice(0, 12)}) are all there${gone.length ? ` (${gone.length} made again from its build)` : ''} and no longer expire${
      wereExpiring.length ? ` (${wereExpiring.length} were due to, the first on ${day(expiry.get(wereExpiring[0]))})` : ''
    }; the next deploy gives them 30 days again`,
  );
  return { commit, files: keys.length, wereExpiring: wereExpiring.length, restored: gone.length };
}

const NO_STYLES = 'rolled back to, the site would show pages without their styles, scripts or images';

/**
 * The files of a version that are gone, made again from `rebuild`'s build of
 * its commit into `version.values`: `{ keys, gone }` without the pages
 * rendered ahead for days already past. Throws a RefusedError when the build
 * cannot give them back byte for byte.
 */
async function remakeGone(version, { which, envName, rebuild, log }) {
  const { commit, values } = version;
  let { keys, gone } = version;
  if (!rebuild)
    throw new RefusedError(
      `${gone.length} of the ${keys.length} files of ${which} are gone from Cloudflare (${some(gone)}): ${NO_STYLES}. ${REDEPLOY}`,
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
      `${lost.length} of the ${gone.length} files of ${which} that are gone from Cloudflare cannot be made again: the build of that commit (${bucket}) does not give them back byte for byte (${some(lost)}); ${NO_STYLES}. ${REDEPLOY}`,
    );
  for (const key of gone) values.set(key, readFileSync(path.join(bucket, built.get(key))));
  return { keys, gone };
}

/** Read back, all of them: the switch to this version waits until every file it reads is there. */
async function readBack({ api, namespace, title, keys, which, wait }) {
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
}
