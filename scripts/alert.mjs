// `npm run alert -- --title <text> [--line <text>]…`
//
// Posts one message to the association's chat, as the Worker's alerts do
// (worker/forms/chat.ts: each platform's own shape, everything in it made
// inert for the chat's markup, a delivery counted only on the platform's own
// answer for success). The hourly site check (.github/workflows/site-check.yml)
// runs it when the live site fails its smoke test.
//
// The webhook comes from the environment: ALERT_WEBHOOK_URL (the same one the
// Worker has as a secret) and, if the address does not say the platform,
// ALERT_WEBHOOK_FORMAT (slack, discord, googlechat, mattermost, teams).
// The address is a secret: only its host is ever printed.
//
// Exit status: 0 posted, 1 the chat did not take it, 2 a bad command line or
// no ALERT_WEBHOOK_URL (the message is printed instead, so the run's log has it).
import { parseArgs } from 'node:util';
import { CHAT_FORMATS, chatFormat, postChat } from '../worker/forms/chat.ts';

function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { title: { type: 'string' }, line: { type: 'string', multiple: true } } }));
  } catch (error) {
    console.error(`npm run alert: ${error.message}\nUsage: npm run alert -- --title <text> [--line <text>]…`);
    return Promise.resolve(2);
  }
  if (!values.title) {
    console.error('npm run alert: --title is required.\nUsage: npm run alert -- --title <text> [--line <text>]…');
    return Promise.resolve(2);
  }
  const message = { title: values.title, lines: values.line ?? [] };
  const url = process.env.ALERT_WEBHOOK_URL;
  if (!url) {
    console.error(
      `npm run alert: ALERT_WEBHOOK_URL is not set, so nobody is told in the chat (docs/operations.md, "Alerts"). The message:\n${[message.title, ...message.lines].join('\n')}`,
    );
    return Promise.resolve(2);
  }
  let host;
  try {
    host = new URL(url).host;
  } catch {
    console.error('npm run alert: ALERT_WEBHOOK_URL is not a URL.');
    return Promise.resolve(2);
  }
  const setting = process.env.ALERT_WEBHOOK_FORMAT || undefined;
  if (setting && !CHAT_FORMATS.includes(setting)) {
    console.error(`npm run alert: ALERT_WEBHOOK_FORMAT must be one of ${CHAT_FORMATS.join(', ')}.`);
    return Promise.resolve(2);
  }
  const format = chatFormat(url, setting);
  return postChat(url, format, message, { timeoutMs: 15_000 }).then((posted) => {
    if (posted.ok) {
      console.log(`Posted to the ${format} chat at ${host}.`);
      return 0;
    }
    console.error(`npm run alert: the chat at ${host} did not take the message: ${posted.error}.`);
    return 1;
  });
}

process.exitCode = await main();
