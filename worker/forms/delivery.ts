import type { Config } from '../env';
import { errorFields, type Logger, logger } from '../lib/log';
import { Budget, isCallLimit } from '../lib/subrequests';
import type { Ops, Secrets } from '../secrets';
import { flushAlerts } from './alerts';
import { associationMail, visitorMail } from './emails';
import { type MailSettings, type Message, type SendResult, sendMail } from './mail';
import { type Outbox, outbox } from './outbox-object';
import type { Outcome, Recipient, Submission } from './outbox-submission';

/**
 * How long one send waits for MailChannels. The first delivery runs after the
 * visitor's answer, where the platform allows about 30 s of work in all: two
 * sends must fit. A cron run has minutes, so it waits as long as MailChannels
 * may need (a send whose answer never comes has an unknown outcome).
 */
const SEND_TIMEOUT_MS = { request: 12_000, cron: 30_000 } as const;
/** Attempts before a submission is given up (dead): about three days of the outbox's backoff, so a weekend's outage passes. */
export const MAX_ATTEMPTS = 20;
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

export function mailSettings(
  secrets: Secrets,
  config: Config,
  timeoutMs: number = SEND_TIMEOUT_MS.request,
  fetcher?: typeof fetch,
): MailSettings {
  return {
    apiUrl: config.MAILCHANNELS_API_URL,
    apiKey: secrets.MAILCHANNELS_API_KEY,
    timeoutMs,
    ...(fetcher ? { fetcher } : {}),
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
 * The most calls one delivery makes: the association's copy twice (once
 * more without Reply-To when MailChannels refused the visitor's address
 * there), the confirmation once; around each send, two calls to the outbox;
 * the claim, and the release. A run claims a submission only when this
 * still fits in its budget (worker/lib/subrequests.ts).
 */
const DELIVERY_CALLS = { fetch: 3, internal: 8 } as const;

/** A send stopped by the plan's call limit before it left (`who`), or after, its outcome then left unknown (null). */
class Stopped extends Error {
  constructor(readonly who: Recipient | null) {
    super('stopped by the call limit');
  }
}

/**
 * One send of a submission's e-mail, on record before it starts and settled
 * once its answer is in. 'lost' when the lease is no longer ours.
 */
async function sendOne(
  box: OutboxStub,
  sub: Submission,
  owner: string,
  who: Recipient,
  message: Message,
  settings: MailSettings,
  clock: () => number,
): Promise<SendResult | 'lost'> {
  if (!(await box.beginSend(sub.id, owner, who))) return 'lost';
  let result: SendResult;
  try {
    result = await sendMail(message, settings);
  } catch (error) {
    if (isCallLimit(error)) throw new Stopped(who);
    throw error;
  }
  try {
    if (!(await box.settleSend(sub.id, owner, who, result, clock()))) return 'lost';
  } catch (error) {
    if (isCallLimit(error)) throw new Stopped(null);
    throw error;
  }
  return result;
}

/**
 * A refusal that may be about the visitor's address: MailChannels answers 400
 * (or 422) to a Reply-To it will not take, and its words cannot be relied on
 * to say so. The copy is then tried once without it; if that is refused too,
 * the cause was something else and the request is dead as before.
 */
const refusedReplyTo = (result: SendResult, message: Message) =>
  result.outcome === 'failed' && result.failure === 'permanent' && (result.status === 400 || result.status === 422) && !!message.replyTo;

/**
 * Sends whichever of the two e-mails is still due, for a submission whose
 * lease `owner` holds (its attempt already counted by the outbox). Each send
 * is put on record before it starts and settled once its answer is in (sent,
 * failed, or unknown when none came); then the lease is given back with the
 * outcome: sent, pending (until the backoff set at the claim), or dead after
 * MAX_ATTEMPTS or when the association's copy could not be confirmed.
 * Returns the status; 'lost' when the lease was no longer ours; 'stopped'
 * when the plan's call limit ended the attempt (given back uncounted).
 */
export async function deliver(
  box: OutboxStub,
  sub: Submission,
  owner: string,
  settings: MailSettings,
  config: Config,
  log: Logger,
  clock: () => number = Date.now,
): Promise<Submission['status'] | 'lost' | 'stopped'> {
  const about = { submission: sub.id, form: sub.form, attempt: sub.attempts };
  if (sub.attempts > MAX_ATTEMPTS) {
    // Earlier attempts never reported back (the Worker was stopped each time): give up loudly.
    const outcome: Outcome = {
      status: 'dead',
      lastError: `${MAX_ATTEMPTS} attempts never finished`,
      code: 'never_finished',
      failure: 'unknown',
    };
    return finish(box, sub, owner, outcome, log, config);
  }
  const from = { email: config.MAIL_FROM, name: 'JE EPFL' };
  const build: Record<Recipient, (withoutReplyTo?: boolean) => Message> = {
    association: (withoutReplyTo = false) => associationMail(sub, config, from, { email: config.MAIL_TO }, { withoutReplyTo }),
    visitor: () => visitorMail(sub, config, from),
  };
  const development = config.ENVIRONMENT === 'development';
  const state = { sent: { ...sub.sent }, unknown: { ...sub.unknown }, visitorRefused: sub.visitorRefused };
  const errors: string[] = [];
  let code: string | undefined;
  let retry = false;
  /** What this attempt met: a refusal, a failure that may pass. (Neither: only sends left unanswered.) */
  let permanent = false;
  let transient = false;
  try {
    for (const who of ['association', 'visitor'] as const) {
      if (!due(state, who)) continue;
      let message = build[who]();
      let result = await sendOne(box, sub, owner, who, message, settings, clock);
      if (result !== 'lost' && who === 'association' && refusedReplyTo(result, message)) {
        log.warn('mail.reply_to_refused', {
          ...about,
          reason: (result as { code: string }).code,
          next: "the association's copy goes once more without Reply-To, the visitor's address in its text",
        });
        message = build.association(true);
        result = await sendOne(box, sub, owner, who, message, settings, clock);
      }
      if (result === 'lost') return lost(who, log, about);
      if (result.outcome === 'sent') {
        state.sent[who] = true;
        continue;
      }
      errors.push(`${who}: ${result.reason}`);
      code ??= `${who}_${result.code}`;
      // Outside development, the log holds codes only: MailChannels' words may quote what the visitor typed.
      const reason = development ? { reason: result.reason } : { reason: result.code };
      if (result.outcome === 'unknown') {
        state.unknown[who]++;
        log.warn('mail.outcome_unknown', {
          ...about,
          recipient: who,
          ...reason,
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
          ...reason,
          next: 'dead at once: a person must fix the cause, then resend it (npm run outbox -- resend)',
        });
      } else if (result.failure === 'permanent') {
        // The association has (or will have) the request: only the confirmation is lost. Never tried again.
        state.visitorRefused = true;
        log.error('mail.refused', {
          ...about,
          recipient: who,
          ...reason,
          next: "the visitor gets no confirmation; the association's copy is what counts",
        });
      } else {
        transient = retry = true;
      }
      if (!settings.apiKey && development) {
        // Your own computer without a MailChannels key: the whole message, for the developer. Never anywhere else.
        log.info('mail.not_sent_local', { ...about, to: message.to.email, subject: message.subject, text: message.text });
      }
    }
  } catch (error) {
    if (error instanceof Stopped || isCallLimit(error)) {
      // The plan's limit, not a failure: nothing of this attempt counts, and the next run takes it.
      const who = error instanceof Stopped ? error.who : null;
      if (!(await box.giveBack(sub.id, owner, who, clock()))) return lost(who ?? 'association', log, about);
      log.warn('outbox.stopped_by_limit', { ...about, next: 'given back uncounted: the next run sends it' });
      return 'stopped';
    }
    // A bug, not an outage: count it as an attempt, so a broken record ends up dead instead of looping.
    errors.push(`threw: ${errorFields(error).error}`);
    code ??= 'threw';
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
            code: 'association_unconfirmed',
            failure: 'unknown',
          }
        : permanent || !retry || sub.attempts >= MAX_ATTEMPTS
          ? { status: 'dead', lastError, failure, ...(code ? { code } : {}) }
          : { status: 'pending', lastError, failure, ...(code ? { code } : {}) };
  return finish(box, sub, owner, outcome, log, config);
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
  config: Config,
): Promise<Submission['status'] | 'lost'> {
  const about = { submission: sub.id, form: sub.form, attempt: sub.attempts };
  if (!(await box.release(sub.id, owner, outcome))) {
    log.error('outbox.lease_lost', { ...about, outcome: outcome.status, risk: 'the outcome was not recorded' });
    return 'lost';
  }
  // The error's words stay in the outbox (npm run outbox -- show): outside development the log has its code.
  const why = {
    failure: outcome.failure,
    ...(outcome.code ? { reason: outcome.code } : {}),
    ...(config.ENVIRONMENT === 'development' ? { lastError: outcome.lastError } : {}),
  };
  if (outcome.status === 'dead') {
    log.error('submission.dead', {
      ...about,
      ...why,
      next: `kept in the outbox: npm run outbox -- resend ${sub.id}, once the cause is fixed`,
    });
  } else if (outcome.status === 'pending') {
    log.warn('submission.pending', { ...about, ...why, nextAttemptAt: new Date(sub.nextAttemptAt).toISOString() });
  }
  return outcome.status;
}

/** What a run keeps back for the alerts it posts last: the outage check, the claim, the post and its bookkeeping. */
const ALERT_RESERVE = { fetch: 1, internal: 4 } as const;

/**
 * The cron trigger, within the plan's calls (worker/lib/subrequests.ts):
 * first the alerts left from earlier runs; then the due submissions, one
 * lease at a time, each claimed only if a whole delivery still fits with
 * the alerts' share kept back, until none is left, RUN_MAX is reached or
 * the time budget is spent (the rest wait for the next run, nothing counted
 * against them); then a look at the mail's health (an outage an hour old is
 * announced even if nothing was due) and the alerts this run made. Several
 * runs at once are safe: a submission another run holds is skipped.
 */
export async function runOutbox(
  env: { OUTBOX: DurableObjectNamespace<Outbox> },
  /** Null when the forms' secrets are unusable (logged by env.ts): nothing is sent, the alerts still go. */
  secrets: Secrets | null,
  config: Config,
  ops: Ops,
  scheduledTime: number,
  { sendTimeoutMs = SEND_TIMEOUT_MS.cron, budget = Budget.forPlan(config.WORKERS_PLAN) }: { sendTimeoutMs?: number; budget?: Budget } = {},
): Promise<{ tried: number; sent: number; left: number }> {
  const box = budget.meter(outbox(env));
  const owner = `cron:${crypto.randomUUID()}`;
  const log = logger({ run: owner });
  const started = Date.now();
  // The schedule's time, advanced by the real time this run has taken (the outbox's own clock wins if later).
  const clock = () => scheduledTime + (Date.now() - started);
  let tried = 0;
  let sent = 0;
  let left = 0;
  await box.purge(clock());
  await flushAlerts(box, ops, config, log, clock(), budget);
  const due = secrets ? await box.due(clock(), RUN_MAX) : [];
  const settings = secrets && mailSettings(secrets, config, sendTimeoutMs, budget.fetch);
  for (const [i, id] of due.entries()) {
    if (Date.now() - started > RUN_BUDGET_MS || !budget.fits(DELIVERY_CALLS, ALERT_RESERVE)) {
      left = due.length - i;
      log.info('outbox.run_limit', {
        left,
        reason: Date.now() - started > RUN_BUDGET_MS ? 'time' : 'calls',
        next: 'the next run takes them',
      });
      break;
    }
    try {
      const sub = await box.claim(id, owner, clock(), LEASE_MS);
      if (!sub) continue; // another run holds it, or has just finished it
      tried++;
      const status = await deliver(box, sub, owner, settings!, config, log, clock);
      if (status === 'sent') sent++;
      if (status === 'stopped') {
        left = due.length - i;
        break;
      }
    } catch (error) {
      if (isCallLimit(error)) {
        left = due.length - i;
        log.warn('outbox.run_limit', { left, reason: 'calls', next: 'the next run takes them' });
        break;
      }
      // The outbox itself failed mid-way: the lease runs out and a later run tries again; go on with the others.
      log.error('outbox.delivery_failed', { submission: id, next: 'a later run tries again', ...errorFields(error) });
    }
  }
  if (tried > 0) log.info('outbox.run', { tried, sent, left });
  try {
    await box.checkOutage(clock());
  } catch (error) {
    log.error('outbox.health_check_failed', { next: 'the next run looks again', ...errorFields(error) });
  }
  await flushAlerts(box, ops, config, log, clock(), budget);
  return { tried, sent, left };
}
