import { z } from 'zod';
import type { Locale, Translate } from '#client/i18n.ts';
import type { RouteId } from '#client/routes.ts';

/**
 * Vars from wrangler.toml, validated once per isolate. A missing or malformed
 * setting fails loudly on the first request instead of rendering broken links.
 */
const httpsUrl = z.url({ protocol: /^https?$/ });

export const configSchema = z.object({
  ENVIRONMENT: z.enum(['development', 'test', 'production']),
  SITE_URL: httpsUrl.transform((u) => u.replace(/\/+$/, '')),
  /**
   * The association's phone number, shown in the footer, on the contact page
   * and in search data only when it is set: a number is never made up.
   */
  CONTACT_PHONE: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().regex(/^\+?[0-9 ]{6,20}$/, 'digits and spaces, e.g. "+41 21 000 00 00"').optional()),
  TURNSTILE_SITE_KEY: z.string().min(1),
  TURNSTILE_VERIFY_URL: httpsUrl,
  TURNSTILE_SCRIPT_URL: httpsUrl,
  MAILCHANNELS_API_URL: httpsUrl,
  MAIL_FROM: z.email(),
  MAIL_TO: z.email(),
});
export type Config = z.infer<typeof configSchema>;

/** Cloudflare's documented Turnstile test secrets (always pass, always fail, already spent). */
export const TURNSTILE_TEST_SECRETS = [
  '1x0000000000000000000000000000000AA',
  '2x0000000000000000000000000000000AA',
  '3x0000000000000000000000000000000AA',
] as const;

/**
 * Secrets (`wrangler secret put NAME --env production`; locally `.dev.vars`).
 * In production the forms need a real Turnstile secret and a MailChannels
 * key; elsewhere a test secret is fine and mail without a key is printed.
 */
const secretsSchema = z
  .object({
    ENVIRONMENT: z.string(),
    TURNSTILE_SECRET_KEY: z.string().min(1, 'is not set'),
    MAILCHANNELS_API_KEY: z.string().optional().transform((v) => v || undefined),
    DKIM_DOMAIN: z.string().optional(),
    DKIM_SELECTOR: z.string().optional(),
    DKIM_PRIVATE_KEY: z.string().optional(),
  })
  .superRefine((s, ctx) => {
    if (s.ENVIRONMENT !== 'production') return;
    if ((TURNSTILE_TEST_SECRETS as readonly string[]).includes(s.TURNSTILE_SECRET_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['TURNSTILE_SECRET_KEY'], message: 'is one of Cloudflare’s test secrets, which production must not use' });
    }
    if (!s.MAILCHANNELS_API_KEY) ctx.addIssue({ code: 'custom', path: ['MAILCHANNELS_API_KEY'], message: 'is not set' });
  });
export type Secrets = z.infer<typeof secretsSchema>;
export type SecretsResult = { ok: true; secrets: Secrets } | { ok: false; problem: string };

/**
 * The Worker's bindings: Cloudflare.Env is generated from wrangler.toml by
 * `wrangler types` (npm run typecheck). SHORT_LINKS: key = slug, value = an
 * https URL or a site path.
 */
export interface Bindings extends Cloudflare.Env {
  /** Workers Sites: the static files uploaded from dist/public. */
  __STATIC_CONTENT: KVNamespace;
  /** Secrets: absent locally unless in .dev.vars. */
  MAILCHANNELS_API_KEY?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

/** What a request knows about itself, set once (worker/middleware/locale.ts, the page routes). */
export interface Variables {
  config: Config;
  /** The URL's language: `/en/…` English, anything else French; for `/api/*`, the page the form was on. */
  locale: Locale;
  /** Messages in that language. */
  t: Translate;
  /** The path without its language prefix: `/en/team` -> `/team`. */
  path: string;
  /** The route table's entry this page route serves; unset outside the page routes. */
  route?: RouteId;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}

const configs = new WeakMap<object, Config>();
const secrets = new WeakMap<object, SecretsResult>();

/** The validated configuration; parsed once for each `env` object (once per isolate in production). */
export function readConfig(env: Cloudflare.Env): Config {
  let config = configs.get(env);
  if (!config) {
    const parsed = configSchema.safeParse(env);
    if (!parsed.success) {
      throw new Error(`Invalid configuration in wrangler.toml [vars]: ${z.prettifyError(parsed.error)}`);
    }
    config = parsed.data;
    configs.set(env, config);
  }
  return config;
}

/**
 * The validated secrets, once per `env` object. A problem is logged once, as
 * a startup error, and makes the forms refuse every post (503 and the e-mail
 * alternative): the pages keep working, and no check is ever skipped.
 */
export function readSecrets(env: Cloudflare.Env & Partial<Record<'MAILCHANNELS_API_KEY' | 'DKIM_DOMAIN' | 'DKIM_SELECTOR' | 'DKIM_PRIVATE_KEY', string>>): SecretsResult {
  let result = secrets.get(env);
  if (!result) {
    const parsed = secretsSchema.safeParse(env);
    if (parsed.success) {
      result = { ok: true, secrets: parsed.data };
    } else {
      const problem = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
      console.error(`Configuration error (${env.ENVIRONMENT}): ${problem}. The forms refuse every submission until this is fixed.`);
      result = { ok: false, problem };
    }
    secrets.set(env, result);
  }
  return result;
}
