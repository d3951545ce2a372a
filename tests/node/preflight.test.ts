import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { preflight as untypedPreflight } from '../../scripts/preflight.mjs';
import { FIXTURE_CONTENT, fixtureContentDir } from '../fixtures/fixtures';
import { copyOfRepository } from './repo-copy';

interface Options {
  envName: string;
  allowSamples?: boolean;
  checkSecrets?: boolean;
  configPath?: string;
  contentDir?: string;
  wrangler?: string[];
  env?: Record<string, string>;
}
interface Result {
  problems: string[];
  warnings: string[];
  ok: boolean;
  samplesAllowed: boolean;
}
const preflight = untypedPreflight as (options: Options) => Promise<Result>;

const root = path.resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(path.join(tmpdir(), 'jeepfl-preflight-'));
/** No token and no `wrangler login`: the preflight cannot ask Cloudflare. */
const offline = { PATH: process.env.PATH ?? '', HOME: tmp, XDG_CONFIG_HOME: tmp };

/**
 * wrangler.toml as a fresh clone of the template has it: the deployed
 * environments' KV ids, site keys and staging address are placeholders,
 * whatever the association has since filled in (so these tests hold after
 * its first deploy too).
 */
const asShipped = readFileSync(path.join(root, 'wrangler.toml'), 'utf8')
  .replace(/^id = "[0-9a-f]+"$/gm, (line, offset, all: string) =>
    all.lastIndexOf('[env.', offset) === -1 ? line : 'id = "00000000000000000000000000000000"',
  )
  .replace(/^(TURNSTILE_SITE_KEY = )"[^"]*"$/gm, (line, key: string, offset, all: string) =>
    all.lastIndexOf('[env.', offset) === -1 ? line : `${key}"0x0000000000000000000000"`,
  )
  .replace(/(SITE_URL = "https:\/\/[a-z0-9-]+-staging\.)[a-z0-9-]+(\.workers\.dev")/, '$1your-subdomain$2');

/** wrangler.toml as a maintainer leaves it after docs/deploy.md's first-deploy steps. */
const configured = asShipped
  .replace(/^id = "0+"$/gm, (line, offset, all: string) =>
    all.lastIndexOf('[env.', offset) === -1 ? line : 'id = "0123456789abcdef0123456789abcdef"',
  )
  .replaceAll('TURNSTILE_SITE_KEY = "0x0000000000000000000000"', 'TURNSTILE_SITE_KEY = "0x4AAAAAAAexamplekey"')
  .replace('your-subdomain', 'association');

/** A config file in the temporary folder (or `dir` in it): the configured one, with `edit` applied. */
function config(name: string, edit: (toml: string) => string = (t) => t, dir = tmp) {
  const file = path.join(dir, `${name}.toml`);
  writeFileSync(file, edit(configured));
  return file;
}

/** A copy of the fixtures whose entries are all the association's own (no sample left), then `edit` applied to it. */
function content(name: string, edit: (dir: string) => void = () => {}) {
  const dir = path.join(tmp, name);
  cpSync(fixtureContentDir, dir, { recursive: true });
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(json|md)$/.test(file)) continue;
    const full = path.join(dir, file);
    writeFileSync(
      full,
      readFileSync(full, 'utf8')
        .replace(/"sample": true/g, '"sample": false')
        .replace(/^sample: true$/gm, 'sample: false'),
    );
  }
  edit(dir);
  return dir;
}

/** A stand-in for `wrangler secret list`: prints the given names as wrangler does, or fails. */
function fakeWrangler(names: string[] | 'fail') {
  const file = path.join(tmp, `wrangler-${names === 'fail' ? 'fail' : names.join('-') || 'none'}.mjs`);
  writeFileSync(
    file,
    names === 'fail'
      ? `console.error('✘ [ERROR] Authentication error [code: 10000]'); process.exit(1);`
      : `console.log(${JSON.stringify(JSON.stringify(names.map((name) => ({ name, type: 'secret_text' }))))});`,
  );
  return [process.execPath, file];
}

/** package.json beside the configurations, naming the association's repository (the editor at /cms saves there). */
const OWN_REPOSITORY = 'github:association/website';

let clean: string;
beforeAll(() => {
  clean = content('clean');
  writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ repository: OWN_REPOSITORY }));
  // A fresh clone's package.json names no repository of the association's yet.
  mkdirSync(path.join(tmp, 'fresh'));
  writeFileSync(path.join(tmp, 'fresh/package.json'), JSON.stringify({ repository: 'github:your-organisation/jeepfl-website' }));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The command line's options for a fresh clone's configuration and content with samples (the fixtures have some). */
const fresh = () => ['--config', config('as-shipped', () => asShipped, path.join(tmp, 'fresh')), '--content', FIXTURE_CONTENT];

describe('npm run preflight -- --env production, on a fresh clone', () => {
  it('refuses, one line per problem: the placeholder KV id, the placeholder site key, the placeholder repository, the samples, the sample prices', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/preflight.mjs'), '--env', 'production', ...fresh()], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...offline, CLOUDFLARE_API_TOKEN: '' },
    });
    expect(run.status).toBe(1);
    const refused = run.stdout.split('\n').filter((l) => l.startsWith('✗ '));
    expect(refused).toEqual([
      expect.stringContaining('KV namespace SHORT_LINKS has the placeholder id 00000000000000000000000000000000'),
      expect.stringContaining('TURNSTILE_SITE_KEY is the placeholder 0x0000000000000000000000'),
      expect.stringContaining('package.json: repository is still the placeholder your-organisation/jeepfl-website'),
      expect.stringMatching(/^✗ content: \d+ sample entries are still in place/),
      expect.stringContaining('content/pricing.json: the translation prices are samples'),
    ]);
    expect(run.stdout).toContain('! secrets: cannot check them (no CLOUDFLARE_API_TOKEN, and wrangler is not logged in)');
    expect(run.stdout).toMatch(/preflight: production refused: 5 problem\(s\)/);
  });

  it('--allow-samples lets the samples through, loudly, and still refuses the placeholders', () => {
    const run = spawnSync(
      process.execPath,
      [path.join(root, 'scripts/preflight.mjs'), '--env', 'production', '--allow-samples', ...fresh()],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ...offline, CLOUDFLARE_API_TOKEN: '' },
      },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('!!! --allow-samples: PRODUCTION WILL SHOW SAMPLE CONTENT');
    expect(run.stdout).toMatch(/refused: 3 problem\(s\)/);
  });
});

describe('npm run deploy -- --env production, on a fresh clone', () => {
  it('stops at the preflight: nothing reaches wrangler', async () => {
    const clone = await copyOfRepository(path.join(tmp, 'clone'), { content: fixtureContentDir });
    writeFileSync(path.join(clone, 'wrangler.toml'), asShipped);
    const run = spawnSync(process.execPath, [path.join(clone, 'scripts/deploy.mjs'), '--env', 'production'], {
      cwd: clone,
      encoding: 'utf8',
      env: { ...process.env, ...offline, CLOUDFLARE_API_TOKEN: '' },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('✗ wrangler.toml [env.production]: KV namespace SHORT_LINKS has the placeholder id');
    expect(run.stdout).toMatch(/deploy: refused, nothing was deployed \(\d+ problem\(s\) above/);
    expect(run.stdout).not.toContain('2/4 wrangler deploy');
  });
});

describe('the preflight on a copy of the configuration', () => {
  const check = (options: Partial<Options>) =>
    preflight({ envName: 'production', configPath: config('configured'), contentDir: clean, env: offline, ...options });

  it('accepts a configured production with the association’s own content, saying it could not check the secrets', async () => {
    const result = await check({});
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([expect.stringContaining('secrets: cannot check them')]);
  });

  it.each([
    [
      'a placeholder KV id',
      (t: string) => t.replace(/^id = "0123456789abcdef0123456789abcdef"$/m, 'id = "00000000000000000000000000000000"'),
      'placeholder id',
    ],
    [
      'the placeholder site key',
      (t: string) => t.replace('0x4AAAAAAAexamplekey', '0x0000000000000000000000'),
      'TURNSTILE_SITE_KEY is the placeholder',
    ],
    [
      'Cloudflare’s always-pass test site key',
      (t: string) => t.replace('0x4AAAAAAAexamplekey', '1x00000000000000000000AA'),
      "one of Cloudflare's test keys",
    ],
    [
      'a Workers plan that does not exist',
      (t: string) => t.replace('[env.production.vars]', '[env.production.vars]\nWORKERS_PLAN = "pro"'),
      'WORKERS_PLAN is "pro": write "free" or "paid"',
    ],
  ])('refuses %s with its own line', async (_, edit, line) => {
    const envName = 'production';
    const result = await check({
      configPath: config(`edit-${line.replace(/\W+/g, '-')}`, (t) => {
        // Edit only the production section: staging's settings must not leak into the verdict.
        const start = t.indexOf('[env.production]');
        return t.slice(0, start) + edit(t.slice(start));
      }),
      envName,
    });
    expect(result.ok).toBe(false);
    expect(result.problems).toEqual([expect.stringContaining(line)]);
  });

  it('refuses one sample entry, and sample prices, each with its own line', async () => {
    const withSamples = content('samples', (dir) => {
      const file = path.join(dir, 'events.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace('"sample": false', '"sample": true'));
      const prices = path.join(dir, 'pricing.json');
      writeFileSync(prices, readFileSync(prices, 'utf8').replace('"sample": false', '"sample": true'));
    });
    const result = await check({ contentDir: withSamples });
    expect(result.problems).toEqual([
      'content: 1 sample entry is still in place (written for the launch; `npm run content:check` lists them)',
      expect.stringMatching(/^content\/pricing\.json: the translation prices are samples/),
    ]);
    const allowed = await check({ contentDir: withSamples, allowSamples: true });
    expect(allowed).toMatchObject({ ok: true, samplesAllowed: true });
    expect(allowed.warnings).toContain(
      'content: 1 sample entry is still in place (written for the launch; `npm run content:check` lists them)',
    );
  });

  it('staging accepts samples, and refuses its placeholder address', async () => {
    const staging = await check({ envName: 'staging', contentDir: fixtureContentDir });
    expect(staging.problems).toEqual([]);
    expect(staging.warnings).toContainEqual(expect.stringContaining('content/pricing.json: the translation prices are samples'));
    const placeholder = await check({
      envName: 'staging',
      configPath: config('staging-url', (t) => t.replace('association.workers.dev', 'your-subdomain.workers.dev')),
    });
    expect(placeholder.problems).toEqual([
      expect.stringContaining('SITE_URL is the placeholder https://jeepfl-website-staging.your-subdomain.workers.dev'),
    ]);
    // A test key's secret only works on localhost: staging's forms would answer 503 to everyone.
    const testKey = await check({
      envName: 'staging',
      configPath: config('staging-key', (t) => t.replace('0x4AAAAAAAexamplekey', '1x00000000000000000000AA')),
    });
    expect(testKey.problems).toEqual([
      expect.stringContaining(
        "[env.staging].vars: TURNSTILE_SITE_KEY is one of Cloudflare's test keys (1x00000000000000000000AA), which only work on localhost",
      ),
    ]);
  });

  it('refuses production while package.json names the placeholder repository, and warns on staging: the editor would save there', async () => {
    const dir = path.join(tmp, 'placeholder-repository');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ repository: 'github:your-organisation/jeepfl-website' }));
    const line =
      'package.json: repository is still the placeholder your-organisation/jeepfl-website: write the association\'s GitHub repository there, "github:<owner>/<name>" (the editor at /cms saves to it; docs/deploy.md, step 1)';
    const production = await check({ configPath: config('placeholder-repository', undefined, dir) });
    expect(production.problems).toEqual([line]);
    const staging = await check({ envName: 'staging', configPath: config('placeholder-repository', undefined, dir) });
    expect(staging.problems).toEqual([]);
    expect(staging.warnings).toContain(line);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ repository: 'not a repository' }));
    expect((await check({ configPath: config('placeholder-repository', undefined, dir) })).problems).toEqual([
      'package.json: `repository` must name the GitHub repository, e.g. "github:owner/name" (the editor at /cms saves there)',
    ]);
  });

  it('refuses invalid content with the content check’s own lines', async () => {
    const broken = content('broken', (dir) => writeFileSync(path.join(dir, 'pricing.json'), '{ "sample": false }'));
    const result = await check({ contentDir: broken });
    expect(result.ok).toBe(false);
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.every((p) => p.startsWith('content: ') && p.includes('pricing.json'))).toBe(true);
  });
});

describe('the preflight asks Cloudflare for the secrets when it has a token', () => {
  const withToken = { ...offline, CLOUDFLARE_API_TOKEN: 'token-from-the-pipeline' };
  const check = (names: string[] | 'fail', envName = 'production') =>
    preflight({ envName, configPath: config('configured'), contentDir: clean, env: withToken, wrangler: fakeWrangler(names) });

  it('accepts production when both required secrets are set', async () => {
    expect(await check(['TURNSTILE_SECRET_KEY', 'MAILCHANNELS_API_KEY', 'ADMIN_TOKEN', 'ALERT_WEBHOOK_URL'])).toMatchObject({
      ok: true,
      problems: [],
      warnings: [],
    });
  });

  it('warns, without refusing, when the admin token or the chat webhook is missing', async () => {
    expect(await check(['TURNSTILE_SECRET_KEY', 'MAILCHANNELS_API_KEY'])).toMatchObject({
      ok: true,
      problems: [],
      warnings: [
        'secrets: ADMIN_TOKEN is not set, so npm run outbox cannot reach this site (every /admin address is a 404): docs/deploy.md, step 9',
        'secrets: ALERT_WEBHOOK_URL is not set, so nobody is told in the chat when a client request cannot be mailed (only the logs say it): docs/deploy.md, step 9',
      ],
    });
    // Staging has no mail key, so no chat alerts are wanted there.
    expect((await check(['TURNSTILE_SECRET_KEY', 'ADMIN_TOKEN'], 'staging')).warnings).toEqual([]);
  });

  it('names each missing secret with the command that sets it', async () => {
    expect((await check(['TURNSTILE_SECRET_KEY'])).problems).toEqual([
      'secrets: MAILCHANNELS_API_KEY is not set: `npx wrangler secret put MAILCHANNELS_API_KEY --env production`',
    ]);
    expect((await check([], 'staging')).problems).toEqual([
      'secrets: TURNSTILE_SECRET_KEY is not set: `npx wrangler secret put TURNSTILE_SECRET_KEY --env staging`',
    ]);
  });

  it('refuses a MailChannels key on staging: its forms tell visitors that no e-mail is sent', async () => {
    expect((await check(['TURNSTILE_SECRET_KEY', 'ADMIN_TOKEN', 'MAILCHANNELS_API_KEY'], 'staging')).problems).toEqual([
      'secrets: MAILCHANNELS_API_KEY is set, so the test site would mail the association and the visitor for real, while its forms say that no e-mail is sent: `npx wrangler secret delete MAILCHANNELS_API_KEY --env staging`',
    ]);
  });

  it('asks nothing about the secrets when the caller brings its own (a pull request’s preview)', async () => {
    const result = await preflight({
      envName: 'staging',
      checkSecrets: false,
      configPath: config('configured'),
      contentDir: clean,
      env: withToken,
      wrangler: fakeWrangler('fail'),
    });
    expect(result).toMatchObject({ ok: true, problems: [], warnings: [] });
  });

  it('refuses half a DKIM setup', async () => {
    const result = await check(['TURNSTILE_SECRET_KEY', 'MAILCHANNELS_API_KEY', 'DKIM_DOMAIN']);
    expect(result.problems).toEqual([
      'secrets: DKIM needs all of DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or none; missing DKIM_SELECTOR, DKIM_PRIVATE_KEY',
    ]);
  });

  it('refuses half of the editor’s GitHub app, and takes all of it or none of it', async () => {
    const required = ['TURNSTILE_SECRET_KEY', 'MAILCHANNELS_API_KEY', 'ADMIN_TOKEN', 'ALERT_WEBHOOK_URL'];
    expect((await check([...required, 'GITHUB_OAUTH_CLIENT_ID'])).problems).toEqual([
      "secrets: the editor's GitHub sign-in needs all of GITHUB_OAUTH_CLIENT_ID, GITHUB_OAUTH_CLIENT_SECRET or none; missing GITHUB_OAUTH_CLIENT_SECRET",
    ]);
    expect(await check([...required, 'GITHUB_OAUTH_CLIENT_ID', 'GITHUB_OAUTH_CLIENT_SECRET'])).toMatchObject({ ok: true, problems: [] });
  });

  it('finds a `wrangler login` where wrangler keeps it on macOS and in the legacy folder, and asks', async () => {
    for (const folder of ['Library/Preferences/.wrangler/config', '.wrangler/config']) {
      const home = mkdtempSync(path.join(tmp, 'home-'));
      mkdirSync(path.join(home, folder), { recursive: true });
      writeFileSync(path.join(home, folder, 'default.toml'), 'oauth_token = "from-wrangler-login"\n');
      const result = await preflight({
        envName: 'production',
        configPath: config('configured'),
        contentDir: clean,
        env: { PATH: offline.PATH, HOME: home },
        wrangler: fakeWrangler(['TURNSTILE_SECRET_KEY', 'ADMIN_TOKEN', 'ALERT_WEBHOOK_URL']),
      });
      expect(result.problems).toEqual([expect.stringContaining('secrets: MAILCHANNELS_API_KEY is not set')]);
      expect(result.warnings).toEqual([]);
    }
  });

  it('refuses when wrangler cannot list them, with wrangler’s own error', async () => {
    const result = await check('fail');
    expect(result.problems).toEqual([
      expect.stringContaining('secrets: could not list them with the CLOUDFLARE_API_TOKEN (✘ [ERROR] Authentication error [code: 10000])'),
    ]);
  });
});
