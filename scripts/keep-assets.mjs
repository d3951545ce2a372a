#!/usr/bin/env node
// `npm run keep-assets -- --env <staging|production>`: run right after each
// `wrangler deploy` (by `npm run deploy` and by the pipeline); needs
// CLOUDFLARE_API_TOKEN or `wrangler login`.
//
// Why: Workers Sites stores each static file under a key made of its path and
// a hash of its bytes. `wrangler deploy --old-asset-ttl` gives the files the
// new build no longer uses 30 days to live (scripts/deploy.mjs), but when a
// later build uses such a file again (a reverted commit, a change undone, a
// stylesheet back as it was), wrangler sees the key already there and neither
// uploads it nor clears its expiry: 30 days later the live site loses that CSS,
// script or image. This step finds the live build's files among the expiring
// keys (same path, same bytes) and writes them again without an expiry.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const wranglerBin = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

/** `assets/site-AB12.3f2a1b4c5d.css` -> `assets/site-AB12.css`: the file a Workers Sites key was made from. */
export function fileOfKey(key) {
  const m = /^(.*)\.[0-9a-f]{10}(\.[^./]+)?$/.exec(key);
  return m ? `${m[1]}${m[2] ?? ''}` : null;
}

/** Runs wrangler, returning its status and raw stdout (a KV value is bytes). */
function realWrangler(args) {
  // A KV value may be a large image: room for 64 MiB of stdout (spawnSync's default is 1 MiB).
  const r = spawnSync(process.execPath, [wranglerBin, ...args], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status ?? 1, stdout: r.stdout ?? Buffer.alloc(0) };
}

/**
 * Clears the expiry of every key the live build serves. `wrangler(args)`
 * answers `{ status, stdout }`; `bucket` is the folder that was uploaded
 * (dist/public). Returns the keys kept, or throws with what failed.
 */
export function keepLiveAssets({ workerName, bucket = path.join(root, 'dist/public'), wrangler = realWrangler, log = console.log }) {
  const json = (args) => {
    const r = wrangler(args);
    if (r.status !== 0) throw new Error(`wrangler ${args.join(' ')} failed (exit ${r.status})`);
    const text = r.stdout.toString('utf8');
    return JSON.parse(text.slice(text.search(/[[{]/)));
  };
  const title = `__${workerName}-workers_sites_assets`;
  const namespace = json(['kv', 'namespace', 'list']).find((n) => n.title === title);
  if (!namespace) throw new Error(`no KV namespace "${title}": has this environment been deployed yet?`);
  const id = namespace.id;

  const files = new Set(
    readdirSync(bucket, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => path.relative(bucket, path.join(d.parentPath, d.name)).split(path.sep).join('/')),
  );
  const expiring = json(['kv', 'key', 'list', '--namespace-id', id, '--remote']).filter((k) => k.expiration);
  const kept = [];
  for (const { name } of expiring) {
    const file = fileOfKey(name);
    if (!file || !files.has(file)) continue;
    const bytes = readFileSync(path.join(bucket, file));
    const stored = wrangler(['kv', 'key', 'get', name, '--namespace-id', id, '--remote']);
    if (stored.status !== 0) throw new Error(`could not read ${name} (wrangler exit ${stored.status}): run this again`);
    // Same path, other bytes: an older version of the file, left to expire.
    if (!Buffer.from(stored.stdout).equals(bytes)) continue;
    const put = wrangler(['kv', 'key', 'put', name, '--path', path.join(bucket, file), '--namespace-id', id, '--remote']);
    if (put.status !== 0) throw new Error(`could not clear the expiry of ${name} (wrangler exit ${put.status})`);
    kept.push(name);
  }
  log(
    `keep-assets: ${expiring.length} expiring key(s) in ${title}; ${kept.length} belong to the live build and no longer expire${kept.length ? `: ${kept.join(', ')}` : ''}`,
  );
  return kept;
}

async function main(argv) {
  const i = argv.indexOf('--env');
  const envName = i === -1 ? undefined : argv[i + 1];
  if (!envName) {
    console.error('usage: npm run keep-assets -- --env <staging|production>');
    process.exit(2);
  }
  const { experimental_readRawConfig: readRaw, unstable_readConfig: readConfig } = await import('wrangler');
  const configPath = path.join(root, 'wrangler.toml');
  if (!readRaw({ config: configPath }).rawConfig.env?.[envName]) {
    console.error(`keep-assets: wrangler.toml has no environment "${envName}"`);
    process.exit(2);
  }
  const { name } = readConfig({ config: configPath, env: envName }, { hideWarnings: true });
  try {
    keepLiveAssets({ workerName: name });
  } catch (e) {
    console.error(`keep-assets: ${e.message}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
