import type { Config, Secrets } from '../env';
import { associationMail, visitorMail } from './emails';
import { sendMail, type MailSettings, type Message } from './mail';
import { outbox, type Outbox, type Outcome, type Recipient, type Submission } from './outbox';

/** 1 min, 2, 4 … 256 min, then 6 h steps: about a day and a half of outage before giving up. */
export const MAX_ATTEMPTS = 12;
/** A lease outlives any one delivery (two sends, each cut off after 10 s) with room to spare. */
export const LEASE_MS = 2 * 60_000;
/** A cron run takes no new work after this: far inside the 5-minute interval, so runs rarely overlap. */
export const RUN_BUDGET_MS = 60_000;
/** And at most this many submissions; the rest wait for the next run. */
export const RUN_MAX = 100;

export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

type OutboxStub = DurableObjectStub<Outbox>;

export function mailSettings(secrets: Secrets, config: Config): MailSettings {
  return {
    apiUrl: config.MAILCHANNELS_API_URL,
    apiKey: secrets.MAILCHANNELS_API_KEY,
    ...(secrets.DKIM_DOMAIN && secrets.DKIM_SELECTOR && secrets.DKIM_PRIVATE_KEY
      ? { dkim: { domain: secrets.DKIM_DOMAIN, selector: secrets.DKIM_SELECTOR, privateKey: secrets.DKIM_PRIVATE_KEY } }
      : {}),
  };
}

/**
 * Sends whichever of the two e-mails is still missing, for a submission whose
 * lease `owner` holds. Each e-mail is recorded the moment it is out; then the
 * lease is given back with the outcome: sent, pending with the next attempt's
 * time, or dead after MAX_ATTEMPTS. Returns the status, or 'lost' when the
 * lease was no longer ours (someone else may be sending it).
 */
export async function deliver(box: OutboxStub, sub: Submission, owner: string, settings: MailSettings, config: Config, now: number): Promise<Submission['status'] | 'lost'> {
  const from = { email: config.MAIL_FROM, name: 'JE EPFL' };
  const messages: [Recipient, () => Message][] = [
    ['association', () => associationMail(sub, config, from, { email: config.MAIL_TO })],
    ['visitor', () => visitorMail(sub, config, from)],
  ];
  const sent = { ...sub.sent };
  const errors: string[] = [];
  let retry = false;
  try {
    for (const [who, build] of messages) {
      if (sent[who]) continue;
      const message = build();
      const result = await sendMail(message, settings);
      if (result.ok) {
        sent[who] = true;
        if (!(await box.markSent(sub.id, owner, who))) {
          console.error(`Outbox: the lease on ${sub.id} expired while its ${who} e-mail was being sent; another run may send it again.`);
          return 'lost';
        }
      } else {
        errors.push(`${who}: ${result.reason}`);
        retry ||= result.retry;
        if (!settings.apiKey) {
          // Local development without a MailChannels key: show the developer the whole message.
          console.log(`[mail not sent, kept pending] submission ${sub.id} to ${message.to.email}\nSubject: ${message.subject}\n\n${message.text}`);
        }
      }
    }
  } catch (error) {
    // A bug, not an outage: count it as an attempt, so a broken record ends up dead instead of looping.
    errors.push(`threw: ${error instanceof Error ? error.message : String(error)}`);
    retry = true;
  }

  const attempts = sub.attempts + 1;
  const lastError = errors.join(' | ');
  const outcome: Outcome =
    sent.association && sent.visitor ? { status: 'sent', attempts, nextAttemptAt: now }
    : !retry || attempts >= MAX_ATTEMPTS ? { status: 'dead', attempts, nextAttemptAt: now, lastError }
    : { status: 'pending', attempts, nextAttemptAt: now + backoffMs(attempts), lastError };
  if (!(await box.release(sub.id, owner, outcome))) {
    console.error(`Outbox: the lease on ${sub.id} expired before its outcome (${outcome.status}) was recorded.`);
    return 'lost';
  }
  if (outcome.status === 'dead') {
    console.error(`SUBMISSION DEAD: ${sub.form} ${sub.id} after ${attempts} attempt(s): ${lastError}. Its content stays in the outbox (Durable Object Outbox, table submissions).`);
  } else if (outcome.status === 'pending') {
    console.warn(`Submission ${sub.id} not delivered yet (attempt ${attempts}): ${lastError}; next try at ${new Date(outcome.nextAttemptAt).toISOString()}`);
  }
  return outcome.status;
}

/**
 * The cron trigger: delivers the due submissions, one lease at a time, until
 * none is left, RUN_MAX is reached or the time budget is spent. Several runs
 * at once are safe: a submission another run holds is skipped.
 */
export async function runOutbox(
  env: { OUTBOX: DurableObjectNamespace<Outbox> },
  secrets: Secrets,
  config: Config,
  scheduledTime: number,
): Promise<{ tried: number; sent: number }> {
  const box = outbox(env);
  const owner = `cron:${crypto.randomUUID()}`;
  const started = Date.now();
  // The schedule's time, advanced by the real time this run has taken.
  const clock = () => scheduledTime + (Date.now() - started);
  const settings = mailSettings(secrets, config);
  let tried = 0;
  let sent = 0;
  await box.purge(clock());
  for (const id of await box.due(clock(), RUN_MAX)) {
    if (Date.now() - started > RUN_BUDGET_MS) break;
    const now = clock();
    const sub = await box.claim(id, owner, now, now + LEASE_MS);
    if (!sub) continue; // another run holds it, or has just finished it
    tried++;
    if ((await deliver(box, sub, owner, settings, config, now)) === 'sent') sent++;
  }
  return { tried, sent };
}
