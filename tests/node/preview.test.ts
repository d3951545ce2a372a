import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unstable_readConfig as readConfig } from 'wrangler';
// @ts-expect-error: a plain .mjs script, without types
import * as deploy from '../../scripts/preview-deploy.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as gitHub from '../../scripts/preview-github.mjs';
// @ts-expect-error: a plain .mjs script, without types
import * as worker from '../../scripts/preview-worker.mjs';

type Run = { status: number; stdout: string; stderr: string };
type Wrangler = (args: string[], options?: { capture?: boolean; env?: Record<string, string | undefined> }) => Run;
type State = 'open' | 'closed' | 'missing';
const preview = { ...worker, ...deploy, ...gitHub } as {
  COMMENT_MARKER: string;
  PREVIEW_LABEL: string;
  previewName: (base: string, pr: number) => string;
  prOfWorker: (base: string, worker: string) => number | null;
  previewConfig: (o: { pr: number; configPath: string }) => Promise<{ name: string; url: string; config: Record<string, unknown> }>;
  deployPreview: (o: {
    pr: number;
    commit?: string;
    configPath: string;
    env: Record<string, string | undefined>;
    wrangler: Wrangler;
    keepAssets: (name: string) => Promise<void>;
    smoke: (url: string) => Promise<boolean> | boolean;
    live: (url: string) => Promise<boolean>;
    log: (line: string) => void;
  }) => Promise<{ name: string; url: string; state: string }>;
  deletePreview: (o: { name: string; wrangler: Wrangler; log: (line: string) => void }) => 'deleted' | 'absent';
  sweepPreviews: (o: {
    baseName: string;
    prState: (pr: number) => Promise<State>;
    wrangler: Wrangler;
    log: (line: string) => void;
  }) => Promise<{ deleted: string[]; kept: string[]; failed: string[] }>;
  github: (o: { repo: string; token?: string; fetch: typeof fetch }) => {
    prState: (pr: number) => Promise<State>;
    upsertComment: (pr: number, body: string, o?: { create?: boolean }) => Promise<'created' | 'updated' | 'none'>;
    setStatus: (sha: string, status: Record<string, string | undefined>) => Promise<void>;
  };
  previewStatus: (o: { state: string; url?: string; runUrl?: string }) => Record<string, string | undefined> | undefined;
  commentBody: (o: { state: string; url?: string; commit?: string; runUrl?: string; author?: string }) => string;
  waitUntilLive: (
    url: string,
    o: { fetch: typeof fetch; timeoutMs: number; intervalMs: number; log: (l: string) => void },
  ) => Promise<boolean>;
};

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'jeepfl-preview-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** wrangler.toml as a maintainer leaves it after the first-deploy steps: staging on the account subdomain `association`. */
function configured(edit: (toml: string) => string = (t) => t) {
  const dir = mkdtempSync(path.join(tmp, 'config-'));
  const file = path.join(dir, 'wrangler.toml');
  // The preflight reads the repository's name (the editor saves there) from the package.json beside it.
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ repository: 'github:association/website' }));
  const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
    .replace(/^id = "0+"$/gm, (line, offset, all: string) =>
      all.lastIndexOf('[env.', offset) === -1 ? line : 'id = "0123456789abcdef0123456789abcdef"',
    )
    .replaceAll('TURNSTILE_SITE_KEY = "0x0000000000000000000000"', 'TURNSTILE_SITE_KEY = "0x4AAAAAAAexamplekey"')
    .replace('your-subdomain', 'association')
    // Paths as in the repository: the copy lives elsewhere.
    .replace('main = "worker/index.ts"', `main = ${JSON.stringify(path.join(root, 'worker/index.ts'))}`)
    .replace('bucket = "./dist/public"', `bucket = ${JSON.stringify(path.join(root, 'dist/public'))}`);
  writeFileSync(file, edit(toml));
  return file;
}

const noLog = () => {};
const ok = (stdout = ''): Run => ({ status: 0, stdout, stderr: '' });

describe('a preview is named after its pull request', () => {
  it('jeepfl-website-pr-<number>, and only such names are previews: never staging or production', () => {
    expect(preview.previewName('jeepfl-website', 42)).toBe('jeepfl-website-pr-42');
    expect(preview.prOfWorker('jeepfl-website', 'jeepfl-website-pr-42')).toBe(42);
    for (const other of [
      'jeepfl-website',
      'jeepfl-website-staging',
      'jeepfl-website-production',
      'jeepfl-website-pr-',
      'jeepfl-website-pr-0',
      'jeepfl-website-pr-4x',
      'other-site-pr-4',
      'jeepfl-website-pr-4-staging',
    ])
      expect(preview.prOfWorker('jeepfl-website', other), other).toBeNull();
  });
});

describe("the preview's configuration: staging's, written once", () => {
  it('is [env.staging] with its own name and address, staging’s vars and bindings, noindex settings and no cron', async () => {
    const configPath = configured();
    const { name, url, config } = await preview.previewConfig({ pr: 42, configPath });
    expect(name).toBe('jeepfl-website-pr-42');
    expect(url).toBe('https://jeepfl-website-pr-42.association.workers.dev');

    // Read back by wrangler itself, with its own inheritance rules.
    const file = path.join(mkdtempSync(path.join(tmp, 'generated-')), 'wrangler.json');
    writeFileSync(file, JSON.stringify(config));
    const staging = readConfig({ config: configPath, env: 'staging' }, { hideWarnings: true });
    const generated = readConfig({ config: file, env: 'preview' }, { hideWarnings: true });

    expect(generated.name).toBe(name);
    expect(generated.triggers).toEqual({ crons: [] });
    expect(staging.triggers.crons).toEqual(['*/5 * * * *']);
    expect(generated.workers_dev).toBe(true);
    expect(generated.routes ?? []).toEqual([]);
    // ENVIRONMENT = "staging": noindex, robots.txt disallows all, the "test site" note, forms that mail nobody.
    expect(generated.vars).toEqual({ ...staging.vars, SITE_URL: url, ENVIRONMENT: 'staging' });
    expect(generated.main).toBe(staging.main);
    expect(path.resolve(path.dirname(file), generated.site!.bucket)).toBe(path.resolve(path.dirname(configPath), staging.site!.bucket));

    // Everything else is staging's, as wrangler reads it: bindings (the short links' namespace, the outbox, the rate
    // limits), the migrations, the compatibility date, minify, source maps, observability.
    const differ = [
      'configPath',
      'userConfigPath',
      'definedEnvironments',
      'targetEnvironment',
      'name',
      'routes',
      'triggers',
      'vars',
      'build',
      'dev',
      'site',
    ];
    const rest = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).filter(([k]) => !differ.includes(k)));
    expect(rest(generated as unknown as Record<string, unknown>)).toEqual(rest(staging as unknown as Record<string, unknown>));
    expect(generated.kv_namespaces).toEqual([{ binding: 'SHORT_LINKS', id: '0123456789abcdef0123456789abcdef' }]);
    expect(generated.durable_objects.bindings).toEqual([{ name: 'OUTBOX', class_name: 'Outbox' }]);
    expect(generated.build.command).toBe(staging.build.command);
  });

  it('refuses when staging’s SITE_URL is not its workers.dev address, which the preview’s is taken from', async () => {
    const configPath = configured((t) => t.replace('https://jeepfl-website-staging.association.workers.dev', 'https://test.jeepfl.ch'));
    await expect(preview.previewConfig({ pr: 7, configPath })).rejects.toThrow(
      'SITE_URL is "https://test.jeepfl.ch", not staging\'s workers.dev address (https://jeepfl-website-staging.<subdomain>.workers.dev)',
    );
  });
});

describe('npm run preview -- deploy', () => {
  /** A stand-in for wrangler deploy: records the arguments, the environment, and the secrets file as it was during the call. */
  function fakeDeploy(status = 0) {
    const calls: { args: string[]; env: Record<string, string | undefined>; secrets?: string; mode?: number; config?: string }[] = [];
    const wrangler: Wrangler = (args, options = {}) => {
      const at = (flag: string) => args[args.indexOf(flag) + 1]!;
      const secretsFile = args.includes('--secrets-file') ? at('--secrets-file') : undefined;
      calls.push({
        args,
        env: options.env ?? {},
        secrets: secretsFile && readFileSync(secretsFile, 'utf8'),
        mode: secretsFile ? statSync(secretsFile).mode & 0o777 : undefined,
        config: readFileSync(at('--config'), 'utf8'),
      });
      return { status, stdout: '', stderr: '' };
    };
    return { wrangler, calls };
  }
  const base = { PATH: process.env.PATH ?? '', HOME: tmp, TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret-of-the-widget' };

  it('deploys the generated configuration with the commit as tag, the secret in a private file only, then keeps the assets and smoke-tests the address', async () => {
    const { wrangler, calls } = fakeDeploy();
    const steps: string[] = [];
    const lines: string[] = [];
    const result = await preview.deployPreview({
      pr: 42,
      commit: 'abc1234def',
      configPath: configured(),
      env: base,
      wrangler,
      keepAssets: async (name) => {
        steps.push(`keep ${name}`);
      },
      live: async (url) => steps.push(`live ${url}`) > 0,
      smoke: (url) => steps.push(`smoke ${url}`) > 0,
      log: (l) => lines.push(l),
    });
    expect(result).toEqual({
      name: 'jeepfl-website-pr-42',
      url: 'https://jeepfl-website-pr-42.association.workers.dev',
      state: 'deployed',
    });
    const [call] = calls;
    expect(call!.args.slice(0, 8)).toEqual([
      'deploy',
      '--config',
      expect.stringMatching(/wrangler\.json$/),
      '--env',
      'preview',
      '--old-asset-ttl',
      '2592000',
      '--tag',
    ]);
    expect(call!.args).toContain('abc1234def');
    expect(JSON.parse(call!.secrets!)).toEqual({ TURNSTILE_SECRET_KEY: base.TURNSTILE_SECRET_KEY });
    expect(call!.mode).toBe(0o600);
    // Neither wrangler's environment nor the log holds the secret; the temporary files are gone.
    expect(call!.env.TURNSTILE_SECRET_KEY).toBeUndefined();
    expect(lines.join('\n')).not.toContain(base.TURNSTILE_SECRET_KEY);
    expect(existsSync(call!.args[call!.args.indexOf('--secrets-file') + 1]!)).toBe(false);
    expect(JSON.parse(call!.config!).env.preview.triggers).toEqual({ crons: [] });
    expect(steps).toEqual([
      'keep jeepfl-website-pr-42',
      'live https://jeepfl-website-pr-42.association.workers.dev',
      'smoke https://jeepfl-website-pr-42.association.workers.dev',
    ]);
  });

  it('says so when the smoke test fails, and when wrangler does', async () => {
    const options = { pr: 5, configPath: configured(), env: base, keepAssets: async () => {}, live: async () => true, log: noLog };
    expect((await preview.deployPreview({ ...options, wrangler: fakeDeploy().wrangler, smoke: () => false })).state).toBe('smoke-failed');
    const smoke = (() => {
      throw new Error('no smoke test after a failed deploy');
    }) as () => boolean;
    expect((await preview.deployPreview({ ...options, wrangler: fakeDeploy(1).wrangler, smoke })).state).toBe('failed');
  });

  it('refuses, with nothing sent to wrangler, without the secret or with staging’s placeholders', async () => {
    const { wrangler, calls } = fakeDeploy();
    const lines: string[] = [];
    const never = async () => {
      throw new Error('not reached');
    };
    const options = { pr: 5, wrangler, keepAssets: never, live: never, smoke: never, log: (l: string) => lines.push(l) };
    expect((await preview.deployPreview({ ...options, configPath: configured(), env: { ...base, TURNSTILE_SECRET_KEY: '' } })).state).toBe(
      'failed',
    );
    expect(lines).toContain(
      "✗ secrets: TURNSTILE_SECRET_KEY is not in this shell's environment: the preview needs staging's value (docs/deploy.md, step 13)",
    );
    lines.length = 0;
    const placeholders = configured((t) => t.replace('0x4AAAAAAAexamplekey', '0x0000000000000000000000'));
    expect((await preview.deployPreview({ ...options, configPath: placeholders, env: base })).state).toBe('failed');
    expect(lines).toContainEqual(expect.stringContaining('✗ wrangler.toml [env.staging].vars: TURNSTILE_SITE_KEY is the placeholder'));
    expect(calls).toEqual([]);
  });

  it('from the command line: a refused deploy tells the pipeline its state and address (GITHUB_OUTPUT), exit 1', () => {
    const outputs = path.join(tmp, 'github-output');
    writeFileSync(outputs, '');
    // The repository's own wrangler.toml still has its placeholders.
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/preview.mjs'), 'deploy', '--pr', '42'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, HOME: tmp, TURNSTILE_SECRET_KEY: '', GITHUB_OUTPUT: outputs },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('preview: refused, nothing was deployed');
    expect(readFileSync(outputs, 'utf8')).toBe(
      'name=jeepfl-website-pr-42\nurl=https://jeepfl-website-pr-42.your-subdomain.workers.dev\nstate=failed\n',
    );
  });

  it.each([
    [['deploy'], 'deploy needs --pr <number>'],
    [['deploy', '--pr', 'abc'], 'deploy needs --pr <number>'],
    [['delete', '--pr', '0'], 'delete needs --pr <number>'],
    [['sweep', '--pr', '3'], '--pr does not go with sweep'],
    [['comment', '--pr', '3', '--state', 'nice'], 'comment needs --state deployed|smoke-failed|failed|waiting|deleted'],
    [['publish'], 'unknown command "publish"'],
  ])('refuses a bad command line (%j) with exit 2', (args, message) => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/preview.mjs'), ...args], { cwd: root, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

/** An account's KV namespaces and Workers, as wrangler sees them: `delete`, `kv namespace list` and `kv namespace delete`. */
function fakeAccount(workers: string[], extraNamespaces: string[] = []) {
  const alive = new Set(workers);
  let namespaces = [...workers, ...extraNamespaces].map((w, i) => ({
    id: `ns-${i}`,
    title: w.startsWith('__') || w === 'SHORT_LINKS' ? w : `__${w}-workers_sites_assets`,
  }));
  const calls: string[] = [];
  const wrangler: Wrangler = (args) => {
    calls.push(args.join(' '));
    if (args[0] === 'delete') {
      const name = args[1]!;
      if (!alive.has(name))
        return {
          status: 1,
          stdout: '',
          stderr: `✘ [ERROR] A request to the Cloudflare API failed.\n  This Worker does not exist on your account. [code: 10007]`,
        };
      alive.delete(name);
      namespaces = namespaces.filter((n) => n.title !== `__${name}-workers_sites_assets`);
      return ok(`Successfully deleted ${name}`);
    }
    if (args.slice(0, 3).join(' ') === 'kv namespace list') return ok(JSON.stringify(namespaces));
    if (args.slice(0, 3).join(' ') === 'kv namespace delete') {
      const id = args[args.indexOf('--namespace-id') + 1];
      namespaces = namespaces.filter((n) => n.id !== id);
      return ok('Deleted');
    }
    throw new Error(`unexpected wrangler ${args.join(' ')}`);
  };
  return { wrangler, calls, alive, namespaces: () => namespaces.map((n) => n.title) };
}

describe('npm run preview -- delete', () => {
  it('deletes the Worker with --force (its outbox and static files go with it)', () => {
    const account = fakeAccount(['jeepfl-website-pr-42', 'jeepfl-website-staging']);
    expect(preview.deletePreview({ name: 'jeepfl-website-pr-42', wrangler: account.wrangler, log: noLog })).toBe('deleted');
    expect(account.calls).toEqual(['delete jeepfl-website-pr-42 --force']);
    expect([...account.alive]).toEqual(['jeepfl-website-staging']);
  });

  it('a Worker already gone is not an error, and the static files it left are deleted', () => {
    const account = fakeAccount([], ['__jeepfl-website-pr-42-workers_sites_assets', '__jeepfl-website-staging-workers_sites_assets']);
    const lines: string[] = [];
    expect(preview.deletePreview({ name: 'jeepfl-website-pr-42', wrangler: account.wrangler, log: (l) => lines.push(l) })).toBe('absent');
    expect(account.namespaces()).toEqual(['__jeepfl-website-staging-workers_sites_assets']);
    expect(lines).toEqual([
      'preview: jeepfl-website-pr-42 was already gone; deleted the static files it left (__jeepfl-website-pr-42-workers_sites_assets)',
    ]);
  });

  it('any other failure is one, with wrangler’s own words', () => {
    const wrangler: Wrangler = () => ({ status: 1, stdout: '', stderr: '✘ [ERROR] Authentication error [code: 10000]' });
    expect(() => preview.deletePreview({ name: 'jeepfl-website-pr-42', wrangler, log: noLog })).toThrow(
      'could not delete jeepfl-website-pr-42: ✘ [ERROR] Authentication error [code: 10000]',
    );
  });
});

describe('npm run preview -- sweep', () => {
  it('deletes only the previews of closed pull requests: never an open one’s, staging, production or another site’s', async () => {
    const account = fakeAccount(
      [
        'jeepfl-website-staging',
        'jeepfl-website-production',
        'jeepfl-website-pr-3',
        'jeepfl-website-pr-5',
        'jeepfl-website-pr-9',
        'other-site-pr-3',
      ],
      ['SHORT_LINKS'],
    );
    const asked: number[] = [];
    const states: Record<number, State> = { 3: 'closed', 5: 'open', 9: 'missing' };
    const result = await preview.sweepPreviews({
      baseName: 'jeepfl-website',
      prState: async (pr) => {
        // The Workers were listed before GitHub was asked: a pull request opened meanwhile is never taken for closed.
        expect(account.calls[0]).toBe('kv namespace list');
        asked.push(pr);
        return states[pr]!;
      },
      wrangler: account.wrangler,
      log: noLog,
    });
    expect(asked).toEqual([3, 5, 9]);
    expect(result).toEqual({ deleted: ['jeepfl-website-pr-3'], kept: ['jeepfl-website-pr-5', 'jeepfl-website-pr-9'], failed: [] });
    expect([...account.alive].sort()).toEqual([
      'jeepfl-website-pr-5',
      'jeepfl-website-pr-9',
      'jeepfl-website-production',
      'jeepfl-website-staging',
      'other-site-pr-3',
    ]);
  });

  it('when GitHub cannot say, keeps that preview and reports it (the run goes red), and goes on with the others', async () => {
    const account = fakeAccount(['jeepfl-website-pr-3', 'jeepfl-website-pr-4']);
    const result = await preview.sweepPreviews({
      baseName: 'jeepfl-website',
      prState: async (pr) => {
        if (pr === 3) throw new Error('GitHub answered 502 to the question about pull request #3');
        return 'closed';
      },
      wrangler: account.wrangler,
      log: noLog,
    });
    expect(result).toEqual({ deleted: ['jeepfl-website-pr-4'], kept: [], failed: ['jeepfl-website-pr-3'] });
  });
});

describe('GitHub: the pull request’s state, and the one comment', () => {
  /** GitHub's REST API for one repository: pull requests by number, and comments. */
  function fakeGitHub(pulls: Record<number, 'open' | 'closed'>, comments: { id: number; body: string }[] = []) {
    const requests: { method: string; url: string; auth: string | null; body?: string }[] = [];
    const fakeFetch = (async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = init.method ?? 'GET';
      requests.push({
        method,
        url: url.pathname + url.search,
        auth: new Headers(init.headers).get('authorization'),
        ...(init.body ? { body: String(init.body) } : {}),
      });
      const json = (status: number, value: unknown) => new Response(JSON.stringify(value), { status });
      let m = /^\/repos\/assoc\/site\/pulls\/(\d+)$/.exec(url.pathname);
      if (m) return pulls[Number(m[1])] ? json(200, { state: pulls[Number(m[1])] }) : json(404, { message: 'Not Found' });
      m = /^\/repos\/assoc\/site\/issues\/(\d+)\/comments$/.exec(url.pathname);
      if (m && method === 'GET') {
        const page = Number(url.searchParams.get('page'));
        return json(200, comments.slice((page - 1) * 100, page * 100));
      }
      if (m && method === 'POST') return json(201, { id: 999 });
      m = /^\/repos\/assoc\/site\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (m && method === 'PATCH') return json(200, { id: Number(m[1]) });
      if (/^\/repos\/assoc\/site\/statuses\/[0-9a-f]{40}$/.test(url.pathname) && method === 'POST') return json(201, { id: 1 });
      return json(500, {});
    }) as typeof fetch;
    return { fetch: fakeFetch, requests };
  }

  it('reads a pull request’s state with the token', async () => {
    const gh = fakeGitHub({ 3: 'closed', 5: 'open' });
    const api = preview.github({ repo: 'assoc/site', token: 'ghs_token', fetch: gh.fetch });
    expect([await api.prState(3), await api.prState(5), await api.prState(9)]).toEqual(['closed', 'open', 'missing']);
    expect(gh.requests.every((r) => r.auth === 'Bearer ghs_token')).toBe(true);
  });

  it('edits the comment that starts with the marker, past the first page, and never a person’s comment that quotes it', async () => {
    const comments = [
      ...Array.from({ length: 100 }, (_, i) => ({ id: i + 1, body: `> ${preview.COMMENT_MARKER} quoted by a person` })),
      { id: 555, body: `${preview.COMMENT_MARKER}\n### Preview of this pull request` },
    ];
    const gh = fakeGitHub({}, comments);
    const api = preview.github({ repo: 'assoc/site', token: 't', fetch: gh.fetch });
    expect(await api.upsertComment(7, 'new body')).toBe('updated');
    expect(gh.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/repos/assoc/site/issues/comments/555',
      body: '{"body":"new body"}',
    });
  });

  it('adds the comment when there is none, except for a closed pull request (most never had a preview)', async () => {
    const gh = fakeGitHub({}, [{ id: 1, body: 'Looks good!' }]);
    const api = preview.github({ repo: 'assoc/site', token: 't', fetch: gh.fetch });
    expect(await api.upsertComment(7, 'body', { create: false })).toBe('none');
    expect(gh.requests.some((r) => r.method !== 'GET')).toBe(false);
    expect(await api.upsertComment(7, 'body')).toBe('created');
    expect(gh.requests.at(-1)).toMatchObject({ method: 'POST', url: '/repos/assoc/site/issues/7/comments' });
  });

  it('sets the preview’s address as the commit’s status `site/preview`, where the editor at /cms finds it', async () => {
    const gh = fakeGitHub({});
    const api = preview.github({ repo: 'assoc/site', token: 't', fetch: gh.fetch });
    const sha = 'a'.repeat(40);
    await api.setStatus(sha, preview.previewStatus({ state: 'deployed', url: 'https://pr-7.example.workers.dev' })!);
    expect(gh.requests.at(-1)).toMatchObject({ method: 'POST', url: `/repos/assoc/site/statuses/${sha}`, auth: 'Bearer t' });
    expect(JSON.parse(gh.requests.at(-1)!.body!)).toEqual({
      context: 'site/preview',
      state: 'success',
      target_url: 'https://pr-7.example.workers.dev',
      description: 'Preview of this commit',
    });
    expect(preview.previewStatus({ state: 'smoke-failed', url: 'https://x.example' })).toMatchObject({
      state: 'failure',
      target_url: 'https://x.example',
    });
    expect(preview.previewStatus({ state: 'failed', runUrl: 'https://github.com/run/1' })).toMatchObject({
      state: 'failure',
      target_url: 'https://github.com/run/1',
    });
    expect(preview.previewStatus({ state: 'waiting' })).toBeUndefined();
    expect(preview.previewStatus({ state: 'deleted' })).toBeUndefined();
  });

  it('writes, for each state, what an editor needs: the address and the commit, or why there is none and what to do', () => {
    const deployed = preview.commentBody({
      state: 'deployed',
      url: 'https://jeepfl-website-pr-7.association.workers.dev',
      commit: 'abc1234def567',
    });
    expect(deployed.startsWith(`${preview.COMMENT_MARKER}\n`)).toBe(true);
    expect(deployed).toContain('**https://jeepfl-website-pr-7.association.workers.dev**');
    expect(deployed).toContain('commit `abc1234`');
    expect(deployed).toContain('send no e-mail');
    expect(preview.commentBody({ state: 'smoke-failed', url: 'https://x.workers.dev', runUrl: 'https://github.com/run/1' })).toContain(
      "[the run's log](https://github.com/run/1)",
    );
    expect(preview.commentBody({ state: 'failed', commit: 'abc1234def' })).toContain('could not be put online');
    const waiting = preview.commentBody({ state: 'waiting', commit: 'abc1234def', author: 'renovate[bot]' });
    expect(waiting).toContain(`add the label \`${preview.PREVIEW_LABEL}\``);
    expect(waiting).toContain('It approves that commit only');
    expect(preview.commentBody({ state: 'deleted' })).toContain('its preview has been deleted');
    expect(() => preview.commentBody({ state: 'nice' })).toThrow('unknown state "nice"');
  });
});

describe('npm run preview -- comment, in a job that never ran npm ci', () => {
  /** scripts/preview.mjs and the modules it imports when it loads (its static imports, followed through the relative ones), and what else they name. */
  function loadedWith(entry: string) {
    const files: string[] = [];
    const others = new Set<string>();
    const visit = (file: string) => {
      if (files.includes(file)) return;
      files.push(file);
      const text = readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/^(?:import|export)\s[^;'"]*?\sfrom\s*['"]([^'"]+)['"]/gm),
        ...text.matchAll(/^import\s*['"]([^'"]+)['"]/gm),
      ].map((m) => m[1]!);
      for (const specifier of specifiers) {
        if (specifier.startsWith('./') || specifier.startsWith('../')) visit(path.resolve(path.dirname(file), specifier));
        else if (!specifier.startsWith('node:')) others.add(`${path.relative(root, file)}: ${specifier}`);
      }
    };
    visit(entry);
    return { files, others: [...others] };
  }

  it('loads nothing but Node’s own modules: it runs from a folder without node_modules', () => {
    const { files, others } = loadedWith(path.join(root, 'scripts/preview.mjs'));
    expect(files).toContain(path.join(root, 'scripts/preview-github.mjs'));
    expect(others).toEqual([]);

    const bare = mkdtempSync(path.join(tmp, 'no-node-modules-'));
    for (const file of files) {
      const copy = path.join(bare, path.relative(root, file));
      mkdirSync(path.dirname(copy), { recursive: true });
      copyFileSync(file, copy);
    }
    // Every import is resolved before the script runs: a command line it turns down proves they all were, and asks GitHub nothing.
    const run = spawnSync(process.execPath, [path.join(bare, 'scripts/preview.mjs'), 'comment', '--pr', '3', '--state', 'nice'], {
      cwd: bare,
      encoding: 'utf8',
    });
    expect(run.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    expect(run.stderr).toContain('comment needs --state deployed|smoke-failed|failed|waiting|deleted');
    expect(run.status).toBe(2);
  });
});

describe('waiting for a new address to answer', () => {
  it('asks again until the home page answers 200, and gives up after the time allowed', async () => {
    const answers = [0, 404, 200];
    const fetch = (async () => {
      const status = answers.shift()!;
      if (status === 0) throw new TypeError('fetch failed');
      return new Response('', { status });
    }) as typeof globalThis.fetch;
    expect(await preview.waitUntilLive('https://x.workers.dev', { fetch, timeoutMs: 1000, intervalMs: 1, log: noLog })).toBe(true);
    const never = (async () => new Response('', { status: 404 })) as typeof globalThis.fetch;
    expect(await preview.waitUntilLive('https://x.workers.dev', { fetch: never, timeoutMs: 5, intervalMs: 2, log: noLog })).toBe(false);
  });
});
