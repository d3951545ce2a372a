import type { Config, Secrets } from '../env';
import { associationMail, visitorMail } from './emails';
import { sendMail, type MailSettings, type Message } from './mail';
import { MAX_ATTEMPTS, outbox, type Outbox, type Outcome, type Recipient, type Submission } from './outbox';

/** A lease outlives any one delivery (two sends, each cut off after 10 s) with room to spare. */
export const LEASE_MS = 2 * 60_000;
/** A cron run takes no new work after this: far inside the 5-minute interval, so runs rarely overlap. */
const RUN_BUDGET_MS = 60_000;
/** And at most this many submissions; the rest wait for the next run. */
const RUN_MAX = 100;

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
 * lease `owner` holds (its attempt already counted by the outbox). Each
 * e-mail is recorded the moment it is out; then the lease is given back with
 * the outcome: sent, pending (until the backoff set at the claim), or dead
 * after MAX_ATTEMPTS. Returns the status, or 'lost' when the lease was no
 * longer ours (someone else may be sending it).
 */
export async function deliver(box: OutboxStub, sub: Submission, owner: string, settings: MailSettings, config: Config): Promise<Submission['status'] | 'lost'> {
  if (sub.attempts > MAX_ATTEMPTS) {
    // Earlier attempts never reported back (the Worker was stopped each time): give up loudly.
    return finish(box, sub, owner, { status: 'dead', lastError: `${MAX_ATTEMPTS} attempts never finished` });
  }
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

  const lastError = errors.join(' | ');
  const outcome: Outcome =
    sent.association && sent.visitor ? { status: 'sent' }
    : !retry || sub.attempts >= MAX_ATTEMPTS ? { status: 'dead', lastError }
    : { status: 'pending', lastError };
  return finish(box, sub, owner, outcome);
}

/** Gives the lease back with the outcome, and says so in the log when it is not good news. */
async function finish(box: OutboxStub, sub: Submission, owner: string, outcome: Outcome): Promise<Submission['status'] | 'lost'> {
  if (!(await box.release(sub.id, owner, outcome))) {
    console.error(`Outbox: the lease on ${sub.id} expired before its outcome (${outcome.status}) was recorded.`);
    return 'lost';
  }
  if (outcome.status === 'dead') {
    console.error(`SUBMISSION DEAD: ${sub.form} ${sub.id} after ${sub.attempts} attempt(s): ${outcome.lastError}. Its content stays in the outbox (Durable Object Outbox, table submissions).`);
  } else if (outcome.status === 'pending') {
    console.warn(`Submission ${sub.id} not delivered yet (attempt ${sub.attempts}): ${outcome.lastError}; next try at ${new Date(sub.nextAttemptAt).toISOString()}`);
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
  // The schedule's time, advanced by the real time this run has taken (the outbox's own clock wins if later).
  const clock = () => scheduledTime + (Date.now() - started);
  const settings = mailSettings(secrets, config);
  let tried = 0;
  let sent = 0;
  await box.purge(clock());
  for (const id of await box.due(clock(), RUN_MAX)) {
    if (Date.now() - started > RUN_BUDGET_MS) break;
    try {
      const sub = await box.claim(id, owner, clock(), LEASE_MS);
      if (!sub) continue; // another run holds it, or has just finished it
      tried++;
      if ((await deliver(box, sub, owner, settings, config)) === 'sent') sent++;
    } catch (error) {
      // The outbox itself failed mid-way: the lease runs out and a later run tries again; go on with the others.
      console.error(`Outbox: delivering ${id} failed:`, error);
    }
  }
  return { tried, sent };
}
