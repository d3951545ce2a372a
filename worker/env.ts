import * as z from 'zod/mini';
import { isEmail } from '#client/forms/fields.ts';
import type { Locale, Translate } from '#client/i18n.ts';
import { CHAT_FORMATS, type ChatFormat } from './lib/chat';
import { lazy } from './lib/lazy';
import { type Logger, logger } from './lib/log';
import { PLANS, type Plan } from './lib/subrequests';

/**
 * Vars from wrangler.toml, validated once per isolate. A missing or malformed
 * setting fails loudly on the first request instead of rendering broken links.
 * Their types come from `wrangler types` (worker-configuration.d.ts); this
 * schema only checks their values.
 */
const httpsUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** Turnstile's origin: its API below, and the CSP's script and frame source (middleware/security.ts). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** An optional secret: unset and empty (as .dev.vars.example leaves it) both mean absent. */
const optionalSecret = () =>
  z.pipe(
    z.optional(z.string({ error: 'must be text' })),
    z.transform((v) => v || undefined),
  );

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
} as const;

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
  MAIL_FROM: string;
  MAIL_TO: string;
  /**
   * The account's Workers plan, `free` unless set: how many outbound calls one
   * request or cron run may make (worker/lib/subrequests.ts, docs/decisions/0014).
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

/**
 * Every var is read on every cold start, before the first page: one object of
 * plain strings, its formats checked in one step (zod's own URL and e-mail
 * schemas cost 3 ms at an isolate's first request, this 1.7 ms; the e-mail
 * rule is the forms', client/forms/fields.ts). Built on
 * first use (lib/lazy.ts), as every schema here.
 */
const configSchema = lazy(() => {
  // Two schemas shared by every field: each zod schema costs its construction.
  const required = z.string({ error: 'is not set' });
  const optional = z.optional(z.string({ error: 'must be text' }));
  return z
    .object({
      ENVIRONMENT: required,
      SITE_URL: required,
      CONTACT_PHONE: optional,
      TURNSTILE_SITE_KEY: required,
      TURNSTILE_VERIFY_URL: optional,
      TURNSTILE_SCRIPT_URL: optional,
      MAILCHANNELS_API_URL: optional,
      MAIL_FROM: required,
      MAIL_TO: required,
      WORKERS_PLAN: optional,
    })
    .check(
      z.superRefine((v, ctx) => {
        const problem = (key: keyof Config, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
        if (!(ENVIRONMENTS as readonly string[]).includes(v.ENVIRONMENT))
          problem('ENVIRONMENT', `must be one of ${ENVIRONMENTS.join(', ')}`);
        for (const key of ['SITE_URL', 'TURNSTILE_VERIFY_URL', 'TURNSTILE_SCRIPT_URL', 'MAILCHANNELS_API_URL'] as const) {
          const value = v[key];
          if (value !== undefined && !isHttpUrl(value)) problem(key, 'must be an http(s) URL');
        }
        const phone = v.CONTACT_PHONE?.trim();
        if (phone && !/^\+?[0-9 ]{6,20}$/.test(phone)) problem('CONTACT_PHONE', 'digits and spaces, e.g. "+41 21 000 00 00"');
        if (!v.TURNSTILE_SITE_KEY) problem('TURNSTILE_SITE_KEY', 'is not set');
        for (const key of ['MAIL_FROM', 'MAIL_TO'] as const) if (!isEmail(v[key])) problem(key, 'must be an e-mail address');
        if (v.WORKERS_PLAN !== undefined && !(PLANS as string[]).includes(v.WORKERS_PLAN))
          problem('WORKERS_PLAN', `must be one of ${PLANS.join(', ')}`);
      }),
    );
});

/** Cloudflare's documented Turnstile test secrets (always pass, always fail, already spent). */
export const TURNSTILE_TEST_SECRETS = [
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
] as const;

/**
 * Secrets (`wrangler secret put NAME --env production`; locally `.dev.vars`,
 * copied from `.dev.vars.example`, which also declares them to `wrangler types`).
 * In production the forms need a real Turnstile secret and a MailChannels
 * key; elsewhere a test secret is fine and mail without a key is printed.
 */
const secretsSchema = lazy(() =>
  z
    .object({
      ENVIRONMENT: z.string(),
      TURNSTILE_SECRET_KEY: z.string({ error: 'is not set' }).check(z.minLength(1, 'is not set')),
      MAILCHANNELS_API_KEY: optionalSecret(),
      DKIM_DOMAIN: optionalSecret(),
      DKIM_SELECTOR: optionalSecret(),
      DKIM_PRIVATE_KEY: optionalSecret(),
    })
    .check(
      z.superRefine((s, ctx) => {
        if (s.ENVIRONMENT !== 'production') return;
        if ((TURNSTILE_TEST_SECRETS as readonly string[]).includes(s.TURNSTILE_SECRET_KEY)) {
          ctx.addIssue({
            code: 'custom',
            path: ['TURNSTILE_SECRET_KEY'],
            message: 'is one of Cloudflare’s test secrets, which production must not use',
          });
        }
        if (!s.MAILCHANNELS_API_KEY) ctx.addIssue({ code: 'custom', path: ['MAILCHANNELS_API_KEY'], message: 'is not set' });
      }),
    ),
);
export type Secrets = z.infer<ReturnType<typeof secretsSchema>>;

/**
 * The public example of .dev.vars.example: it opens the admin routes of
 * `npm run dev` only, and is refused anywhere deployed.
 */
export const LOCAL_ADMIN_TOKEN = 'local-only-admin-token-never-use-it-deployed';
/** At least this long: `npm run outbox -- new-token` makes 43 characters of 32 random bytes. */
const ADMIN_TOKEN_MIN = 32;

/**
 * The operations secrets, both optional, read apart from the forms' so that
 * a mistake in one never closes the forms. ADMIN_TOKEN opens /admin/* (unset:
 * every admin route answers 404); ALERT_WEBHOOK_URL is the chat webhook the
 * alerts go to (unset: the log lines are the alerts). A value that is set
 * but unusable is logged once and counts as unset.
 */
const opsSchema = lazy(() =>
  z
    .object({
      ENVIRONMENT: z.string(),
      ADMIN_TOKEN: z.pipe(
        optionalSecret(),
        z.optional(
          z
            .string()
            .check(
              z.minLength(ADMIN_TOKEN_MIN, `is shorter than ${ADMIN_TOKEN_MIN} characters (npm run outbox -- new-token makes one)`),
              z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'),
            ),
        ),
      ),
      ALERT_WEBHOOK_URL: z.pipe(optionalSecret(), z.optional(httpsUrl())),
      ALERT_WEBHOOK_FORMAT: z.pipe(
        optionalSecret(),
        z.optional(z.enum(CHAT_FORMATS, { error: `must be one of ${CHAT_FORMATS.join(', ')}` })),
      ),
    })
    .check(
      z.superRefine((s, ctx) => {
        const deployed = s.ENVIRONMENT === 'staging' || s.ENVIRONMENT === 'production';
        if (deployed && s.ADMIN_TOKEN === LOCAL_ADMIN_TOKEN) {
          ctx.addIssue({ code: 'custom', path: ['ADMIN_TOKEN'], message: 'is the public local token of .dev.vars.example' });
        }
        if (deployed && s.ALERT_WEBHOOK_URL?.startsWith('http:')) {
          ctx.addIssue({ code: 'custom', path: ['ALERT_WEBHOOK_URL'], message: 'must be https' });
        }
      }),
    ),
);
export interface Ops {
  adminToken?: string;
  alertWebhookUrl?: string;
  /** The chat's platform, when its address does not say (a Mattermost or Teams on a host of its own). */
  alertFormat?: ChatFormat;
}
export type SecretsResult = { ok: true; secrets: Secrets } | { ok: false; problem: string };

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
  /** Messages in that language. */
  t: Translate;
  /** The path without its language prefix: `/en/team` -> `/team`. */
  path: string;
  /** Cloudflare's ray id, or a UUID: on every log line of the request. */
  requestId: string;
  /** Logs one event as one JSON object, with the request id, method and path as sent (lib/log.ts). */
  log: Logger;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}

const configs = new WeakMap<object, Config>();
const secrets = new WeakMap<object, SecretsResult>();
const ops = new WeakMap<object, Ops>();

/** The validated configuration; parsed once for each `env` object (once per isolate in production). */
export function readConfig(env: Cloudflare.Env): Config {
  let config = configs.get(env);
  if (!config) {
    const parsed = configSchema().safeParse(env);
    if (!parsed.success) {
      throw new Error(`Invalid configuration in wrangler.toml [vars]: ${z.prettifyError(parsed.error)}`);
    }
    const vars = parsed.data;
    config = {
      ...vars,
      ENVIRONMENT: vars.ENVIRONMENT as Config['ENVIRONMENT'],
      SITE_URL: vars.SITE_URL.replace(/\/+$/, ''),
      CONTACT_PHONE: vars.CONTACT_PHONE?.trim() || undefined,
      TURNSTILE_VERIFY_URL: vars.TURNSTILE_VERIFY_URL ?? UPSTREAMS.TURNSTILE_VERIFY_URL,
      TURNSTILE_SCRIPT_URL: vars.TURNSTILE_SCRIPT_URL ?? UPSTREAMS.TURNSTILE_SCRIPT_URL,
      MAILCHANNELS_API_URL: vars.MAILCHANNELS_API_URL ?? UPSTREAMS.MAILCHANNELS_API_URL,
      WORKERS_PLAN: (vars.WORKERS_PLAN as Plan | undefined) ?? 'free',
    };
    configs.set(env, config);
  }
  return config;
}

/**
 * The validated secrets, once per `env` object. A problem is logged once, as
 * a startup error, and makes the forms refuse every post (503 and the e-mail
 * alternative): the pages keep working, and no check is ever skipped.
 */
export function readSecrets(env: Cloudflare.Env): SecretsResult {
  let result = secrets.get(env);
  if (!result) {
    const parsed = secretsSchema().safeParse(env);
    if (parsed.success) {
      result = { ok: true, secrets: parsed.data };
    } else {
      const problem = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
      logger().error('config.invalid_secrets', {
        environment: env.ENVIRONMENT,
        problem,
        effect: 'the forms refuse every submission until this is fixed',
      });
      result = { ok: false, problem };
    }
    secrets.set(env, result);
  }
  return result;
}

/**
 * The operations secrets (opsSchema), once per `env` object. Each value with
 * a problem is logged once, by name, never by value, and left out.
 */
export function readOps(env: Cloudflare.Env): Ops {
  let result = ops.get(env);
  if (!result) {
    const raw = env as unknown as Record<string, unknown>;
    const parsed = opsSchema().safeParse({
      ENVIRONMENT: env.ENVIRONMENT,
      ADMIN_TOKEN: raw.ADMIN_TOKEN,
      ALERT_WEBHOOK_URL: raw.ALERT_WEBHOOK_URL,
      ALERT_WEBHOOK_FORMAT: raw.ALERT_WEBHOOK_FORMAT,
    });
    const bad = new Set(parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0])));
    if (!parsed.success) {
      const problem = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
      logger().error('config.invalid_ops_secrets', {
        environment: env.ENVIRONMENT,
        problem,
        effect: 'each secret named here is ignored: admin routes closed, or alerts only in the logs',
      });
    }
    const value = (name: 'ADMIN_TOKEN' | 'ALERT_WEBHOOK_URL' | 'ALERT_WEBHOOK_FORMAT') => {
      const v = raw[name];
      return !bad.has(name) && typeof v === 'string' && v !== '' ? v : undefined;
    };
    const adminToken = value('ADMIN_TOKEN');
    const alertWebhookUrl = value('ALERT_WEBHOOK_URL');
    const alertFormat = value('ALERT_WEBHOOK_FORMAT') as ChatFormat | undefined;
    result = {
      ...(adminToken ? { adminToken } : {}),
      ...(alertWebhookUrl ? { alertWebhookUrl } : {}),
      ...(alertFormat ? { alertFormat } : {}),
    };
    ops.set(env, result);
  }
  return result;
}
