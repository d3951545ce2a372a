/**
 * Where the worker tier's Worker sends Turnstile and MailChannels calls: hosts
 * no test can reach, set as vars by vitest.config.ts and answered by the fake
 * fetch of tests/worker/upstreams.ts.
 */
export const TURNSTILE_URL = 'https://turnstile.upstream.test/siteverify';
export const MAILCHANNELS_URL = 'https://mailchannels.upstream.test/tx/v1/send';
/**
 * The association's chat (ALERT_WEBHOOK_URL, set per test), one address per
 * platform, shaped as each one gives them out (worker/forms/chat.ts tells the
 * platform from the host). WEBHOOK_URL is a self-hosted Mattermost: any host.
 */
export const WEBHOOK_URL = 'https://chat.upstream.test/hooks/xkcd1234secretpart';
const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/secret-part';
export const DISCORD_URL = 'https://discord.com/api/webhooks/1234567890/secret-part';
export const GOOGLE_CHAT_URL = 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=k&token=secret-part';
export const TEAMS_URL =
  'https://prod-00.westeurope.logic.azure.com:443/workflows/0123abcd/triggers/manual/paths/invoke?api-version=2016-06-01&sig=secret-part';
export const CHAT_URLS = [WEBHOOK_URL, SLACK_URL, DISCORD_URL, GOOGLE_CHAT_URL, TEAMS_URL];
