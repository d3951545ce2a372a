/**
 * One message to the association's chat, in the shape each platform's
 * incoming webhook reads, and what that platform answers when it took it.
 * Used by the Worker's alerts (worker/forms/alerts.ts) and by the hourly
 * smoke test's alert (scripts/alert.mjs): no import, so Node runs it too.
 *
 * A message is a title and lines the site wrote itself (codes, counts, ids,
 * commands). Every line is still escaped for the platform's markup, so that
 * nothing in it becomes a link, a mention or formatting.
 */
export const CHAT_FORMATS = ['slack', 'discord', 'googlechat', 'mattermost', 'teams'] as const;
export type ChatFormat = (typeof CHAT_FORMATS)[number];

export interface ChatMessage {
  title: string;
  lines: string[];
}

/**
 * The platform of a webhook address, from its host (Slack, Discord, Google
 * Chat, Teams Workflows on Power Automate or Logic Apps), else Mattermost's
 * Slack-compatible `{ text }` (a self-hosted Mattermost has any host). The
 * ALERT_WEBHOOK_FORMAT setting overrides the guess.
 */
export function chatFormat(webhookUrl: string, setting?: string): ChatFormat {
  if (setting && (CHAT_FORMATS as readonly string[]).includes(setting)) return setting as ChatFormat;
  const host = new URL(webhookUrl).hostname;
  if (host === 'hooks.slack.com') return 'slack';
  if (host === 'discord.com' || host === 'discordapp.com' || host.endsWith('.discord.com')) return 'discord';
  if (host === 'chat.googleapis.com') return 'googlechat';
  if (host.endsWith('.logic.azure.com') || host.endsWith('.powerplatform.com') || host.endsWith('.powerautomate.com')) return 'teams';
  return 'mattermost';
}

/** No control characters, no line breaks inside a line, bounded. */
function plain(text: string, max = 500): string {
  const line = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** `@everyone`, `@here`, `@channel`, `@all` cannot ping: a zero-width space after the `@`. */
const noMentions = (text: string) => text.replace(/@/g, '@\u200b');

/** The characters that format, link or quote in the Markdown the platforms read. */
const MARKUP = /[\\`*_~|<>#[\]()!]/g;
/** Markdown that honours backslash escapes (Discord, Mattermost). */
const markdown = (text: string) => noMentions(text.replace(MARKUP, (c) => `\\${c}`));
/** Teams' TextBlock Markdown has no escapes: a zero-width space after each character breaks the markup it would start. */
const inert = (text: string) => noMentions(text.replace(MARKUP, (c) => `${c}\u200b`));

/**
 * Slack's mrkdwn: `&`, `<`, `>` as entities (its documented escaping);
 * `*`, `~` and backticks made inert. `_` is left alone: it formats only at a
 * word's edge, and the reason codes (`association_mailchannels_400`) must
 * stay copyable.
 */
const slack = (text: string) =>
  noMentions(
    text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/[*~`]/g, (c) => `${c}\u200b`),
  );

/** Google Chat's text: `<…>` makes links and mentions; `*`, `_`, `~`, `` ` `` format. */
const googleChat = (text: string) =>
  noMentions(
    text
      .replace(/</g, '‹')
      .replace(/>/g, '›')
      .replace(/[*~`]/g, (c) => `${c}\u200b`),
  );

const ESCAPE: Record<ChatFormat, (text: string) => string> = {
  slack,
  discord: markdown,
  googlechat: googleChat,
  mattermost: markdown,
  teams: inert,
};

/** Discord takes at most 2,000 characters; the others more than an alert ever holds. */
const DISCORD_MAX = 2000;

/**
 * Lines that fit in `max` characters: the listed items (`• …`) go first,
 * from the last, counted in a line of their own; the title, the commands
 * and the counts always stay.
 */
function fitted(title: string, lines: string[], max: number): string {
  const kept = [...lines];
  let dropped = 0;
  const text = () => [title, ...kept, ...(dropped ? [`… ${dropped} more not shown here.`] : [])].join('\n');
  while (text().length > max) {
    const last = kept.findLastIndex((l) => l.startsWith('• '));
    if (last < 0) return `${text().slice(0, max - 1)}…`;
    kept.splice(last, 1);
    dropped++;
  }
  return text();
}

/** The JSON body for the platform. */
export function chatBody(format: ChatFormat, message: ChatMessage): Record<string, unknown> {
  const inertFor = ESCAPE[format];
  const title = inertFor(plain(message.title, 300));
  const lines = message.lines.map((l) => inertFor(plain(l)));
  switch (format) {
    case 'slack':
      return { text: [`*${title}*`, ...lines].join('\n'), unfurl_links: false, unfurl_media: false };
    case 'mattermost':
      return { text: [`**${title}**`, ...lines].join('\n') };
    case 'googlechat':
      return { text: [`*${title}*`, ...lines].join('\n') };
    case 'discord':
      // flags 4: no link previews (SUPPRESS_EMBEDS); allowed_mentions: nobody is pinged, whatever the text.
      return { content: fitted(`**${title}**`, lines, DISCORD_MAX), allowed_mentions: { parse: [] }, flags: 4 };
    case 'teams':
      // Teams Workflows ("Post to a channel when a webhook request is received") take an Adaptive Card, nothing else.
      return {
        type: 'message',
        attachments: [
          {
            contentType: 'application/vnd.microsoft.card.adaptive',
            contentUrl: null,
            content: {
              $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
              type: 'AdaptiveCard',
              version: '1.4',
              body: [
                { type: 'TextBlock', text: title, weight: 'Bolder', wrap: true },
                ...lines.map((text) => ({ type: 'TextBlock', text, wrap: true, spacing: 'Small' })),
              ],
            },
          },
        ],
      };
  }
}

/**
 * Whether the platform's answer says it took the message: Slack and
 * Mattermost 200 `ok`, Google Chat 200 (the message it made), Discord 204
 * (200 with `?wait=true`), Teams Workflows 202. Any other answer, 2xx
 * included, is not a delivery.
 */
export function chatAccepted(format: ChatFormat, status: number, body: string): boolean {
  switch (format) {
    case 'slack':
    case 'mattermost':
      return status === 200 && body.trim() === 'ok';
    case 'googlechat':
      return status === 200;
    case 'discord':
      return status === 204 || status === 200;
    case 'teams':
      return status === 202;
  }
}

/** Posts one message; true when the platform took it. Never throws: `error` says why not. */
export async function postChat(
  webhookUrl: string,
  format: ChatFormat,
  message: ChatMessage,
  { fetcher = fetch, timeoutMs = 5_000 }: { fetcher?: typeof fetch; timeoutMs?: number } = {},
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const res = await fetcher(webhookUrl, {
      method: 'POST',
      // A redirect is not the platform's answer (and each hop would be a call of its own).
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(chatBody(format, message)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.text().catch(() => '')).slice(0, 100);
    if (chatAccepted(format, res.status, body)) return { ok: true };
    return { ok: false, error: `the ${format} webhook answered ${res.status}` };
  } catch (error) {
    // The plan's call limit is not the chat's failure: the caller stops there (worker/platform/subrequests.ts).
    const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
    if (name === 'OverBudget' || /too many (subrequests|api requests)/i.test(String(message))) throw error;
    return { ok: false, error: name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : 'unreachable' };
  }
}
