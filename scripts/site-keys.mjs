// The keys Workers Sites stores the [site] bucket's files under, as wrangler
// names them (scripts/keep-assets.mjs): a key is a file's path and a hash of its
// bytes, so a key names one file's exact bytes, and a build's list of keys says
// what its Worker reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

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
export const BUILT_PAGES = '_pages/';

/** The settings a build rendered its pages with (dist/checked-vars.js, beside the bucket dist/public), or null. */
export function settingsOf(bucket) {
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

/** A few keys of a list, for a message: the first three, and how many more. */
export const some = (list) => `${list.slice(0, 3).join(', ')}${list.length > 3 ? `, and ${list.length - 3} more` : ''}`;
