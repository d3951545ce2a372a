// Every setting of the Worker, declared here once (docs/decisions/0020): its
// name, var or secret, where it is required, its default, its check, whether
// the pages show it, what it is for, and its local value. The rest is made
// from this list: the Worker's Config type and checks (worker/env.ts), the
// pages' settings (worker/render/settings.ts), the secrets' checks
// (worker/secrets.ts), .dev.vars.example (`npm run settings`), the tests'
// bindings (tests/fixtures/bindings.ts) and the preflight's required secrets
// (scripts/preflight-secrets.mjs); tests/node/config-drift.test.ts fails when
// one of them, or wrangler.toml's [vars], says otherwise.
//
// A plain module, evaluated at every cold start: no schema library, and
// `.ts` imports, since the scripts (node, which strips the types) read it too.
import type { Plan } from './platform/subrequests.ts';
import { type Check, email, httpUrl, notEmpty, phone, secretSafeUrl, withoutTrailingSlash } from './setting-checks.ts';

/**
 * Where the Worker runs. `staging` is the test site (wrangler.toml
 * [env.staging]: staging itself, and every pull request's preview, which
 * copies its settings): served over https like production, never indexed,
 * marked "test site" on every page, its forms saying that nothing is mailed.
 */
const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Are two types the same? For a check that fails the typecheck when two lists drift apart. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The Workers plans (worker/platform/subrequests.ts PLAN_LIMITS, which this module
 * does not import: the scripts read it with node, which cannot run that one).
 */
const PLANS = ['free', 'paid'] as const;
void (true satisfies Same<(typeof PLANS)[number], Plan>);

/** Turnstile's origin: its API below, and the CSP's script and frame source (middleware/security.ts). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

export interface Setting {
  /** A var is public (wrangler.toml [vars], set again in each environment); a secret is not (`wrangler secret put`, locally .dev.vars). */
  kind: 'var' | 'secret';
  /** true: every environment needs it; a list: only those environments do; false: optional. */
  required: boolean | readonly Environment[];
  /** A var's value when it is unset (the providers' addresses are the same in every environment: tests point them at fakes). */
  default?: string;
  /** The only values it may have: its type in Config, and its check. */
  values?: readonly string[];
  /** What is wrong with a var's value, if anything (a secret's is checked by worker/secrets.ts, with zod, on first use). */
  check?: Check;
  /** How a var's value is tidied before use: undefined counts as unset. */
  tidy?: (value: string) => string | undefined;
  /** Pages show it: the renderer is given it (worker/render/settings.ts, client/components/page-context.tsx PageConfig). */
  page?: true;
  /** Which part of worker/secrets.ts reads a secret: the forms (readSecrets), operations (readOps) or the editor's sign-in (readEditorSecrets). */
  reader?: 'forms' | 'ops' | 'editor';
  /** A secret's local value, written to .dev.vars.example ('' leaves it unset); a var's is in wrangler.toml's top [vars]. */
  example?: string;
}

const optionalUpstream = (url: string, check: Check) => ({ kind: 'var', required: false, default: url, check }) as const;

/**
 * The settings, in the order the Worker reads them and .dev.vars.example
 * lists them. The comment above each one is what it is for: `npm run
 * settings` writes a secret's above it in .dev.vars.example (a comment costs
 * the Worker nothing; a string would load at every cold start).
 */
export const SETTINGS = {
  /** Where the Worker runs (ENVIRONMENTS above). */
  ENVIRONMENT: { kind: 'var', required: true, values: ENVIRONMENTS, page: true },
  /** The site's address, without a trailing slash. */
  SITE_URL: { kind: 'var', required: true, check: httpUrl, tidy: withoutTrailingSlash, page: true },
  /**
   * The association's phone number, shown in the footer, on the contact page
   * and in search data only when it is set: a number is never made up.
   */
  CONTACT_PHONE: { kind: 'var', required: false, check: phone, tidy: (value: string) => value.trim() || undefined, page: true },
  /** The Turnstile widget's public key (the forms' challenge). */
  TURNSTILE_SITE_KEY: { kind: 'var', required: true, check: notEmpty, page: true },
  /** Turnstile's check of a token, sent the secret. */
  TURNSTILE_VERIFY_URL: optionalUpstream(`${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`, secretSafeUrl),
  /** Turnstile's script, which the forms' pages load. */
  TURNSTILE_SCRIPT_URL: { ...optionalUpstream(`${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`, httpUrl), page: true },
  /** MailChannels' sending API, sent the key. */
  MAILCHANNELS_API_URL: optionalUpstream('https://api.mailchannels.net/tx/v1/send', secretSafeUrl),
  /** Where the editor's sign-in sends a maintainer, and where the Worker trades the code for a token (worker/routes/cms-api.ts), without a trailing slash. */
  GITHUB_OAUTH_ORIGIN: { ...optionalUpstream('https://github.com', secretSafeUrl), tidy: withoutTrailingSlash },
  /** What the editor's sign-in asks GitHub for: `repo` opens a private repository, `public_repo` only public ones (docs/deploy.md, "The editor at /cms"). */
  GITHUB_OAUTH_SCOPE: { kind: 'var', required: false, default: 'repo', values: ['repo', 'public_repo'] },
  /** The sender of every e-mail. */
  MAIL_FROM: { kind: 'var', required: true, check: email },
  /** The association's address, which the forms' requests are sent to. */
  MAIL_TO: { kind: 'var', required: true, check: email },
  /** The account's Workers plan: how many outbound calls one request or cron run may make (worker/platform/subrequests.ts, docs/decisions/0014). */
  WORKERS_PLAN: { kind: 'var', required: false, default: 'free', values: PLANS },
  /** Cloudflare's public Turnstile test secret: accepts any token, on localhost only. */
  TURNSTILE_SECRET_KEY: { kind: 'secret', required: true, reader: 'forms', example: '1x0000000000000000000000000000000AA' },
  /** Empty: each e-mail is printed in the terminal and kept pending. Set it to send real mail. */
  MAILCHANNELS_API_KEY: { kind: 'secret', required: ['production'], reader: 'forms', example: '' },
  /** Optional DKIM signing by MailChannels: all three, or none. */
  DKIM_DOMAIN: { kind: 'secret', required: false, reader: 'forms', example: '' },
  /** DKIM signing: the selector, with DKIM_DOMAIN. */
  DKIM_SELECTOR: { kind: 'secret', required: false, reader: 'forms', example: '' },
  /** DKIM signing: the private key, with DKIM_DOMAIN. */
  DKIM_PRIVATE_KEY: { kind: 'secret', required: false, reader: 'forms', example: '' },
  /**
   * Opens the admin routes of `npm run dev` (npm run outbox -- list). This
   * value is public and refused anywhere deployed: there, set a fresh one made
   * by `npm run outbox -- new-token` (docs/deploy.md). Unset: /admin/* answers 404.
   */
  ADMIN_TOKEN: { kind: 'secret', required: false, reader: 'ops', example: 'local-only-admin-token-never-use-it-deployed' },
  /**
   * Optional: a chat's incoming webhook for alerts (dead submissions, mail
   * outages, server errors). Empty: the alerts are only log lines.
   */
  ALERT_WEBHOOK_URL: { kind: 'secret', required: false, reader: 'ops', example: '' },
  /**
   * Optional: the chat's platform (slack, discord, googlechat, mattermost,
   * teams), only when its address does not say it (a self-hosted Mattermost is
   * the default for an unknown host). docs/operations.md, "Alerts".
   */
  ALERT_WEBHOOK_FORMAT: { kind: 'secret', required: false, reader: 'ops', example: '' },
  /**
   * Optional: the GitHub OAuth app the editor at /cms signs in with, both or
   * neither (docs/deploy.md, "The editor at /cms (GitHub sign-in)"). Empty:
   * `npm run dev` serves the editor against the local backend, with no GitHub
   * account; deployed, /cms says what to set up.
   */
  GITHUB_OAUTH_CLIENT_ID: { kind: 'secret', required: false, reader: 'editor', example: '' },
  /** The GitHub OAuth app's secret, with GITHUB_OAUTH_CLIENT_ID. */
  GITHUB_OAUTH_CLIENT_SECRET: { kind: 'secret', required: false, reader: 'editor', example: '' },
} as const satisfies Record<string, Setting>;

type Settings = typeof SETTINGS;
export type SettingName = keyof Settings;
type NamesWhere<Shape> = { [K in SettingName]: Settings[K] extends Shape ? K : never }[SettingName];
export type VarName = NamesWhere<{ kind: 'var' }>;
export type SecretName = NamesWhere<{ kind: 'secret' }>;
/** The settings a page shows. */
export type PageSettingName = NamesWhere<{ page: true }>;

type ValueOf<S> = S extends { values: readonly (infer V)[] } ? V : string;
/** Always has a value: required everywhere, or a default. */
type Always = NamesWhere<{ required: true }> | NamesWhere<{ default: string }>;

/** The Worker's vars, checked and tidied (worker/env.ts readConfig): one with a default or required is always there. */
export type Config = { [K in VarName & Always]: ValueOf<Settings[K]> } & {
  [K in Exclude<VarName, Always>]?: ValueOf<Settings[K]> | undefined;
};

const names = Object.keys(SETTINGS) as SettingName[];
/** One setting's declaration, as its general shape. */
export const settingOf = (name: SettingName): Setting => SETTINGS[name];

/** Does this environment need the setting? */
export const isRequiredIn = (name: SettingName, environment: Environment) => {
  const required = settingOf(name).required;
  return required === true || (Array.isArray(required) && required.includes(environment));
};

/** The vars, in order: those every environment needs first, then the others. */
export const VAR_NAMES = [
  ...names.filter((n) => settingOf(n).kind === 'var' && settingOf(n).required === true),
  ...names.filter((n) => settingOf(n).kind === 'var' && settingOf(n).required !== true),
] as VarName[];

export const SECRET_NAMES = names.filter((n) => settingOf(n).kind === 'secret') as SecretName[];

export const PAGE_SETTING_NAMES = names.filter((n) => settingOf(n).page) as PageSettingName[];

/** The secrets an environment needs (the preflight refuses a deploy without them). */
export const secretsRequiredIn = (environment: Environment) => SECRET_NAMES.filter((n) => isRequiredIn(n, environment));
