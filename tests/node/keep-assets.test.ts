import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { fileOfKey as untypedFileOfKey, keepLiveAssets as untypedKeep } from '../../scripts/keep-assets.mjs';

type Wrangler = (args: string[]) => { status: number; stdout: Buffer };
const keepLiveAssets = untypedKeep as (options: {
  workerName: string;
  bucket: string;
  wrangler: Wrangler;
  log?: (line: string) => void;
}) => string[];
const fileOfKey = untypedFileOfKey as (key: string) => string | null;

const tmp = mkdtempSync(path.join(tmpdir(), 'jeepfl-keep-assets-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The Workers Sites namespace of one Worker, as Cloudflare keeps it: key -> bytes, and an expiry on some keys. */
function fakeCloudflare(keys: Record<string, { value: string; expiration?: number }>) {
  const store = new Map(Object.entries(keys).map(([k, v]) => [k, { value: Buffer.from(v.value), expiration: v.expiration }]));
  const calls: string[] = [];
  const ok = (out: string | Buffer) => ({ status: 0, stdout: Buffer.from(out) });
  const wrangler: Wrangler = (args) => {
    calls.push(args.slice(0, 3).join(' '));
    const [, noun, verb, key] = args;
    if (noun === 'namespace' && verb === 'list')
      return ok(
        JSON.stringify([
          { id: 'other', title: 'SHORT_LINKS' },
          { id: 'sites-ns', title: '__jeepfl-website-production-workers_sites_assets' },
        ]),
      );
    expect(args).toContain('--remote');
    expect(args[args.indexOf('--namespace-id') + 1]).toBe('sites-ns');
    if (verb === 'list')
      return ok(
        `Listing keys…\n${JSON.stringify([...store].map(([name, v]) => ({ name, ...(v.expiration ? { expiration: v.expiration } : {}) })))}`,
      );
    if (verb === 'get') return store.has(key!) ? ok(store.get(key!)!.value) : { status: 1, stdout: Buffer.alloc(0) };
    if (verb === 'put') {
      store.set(key!, { value: readFileSync(args[args.indexOf('--path') + 1]!), expiration: undefined });
      return ok('');
    }
    throw new Error(`unexpected wrangler ${args.join(' ')}`);
  };
  return { wrangler, store, calls };
}

/** A built dist/public with these files. */
function bucket(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmp, 'public-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('npm run keep-assets, after a deploy', () => {
  it('reads which file a Workers Sites key was made from', () => {
    expect(fileOfKey('assets/site-GTYGVAP4.3f2a1b4c5d.css')).toBe('assets/site-GTYGVAP4.css');
    expect(fileOfKey('favicon.0123456789.ico')).toBe('favicon.ico');
    expect(fileOfKey('jobs/offre.abcdef0123')).toBe('jobs/offre');
    expect(fileOfKey('no-hash.css')).toBeNull();
  });

  it('clears the expiry of a file the live build uses again (a reverted change), and only of that one', () => {
    const soon = 1_900_000_000;
    const cf = fakeCloudflare({
      // The stylesheet came back as it was two deploys ago: wrangler skipped the upload, the key still expires.
      'assets/site-OLD.aaaaaaaaaa.css': { value: 'body{color:blue}', expiration: soon },
      // An earlier version of an unhashed file: same path, other bytes, left to expire.
      'favicon.bbbbbbbbbb.svg': { value: '<svg>old</svg>', expiration: soon },
      'favicon.cccccccccc.svg': { value: '<svg>new</svg>' },
      // A file the live build does not have at all.
      'assets/gone-X.dddddddddd.js': { value: 'old()', expiration: soon },
    });
    const lines: string[] = [];
    const kept = keepLiveAssets({
      workerName: 'jeepfl-website-production',
      bucket: bucket({ 'assets/site-OLD.css': 'body{color:blue}', 'favicon.svg': '<svg>new</svg>' }),
      wrangler: cf.wrangler,
      log: (l) => lines.push(l),
    });
    expect(kept).toEqual(['assets/site-OLD.aaaaaaaaaa.css']);
    expect(cf.store.get('assets/site-OLD.aaaaaaaaaa.css')).toEqual({ value: Buffer.from('body{color:blue}'), expiration: undefined });
    expect(cf.store.get('favicon.bbbbbbbbbb.svg')!.expiration).toBe(soon);
    expect(cf.store.get('assets/gone-X.dddddddddd.js')!.expiration).toBe(soon);
    expect(lines).toEqual([
      expect.stringContaining('3 expiring key(s) in __jeepfl-website-production-workers_sites_assets; 1 belong to the live build'),
    ]);
    expect(cf.calls.filter((c) => c === 'kv key put')).toHaveLength(1);
  });

  it('does nothing when no live file expires', () => {
    const cf = fakeCloudflare({ 'assets/a-1.eeeeeeeeee.js': { value: 'a()' } });
    expect(
      keepLiveAssets({
        workerName: 'jeepfl-website-production',
        bucket: bucket({ 'assets/a-1.js': 'a()' }),
        wrangler: cf.wrangler,
        log: () => {},
      }),
    ).toEqual([]);
    expect(cf.calls).toEqual(['kv namespace list', 'kv key list']);
  });

  it('stops, rather than let a live file expire, when a key cannot be read', () => {
    const cf = fakeCloudflare({ 'assets/a-1.eeeeeeeeee.js': { value: 'a()', expiration: 1_900_000_000 } });
    const failingGet: Wrangler = (args) => (args[2] === 'get' ? { status: 1, stdout: Buffer.alloc(0) } : cf.wrangler(args));
    expect(() =>
      keepLiveAssets({
        workerName: 'jeepfl-website-production',
        bucket: bucket({ 'assets/a-1.js': 'a()' }),
        wrangler: failingGet,
        log: () => {},
      }),
    ).toThrow('could not read assets/a-1.eeeeeeeeee.js (wrangler exit 1): run this again');
  });

  it('says so when the environment was never deployed', () => {
    const cf = fakeCloudflare({});
    expect(() => keepLiveAssets({ workerName: 'jeepfl-website-staging', bucket: bucket({}), wrangler: cf.wrangler })).toThrow(
      'no KV namespace "__jeepfl-website-staging-workers_sites_assets": has this environment been deployed yet?',
    );
  });
});
