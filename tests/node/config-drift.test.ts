import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, without types
import { devVarsExample, settingComments } from '../../scripts/dev-vars-example.mjs';
// @ts-expect-error: a plain .mjs script, without types
import { REQUIRED_SECRETS } from '../../scripts/preflight-secrets.mjs';
import {
  type Environment,
  isRequiredIn,
  PAGE_SETTING_NAMES,
  SECRET_NAMES,
  SETTINGS,
  type SettingName,
  secretsRequiredIn,
  settingOf,
  VAR_NAMES,
} from '../../worker/declared-settings';
import { PLANS } from '../../worker/platform/subrequests';
import { e2eVars } from '../e2e/bindings';
import { testBindings } from '../fixtures/bindings';
import { WORKER_TIER_BINDINGS } from '../worker/bindings';

// Every setting is declared once, in worker/declared-settings.ts; each place
// below is made from it, or checked against it here, so that a setting added,
// renamed or removed in one place only fails with the place and its name.

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const NAMES = Object.keys(SETTINGS) as SettingName[];

describe('the settings, declared once (worker/declared-settings.ts)', () => {
  it('each one is a var or a secret, says what it is for, and has what the Worker needs of it', () => {
    const comments = (settingComments as () => Map<string, string>)();
    const wrong = NAMES.flatMap((name) => {
      const s = settingOf(name);
      const problems = [];
      if (!comments.get(name)) problems.push(`${name}: no comment above it, saying what it is for`);
      if (s.kind === 'secret' && !s.reader) problems.push(`${name}: a secret no part of worker/secrets.ts reads (give it a reader)`);
      if (s.kind === 'secret' && s.example === undefined) problems.push(`${name}: a secret without its local value for .dev.vars.example`);
      if (s.kind === 'var' && (s.reader || s.example !== undefined)) problems.push(`${name}: a var's local value is wrangler.toml's`);
      if (s.kind === 'secret' && (s.default !== undefined || s.check || s.tidy || s.page))
        problems.push(`${name}: a secret is checked by worker/secrets.ts and never shown on a page`);
      if (s.required === true && s.default !== undefined) problems.push(`${name}: required, so its default is never used`);
      return problems;
    });
    expect(wrong).toEqual([]);
    expect(VAR_NAMES.length + SECRET_NAMES.length).toBe(NAMES.length);
    expect(SETTINGS.WORKERS_PLAN.values, 'WORKERS_PLAN names the plans of PLAN_LIMITS (worker/platform/subrequests.ts)').toEqual(PLANS);
  });

  it('.dev.vars.example is what `npm run settings` writes: every secret, in order, with its comment and local value', () => {
    const text = read('.dev.vars.example');
    const listed = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(listed, '.dev.vars.example lists other secrets than worker/declared-settings.ts: run npm run settings').toEqual(SECRET_NAMES);
    expect(text, '.dev.vars.example differs from worker/declared-settings.ts: run npm run settings').toBe(devVarsExample());
  });

  it('worker-configuration.d.ts types every declared secret (npm run typecheck writes it from .dev.vars.example)', () => {
    const typed = read('worker-configuration.d.ts');
    const base = typed.slice(typed.indexOf('interface __BaseEnv_Env {'), typed.indexOf('}', typed.indexOf('interface __BaseEnv_Env {')));
    const untyped = SECRET_NAMES.filter((name) => !new RegExp(`^\\s+${name}: string;$`, 'm').test(base));
    expect(untyped, 'worker-configuration.d.ts misses these secrets: run npm run typecheck').toEqual([]);
  });

  it('wrangler.toml sets, in each environment, only declared vars, and every var that environment requires', async () => {
    const { experimental_readRawConfig: readRaw } = await import('wrangler');
    const raw = readRaw({ config: path.join(root, 'wrangler.toml') }).rawConfig as {
      vars?: Record<string, unknown>;
      env?: Record<string, { vars?: Record<string, unknown> }>;
    };
    const places: [string, Environment, Record<string, unknown>][] = [
      ['[vars]', 'development', raw.vars ?? {}],
      ['[env.staging.vars]', 'staging', raw.env?.staging?.vars ?? {}],
      ['[env.production.vars]', 'production', raw.env?.production?.vars ?? {}],
    ];
    const problems = places.flatMap(([at, environment, vars]) => [
      ...Object.keys(vars)
        .filter((name) => !(VAR_NAMES as string[]).includes(name))
        .map((name) =>
          (SECRET_NAMES as string[]).includes(name)
            ? `wrangler.toml ${at}: ${name} is a secret, which must never be in wrangler.toml`
            : `wrangler.toml ${at}: ${name} is not declared in worker/declared-settings.ts`,
        ),
      ...VAR_NAMES.filter((name) => isRequiredIn(name, environment) && vars[name] === undefined).map(
        (name) => `wrangler.toml ${at}: ${name} is required in ${environment}, and not set`,
      ),
    ]);
    expect(problems).toEqual([]);
    expect(places.map(([, environment, vars]) => [environment, vars.ENVIRONMENT])).toEqual([
      ['development', 'development'],
      ['staging', 'staging'],
      ['production', 'production'],
    ]);
  });

  it('the preflight requires, for each deployed environment, the secrets declared required there', () => {
    expect(REQUIRED_SECRETS).toEqual({ staging: secretsRequiredIn('staging'), production: secretsRequiredIn('production') });
    expect(REQUIRED_SECRETS.production, 'the site cannot mail without it').toContain('MAILCHANNELS_API_KEY');
    expect(REQUIRED_SECRETS.staging, 'staging must send no mail (scripts/preflight-secrets.mjs)').not.toContain('MAILCHANNELS_API_KEY');
  });

  it("client/components/page-context.tsx's PageConfig names the settings marked `page`", () => {
    const text = read('client/components/page-context.tsx');
    const body = /export interface PageConfig \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    const members = [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)\??:/gm)].map((m) => m[1]);
    expect(members, 'PageConfig (client/components/page-context.tsx) differs from the settings marked page').toEqual(PAGE_SETTING_NAMES);
  });

  it("docs/deploy.md's table of settings names every one", () => {
    const table = read('docs/deploy.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const missing = NAMES.filter((name) => !table.some((row) => row.split('|')[1]?.includes(`\`${name}\``)));
    expect(missing, 'docs/deploy.md, "Configuration": add a row for each').toEqual([]);
  });

  it("the test tiers' bindings are declared settings, with every secret their environment requires", () => {
    for (const [place, bindings, environment] of [
      ['vitest.config.ts', WORKER_TIER_BINDINGS, 'test'],
      ['tests/e2e/global-setup.ts', e2eVars('http://127.0.0.1:9'), 'development'],
    ] as const) {
      expect(
        Object.keys(bindings).filter((name) => !NAMES.includes(name as SettingName)),
        place,
      ).toEqual([]);
      expect(
        SECRET_NAMES.filter((name) => isRequiredIn(name, environment) && !bindings[name]),
        place,
      ).toEqual([]);
    }
    expect(WORKER_TIER_BINDINGS.ENVIRONMENT).toBe('test');
  });

  it('the preflight names only declared secrets in its own lists (forbidden, grouped, recommended)', () => {
    const text = readFileSync(path.join(root, 'scripts/preflight-secrets.mjs'), 'utf8');
    const tables = ['FORBIDDEN_SECRETS', 'SECRET_GROUPS', 'RECOMMENDED_SECRETS'].map((table) => {
      const start = text.indexOf(`const ${table} = {`);
      return text.slice(text.indexOf('{', start), text.indexOf('\n};', start));
    });
    const named = [...new Set([...tables.join('\n').matchAll(/\b([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((m) => m[1]!))];
    expect(named.length, 'the lists were found').toBeGreaterThan(3);
    expect(
      named
        .filter((name) => !SECRET_NAMES.includes(name as never))
        .map((name) => `scripts/preflight-secrets.mjs names ${name}, which worker/declared-settings.ts does not declare as a secret`),
    ).toEqual([]);
  });

  it('a test tier that sets an undeclared setting, or leaves out a required secret, fails to start, naming both', () => {
    expect(() => testBindings('a tier', 'test', { MAIL_SERVER: 'x' } as never)).toThrow(
      'a tier sets MAIL_SERVER, which worker/declared-settings.ts does not declare',
    );
    expect(() => testBindings('a tier', 'production', { TURNSTILE_SECRET_KEY: 'x' })).toThrow(
      /^a tier leaves .*\bMAILCHANNELS_API_KEY\b.* unset, which its environment \(production\) requires/,
    );
    expect(testBindings('a tier', 'test', {}), 'a required secret gets its local value').toEqual({
      TURNSTILE_SECRET_KEY: SETTINGS.TURNSTILE_SECRET_KEY.example,
    });
  });
});
