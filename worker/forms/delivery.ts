import type { Config, Ops, Secrets } from '../env';
import { errorFields, type Logger, logger } from '../lib/log';
import { flushAlerts } from './alerts';
import { associationMail, visitorMail } from './emails';
import { type MailSettings, type Message, sendMail } from './mail';
import { MAX_ATTEMPTS, type Outbox, type Outcome, outbox, type Recipient, type Submission } from './outbox';

/**
 * How long one send waits for MailChannels. The first delivery runs after the
 * visitor's answer, where the platform allows about 30 s of work in all: two
 * sends must fit. A cron run has minutes, so it waits as long as MailChannels
 * may need (a send whose answer never comes has an unknown outcome).
 */
const SEND_TIMEOUT_MS = { request: 12_000, cron: 30_000 } as const;
/** A lease outlives any one delivery (two sends of at most 30 s each, and the outbox's calls) with room to spare. */
export const LEASE_MS = 2 * 60_000;
/** A cron run takes no new work after this: far inside the 5-minute interval, so runs rarely overlap. */
const RUN_BUDGET_MS = 60_000;
/** And at most this many submissions; the rest wait for the next run. */
const RUN_MAX = 100;
/**
 * Sends of the association's copy whose outcome may stay unknown: after the
 * first, it goes once more (a duplicate, shown as one message thanks to its
 * Message-ID, beats a lost request); after the second, a person must check.
 */
const ASSOCIATION_UNKNOWN_MAX = 2;

type OutboxStub = DurableObjectStub<Outbox>;

export function mailSettings(secrets: Secrets, config: Config, timeoutMs: number = SEND_TIMEOUT_MS.request): MailSettings {
  return {
    apiUrl: config.MAILCHANNELS_API_URL,
    apiKey: secrets.MAILCHANNELS_API_KEY,
    timeoutMs,
    ...(secrets.DKIM_DOMAIN && secrets.DKIM_SELECTOR && secrets.DKIM_PRIVATE_KEY
      ? { dkim: { domain: secrets.DKIM_DOMAIN, selector: secrets.DKIM_SELECTOR, privateKey: secrets.DKIM_PRIVATE_KEY } }
      : {}),
  };
}

/**
 * Whether an e-mail still has to be sent. The visitor's confirmation is never
 * sent twice: a send of unknown outcome counts as sent. The association's copy
 * is sent again after one unknown outcome.
 */
function due(sub: Pick<Submission, 'sent' | 'unknown' | 'visitorRefused'>, who: Recipient): boolean {
  if (sub.sent[who]) return false;
  return who === 'visitor' ? sub.unknown.visitor === 0 && !sub.visitorRefused : sub.unknown.association < ASSOCIATION_UNKNOWN_MAX;
}

/**
 * Sends whichever of the two e-mails is still due, for a submission whose
 * lease `owner` holds (its attempt already counted by the outbox). Each send
 * is put on record before it starts and settled once its answer is in (sent,
 * failed, or unknown when none came); then the lease is given back with the
 * outcome: sent, pending (until the backoff set at the claim), or dead after
 * MAX_ATTEMPTS or when the association's copy could not be confirmed. Returns
 * the status, or 'lost' when the lease was no longer ours.
 */
export async function deliver(
  box: OutboxStub,
  sub: Submission,
  owner: string,
  settings: MailSettings,
  config: Config,
  log: Logger,
  clock: () => number = Date.now,
): Promise<Submission['status'] | 'lost'> {
  const about = { submission: sub.id, form: sub.form, attempt: sub.attempts };
  if (sub.attempts > MAX_ATTEMPTS) {
    // Earlier attempts never reported back (the Worker was stopped each time): give up loudly.
    return finish(box, sub, owner, { status: 'dead', lastError: `${MAX_ATTEMPTS} attempts never finished`, failure: 'unknown' }, log);
  }
  const from = { email: config.MAIL_FROM, name: 'JE EPFL' };
  const messages: [Recipient, () => Message][] = [
    ['association', () => associationMail(sub, config, from, { email: config.MAIL_TO })],
    ['visitor', () => visitorMail(sub, config, from)],
  ];
  const state = { sent: { ...sub.sent }, unknown: { ...sub.unknown }, visitorRefused: sub.visitorRefused };
  const errors: string[] = [];
  let retry = false;
  /** What this attempt met: a refusal, a failure that may pass. (Neither: only sends left unanswered.) */
  let permanent = false;
  let transient = false;
  try {
    for (const [who, build] of messages) {
      if (!due(state, who)) continue;
      const message = build();
      if (!(await box.beginSend(sub.id, owner, who))) return lost(who, log, about);
      const result = await sendMail(message, settings);
      if (!(await box.settleSend(sub.id, owner, who, result, clock()))) return lost(who, log, about);
      if (result.outcome === 'sent') {
        state.sent[who] = true;
        continue;
      }
      errors.push(`${who}: ${result.reason}`);
      if (result.outcome === 'unknown') {
        state.unknown[who]++;
        log.warn('mail.outcome_unknown', {
          ...about,
          recipient: who,
          reason: result.reason,
          next: due(state, who) ? 'sent once more at the next attempt (same Message-ID)' : 'counted as sent, never sent again',
        });
        retry ||= due(state, who);
        continue;
      }
      if (result.failure === 'permanent' && who === 'association') {
        permanent = true;
        log.error('mail.refused', {
          ...about,
          recipient: who,
          reason: result.reason,
          next: 'dead at once: a person must fix the cause, then resend it (npm run outbox -- resend)',
        });
      } else if (result.failure === 'permanent') {
        // The association has (or will have) the request: only the confirmation is lost. Never tried again.
        state.visitorRefused = true;
        log.error('mail.refused', {
          ...about,
          recipient: who,
          reason: result.reason,
          next: "the visitor gets no confirmation; the association's copy is what counts",
        });
      } else {
        transient = retry = true;
      }
      if (!settings.apiKey) {
        // Local development without a MailChannels key: show the developer the whole message.
        log.info('mail.not_sent_local', { ...about, to: message.to.email, subject: message.subject, text: message.text });
      }
    }
  } catch (error) {
    // A bug, not an outage: count it as an attempt, so a broken record ends up dead instead of looping.
    errors.push(`threw: ${errorFields(error).error}`);
    transient = retry = true;
  }

  const done = !due(state, 'association') && !due(state, 'visitor');
  const confirmed = state.sent.association || state.unknown.association === 0;
  const lastError = errors.join(' | ');
  // A refusal of the association's copy is final, whatever else happened: trying again cannot help.
  const failure: Outcome['failure'] = permanent ? 'permanent' : transient ? 'transient' : 'unknown';
  const outcome: Outcome =
    done && confirmed
      ? { status: 'sent', ...(lastError ? { lastError } : {}) }
      : done
        ? {
            status: 'dead',
            lastError: `${lastError} | the association's copy went out ${ASSOCIATION_UNKNOWN_MAX} times without an answer: check the inbox`,
            failure: 'unknown',
          }
        : permanent || !retry || sub.attempts >= MAX_ATTEMPTS
          ? { status: 'dead', lastError, failure }
          : { status: 'pending', lastError, failure };
  return finish(box, sub, owner, outcome, log);
}

function lost(who: Recipient, log: Logger, about: Record<string, unknown>): 'lost' {
  log.error('outbox.lease_lost', { ...about, recipient: who, risk: 'another run may send this e-mail again' });
  return 'lost';
}

/** Gives the lease back with the outcome, and says so in the log when it is not good news. */
async function finish(
  box: OutboxStub,
  sub: Submission,
  owner: string,
  outcome: Outcome,
  log: Logger,
): Promise<Submission['status'] | 'lost'> {
  const about = { submission: sub.id, form: sub.form, attempt: sub.attempts };
  if (!(await box.release(sub.id, owner, outcome))) {
    log.error('outbox.lease_lost', { ...about, outcome: outcome.status, risk: 'the outcome was not recorded' });
    return 'lost';
  }
  if (outcome.status === 'dead') {
    log.error('submission.dead', {
      ...about,
      failure: outcome.failure,
      lastError: outcome.lastError,
      next: `kept in the outbox: npm run outbox -- resend ${sub.id}, once the cause is fixed`,
    });
  } else if (outcome.status === 'pending') {
    log.warn('submission.pending', {
      ...about,
      failure: outcome.failure,
      lastError: outcome.lastError,
      nextAttemptAt: new Date(sub.nextAttemptAt).toISOString(),
    });
  }
  return outcome.status;
}

/**
 * The cron trigger: delivers the due submissions, one lease at a time, until
 * none is left, RUN_MAX is reached or the time budget is spent. Several runs
 * at once are safe: a submission another run holds is skipped. Then it looks
 * at the mail's health (an outage an hour old is announced even if nothing
 * was due) and posts the alerts that are due, its own included: a submission
 * that died in this run reaches the chat in this run.
 */
export async function runOutbox(
  env: { OUTBOX: DurableObjectNamespace<Outbox> },
  secrets: Secrets,
  config: Config,
  ops: Ops,
  scheduledTime: number,
  { sendTimeoutMs = SEND_TIMEOUT_MS.cron }: { sendTimeoutMs?: number } = {},
): Promise<{ tried: number; sent: number }> {
  const box = outbox(env);
  const owner = `cron:${crypto.randomUUID()}`;
  const log = logger({ run: owner });
  const started = Date.now();
  // The schedule's time, advanced by the real time this run has taken (the outbox's own clock wins if later).
  const clock = () => scheduledTime + (Date.now() - started);
  const settings = mailSettings(secrets, config, sendTimeoutMs);
  let tried = 0;
  let sent = 0;
  await box.purge(clock());
  for (const id of await box.due(clock(), RUN_MAX)) {
    if (Date.now() - started > RUN_BUDGET_MS) break;
    try {
      const sub = await box.claim(id, owner, clock(), LEASE_MS);
      if (!sub) continue; // another run holds it, or has just finished it
      tried++;
      if ((await deliver(box, sub, owner, settings, config, log, clock)) === 'sent') sent++;
    } catch (error) {
      // The outbox itself failed mid-way: the lease runs out and a later run tries again; go on with the others.
      log.error('outbox.delivery_failed', { submission: id, next: 'a later run tries again', ...errorFields(error) });
    }
  }
  if (tried > 0) log.info('outbox.run', { tried, sent });
  try {
    await box.checkOutage(clock());
  } catch (error) {
    log.error('outbox.health_check_failed', { next: 'the next run looks again', ...errorFields(error) });
  }
  await flushAlerts(box, ops, config, log, clock());
  return { tried, sent };
}
