import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedKeep from '../../scripts/keep-assets.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as untypedRollback from '../../scripts/rollback.mjs';
import { type Api, DAY, fakeCloudflare } from './cloudflare-fake';

type Kept = { commit: string; files: number; wereExpiring: number };
const keep = untypedKeep as {
  RefusedError: new (message: string) => Error;
  assetKey: (file: string, bytes: Buffer) => string;
  siteManifest: (bucket: string) => Record<string, string>;
  keepLiveAssets: (o: { workerName: string; bucket: string; commit?: string; api: Api; log?: (l: string) => void }) => Promise<string[]>;
  renewVersionAssets: (o: {
    workerName: string;
    versionId: string;
    envName?: string;
    api: Api;
    log?: (l: string) => void;
  }) => Promise<Kept>;
};
const { rollback, rollbackMessage } = untypedRollback as {
  rollbackMessage: (reason: string, who: string) => string;
  rollback: (o: {
    envName: string;
    workerName: string;
    versionId: string;
    reason: string;
    who: string;
    renew?: (o: { workerName: string; versionId: string; envName: string; log: (l: string) => void }) => Promise<Kept>;
    wrangler?: (args: string[]) => number;
    smoke?: () => boolean;
    summary?: (markdown: string) => void;
    log?: (line: string) => void;
  }) => Promise<number>;
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
function bucket(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(tmp, 'public-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
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

describe('a commit built again gives the files its deploy uploaded', () => {
  it('names and fills every file as the first build did, in another process (esbuild names modules from the build folder, whatever its path)', async () => {
    // What lets a rollback make expired files again: same commit, same keys (path and content hash).
    // In place: a copy of the repository would link node_modules, which esbuild follows to other paths.
    const first = keep.siteManifest(built);
    expect(Object.keys(first).length).toBeGreaterThan(20);
    await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--no-seed', '--content', 'tests/fixtures/content'], { cwd: root });
    expect(keep.siteManifest(built)).toEqual(first);
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

    expect(kept).toEqual({ commit: A, files: 3, wereExpiring: 2 });
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

  it('refuses, having written nothing, when files of that version are already gone, and says to redeploy its code', async () => {
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
  const ok: Kept = { commit: A, files: 3, wereExpiring: 2 };

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

  it('does not switch when the files are gone, and says what to do instead', async () => {
    const { cf, versionA } = await deployedAThenB();
    cf.advance(31 * DAY);
    const h = harness({ versionId: versionA, renew: (o) => keep.renewVersionAssets({ ...o, api: cf.api() }) });
    expect(await h.run()).toBe(1);
    expect(h.steps).toEqual([]);
    expect(h.lines.join('\n')).toContain('rollback: refused, nothing was rolled back: 2 of the 3 files of version');
    expect(h.lines.join('\n')).toContain('`git revert` the commits that came after it');
    expect(h.summaries.join('')).toContain('### production: not rolled back');
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
