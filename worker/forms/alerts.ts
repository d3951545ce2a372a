import { forms } from '#client/forms/index.ts';
import type { Config, Ops } from '../env';
import { errorFields, type Logger } from '../lib/log';
import type { Alert, Outbox } from './outbox';

/**
 * Alerts to the association's chat (an incoming webhook: Slack, Mattermost,
 * Google Chat, Teams or Discord, set as the ALERT_WEBHOOK_URL secret).
 *
 * The outbox queues an alert in the same step as what it announces (a
 * submission gone dead, mail failing for an hour, mail working again), so an
 * alert is never lost between the two; this file words it and posts it. A
 * post that fails is logged and tried again ten minutes later, about an hour
 * in all; it never holds up the mail. Every alert is also a log line
 * (`alert.dead`, `alert.outage`, `alert.recovered`): without the secret, that
 * line is the alert.
 *
 * An alert carries no visitor free text (no name, no message): ids, counts,
 * times, and MailChannels' own words about a refusal.
 */

/** How long one post waits for the chat. */
const POST_TIMEOUT_MS = 5_000;

type OutboxStub = DurableObjectStub<Outbox>;

/** Made on first use: a formatter costs an isolate's start time. */
let lausanne: Intl.DateTimeFormat | undefined;
const when = (ms: number) => {
  lausanne ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Zurich',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${lausanne.format(ms)} (Lausanne time)`;
};

/** "3 h 05 min", "12 min", "2 days 4 h": how long, for a person. */
function duration(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days} day${days > 1 ? 's' : ''}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h ${String(rest).padStart(2, '0')} min`;
  return `${rest} min`;
}

/**
 * Text from elsewhere (MailChannels' error) made inert for a chat: no markup
 * that Slack or Mattermost turn into links or mentions (`<…>`), no
 * `@here`/`@channel`/`@everyone` that would ping the whole room.
 */
function inert(text: string): string {
  return text
    .replace(/</g, '‹')
    .replace(/>/g, '›')
    .replace(/@(everyone|here|channel|all)\b/gi, '@\u200b$1');
}

/** The alert's words. `now` is when it is posted; `site` the address the commands in it point at. */
function alertText(alert: Alert, site: string, now: number): string {
  const cli = (command: string) => `npm run outbox -- ${command} --url ${site}`;
  const host = new URL(site).host;
  switch (alert.kind) {
    case 'dead': {
      const created = Date.parse(alert.created);
      const why =
        alert.failure === 'permanent'
          ? 'MailChannels refused it (this will not pass by itself)'
          : alert.failure === 'unknown'
            ? 'no answer ever came from MailChannels (its sends timed out or never finished)'
            : `it kept failing for ${duration(now - created)}`;
      const copy = (sent: boolean) => (sent ? 'sent' : 'NOT sent');
      return [
        `[${host}] A client request could not be e-mailed: ${why}.`,
        `${forms[alert.form]?.alertName ?? alert.form}, received ${when(created)}, ${duration(now - created)} ago, after ${alert.attempts} attempt${alert.attempts === 1 ? '' : 's'}.`,
        `The association's copy: ${copy(alert.sent.association)}. The visitor's confirmation: ${copy(alert.sent.visitor)}.`,
        ...(alert.lastError ? [`Last error: ${inert(alert.lastError)}`] : []),
        `It is kept in the outbox. Read it: ${cli(`show ${alert.submission}`)}`,
        `Once the cause is fixed (docs/operations.md, "When mail stops arriving"), send it again: ${cli(`resend ${alert.submission}`)}`,
      ].join('\n');
    }
    case 'outage':
      return [
        `[${host}] Mail is failing: nothing has gone out since ${when(alert.since)}, ${duration(now - alert.since)} ago.`,
        `${alert.pending} request${alert.pending === 1 ? ' is' : 's are'} waiting in the outbox; ${alert.pending === 1 ? 'it goes' : 'they go'} out by themselves once mail works again, and you will be told.`,
        ...(alert.lastError ? [`Last error: ${inert(alert.lastError)}`] : []),
        `What to do: docs/operations.md, "When mail stops arriving". See them: ${cli('list --state pending')}`,
      ].join('\n');
    case 'recovered':
      return [
        `[${host}] Mail works again, after ${duration(alert.until - alert.since)} (since ${when(alert.since)}).`,
        `${alert.pending} request${alert.pending === 1 ? ' was' : 's were'} waiting: ${alert.pending === 1 ? 'it goes' : 'they go'} out within minutes. ${alert.dead} dead${alert.dead > 0 ? `: ${cli('list --state dead')}` : ''}.`,
      ].join('\n');
  }
}

/**
 * The body every supported chat reads: Slack, Mattermost and Teams read
 * `text`, Discord `content`. Google Chat reads `text` and refuses any field it
 * does not know ("Unknown name \"content\""), so it gets `text` alone.
 */
function alertBody(webhookUrl: string, text: string): Record<string, string> {
  return new URL(webhookUrl).hostname === 'chat.googleapis.com' ? { text } : { text, content: text };
}

/** Posts one alert; true when the chat took it. Never throws. */
async function post(webhookUrl: string, text: string, log: Logger, about: Record<string, unknown>): Promise<boolean> {
  try {
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(alertBody(webhookUrl, text)),
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return true;
    log.error('alert.failed', { ...about, reason: `the webhook answered ${res.status}` });
  } catch (error) {
    log.error('alert.failed', { ...about, reason: errorFields(error).error });
  }
  return false;
}

/** The log line of an alert: its event, and its level (good news is not an error). */
const EVENTS = { dead: 'alert.dead', outage: 'alert.outage', recovered: 'alert.recovered' } as const satisfies Record<
  Alert['kind'],
  string
>;

/**
 * Posts the alerts that are due. Each is also one log line, the first time it
 * is taken (`alert.dead`, `alert.outage`, `alert.recovered`, with its text):
 * without a webhook that line is the alert, and the queue is emptied. Never
 * throws: a chat that is down never holds up the mail.
 */
export async function flushAlerts(
  box: OutboxStub,
  ops: Ops,
  config: Config,
  log: Logger,
  at: number = Date.now(),
  limit = 20,
): Promise<void> {
  try {
    for (const { id, alert, tries, last } of await box.claimAlerts(at, limit)) {
      const text = alertText(alert, config.SITE_URL, at);
      const about = { alert: alert.kind, ...(alert.kind === 'dead' ? { submission: alert.submission } : {}) };
      if (tries === 1) log[alert.kind === 'recovered' ? 'info' : 'error'](EVENTS[alert.kind], { ...about, text });
      if (!ops.alertWebhookUrl) {
        await box.alertDone(id);
        continue;
      }
      // The webhook's address is a secret: only its host goes to the logs.
      const target = { ...about, webhookHost: new URL(ops.alertWebhookUrl).host };
      if (await post(ops.alertWebhookUrl, text, log, target)) {
        await box.alertDone(id);
        log.info('alert.sent', target);
      } else if (last) {
        await box.alertDone(id);
        log.error('alert.given_up', { ...target, next: 'no more tries: its log line is all that is left of it' });
      } else {
        log.warn('alert.retry', { ...target, next: 'tried again in 10 minutes' });
      }
    }
  } catch (error) {
    log.error('alert.flush_failed', { next: 'the next run tries again', ...errorFields(error) });
  }
}
