import { z } from 'zod';
import type { Locale } from '#client/i18n.ts';

/**
 * Vars from wrangler.toml, validated once per isolate. A missing or malformed
 * setting fails loudly on the first request instead of rendering broken links.
 */
const httpsUrl = z.url({ protocol: /^https?$/ });

export const configSchema = z.object({
  ENVIRONMENT: z.enum(['development', 'test', 'production']),
  SITE_URL: httpsUrl.transform((u) => u.replace(/\/+$/, '')),
  CONTACT_EMAIL: z.email(),
  CONTACT_PHONE: z.string().regex(/^\+?[0-9 ]{6,20}$/),
  POSTAL_ADDRESS: z.string().min(5).max(200),
  STUDENT_PLATFORM_URL: httpsUrl,
  ALUMNI_URL: httpsUrl,
  LINKEDIN_URL: httpsUrl,
  INSTAGRAM_URL: httpsUrl,
  TURNSTILE_SITE_KEY: z.string().min(1),
  TURNSTILE_VERIFY_URL: httpsUrl.default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  TURNSTILE_SCRIPT_URL: httpsUrl.default('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'),
  MAILCHANNELS_API_URL: httpsUrl.default('https://api.mailchannels.net/tx/v1/send'),
  MAIL_FROM: z.email(),
  MAIL_TO: z.email(),
});
export type Config = z.infer<typeof configSchema>;

/**
 * The Worker's bindings: Cloudflare.Env is generated from wrangler.toml by
 * `wrangler types` (npm run typecheck). SHORT_LINKS: key = slug, value = an
 * https URL or a site path.
 */
export interface Bindings extends Cloudflare.Env {
  /** Workers Sites: the static files uploaded from dist/public. */
  __STATIC_CONTENT: KVNamespace;
  /** Secrets (`wrangler secret put`); absent locally unless in .dev.vars. */
  MAILCHANNELS_API_KEY?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

export interface Variables {
  config: Config;
  locale: Locale;
  /** Set by hono/secure-headers' NONCE for the page's scripts. */
  secureHeadersNonce?: string;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}

const cache = new WeakMap<object, Config>();

/** The validated configuration; parsed once for each `env` object. */
export function readConfig(env: Cloudflare.Env): Config {
  let config = cache.get(env);
  if (!config) {
    const parsed = configSchema.safeParse(env);
    if (!parsed.success) {
      throw new Error(`Invalid configuration in wrangler.toml [vars]: ${z.prettifyError(parsed.error)}`);
    }
    config = parsed.data;
    cache.set(env, config);
  }
  return config;
}
