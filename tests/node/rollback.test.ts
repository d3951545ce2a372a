import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedKeep from '../../scripts/keep-assets.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedRollback from '../../scripts/rollback.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedRollbackBuild from '../../scripts/rollback-build.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedKeys from '../../scripts/site-keys.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedVersion from '../../scripts/version-assets.mjs';
import { type Api, DAY, fakeCloudflare } from './cloudflare-fake';

type Kept = { commit: string; files: number; wereExpiring: number; restored: number };
type Log = (line: string) => void;
type Env = Record<string, string | undefined>;
type Rebuild = (o: { commit: string; gone: string[] }) => Promise<string>;
type Made = { dir: string; remove: () => void };
type Status = (args: string[], options?: { cwd?: string; env?: Env; stdio?: string }) => number;
const keep = { ...untypedKeys, ...untypedKeep, ...untypedVersion } as {
  RefusedError: new (message: string) => Error;
  assetKey: (file: string, bytes: Buffer) => string;
  siteManifest: (bucket: string) => Record<string, string>;
  keepLiveAssets: (o: { workerName: string; bucket: string; commit?: string; api: Api; log?: Log }) => Promise<string[]>;
  renewVersionAssets: (o: {
    workerName: string;
    versionId: string;
    envName?: string;
    api: Api;
    rebuild?: Rebuild;
    wait?: (ms: number) => Promise<void>;
    log?: Log;
  }) => Promise<Kept>;
  checkVersionAssets: (o: {
    workerName: string;
    versionId: string;
    envName?: string;
    api: Api;
    now?: () => number;
  }) => Promise<{ commit: string; files: number; gone: number; expiringSoon: number }>;
};
const { rollback, rollbackMessage, checkRollback, buildCommit } = { ...untypedRollback, ...untypedRollbackBuild } as {
  rollbackMessage: (reason: string, who: string) => string;
  rollback: (o: {
    envName: string;
    workerName: string;
    versionId: string;
    reason: string;
    who: string;
    rebuilt?: string;
    build?: (o: { commit: string; log: Log }) => Promise<Made>;
    renew?: (o: { workerName: string; versionId: string; envName: string; rebuild: Rebuild; log: Log }) => Promise<Kept>;
    wrangler?: (args: string[]) => number;
    smoke?: () => boolean;
    summary?: (markdown: string) => void;
    log?: Log;
  }) => Promise<number>;
  checkRollback: (o: {
    envName: string;
    workerName: string;
    versionId: string;
    inspect: (o: { workerName: string; versionId: string; envName: string }) => ReturnType<typeof keep.checkVersionAssets>;
    output: (name: string, value: string) => void;
    summary?: (markdown: string) => void;
    log: Log;
  }) => Promise<number>;
  buildCommit: (o: { commit: string; log: Log; git: Status; npm: Status; env: Env }) => Promise<Made>;
};

const WORKER = 'jeepfl-website-production';
const SITES = `__${WORKER}-workers_sites_assets`;
const A = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const B = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

const root = path.resolve(import.meta.dirname, '../..');
/** The build of the tests' content (npm run test:node builds it first): what a deploy of this commit uploads. */
const built = path.join(root, 'dist/public');

const tmp = mkdtempSync(path.join(tmpdir(), 'jeepfl-rollback-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A built dist/public with these files. */
function bucket(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(path.join(tmp, 'public-'));
  for (const [file, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), bytes);
  }
  return dir;
}

// Two builds: B changed the stylesheet and the script, kept the logo.
const BUILD_A = { 'assets/site-A.css': 'body{color:blue}', 'assets/entry-A.js': 'a()', 'logo.svg': '<svg>logo</svg>' };
const BUILD_B = { 'assets/site-B.css': 'body{color:red}', 'assets/entry-B.js': 'b()', 'logo.svg': '<svg>logo</svg>' };
const keyOf = (file: string, text: string) => keep.assetKey(file, Buffer.from(text));
const keysOf = (build: Record<string, string>) => Object.entries(build).map(([f, t]) => keyOf(f, t));

/** The pipeline's deploys of A then of B, each followed by keep-assets, as on main. */
async function deployedAThenB() {
  const cf = fakeCloudflare();
  const versionA = cf.deploy(WORKER, BUILD_A, { tag: A });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: bucket(BUILD_A), commit: A, api: cf.api(), log: () => {} });
  cf.advance(DAY);
  const versionB = cf.deploy(WORKER, BUILD_B, { tag: B });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: bucket(BUILD_B), commit: B, api: cf.api(), log: () => {} });
  return { cf, versionA, versionB };
}

// The real build as commit A (its stylesheet, scripts, fonts, photos); B is A with another
// stylesheet and another entry script under the same names, every other file shared.
const builtA = Object.fromEntries(Object.keys(keep.siteManifest(built)).map((file) => [file, readFileSync(path.join(built, file))]));
const css = Object.keys(builtA).find((f) => /^assets\/site-\w+\.css$/.test(f))!;
const entry = Object.keys(builtA).find((f) => /^assets\/entry-\w+\.js$/.test(f))!;
const builtB = {
  ...builtA,
  [css]: Buffer.concat([builtA[css]!, Buffer.from('\n.b{color:red}')]),
  [entry]: Buffer.concat([builtA[entry]!, Buffer.from('\n;b()')]),
};
/** The keys only A reads: B gave them 30 days. */
const onlyA = [css, entry].map((file) => keep.assetKey(file, builtA[file]!));

/** The real build deployed as A, then B, each followed by keep-assets; then 31 days pass: A's own stylesheet and entry script are gone. */
async function realAThenB({ days = 31 } = {}) {
  const cf = fakeCloudflare();
  const versionA = cf.deploy(WORKER, builtA, { tag: A });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: built, commit: A, api: cf.api(), log: () => {} });
  cf.advance(DAY);
  cf.deploy(WORKER, builtB, { tag: B });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: bucket(builtB), commit: B, api: cf.api(), log: () => {} });
  cf.advance(days * DAY);
  cf.bulkWrites.length = 0;
  return { cf, versionA };
}

/**
 * The real build deployed as A, then B with pages of its own (every page of A is A's only), each
 * followed by keep-assets; then 31 days pass: all of A's pages rendered ahead are gone.
 */
async function realAThenOwnPages() {
  const cf = fakeCloudflare();
  const versionA = cf.deploy(WORKER, builtA, { tag: A });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: built, commit: A, api: cf.api(), log: () => {} });
  cf.advance(DAY);
  const withoutPages = Object.fromEntries(Object.entries(builtB).filter(([f]) => !f.startsWith('_pages/')));
  cf.deploy(WORKER, withoutPages, { tag: B });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: bucket(withoutPages), commit: B, api: cf.api(), log: () => {} });
  cf.advance(31 * DAY);
  return { cf, versionA };
}

/**
 * The real build deployed as A, then B whose content changed (its Worker reads another data file, so A's
 * content and messages are A's only), each followed by keep-assets; then 31 days pass: A's data file is gone.
 */
async function realAThenNewContent() {
  const cf = fakeCloudflare();
  const versionA = cf.deploy(WORKER, builtA, { tag: A });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: built, commit: A, api: cf.api(), log: () => {} });
  cf.advance(DAY);
  const newContent = Object.fromEntries(
    Object.entries(builtB).map(([file, bytes]) =>
      file.startsWith('_data/')
        ? [`_data/${'f'.repeat(32)}.json`, Buffer.from(bytes.toString().replace('"team"', '"team" '))]
        : [file, bytes],
    ),
  );
  cf.deploy(WORKER, newContent, { tag: B });
  await keep.keepLiveAssets({ workerName: WORKER, bucket: bucket(newContent), commit: B, api: cf.api(), log: () => {} });
  cf.advance(31 * DAY);
  return { cf, versionA };
}

/** A checkout of commit A built again, whose stylesheet came out otherwise (another machine's build, say). */
function rebuiltOtherwise() {
  const dir = mkdtempSync(path.join(tmp, 'rebuilt-'));
  cpSync(built, path.join(dir, 'dist/public'), { recursive: true });
  cpSync(path.join(built, '../checked-vars.js'), path.join(dir, 'dist/checked-vars.js'));
  writeFileSync(path.join(dir, 'dist/public', css), Buffer.concat([builtA[css]!, Buffer.from('\n')]));
  return dir;
}

describe('a commit built again gives the files its deploy uploaded', () => {
  it('names and fills every file as the first build did, in another process (esbuild names modules from the build folder, whatever its path)', async () => {
    // What lets a rollback make expired files again: same commit, same keys (path and content hash).
    // In place: a copy of the repository would link node_modules, which esbuild follows to other paths.
    // The pages rendered ahead are rendered from the build's day on (docs/decisions/0017): built again on a later
    // day, the commit gives back the pages of that day and every later one, the same files, not those of past days.
    const files = (manifest: Record<string, string>, pages: boolean) =>
      Object.fromEntries(Object.entries(manifest).filter(([file]) => file.startsWith('_pages/') === pages));
    const build = (from: string) =>
      promisify(execFile)(process.execPath, ['scripts/build.mjs', '--no-seed', '--content', 'tests/fixtures/content', '--from', from], {
        cwd: root,
      });
    const first = keep.siteManifest(built);
    expect(Object.keys(files(first, false)).length).toBeGreaterThan(20);
    try {
      await build('2025-01-01');
      expect(keep.siteManifest(built)).toEqual(first);
      await build('2026-12-20');
      const later = keep.siteManifest(built);
      expect(files(later, false)).toEqual(files(first, false));
      const laterPages = Object.entries(files(later, true));
      expect(laterPages.length).toBeGreaterThan(0);
      expect(laterPages.length).toBeLessThan(Object.keys(files(first, true)).length);
      for (const [file, key] of laterPages) expect(first[file], file).toBe(key);
    } finally {
      // dist/ as the other tests want it, whatever happened above.
      await build('2025-01-01');
    }
  });
});

describe('a rollback keeps the files of the version it returns to', () => {
  it('renews the files of a version about to lose them (29 days after the deploy that replaced it): they outlive the 30 days', async () => {
    const { cf, versionA } = await deployedAThenB();
    cf.advance(29 * DAY);
    // A's own stylesheet and script expire tomorrow; the logo, shared with B, does not expire.
    expect(cf.entry(SITES, keyOf('assets/site-A.css', BUILD_A['assets/site-A.css']))!.expiration).toBe(cf.now() + DAY);
    cf.bulkWrites.length = 0;
    const lines: string[] = [];
    const kept = await keep.renewVersionAssets({ workerName: WORKER, versionId: versionA, api: cf.api(), log: (l) => lines.push(l) });

    expect(kept).toEqual({ commit: A, files: 3, wereExpiring: 2, restored: 0 });
    for (const key of keysOf(BUILD_A)) expect(cf.entry(SITES, key)!.expiration, key).toBeUndefined();
    // Written back as they were (base64 of the stored bytes), with no expiry asked for.
    expect(cf.bulkWrites.map((w) => w.key).sort()).toEqual(keysOf(BUILD_A).sort());
    expect(cf.bulkWrites.every((w) => w.base64 === true && w.expiration === undefined && w.expiration_ttl === undefined)).toBe(true);
    expect(cf.entry(SITES, keyOf('assets/site-A.css', BUILD_A['assets/site-A.css']))!.value.toString()).toBe('body{color:blue}');
    expect(lines).toEqual([
      expect.stringMatching(
        /^keep-assets: the 3 files of version .* \(commit aaaaaaaaaaaa\) are all there and no longer expire \(2 were due to, the first on \d{4}-\d\d-\d\d\); the next deploy gives them 30 days again$/,
      ),
    ]);

    // Months later, still rolled back: the styles are still there.
    cf.advance(90 * DAY);
    for (const key of keysOf(BUILD_A)) expect(cf.entry(SITES, key), key).toBeDefined();
    // The next deploy (of main) gives them 30 days again, as to any replaced file.
    cf.deploy(WORKER, BUILD_B, { tag: B });
    expect(cf.entry(SITES, keyOf('assets/site-A.css', BUILD_A['assets/site-A.css']))!.expiration).toBe(cf.now() + 30 * DAY);
  });

  it('renews every file right after a deploy too, not only those the (possibly late) list shows expiring', async () => {
    const { cf, versionA } = await deployedAThenB();
    cf.bulkWrites.length = 0;
    await keep.renewVersionAssets({ workerName: WORKER, versionId: versionA, api: cf.api(), log: () => {} });
    expect(cf.bulkWrites.map((w) => w.key).sort()).toEqual(keysOf(BUILD_A).sort());
  });

  it('without a build of that commit to make them from, refuses, having written nothing, when files of that version are gone', async () => {
    const { cf, versionA } = await deployedAThenB();
    cf.advance(31 * DAY);
    cf.bulkWrites.length = 0;
    const writesBefore = cf.requests.filter((r) => r.method !== 'GET').length;
    const refusal = keep.renewVersionAssets({ workerName: WORKER, versionId: versionA, api: cf.api(), log: () => {} });
    await expect(refusal).rejects.toThrow(
      `2 of the 3 files of version ${versionA} (commit ${A}) are gone from Cloudflare (${keyOf('assets/entry-A.js', 'a()')}, ${keyOf('assets/site-A.css', 'body{color:blue}')}): rolled back to, the site would show pages without their styles, scripts or images. Put that code back through main instead: \`git revert\` the commits that came after it, in a pull request; merged, the pipeline deploys it with all its files (docs/operations.md, "Rolling back")`,
    );
    await expect(refusal).rejects.toBeInstanceOf(keep.RefusedError);
    expect(cf.requests.filter((r) => r.method !== 'GET').length).toBe(writesBefore);
  });

  it('refuses a version that no record describes: deployed before deploys recorded their files, a secret change, an unknown id', async () => {
    const cf = fakeCloudflare();
    const old = cf.deploy(WORKER, BUILD_A, { tag: A }); // no keep-assets after it: nothing recorded
    const secretChange = cf.addVersion(WORKER);
    cf.deploy(WORKER, BUILD_B, { tag: B });
    const renew = (versionId: string) => keep.renewVersionAssets({ workerName: WORKER, versionId, api: cf.api(), log: () => {} });
    await expect(renew(old)).rejects.toThrow(
      `no record of the files of commit ${A} (version ${old}): it was deployed before deploys recorded them, or keep-assets failed after its deploy, so whether its styles and scripts are still there is not known. Put that code back through main instead`,
    );
    await expect(renew(secretChange)).rejects.toThrow(
      `version ${secretChange} has no commit tag: it was not deployed by the pipeline or \`npm run deploy\` (a secret change, or the first upload), so which files it reads is not known. Pick the version of a commit in the list.`,
    );
    cf.seed(`${WORKER}-asset-manifests`, { [A]: { value: '{"files": ' } });
    await expect(renew(old)).rejects.toThrow(
      `the record of the files of commit ${A} cannot be read. Put that code back through main instead`,
    );
    await expect(renew('00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      `${WORKER} has no version 00000000-0000-4000-8000-000000000000: copy the id from the list of versions (\`npx wrangler versions list --env production\`)`,
    );
    expect(cf.bulkWrites).toEqual([]);
  });
});

describe('npm run rollback', () => {
  const ID = '2a3b4c5d-1111-4222-8333-444455556666';
  const ok: Kept = { commit: A, files: 3, wereExpiring: 2, restored: 0 };

  function harness(overrides: Partial<Parameters<typeof rollback>[0]> = {}) {
    const steps: string[] = [];
    const summaries: string[] = [];
    const lines: string[] = [];
    const options = {
      envName: 'production',
      workerName: WORKER,
      versionId: ID,
      reason: 'Contact form broken by the release of 12 May',
      who: 'camille',
      build: async (): Promise<Made> => {
        throw new Error('built the commit although no file was gone');
      },
      renew: async ({ versionId }: { versionId: string }) => {
        steps.push(`renew ${versionId}`);
        return ok;
      },
      wrangler: (args: string[]) => {
        steps.push(`wrangler ${args.join(' ')}`);
        return 0;
      },
      smoke: () => {
        steps.push('smoke');
        return true;
      },
      summary: (m: string) => summaries.push(m),
      log: (l: string) => lines.push(l),
      ...overrides,
    };
    return { steps, summaries, lines, run: () => rollback(options) };
  }

  it('keeps the version’s files first, then switches with wrangler, then smoke-tests; the summary says the next deploy wins', async () => {
    const h = harness();
    expect(await h.run()).toBe(0);
    expect(h.steps).toEqual([
      `renew ${ID}`,
      `wrangler rollback ${ID} --env production --yes --message Contact form broken by the release of 12 May (by camille)`,
      'smoke',
    ]);
    expect(h.summaries.join('')).toContain(`### production rolled back to version ${ID} (commit ${A})`);
    expect(h.summaries.join('')).toContain('**The next deploy puts `main` back, bad change included**');
    expect(h.summaries.join('')).toContain('Revert the bad commit on main first');
  });

  it('with the real renewal against Cloudflare: an old version’s files are kept before wrangler switches to it', async () => {
    const { cf, versionA } = await deployedAThenB();
    cf.advance(29 * DAY);
    let expiringWhenSwitched: (number | undefined)[] = [];
    const h = harness({
      versionId: versionA,
      renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }),
      wrangler: () => {
        expiringWhenSwitched = keysOf(BUILD_A).map((k) => cf.entry(SITES, k)?.expiration);
        return 0;
      },
    });
    expect(await h.run()).toBe(0);
    expect(expiringWhenSwitched).toEqual([undefined, undefined, undefined]);
  });

  it('31 days after the deploy that replaced it: makes the version’s expired files again from its commit built again, then switches', async () => {
    const { cf, versionA } = await realAThenB();
    const manifest = Object.values(keep.siteManifest(built));
    for (const key of onlyA) expect(cf.entry(SITES, key), key).toBeUndefined();
    let whenSwitched: { key: string; there: boolean; expiration?: number }[] = [];
    const h = harness({
      versionId: versionA,
      // The workflow's folder: a checkout of commit A, built (npm ci, npm run build -- --for production). Here, the repository's own build.
      rebuilt: root,
      renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }),
      wrangler: (args) => {
        h.steps.push(`wrangler ${args[0]}`);
        whenSwitched = manifest.map((key) => ({
          key,
          there: cf.entry(SITES, key) !== undefined,
          expiration: cf.entry(SITES, key)?.expiration,
        }));
        return 0;
      },
    });
    expect(await h.run()).toBe(0);
    expect(h.steps).toEqual(['wrangler rollback', 'smoke']);
    // Every file of A's record was there, with no end date, before wrangler switched.
    expect(whenSwitched.length).toBeGreaterThan(20);
    expect(whenSwitched.filter((f) => !f.there || f.expiration !== undefined)).toEqual([]);
    // The two that had expired were uploaded with the bytes of the build, with no expiry asked for.
    for (const [file, key] of [css, entry].map((f, i) => [f, onlyA[i]!] as const)) {
      expect(cf.entry(SITES, key)!.value.equals(readFileSync(path.join(built, file))), file).toBe(true);
      expect(cf.bulkWrites.filter((w) => w.key === key)).toEqual([{ key, base64: true, expiration: undefined, expiration_ttl: undefined }]);
    }
    expect(h.lines).toContain(
      `keep-assets: 2 of the ${manifest.length} files of version ${versionA} (commit ${A}) are gone from Cloudflare (${[...onlyA].sort().join(', ')}); they are made again from a build of that commit`,
    );
    expect(h.lines).toContain(`the files that are gone are made again from ${built}`);
    expect(h.lines.join('\n')).toMatch(/are all there \(2 made again from its build\) and no longer expire/);
    expect(h.summaries.join('')).toContain('2 of them made again from a build of that commit (they had expired)');
    // Still there months later, while A is live.
    cf.advance(120 * DAY);
    for (const key of manifest) expect(cf.entry(SITES, key), key).toBeDefined();
  });

  it('makes again the pages rendered ahead that the commit built again gives back, and skips those of days already past', async () => {
    // B renders its own pages: every page of A is A's only, gone 31 days later. A later build of A gives back
    // the pages of its own day and after, not the first one (a day already past, which A never serves again).
    const pages = Object.keys(builtA).filter((f) => f.startsWith('_pages/'));
    expect(pages.length).toBeGreaterThan(1);
    const { cf, versionA } = await realAThenOwnPages();
    const past = pages[0]!;
    const later = mkdtempSync(path.join(tmp, 'rebuilt-later-'));
    cpSync(built, path.join(later, 'dist/public'), { recursive: true });
    cpSync(path.join(built, '../checked-vars.js'), path.join(later, 'dist/checked-vars.js'));
    rmSync(path.join(later, 'dist/public', past));
    const h = harness({ versionId: versionA, rebuilt: later, renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }) });
    expect(await h.run()).toBe(0);
    expect(h.steps).toEqual([expect.stringMatching(/^wrangler rollback /), 'smoke']);
    expect(h.lines).toContainEqual(expect.stringContaining('1 page(s) rendered ahead for days already past are not made again'));
    for (const file of pages.slice(1)) expect(cf.entry(SITES, keep.assetKey(file, builtA[file]!)), file).toBeDefined();
    expect(cf.entry(SITES, keep.assetKey(past, builtA[past]!))).toBeUndefined();
  });

  it('makes again the content and messages the version’s Worker reads (its data file), gone since the content changed', async () => {
    // The Worker renders nothing for a request without it (worker/platform/site-data.ts): it is kept, and made again, as any file.
    const data = Object.keys(builtA).filter((f) => f.startsWith('_data/'));
    expect(data).toEqual([expect.stringMatching(/^_data\/[0-9a-f]{32}\.json$/)]);
    const key = keep.assetKey(data[0]!, builtA[data[0]!]!);
    const { cf, versionA } = await realAThenNewContent();
    expect(cf.entry(SITES, key)).toBeUndefined();
    const h = harness({ versionId: versionA, rebuilt: root, renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }) });
    expect(await h.run()).toBe(0);
    expect(h.lines.join('\n')).toContain(key);
    expect(cf.entry(SITES, key)!.value.equals(builtA[data[0]!]!)).toBe(true);
    expect(cf.entry(SITES, key)!.expiration).toBeUndefined();
  });

  it('refuses a build of the commit made with other settings than its deploy (its pages would all be other pages)', async () => {
    const { cf, versionA } = await realAThenOwnPages();
    const other = mkdtempSync(path.join(tmp, 'rebuilt-otherwise-'));
    cpSync(built, path.join(other, 'dist/public'), { recursive: true });
    writeFileSync(path.join(other, 'dist/checked-vars.js'), 'export default ["other settings"];\n');
    cf.bulkWrites.length = 0;
    const h = harness({ versionId: versionA, rebuilt: other, renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }) });
    expect(await h.run()).toBe(1);
    expect(h.steps).toEqual([]);
    expect(cf.bulkWrites).toEqual([]);
    expect(h.lines.join('\n')).toContain(
      'rendered its pages with other settings than its deploy did: build it with `npm run build -- --for production`',
    );
  });

  it('refuses, switching nothing and writing nothing, when the build does not give an expired file back byte for byte', async () => {
    const { cf, versionA } = await realAThenB();
    const writes = cf.requests.filter((r) => r.method !== 'GET').length;
    const rebuilt = rebuiltOtherwise();
    const h = harness({ versionId: versionA, rebuilt, renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }) });
    expect(await h.run()).toBe(1);
    expect(h.steps).toEqual([]);
    expect(cf.requests.filter((r) => r.method !== 'GET').length).toBe(writes);
    const said = h.lines.join('\n');
    expect(said).toContain(
      `rollback: refused, nothing was rolled back: 1 of the 2 files of version ${versionA} (commit ${A}) that are gone from Cloudflare cannot be made again: the build of that commit (${path.join(rebuilt, 'dist/public')}) does not give them back byte for byte (${onlyA[0]}); rolled back to, the site would show pages without their styles, scripts or images. Put that code back through main instead: \`git revert\` the commits that came after it, in a pull request`,
    );
    expect(h.summaries.join('')).toContain('### production: not rolled back');
  });

  it('by hand, without --rebuilt: builds the commit itself, only when files are gone, and removes that build afterwards', async () => {
    const { cf, versionA } = await realAThenB();
    const builds: string[] = [];
    const build = async ({ commit }: { commit: string }) => {
      builds.push(`build ${commit}`);
      return { dir: root, remove: () => builds.push('removed') };
    };
    const renew: Parameters<typeof rollback>[0]['renew'] = (o) => keep.renewVersionAssets({ ...o, api: cf.api() });
    expect(await harness({ versionId: versionA, build, renew }).run()).toBe(0);
    expect(builds).toEqual([`build ${A}`, 'removed']);
    for (const key of onlyA) expect(cf.entry(SITES, key)!.expiration, key).toBeUndefined();

    // Once they are all there again, a rollback builds nothing.
    builds.length = 0;
    expect(await harness({ versionId: versionA, build, renew }).run()).toBe(0);
    expect(builds).toEqual([]);

    // A build that does not match is removed too.
    const other = await realAThenB();
    const otherBuild = async () => ({ dir: rebuiltOtherwise(), remove: () => builds.push('removed') });
    expect(
      await harness({
        versionId: other.versionA,
        build: otherBuild,
        renew: (o) => keep.renewVersionAssets({ ...o, api: other.cf.api() }),
      }).run(),
    ).toBe(1);
    expect(builds).toEqual(['removed']);
  });

  it('refuses when --rebuilt names a folder without a build (files expired after the workflow’s check): run it again', async () => {
    const { cf, versionA } = await realAThenB();
    const empty = mkdtempSync(path.join(tmp, 'rebuilt-'));
    const h = harness({ versionId: versionA, rebuilt: empty, renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }) });
    expect(await h.run()).toBe(1);
    expect(h.steps).toEqual([]);
    expect(h.lines.join('\n')).toContain(
      `rollback: refused, nothing was rolled back: 2 files of version ${versionA} are gone from Cloudflare, and ${empty} holds no build of commit ${A} (no dist/public) to make them again from. Run the rollback again: the workflow then builds that commit first`,
    );
  });

  it('does not switch until every file reads back: one KV does not show is waited for, then the rollback stops', async () => {
    const { cf, versionA } = await realAThenB();
    const api = cf.api() as Api & { bulkPut: (ns: string, entries: unknown[]) => Promise<void> };
    let written = false;
    // A file whose write Cloudflare accepted but does not show (yet).
    const lossy = {
      ...api,
      bulkPut: async (ns: string, entries: unknown[]) => {
        written = true;
        await api.bulkPut(ns, entries);
      },
      value: async (ns: string, key: string) => (written && key === onlyA[0] ? null : api.value(ns, key)),
    };
    const waits: number[] = [];
    const h = harness({
      versionId: versionA,
      rebuilt: root,
      renew: (o) => keep.renewVersionAssets({ ...o, api: lossy, wait: async (ms) => void waits.push(ms) }),
    });
    expect(await h.run()).toBe(1);
    expect(h.steps).toEqual([]);
    expect(waits).toEqual([15_000, 15_000, 15_000]);
    expect(h.lines.join('\n')).toContain(
      `rollback: stopped, nothing was rolled back: 1 of the ${Object.keys(builtA).length} files of version ${versionA} (commit ${A}) are still not in ${SITES} after being written (${onlyA[0]}): run it again in a few minutes`,
    );
  });

  it('checks the version id and the reason before asking anything', async () => {
    const h = harness({ versionId: '2a3b4c5d; rm -rf /' });
    expect(await h.run()).toBe(1);
    expect(h.steps).toEqual([]);
    expect(h.lines).toEqual([
      'rollback: "2a3b4c5d; rm -rf /" is not a version id (it looks like 2a3b4c5d-…): `npx wrangler versions list --env production` lists them',
    ]);
    const noReason = harness({ reason: '  ' });
    expect(await noReason.run()).toBe(1);
    expect(noReason.steps).toEqual([]);
  });

  it('reports a refusal by wrangler (a Durable Object migration in between), and a failed smoke test', async () => {
    const refused = harness({ wrangler: () => 1 });
    expect(await refused.run()).toBe(1);
    expect(refused.lines.join('\n')).toContain(
      'rollback: wrangler refused or failed (its message is above): production still runs the version it ran',
    );
    const broken = harness({ smoke: () => false });
    expect(await broken.run()).toBe(1);
    expect(broken.summaries.join('')).toContain('**The smoke test FAILED**');
  });

  it('keeps wrangler’s message within its 120 characters', () => {
    const message = rollbackMessage(`${'x'.repeat(200)}`, 'a-github-login-of-39-characters-xxxxxxx');
    expect(message.length).toBeLessThanOrEqual(120);
    expect(message.endsWith('(by a-github-login-of-39-characters-xxxxxxx)')).toBe(true);
  });
});

describe('npm run rollback -- --check (the workflow’s step before it builds anything)', () => {
  async function check(cf: ReturnType<typeof fakeCloudflare>, versionId: string) {
    const outputs: Record<string, string> = {};
    const lines: string[] = [];
    const status = await checkRollback({
      envName: 'production',
      workerName: WORKER,
      versionId,
      inspect: (o) => keep.checkVersionAssets({ ...o, api: cf.api(), now: cf.now }),
      output: (name, value) => {
        outputs[name] = value;
      },
      log: (l) => lines.push(l),
    });
    return { status, outputs, lines };
  }

  it('says which commit to build, and only when files are gone or due to go within a day', async () => {
    const { cf, versionA } = await deployedAThenB();
    const fresh = await check(cf, versionA);
    expect(fresh).toEqual({
      status: 0,
      outputs: { commit: A, rebuild: 'false' },
      lines: [`check: the 3 files of version ${versionA} (commit aaaaaaaaaaaa) are all there: nothing to build`],
    });

    cf.advance(29 * DAY + 12 * 60 * 60); // A's own files expire in 12 hours: gone before the build would be done
    expect((await check(cf, versionA)).outputs).toEqual({ commit: A, rebuild: 'true' });

    cf.advance(DAY);
    const late = await check(cf, versionA);
    expect(late.outputs).toEqual({ commit: A, rebuild: 'true' });
    expect(late.lines).toEqual([
      `check: of the 3 files of version ${versionA} (commit aaaaaaaaaaaa), 2 are gone from Cloudflare and 0 expire within a day: that commit is built again next, so the rollback can make them anew`,
    ]);
    // Only reads.
    expect(cf.bulkWrites).toEqual([]);
  });

  it('fails, building nothing, when the rollback would refuse anyway', async () => {
    const cf = fakeCloudflare();
    const unrecorded = cf.deploy(WORKER, BUILD_A, { tag: A });
    const { status, outputs, lines } = await check(cf, unrecorded);
    expect(status).toBe(1);
    expect(outputs).toEqual({});
    expect(lines.join('\n')).toContain(`rollback: refused, nothing was rolled back: no record of the files of commit ${A}`);
    expect((await check(cf, 'not-an-id')).outputs).toEqual({});
  });
});

describe('a rollback by hand builds the commit itself (buildCommit)', () => {
  const COMMIT = 'c0ffee0000000000000000000000000000000001';
  function tools({ have = true, failing }: { have?: boolean; failing?: string } = {}) {
    const calls: { command: string; cwd?: string; env?: Env }[] = [];
    const git: Status = (args) => {
      const command = `git ${args.join(' ')}`;
      calls.push({ command });
      if (args[0] === 'cat-file') return have ? 0 : 1;
      return command.startsWith(failing ?? '-') ? 1 : 0;
    };
    const npm: Status = (args, options) => {
      const command = `npm ${args.join(' ')}`;
      calls.push({ command, cwd: options?.cwd, env: options?.env });
      return command.startsWith(failing ?? '-') ? 1 : 0;
    };
    const env = { PATH: '/usr/bin', CLOUDFLARE_API_TOKEN: 'secret', CLOUDFLARE_ACCOUNT_ID: 'acc', GITHUB_TOKEN: 'gh', CONTENT_DIR: 'x' };
    return { calls, git, npm, env, log: () => {} };
  }

  it('checks the commit out in a temporary git worktree, installs and builds it there without the tokens, and removes it', async () => {
    const t = tools();
    const made = await buildCommit({ commit: COMMIT, ...t });
    expect(path.basename(made.dir)).toBe('c0ffee000000');
    expect(t.calls.map((c) => c.command)).toEqual([
      `git cat-file -e ${COMMIT}^{commit}`,
      `git worktree add --detach ${made.dir} ${COMMIT}`,
      'npm ci --no-audit --no-fund',
      'npm run build -- --for production',
    ]);
    for (const call of t.calls.filter((c) => c.command.startsWith('npm'))) {
      expect(call.cwd).toBe(made.dir);
      expect(call.env).toEqual({ PATH: '/usr/bin' });
    }
    expect(existsSync(path.dirname(made.dir))).toBe(true);
    made.remove();
    expect(t.calls.slice(4).map((c) => c.command)).toEqual([`git worktree remove --force ${made.dir}`, 'git worktree prune']);
    expect(existsSync(path.dirname(made.dir))).toBe(false);
  });

  it('refuses, leaving nothing behind, when the commit cannot be had or built', async () => {
    const absent = tools({ have: false });
    await expect(buildCommit({ commit: COMMIT, ...absent })).rejects.toThrow(
      `commit ${COMMIT} is not in this clone, and \`git fetch origin\` did not bring it: roll back with the "Rollback production" workflow instead`,
    );
    expect(absent.calls.map((c) => c.command)).toContain(`git fetch --quiet origin ${COMMIT}`);
    expect(absent.calls.some((c) => c.command.startsWith('git worktree add'))).toBe(false);

    const offline = tools({ failing: 'npm ci' });
    const refusal = buildCommit({ commit: COMMIT, ...offline });
    await expect(refusal).rejects.toThrow('`npm ci (in that folder)` failed (its messages are above)');
    await expect(refusal).rejects.toBeInstanceOf(keep.RefusedError);
    expect(offline.calls.map((c) => c.command).slice(-2)).toEqual([
      expect.stringMatching(/^git worktree remove --force /),
      'git worktree prune',
    ]);
    expect(offline.calls.some((c) => c.command.startsWith('npm run build'))).toBe(false);

    const odd = tools();
    await expect(buildCommit({ commit: '--upload-pack=x', ...odd })).rejects.toThrow('not with a commit id');
    expect(odd.calls).toEqual([]);
  });
});
