import * as z from 'zod/mini';
import { lazy } from '#client/lazy.ts';
import { CHAT_FORMATS, type ChatFormat } from './forms/chat';
import { logger } from './platform/log';

/**
 * The secrets (worker/env.ts has the vars): what the forms, the admin routes,
 * the alerts and the editor's sign-in need, checked with zod on their first
 * use. Apart from the vars, so that a page, which needs none of them, never
 * loads zod.
 */

/** An optional secret: unset and empty (as .dev.vars.example leaves it) both mean absent. */
const optionalSecret = () =>
  z.pipe(
    z.optional(z.string({ error: 'must be text' })),
    z.transform((v) => v || undefined),
  );

const httpsUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

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

const secrets = new WeakMap<object, SecretsResult>();
const ops = new WeakMap<object, Ops>();

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

/** A value pasted whole: printable ASCII, no space, bounded (GitHub's ids are 20 characters, its secrets 40). */
const oauthValue = () =>
  z.pipe(optionalSecret(), z.optional(z.string().check(z.regex(/^[\x21-\x7e]{1,256}$/, 'must be printable ASCII without spaces'))));

/**
 * The editor's sign-in with GitHub (worker/routes/cms-api.ts): the client id
 * and secret of the association's GitHub OAuth app, both or neither. Unset,
 * /cms says what a maintainer must set up; the rest of the site never reads
 * them.
 */
const editorSchema = lazy(() =>
  z.object({ GITHUB_OAUTH_CLIENT_ID: oauthValue(), GITHUB_OAUTH_CLIENT_SECRET: oauthValue() }).check(
    z.superRefine((s, ctx) => {
      if (!s.GITHUB_OAUTH_CLIENT_ID !== !s.GITHUB_OAUTH_CLIENT_SECRET) {
        const missing = s.GITHUB_OAUTH_CLIENT_ID ? 'GITHUB_OAUTH_CLIENT_SECRET' : 'GITHUB_OAUTH_CLIENT_ID';
        ctx.addIssue({ code: 'custom', path: [missing], message: 'is not set, while the other one is: both or neither' });
      }
    }),
  ),
);
export interface EditorSecrets {
  clientId: string;
  clientSecret: string;
}
const editor = new WeakMap<object, EditorSecrets | null>();

/**
 * The GitHub OAuth app's id and secret, once per `env` object, or null when
 * the editor's sign-in is not set up. A problem is logged once, by name, never
 * by value, and the sign-in stays closed until it is fixed.
 */
export function readEditorSecrets(env: Cloudflare.Env): EditorSecrets | null {
  if (editor.has(env)) return editor.get(env) ?? null;
  const raw = env as unknown as Record<string, unknown>;
  const parsed = editorSchema().safeParse({
    GITHUB_OAUTH_CLIENT_ID: raw.GITHUB_OAUTH_CLIENT_ID,
    GITHUB_OAUTH_CLIENT_SECRET: raw.GITHUB_OAUTH_CLIENT_SECRET,
  });
  let result: EditorSecrets | null = null;
  if (!parsed.success) {
    logger().error('config.invalid_editor_secrets', {
      environment: env.ENVIRONMENT,
      problem: parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '),
      effect: 'nobody can sign in to the editor at /cms until this is fixed',
    });
  } else if (parsed.data.GITHUB_OAUTH_CLIENT_ID && parsed.data.GITHUB_OAUTH_CLIENT_SECRET) {
    result = { clientId: parsed.data.GITHUB_OAUTH_CLIENT_ID, clientSecret: parsed.data.GITHUB_OAUTH_CLIENT_SECRET };
  }
  editor.set(env, result);
  return result;
}
