import { lazy } from '#client/lazy.ts';
import type { Config } from '../env';
import { errorFields, type Logger } from '../platform/log';
import type { Budget } from '../platform/subrequests';
import type { Ops } from '../secrets';
import { type ChatMessage, chatFormat, postChat } from './chat';
import { formNamed } from './definitions';
import type { Alert, Digest } from './outbox-alerts';
import type { Outbox } from './outbox-object';

/**
 * Alerts to the association's chat (an incoming webhook: Slack, Discord,
 * Google Chat, Mattermost or Teams Workflows, set as the ALERT_WEBHOOK_URL
 * secret; worker/forms/chat.ts writes each platform's shape).
 *
 * The outbox queues an alert in the same step as what it announces (a
 * submission gone dead, mail failing for an hour, mail working again, a
 * burst of server errors), so an alert is never lost between the two. Each
 * post to the chat gathers every alert due into one message, at most one
 * per ten minutes (outbox-alerts.ts): a flood of bad addresses is one
 * message. A post that fails is tried again ten minutes later, about an
 * hour in all; it never holds up the mail. Every alert is also a log line
 * (`alert.dead`, `alert.outage`, `alert.recovered`, `alert.errors`):
 * without the secret, that line is the alert.
 *
 * What an alert says is safe by construction: ids, counts, times, reason
 * codes the site wrote and the commands to run. Never a visitor's words, nor
 * MailChannels' (which may quote them): those stay in the outbox, for
 * `npm run outbox -- show`.
 */

/** How long one post waits for the chat. */
const POST_TIMEOUT_MS = 5_000;
/** Dead submissions named one by one in a message; the others are counted. */
const DEAD_LISTED = 10;

type OutboxStub = DurableObjectStub<Outbox>;

/** Made on first use: a formatter costs an isolate's start time. */
const lausanne = lazy(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zurich',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const when = (ms: number) => `${lausanne().format(ms)} (Lausanne time)`;

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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** "it goes" or "they go", as many as there are. */
const go = (n: number) => (n === 1 ? 'it goes' : 'they go');
/** A reason code as stored; anything else (an older outbox's row) is not shown. */
const code = (reason: string | undefined) => (reason && /^[a-z0-9_]{1,40}$/.test(reason) ? ` (${reason})` : '');

type Dead = Extract<Alert, { kind: 'dead' }>;

function deadLines(dead: Dead[], cli: (c: string) => string, now: number): string[] {
  const copy = (sent: boolean) => (sent ? 'sent' : 'NOT sent');
  const why = (a: Dead) =>
    a.failure === 'permanent'
      ? 'MailChannels refused it, which will not pass by itself'
      : a.failure === 'unknown'
        ? 'MailChannels never answered'
        : `it kept failing for ${duration(now - Date.parse(a.created))}`;
  const listed = dead
    .slice(0, DEAD_LISTED)
    .map(
      (a) =>
        `• ${a.submission}: ${formNamed(a.form)?.form.alertName ?? 'form'}, received ${when(Date.parse(a.created))}, ${plural(a.attempts, 'attempt')}; ${why(a)}${code(a.reason)}. The association's copy: ${copy(a.sent.association)}; the visitor's confirmation: ${copy(a.sent.visitor)}.`,
    );
  const first = dead[0]!.submission;
  return [
    `${plural(dead.length, 'client request')} could not be e-mailed. ${dead.length === 1 ? 'It is' : 'They are'} kept in the outbox.`,
    ...listed,
    ...(dead.length > DEAD_LISTED ? [`… and ${dead.length - DEAD_LISTED} more: ${cli('list --state dead')}`] : []),
    `Read one: ${cli(`show ${first}`)}`,
    `Once the cause is fixed (docs/operations.md, "When mail stops arriving"), send it again: ${cli(`resend ${first}`)}, or every dead one: ${cli('resend --all-dead')}`,
  ];
}

function alertLines(alert: Exclude<Alert, Dead>, cli: (c: string) => string, now: number): string[] {
  switch (alert.kind) {
    case 'outage':
      return [
        `Mail is failing${code(alert.reason)}: nothing has gone out since ${when(alert.since)}, ${duration(now - alert.since)} ago. ${plural(alert.pending, 'request')} waiting; ${go(alert.pending)} out by themselves once mail works again, and you will be told.`,
        `What to do: docs/operations.md, "When mail stops arriving". See them: ${cli('list --state pending')}`,
      ];
    case 'recovered':
      return [
        `Mail works again, after ${duration(alert.until - alert.since)} (since ${when(alert.since)}). ${plural(alert.pending, 'request')} waiting: ${go(alert.pending)} out within minutes; ${alert.dead} dead${alert.dead > 0 ? `: ${cli('list --state dead')}` : ''}.`,
      ];
    case 'errors': {
      const r = alert.report;
      if (!r) return [`Server errors passed the alert threshold from ${when(alert.windowStart)}.`];
      const statuses = Object.entries(r.statuses)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ');
      return [
        `The site answered ${plural(r.total, 'server error')} in the ${duration(r.windowMs)} from ${when(alert.windowStart)} (${statuses}).`,
        `Most: ${r.top.map((t) => `${t.route} (${t.count})`).join(', ')}.`,
        'What to do: docs/operations.md, "When the site fails" (the logs: npx wrangler tail --env production --format pretty).',
      ];
    }
  }
}

/** One message for everything in a digest. `now` is when it is posted; `site` the address the commands point at. */
function digestMessage(digest: Digest, site: string, now: number): ChatMessage {
  const cli = (command: string) => `npm run outbox -- ${command} --url ${site}`;
  const host = new URL(site).host;
  const alerts = digest.alerts.map((q) => q.alert);
  const dead = alerts.filter((a): a is Dead => a.kind === 'dead');
  const others = alerts.filter((a): a is Exclude<Alert, Dead> => a.kind !== 'dead');
  const heads = [
    ...(dead.length ? [`${plural(dead.length, 'request')} not e-mailed`] : []),
    ...others.map((a) => ({ outage: 'mail is failing', recovered: 'mail works again', errors: 'server errors' })[a.kind]),
  ];
  return {
    title: `[${host}] ${[...new Set(heads)].join(', ')}`,
    lines: [
      ...(dead.length ? deadLines(dead, cli, now) : []),
      ...others.flatMap((a) => alertLines(a, cli, now)),
      `In the outbox now: ${digest.pending} pending, ${digest.dead} dead.`,
    ],
  };
}

/** The log line of an alert: its event, and its level (good news is not an error). */
const EVENTS = {
  dead: 'alert.dead',
  outage: 'alert.outage',
  recovered: 'alert.recovered',
  errors: 'alert.errors',
} as const satisfies Record<Alert['kind'], string>;

/** One log line per kind of alert in the message, the first time it is taken: without a webhook, that line is the alert. */
function logAlerts(digest: Digest, text: string, log: Logger): void {
  for (const kind of new Set(digest.alerts.filter((q) => q.tries === 1).map((q) => q.alert.kind))) {
    const ofKind = digest.alerts.filter((q) => q.tries === 1 && q.alert.kind === kind).map((q) => q.alert);
    const submissions = ofKind.flatMap((a) => (a.kind === 'dead' ? [a.submission] : []));
    log[kind === 'recovered' ? 'info' : 'error'](EVENTS[kind], {
      count: ofKind.length,
      ...(submissions.length ? { submission: submissions[0], submissions: submissions.slice(0, DEAD_LISTED) } : {}),
      text,
    });
  }
}

/**
 * Posts the alerts that are due, as one message. Each is also one log line,
 * the first time it is taken: without a webhook that line is the alert, and
 * the queue is emptied. With a `budget`, it takes nothing it could not post
 * (one fetch, two calls to the outbox). Never throws: a chat that is down
 * never holds up the mail.
 */
export async function flushAlerts(
  box: OutboxStub,
  ops: Ops,
  config: Config,
  log: Logger,
  at: number = Date.now(),
  budget?: Budget,
): Promise<void> {
  try {
    if (budget && !budget.fits({ fetch: 1, internal: 2 })) {
      log.warn('alert.deferred', { reason: 'the plan allows no more calls in this run', next: 'the next run posts them' });
      return;
    }
    const digest = await box.claimAlerts(at);
    if (!digest) return;
    if (digest.givenUp) {
      log.error('alert.given_up', {
        alerts: digest.givenUp,
        next: 'their last try never reported back: their log lines are all that is left of them',
      });
    }
    if (digest.alerts.length === 0) return;
    const message = digestMessage(digest, config.SITE_URL, at);
    logAlerts(digest, [message.title, ...message.lines].join('\n'), log);
    const ids = digest.alerts.map((q) => q.id);
    if (!ops.alertWebhookUrl) {
      await box.alertsDone(ids);
      return;
    }
    const format = chatFormat(ops.alertWebhookUrl, ops.alertFormat);
    // The webhook's address is a secret: only its host goes to the logs.
    const target = { alerts: ids.length, format, webhookHost: new URL(ops.alertWebhookUrl).host };
    const posted = await postChat(ops.alertWebhookUrl, format, message, {
      ...(budget ? { fetcher: budget.fetch } : {}),
      timeoutMs: POST_TIMEOUT_MS,
    });
    if (posted.ok) {
      await box.alertsDone(ids);
      log.info('alert.sent', target);
      return;
    }
    log.error('alert.failed', { ...target, reason: posted.error });
    const last = digest.alerts.filter((q) => q.last).map((q) => q.id);
    if (last.length) {
      await box.alertsDone(last);
      log.error('alert.given_up', { ...target, alerts: last.length, next: 'no more tries: their log lines are all that is left of them' });
    }
    if (last.length < ids.length) log.warn('alert.retry', { ...target, next: 'tried again in 10 minutes' });
  } catch (error) {
    log.error('alert.flush_failed', { next: 'the next run tries again', ...errorFields(error) });
  }
}
