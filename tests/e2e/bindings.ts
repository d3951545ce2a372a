import { PAGE_SETTING_NAMES } from '../../worker/declared-settings.ts';
import { testBindings } from '../fixtures/bindings';
import { E2E_GITHUB } from './fake-upstreams';

/** The admin token of the site under test (npm run outbox talks to it in outbox-command.test.ts). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-of-at-least-thirty-two-characters';

/**
 * The e2e site's own settings, each a `--var` of its wrangler dev
 * (tests/e2e/global-setup.ts; wrangler.toml's top [vars] give the rest, in
 * development): its own keys, and every upstream at the fakes of
 * tests/e2e/fake-upstreams.ts, listening at `upstream`.
 */
export function e2eVars(upstream: string) {
  return testBindings('tests/e2e/bindings.ts', 'development', {
    TURNSTILE_SITE_KEY: 'e2e-site-key',
    TURNSTILE_SECRET_KEY: 'e2e-turnstile-secret',
    TURNSTILE_SCRIPT_URL: `${upstream}/turnstile/api.js?render=explicit`,
    TURNSTILE_VERIFY_URL: `${upstream}/turnstile/siteverify`,
    MAILCHANNELS_API_URL: `${upstream}/mailchannels/tx/v1/send`,
    MAILCHANNELS_API_KEY: 'e2e-mailchannels-key',
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    ALERT_WEBHOOK_URL: `${upstream}/chat/webhook`,
    GITHUB_OAUTH_ORIGIN: upstream,
    GITHUB_OAUTH_CLIENT_ID: E2E_GITHUB.clientId,
    GITHUB_OAUTH_CLIENT_SECRET: E2E_GITHUB.clientSecret,
  });
}

/** The ones the pages show: the build renders its pages ahead with them (PRERENDER_VARS), as the server will show them. */
export const pageVars = (vars: Record<string, string>) =>
  Object.fromEntries(PAGE_SETTING_NAMES.filter((name) => name in vars).map((name) => [name, vars[name]]));
