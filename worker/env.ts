import checkedVars from '#build/checked-vars.js';
import { isEmail } from '#client/forms/email.ts';
import type { Locale } from '#client/i18n.ts';
import type { Logger } from './platform/log';
import { PLANS, type Plan } from './platform/subrequests';
import type { OwnHeaders } from './request/own-headers';

/**
 * Vars from wrangler.toml, validated once per isolate. A missing or malformed
 * setting fails loudly on the first request instead of rendering broken links.
 * Their types come from `wrangler types` (worker-configuration.d.ts); this
 * schema only checks their values.
 */
/** Turnstile's origin: its API below, and the CSP's script and frame source (middleware/security.ts). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * Where the Worker runs. `staging` is the test site (wrangler.toml
 * [env.staging]: staging itself, and every pull request's preview, which
 * copies its settings): served over https like production, never indexed,
 * marked "test site" on every page, its forms saying that nothing is mailed.
 */
const ENVIRONMENTS = ['development', 'test', 'staging', 'production'] as const;
/** The environments served to the public over https (secure cookies). */
export const isDeployed = (environment: Config['ENVIRONMENT']) => environment === 'staging' || environment === 'production';

/**
 * The upstreams, declared here only: they are the providers' addresses, the
 * same in every environment. Tests point them at fakes by setting the var.
 */
const UPSTREAMS = {
  TURNSTILE_VERIFY_URL: `${TURNSTILE_ORIGIN}/turnstile/v0/siteverify`,
  TURNSTILE_SCRIPT_URL: `${TURNSTILE_ORIGIN}/turnstile/v0/api.js?render=explicit`,
  MAILCHANNELS_API_URL: 'https://api.mailchannels.net/tx/v1/send',
  /** Where the editor's sign-in sends a maintainer, and where the Worker trades the code for a token (worker/routes/cms-api.ts). */
  GITHUB_OAUTH_ORIGIN: 'https://github.com',
} as const;

/** What the editor's sign-in asks GitHub for: `repo` opens a private repository, `public_repo` only public ones. */
const GITHUB_SCOPES = ['repo', 'public_repo'] as const;

export interface Config {
  ENVIRONMENT: (typeof ENVIRONMENTS)[number];
  /** Without a trailing slash. */
  SITE_URL: string;
  /**
   * The association's phone number, shown in the footer, on the contact page
   * and in search data only when it is set: a number is never made up.
   */
  CONTACT_PHONE?: string | undefined;
  TURNSTILE_SITE_KEY: string;
  TURNSTILE_VERIFY_URL: string;
  TURNSTILE_SCRIPT_URL: string;
  MAILCHANNELS_API_URL: string;
  /** Without a trailing slash. */
  GITHUB_OAUTH_ORIGIN: string;
  /** The GitHub scope the editor's sign-in asks for, `repo` unless set (docs/deploy.md, "The editor at /cms"). */
  GITHUB_OAUTH_SCOPE: (typeof GITHUB_SCOPES)[number];
  MAIL_FROM: string;
  MAIL_TO: string;
  /**
   * The account's Workers plan, `free` unless set: how many outbound calls one
   * request or cron run may make (worker/platform/subrequests.ts, docs/decisions/0014).
   */
  WORKERS_PLAN: Plan;
}

const isHttpUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** https, or http on this computer only (the tests' fake services): these addresses are sent a secret. */
const isSecretSafeUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && /^(?:localhost|127\.0\.0\.1|\[::1\])$/.test(url.hostname));
  } catch {
    return false;
  }
};

/** The vars of Config, as wrangler.toml (or the dashboard) gives them: text, or absent. */
type RawVars = Partial<Record<keyof Config, unknown>>;
const REQUIRED = ['ENVIRONMENT', 'SITE_URL', 'TURNSTILE_SITE_KEY', 'MAIL_FROM', 'MAIL_TO'] as const;
const OPTIONAL = [
  'CONTACT_PHONE',
  'TURNSTILE_VERIFY_URL',
  'TURNSTILE_SCRIPT_URL',
  'MAILCHANNELS_API_URL',
  'GITHUB_OAUTH_ORIGIN',
  'GITHUB_OAUTH_SCOPE',
  'WORKERS_PLAN',
] as const;

/**
 * The vars as one text (the names of Config in order, each value or null):
 * what the build checked (scripts/prerender.mjs writes the ones it checked
 * into dist/checked-vars.js), and what the Worker compares its own with.
 */
export const varsText = (raw: RawVars) => JSON.stringify([...REQUIRED, ...OPTIONAL].map((name) => raw[name] ?? null));

/**
 * Every var is read on every cold start, before the first page: plain
 * strings, checked by hand in one pass (no schema library on the path of a
 * page: zod's own URL and e-mail schemas cost 3 ms at an isolate's first
 * request, a zod object of strings 1.7 ms, these checks a few microseconds;
 * the e-mail rule is the forms', client/forms/email.ts). Each problem is
 * written as zod writes them (`✖ what\n  → at NAME`), one per var.
 */
function configProblems(v: RawVars): string[] {
  const problems: string[] = [];
  const problem = (key: keyof Config, message: string) => problems.push(`✖ ${message}\n  → at ${key}`);
  for (const key of REQUIRED) if (typeof v[key] !== 'string') problem(key, 'is not set');
  for (const key of OPTIONAL) if (v[key] !== undefined && typeof v[key] !== 'string') problem(key, 'must be text');
  const text = (key: keyof Config) => (typeof v[key] === 'string' ? (v[key] as string) : undefined);
  const environment = text('ENVIRONMENT');
  if (environment !== undefined && !(ENVIRONMENTS as readonly string[]).includes(environment))
    problem('ENVIRONMENT', `must be one of ${ENVIRONMENTS.join(', ')}`);
  for (const key of ['SITE_URL', 'TURNSTILE_SCRIPT_URL'] as const) {
    const value = text(key);
    if (value !== undefined && !isHttpUrl(value)) problem(key, 'must be an http(s) URL');
  }
  // Turnstile's and MailChannels' APIs and GitHub's sign-in are sent the site's secrets: never in clear over the network.
  for (const key of ['TURNSTILE_VERIFY_URL', 'MAILCHANNELS_API_URL', 'GITHUB_OAUTH_ORIGIN'] as const) {
    const value = text(key);
    if (value !== undefined && !isSecretSafeUrl(value)) problem(key, 'must be an https URL (http only on localhost)');
  }
  const phone = text('CONTACT_PHONE')?.trim();
  if (phone && !/^\+?[0-9 ]{6,20}$/.test(phone)) problem('CONTACT_PHONE', 'digits and spaces, e.g. "+41 21 000 00 00"');
  if (text('TURNSTILE_SITE_KEY') === '') problem('TURNSTILE_SITE_KEY', 'is not set');
  for (const key of ['MAIL_FROM', 'MAIL_TO'] as const) {
    const value = text(key);
    if (value !== undefined && !isEmail(value)) problem(key, 'must be an e-mail address');
  }
  const scope = text('GITHUB_OAUTH_SCOPE');
  if (scope !== undefined && !(GITHUB_SCOPES as readonly string[]).includes(scope))
    problem('GITHUB_OAUTH_SCOPE', `must be one of ${GITHUB_SCOPES.join(', ')}`);
  const plan = text('WORKERS_PLAN');
  if (plan !== undefined && !(PLANS as string[]).includes(plan)) problem('WORKERS_PLAN', `must be one of ${PLANS.join(', ')}`);
  return problems;
}

/**
 * The Worker's bindings: Cloudflare.Env is generated by `wrangler types`
 * (npm run typecheck) from wrangler.toml (vars and bindings) and
 * .dev.vars.example (secrets). SHORT_LINKS: key = slug, value = an https URL
 * or a site path. Only what wrangler types cannot see is added here.
 */
export interface Bindings extends Cloudflare.Env {
  /** Workers Sites: the static files uploaded from dist/public (created by wrangler for [site]). */
  __STATIC_CONTENT: KVNamespace;
}

/** What a request knows about itself, set once (worker/middleware/locale.ts); a page's route goes to its page context (worker/routes/pages/index.tsx). */
interface Variables {
  config: Config;
  /** The URL's language: `/en/…` English, anything else French; for `/api/*`, the page the form was on. */
  locale: Locale;
  /** The path without its language prefix: `/en/team` -> `/team`. */
  path: string;
  /** Cloudflare's ray id, or a UUID: on every log line of the request. */
  requestId: string;
  /** Logs one event as one JSON object, with the request id, method and path as sent (platform/log.ts). */
  log: Logger;
  /**
   * Counts a server error of this request in the outbox, for the chat's
   * error alert (worker/middleware/error-count.ts sets it): for what breaks
   * after the answer has left, such as a page's stream.
   */
  countError?: (status: number) => void;
  /** A route's own policy in place of the site's, which middleware/security.ts applies last: only the editor's (routes/cms-api.ts). */
  ownHeaders?: OwnHeaders;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}

const configs = new WeakMap<object, Config>();

/** The validated configuration; parsed once for each `env` object (once per isolate in production). */
export function readConfig(env: Cloudflare.Env): Config {
  let config = configs.get(env);
  if (!config) {
    const raw = env as unknown as RawVars;
    // The very vars the build checked (it stops on a wrong one) need no second check.
    const problems = checkedVars.includes(varsText(raw)) ? [] : configProblems(raw);
    if (problems.length > 0) throw new Error(`Invalid configuration in wrangler.toml [vars]: ${problems.join('\n')}`);
    // Checked above: each is text, or an optional one absent.
    const vars = Object.fromEntries(
      [...REQUIRED, ...OPTIONAL].filter((key) => raw[key] !== undefined).map((key) => [key, raw[key]]),
    ) as Record<(typeof REQUIRED)[number], string> & Partial<Record<(typeof OPTIONAL)[number], string>>;
    config = {
      ...vars,
      ENVIRONMENT: vars.ENVIRONMENT as Config['ENVIRONMENT'],
      SITE_URL: vars.SITE_URL.replace(/\/+$/, ''),
      CONTACT_PHONE: vars.CONTACT_PHONE?.trim() || undefined,
      TURNSTILE_VERIFY_URL: vars.TURNSTILE_VERIFY_URL ?? UPSTREAMS.TURNSTILE_VERIFY_URL,
      TURNSTILE_SCRIPT_URL: vars.TURNSTILE_SCRIPT_URL ?? UPSTREAMS.TURNSTILE_SCRIPT_URL,
      MAILCHANNELS_API_URL: vars.MAILCHANNELS_API_URL ?? UPSTREAMS.MAILCHANNELS_API_URL,
      GITHUB_OAUTH_ORIGIN: (vars.GITHUB_OAUTH_ORIGIN ?? UPSTREAMS.GITHUB_OAUTH_ORIGIN).replace(/\/+$/, ''),
      GITHUB_OAUTH_SCOPE: (vars.GITHUB_OAUTH_SCOPE as Config['GITHUB_OAUTH_SCOPE'] | undefined) ?? 'repo',
      WORKERS_PLAN: (vars.WORKERS_PLAN as Plan | undefined) ?? 'free',
    };
    configs.set(env, config);
  }
  return config;
}
