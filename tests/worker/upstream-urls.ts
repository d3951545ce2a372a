/**
 * Where the worker tier's Worker sends Turnstile and MailChannels calls: hosts
 * no test can reach, set as vars by vitest.config.ts and answered by the fake
 * fetch of tests/worker/upstreams.ts.
 */
export const TURNSTILE_URL = 'https://turnstile.upstream.test/siteverify';
export const MAILCHANNELS_URL = 'https://mailchannels.upstream.test/tx/v1/send';
/** The association's chat (ALERT_WEBHOOK_URL, set per test): a Slack-style incoming webhook, and a Google Chat one. */
export const WEBHOOK_URL = 'https://chat.upstream.test/hooks/T000/B000/secret-part';
export const GOOGLE_CHAT_URL = 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=k&token=secret-part';
