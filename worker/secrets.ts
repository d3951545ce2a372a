import * as z from 'zod/mini';
import { lazy, perKey } from '#client/lazy.ts';
import { SETTINGS } from './declared-settings';
import type { ChatFormat } from './forms/chat';
import { logger } from './platform/log';
import { requiredHere, type SecretValues, secretsObject } from './secret-schemas';

/**
 * The secrets (worker/env.ts has the vars): what the forms, the admin routes,
 * the alerts and the editor's sign-in need, checked with zod on their first
 * use. Apart from the vars, so that a page, which needs none of them, never
 * loads zod.
 */

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
  secretsObject('forms').check(
    z.superRefine((s, ctx) => {
      const secrets = s as Secrets;
      if (secrets.ENVIRONMENT === 'production' && (TURNSTILE_TEST_SECRETS as readonly string[]).includes(secrets.TURNSTILE_SECRET_KEY)) {
        ctx.addIssue({
          code: 'custom',
          path: ['TURNSTILE_SECRET_KEY'],
          message: 'is one of Cloudflare’s test secrets, which production must not use',
        });
      }
      requiredHere('forms', s, ctx);
    }),
  ),
);
export type Secrets = SecretValues<'forms'>;

/**
 * The public example of .dev.vars.example: it opens the admin routes of
 * `npm run dev` only, and is refused anywhere deployed.
 */
export const LOCAL_ADMIN_TOKEN = SETTINGS.ADMIN_TOKEN.example;

/**
 * The operations secrets, both optional, read apart from the forms' so that
 * a mistake in one never closes the forms. ADMIN_TOKEN opens /admin/* (unset:
 * every admin route answers 404); ALERT_WEBHOOK_URL is the chat webhook the
 * alerts go to (unset: the log lines are the alerts). A value that is set
 * but unusable is logged once and counts as unset.
 */
const opsSchema = lazy(() =>
  secretsObject('ops').check(
    z.superRefine((s, ctx) => {
      const secrets = s as SecretValues<'ops'>;
      const deployed = secrets.ENVIRONMENT === 'staging' || secrets.ENVIRONMENT === 'production';
      if (deployed && secrets.ADMIN_TOKEN === LOCAL_ADMIN_TOKEN) {
        ctx.addIssue({ code: 'custom', path: ['ADMIN_TOKEN'], message: 'is the public local token of .dev.vars.example' });
      }
      if (deployed && secrets.ALERT_WEBHOOK_URL?.startsWith('http:')) {
        ctx.addIssue({ code: 'custom', path: ['ALERT_WEBHOOK_URL'], message: 'must be https' });
      }
      requiredHere('ops', s, ctx);
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
 * The validated secrets, once per `env` object. A problem is logged once, as
 * a startup error, and makes the forms refuse every post (503 and the e-mail
 * alternative): the pages keep working, and no check is ever skipped.
 */
export const readSecrets = perKey((env: Cloudflare.Env): SecretsResult => {
  const parsed = secretsSchema().safeParse(env);
  if (parsed.success) return { ok: true, secrets: parsed.data as Secrets };
  const problem = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
  logger().error('config.invalid_secrets', {
    environment: env.ENVIRONMENT,
    problem,
    effect: 'the forms refuse every submission until this is fixed',
  });
  return { ok: false, problem };
});

/**
 * The operations secrets (opsSchema), once per `env` object. Each value with
 * a problem is logged once, by name, never by value, and left out.
 */
export const readOps = perKey((env: Cloudflare.Env): Ops => {
  const raw = env as unknown as Record<string, unknown>;
  const parsed = opsSchema().safeParse(env);
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
  return {
    ...(adminToken ? { adminToken } : {}),
    ...(alertWebhookUrl ? { alertWebhookUrl } : {}),
    ...(alertFormat ? { alertFormat } : {}),
  };
});

/**
 * The editor's sign-in with GitHub (worker/routes/cms-api.ts): the client id
 * and secret of the association's GitHub OAuth app, both or neither. Unset,
 * /cms says what a maintainer must set up; the rest of the site never reads
 * them.
 */
const editorSchema = lazy(() =>
  secretsObject('editor').check(
    z.superRefine((raw, ctx) => {
      const s = raw as SecretValues<'editor'>;
      if (!s.GITHUB_OAUTH_CLIENT_ID !== !s.GITHUB_OAUTH_CLIENT_SECRET) {
        const missing = s.GITHUB_OAUTH_CLIENT_ID ? 'GITHUB_OAUTH_CLIENT_SECRET' : 'GITHUB_OAUTH_CLIENT_ID';
        ctx.addIssue({ code: 'custom', path: [missing], message: 'is not set, while the other one is: both or neither' });
      }
      requiredHere('editor', raw, ctx);
    }),
  ),
);
export interface EditorSecrets {
  clientId: string;
  clientSecret: string;
}

/**
 * The GitHub OAuth app's id and secret, once per `env` object, or null when
 * the editor's sign-in is not set up. A problem is logged once, by name, never
 * by value, and the sign-in stays closed until it is fixed.
 */
export const readEditorSecrets = perKey((env: Cloudflare.Env): EditorSecrets | null => {
  const parsed = editorSchema().safeParse(env);
  let result: EditorSecrets | null = null;
  if (!parsed.success) {
    logger().error('config.invalid_editor_secrets', {
      environment: env.ENVIRONMENT,
      problem: parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; '),
      effect: 'nobody can sign in to the editor at /cms until this is fixed',
    });
  } else {
    const { GITHUB_OAUTH_CLIENT_ID: clientId, GITHUB_OAUTH_CLIENT_SECRET: clientSecret } = parsed.data as SecretValues<'editor'>;
    if (clientId && clientSecret) result = { clientId, clientSecret };
  }
  return result;
});
