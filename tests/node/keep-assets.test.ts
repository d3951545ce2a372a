import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { cloudflareFromEnv as untypedFromEnv } from '../../scripts/cloudflare-api.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedKeep from '../../scripts/keep-assets.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedKeys from '../../scripts/site-keys.mjs';
import { ACCOUNT, type Api, DAY, fakeCloudflare, TOKEN } from './cloudflare-fake';

const keep = { ...untypedKeys, ...untypedKeep } as {
  xxh64: (bytes: Uint8Array) => string;
  assetKey: (file: string, bytes: Buffer) => string;
  siteManifest: (bucket: string) => Record<string, string>;
  keepLiveAssets: (o: { workerName: string; bucket: string; commit?: string; api: Api; log?: (l: string) => void }) => Promise<string[]>;
};
const cloudflareFromEnv = untypedFromEnv as (o: {
  env: Record<string, string>;
  fetch: typeof fetch;
  loginToken: () => string | null;
}) => Promise<Api & { accountId: string }>;

const WORKER = 'jeepfl-website-production';
const SITES = `__${WORKER}-workers_sites_assets`;
const MANIFESTS = `${WORKER}-asset-manifests`;
const COMMIT = 'c0ffee0000000000000000000000000000000001';

const tmp = mkdtempSync(path.join(tmpdir(), 'jeepfl-keep-assets-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A built dist/public with these files. */
function bucket(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmp, 'public-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the keys wrangler stores the static files under', () => {
  it('computes XXH64 as its specification’s test values say', () => {
    const hash = (s: string) => keep.xxh64(new TextEncoder().encode(s));
    expect(hash('')).toBe('ef46db3751d8e999');
    expect(hash('abc')).toBe('44bc2cf5ad770999');
    expect(hash('Nobody inspects the spammish repetition')).toBe('fbcea83c8a378bf1');
  });

  it('names each file as wrangler 4 does (values from wrangler’s own hash, xxhash-wasm, on the same bytes)', () => {
    expect(keep.assetKey('assets/site-OLD.css', Buffer.from('body{color:blue}'))).toBe('assets/site-OLD.79deaf0934.css');
    expect(keep.assetKey('favicon.svg', Buffer.from('<svg>new</svg>'))).toBe('favicon.7967b706b5.svg');
    expect(keep.assetKey('jobs/offre', Buffer.from('a()'))).toBe('jobs/offre.3333ba6a51');
    // Longer than 32 bytes in base64: the hash's main loop.
    expect(keep.assetKey('assets/x.css', Buffer.from('x'.repeat(100)))).toBe('assets/x.03870e3ac2.css');
  });

  it('names every file of the build as the wrangler installed here does (its own xxhash-wasm, read from its bundle)', async () => {
    // wrangler bundles xxhash-wasm and names a file `<name>.<first 10 hex of xxh64(base64 of its bytes)><ext>`
    // (hashAsset in wrangler-dist/cli.js). If an update moves or changes it, look there, then at assetKey.
    const cli = readFileSync(path.join(import.meta.dirname, '../../node_modules/wrangler/wrangler-dist/cli.js'), 'utf8');
    expect(cli).toContain('return hasher.h64ToString(content).substring(0, 10);');
    const wasm = /xxhash-wasm@1\.[^\n]*\n[\s\S]*?new Uint8Array\(\[([\d,\s]+)\]\)/.exec(
      cli.slice(cli.indexOf('node_modules/xxhash-wasm/esm')),
    );
    expect(wasm, 'xxhash-wasm 1.x in wrangler’s bundle').not.toBeNull();
    const instance = await WebAssembly.instantiate(await WebAssembly.compile(new Uint8Array(wasm![1]!.split(',').map(Number))));
    const { mem, xxh64 } = instance.exports as { mem: WebAssembly.Memory; xxh64: (ptr: number, length: number, seed: bigint) => bigint };
    const wranglerKey = (file: string, bytes: Buffer) => {
      const text = Buffer.from(bytes.toString('base64'));
      if (mem.buffer.byteLength < text.length) mem.grow(Math.ceil((text.length - mem.buffer.byteLength) / 65536));
      new Uint8Array(mem.buffer).set(text);
      const hash = BigInt.asUintN(64, xxh64(0, text.length, 0n))
        .toString(16)
        .padStart(16, '0')
        .slice(0, 10);
      const ext = path.posix.extname(file);
      return path.posix.join(path.posix.dirname(file), `${path.posix.basename(file, ext)}.${hash}${ext}`);
    };
    // The build of the tests' content (npm run test:node builds it first): CSS, scripts, fonts, photos.
    const built = path.join(import.meta.dirname, '../../dist/public');
    expect(existsSync(built), 'run `npm run build` first').toBe(true);
    const manifest = keep.siteManifest(built);
    expect(Object.keys(manifest).length).toBeGreaterThan(20);
    for (const [file, key] of Object.entries(manifest)) expect(key, file).toBe(wranglerKey(file, readFileSync(path.join(built, file))));
  });

  it('lists the files wrangler uploads: dot files skipped, .well-known kept', () => {
    const dir = bucket({
      'index.css': 'a',
      '.DS_Store': 'x',
      '.well-known/security.txt': 'Contact: mailto:contact@jeepfl.ch',
      'node_modules/x.js': 'x',
      'assets/app.js': 'b',
    });
    expect(Object.keys(keep.siteManifest(dir)).sort()).toEqual(['.well-known/security.txt', 'assets/app.js', 'index.css']);
  });
});

describe('npm run keep-assets, after a deploy', () => {
  it('clears the expiry of a file the live build uses again (a reverted change), and only of that one, then records the build', async () => {
    const cf = fakeCloudflare();
    const live = { 'assets/site-OLD.css': 'body{color:blue}', 'favicon.svg': '<svg>new</svg>' };
    cf.seed(SITES, {
      // The stylesheet came back as it was two deploys ago: wrangler skipped the upload, the key still expires.
      'assets/site-OLD.79deaf0934.css': { value: 'body{color:blue}', expiresIn: 3 * DAY },
      // An earlier version of an unhashed file: same path, other bytes, left to expire.
      'favicon.bbbbbbbbbb.svg': { value: '<svg>old</svg>', expiresIn: 3 * DAY },
      'favicon.7967b706b5.svg': { value: '<svg>new</svg>' },
      // A file the live build does not have at all.
      'assets/gone-X.dddddddddd.js': { value: 'old()', expiresIn: 3 * DAY },
    });
    const lines: string[] = [];
    const kept = await keep.keepLiveAssets({
      workerName: WORKER,
      bucket: bucket(live),
      commit: COMMIT,
      api: cf.api(),
      log: (l) => lines.push(l),
    });
    expect(kept).toEqual(['assets/site-OLD.79deaf0934.css']);
    expect(cf.entry(SITES, 'assets/site-OLD.79deaf0934.css')).toEqual({ value: Buffer.from('body{color:blue}'), expiration: undefined });
    expect(cf.entry(SITES, 'favicon.bbbbbbbbbb.svg')!.expiration).toBe(cf.now() + 3 * DAY);
    expect(cf.entry(SITES, 'assets/gone-X.dddddddddd.js')!.expiration).toBe(cf.now() + 3 * DAY);
    expect(cf.bulkWrites).toEqual([{ key: 'assets/site-OLD.79deaf0934.css', base64: true }]);

    // The build's manifest, under its commit, in a namespace of its own that nothing expires.
    const record = cf.entry(MANIFESTS, COMMIT)!;
    expect(record.expiration).toBeUndefined();
    expect(JSON.parse(record.value.toString())).toMatchObject({
      commit: COMMIT,
      worker: WORKER,
      files: { 'assets/site-OLD.css': 'assets/site-OLD.79deaf0934.css', 'favicon.svg': 'favicon.7967b706b5.svg' },
    });
    expect(lines).toEqual([
      `keep-assets: the 2 files of this build are in ${SITES}; 1 were set to expire and no longer do (assets/site-OLD.79deaf0934.css); recorded as the files of commit c0ffee000000 (for a rollback)`,
    ]);
    // Every key travelled as one path segment, and every call carried the token.
    expect(cf.requests.some((r) => r.path.includes('/values/assets%2Fsite-OLD') || r.path.endsWith('/bulk'))).toBe(true);
  });

  it('writes nothing to the static files when none of the live build expires, and still records the build', async () => {
    const cf = fakeCloudflare();
    cf.seed(SITES, { 'assets/a-1.3333ba6a51.js': { value: 'a()' } });
    expect(
      await keep.keepLiveAssets({
        workerName: WORKER,
        bucket: bucket({ 'assets/a-1.js': 'a()' }),
        commit: COMMIT,
        api: cf.api(),
        log: () => {},
      }),
    ).toEqual([]);
    expect(cf.bulkWrites).toEqual([]);
    expect(cf.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.split('/').slice(-2).join('/')}`)).toEqual([
      'POST kv/namespaces',
      `PUT values/${COMMIT}`,
    ]);
  });

  it('reads past the first page of namespaces and of keys', async () => {
    const cf = fakeCloudflare({ namespacesBefore: 150 });
    const many = Object.fromEntries(Array.from({ length: 1500 }, (_, i) => [`old/f${i}.0000000000.js`, { value: 'x', expiresIn: DAY }]));
    cf.seed(SITES, { ...many, 'zz.3333ba6a51.js': { value: 'a()', expiresIn: DAY } });
    expect(await keep.keepLiveAssets({ workerName: WORKER, bucket: bucket({ 'zz.js': 'a()' }), api: cf.api(), log: () => {} })).toEqual([
      'zz.3333ba6a51.js',
    ]);
    expect(cf.requests.filter((r) => r.path.endsWith('/keys')).map((r) => r.query)).toEqual(['?limit=1000', '?limit=1000&cursor=1000']);
  });

  it('fails, and records nothing, when a file of the build is not in KV (a deploy that did not finish uploading)', async () => {
    const cf = fakeCloudflare();
    cf.seed(SITES, { 'assets/a-1.3333ba6a51.js': { value: 'a()' } });
    await expect(
      keep.keepLiveAssets({
        workerName: WORKER,
        bucket: bucket({ 'assets/a-1.js': 'a()', 'assets/site.css': 'body{color:blue}' }),
        commit: COMMIT,
        api: cf.api(),
        log: () => {},
      }),
    ).rejects.toThrow(
      `1 of the 2 files of this build are not in ${SITES} (assets/site.79deaf0934.css), so it is not recorded. Right after a deploy, the deploy did not upload them all: deploy again.`,
    );
    expect(cf.has(MANIFESTS)).toBe(false);
  });

  it('says so when the environment was never deployed', async () => {
    const cf = fakeCloudflare();
    await expect(keep.keepLiveAssets({ workerName: 'jeepfl-website-staging', bucket: bucket({}), api: cf.api() })).rejects.toThrow(
      'no KV namespace "__jeepfl-website-staging-workers_sites_assets": has this environment been deployed yet?',
    );
  });
});

describe('which Cloudflare account the scripts work on', () => {
  it('takes the pipeline’s token and account, or this machine’s `wrangler login` and its only account', async () => {
    const cf = fakeCloudflare();
    const never = () => {
      throw new Error('wrangler asked for a token although CLOUDFLARE_API_TOKEN is set');
    };
    const fromPipeline = await cloudflareFromEnv({
      env: { CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_ACCOUNT_ID: ACCOUNT },
      fetch: cf.fetch,
      loginToken: never,
    });
    expect(fromPipeline.accountId).toBe(ACCOUNT);
    const byHand = await cloudflareFromEnv({ env: {}, fetch: cf.fetch, loginToken: () => TOKEN });
    expect(byHand.accountId).toBe(ACCOUNT);
    await expect(cloudflareFromEnv({ env: {}, fetch: cf.fetch, loginToken: () => null })).rejects.toThrow(
      'no CLOUDFLARE_API_TOKEN, and wrangler is not logged in on this machine: `npx wrangler login` first',
    );
    await expect(
      cloudflareFromEnv({
        env: { CLOUDFLARE_API_TOKEN: 'revoked', CLOUDFLARE_ACCOUNT_ID: ACCOUNT },
        fetch: cf.fetch,
        loginToken: never,
      }).then((api) => api.namespace(SITES)),
    ).rejects.toThrow('Cloudflare answered 403 to the list of KV namespaces: Authentication error [code: 10000]');
  });
});
