import { testBindings } from '../fixtures/bindings.ts';
import { MAILCHANNELS_URL, TURNSTILE_URL } from './upstream-urls.ts';

/**
 * The worker tier's own settings (vitest.config.ts gives them to miniflare;
 * wrangler.toml's [vars] give the rest): the test environment, its own
 * secrets, and the upstreams at addresses no test can reach, which
 * tests/worker/upstreams.ts fakes at fetch().
 */
export const WORKER_TIER_BINDINGS = testBindings('vitest.config.ts (tests/worker/bindings.ts)', 'test', {
  ENVIRONMENT: 'test',
  TURNSTILE_SECRET_KEY: 'test-turnstile-secret',
  TURNSTILE_VERIFY_URL: TURNSTILE_URL,
  MAILCHANNELS_API_URL: MAILCHANNELS_URL,
  MAILCHANNELS_API_KEY: 'test-mailchannels-key',
});
