/**
 * Where the worker tier's Worker sends Turnstile and MailChannels calls: hosts
 * no test can reach, set as vars by vitest.config.ts and answered by the fake
 * fetch of tests/worker/upstreams.ts.
 */
export const TURNSTILE_URL = 'https://turnstile.upstream.test/siteverify';
export const MAILCHANNELS_URL = 'https://mailchannels.upstream.test/tx/v1/send';
