import type { AnyForm } from '#client/forms/define.ts';
import type { Config } from '../env';
import { errorFields } from '../platform/log';
import { isCallLimit } from '../platform/subrequests';
import type { Secrets } from '../secrets';
import { composeAssociationMail, composeVisitorMail } from './compose-mail';
import { ASSOCIATION_UNKNOWN_MAX, type DeliveryRun, mailDue, type OutboxStub, Stopped, sendTo } from './delivery-send';
import type { MailSettings, Message, SendResult } from './mail';
import type { Outcome, Recipient, Submission } from './outbox-submission';

/**
 * How long one send waits for MailChannels. The first delivery runs after the
 * visitor's answer, where the platform allows about 30 s of work in all: two
 * sends must fit. A cron run has minutes, so it waits as long as MailChannels
 * may need (a send whose answer never comes has an unknown outcome).
 */
export const SEND_TIMEOUT_MS = { request: 12_000, cron: 30_000 } as const;
/** Attempts before a submission is given up (dead): about three days of the outbox's backoff, so a weekend's outage passes. */
export const MAX_ATTEMPTS = 20;
/** A lease outlives any one delivery (two sends of at most 30 s each, and the outbox's calls) with room to spare. */
export const LEASE_MS = 2 * 60_000;

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

/** What one attempt met, as its sends come back. */
interface Attempt {
  state: Pick<Submission, 'sent' | 'unknown' | 'visitorRefused'>;
  errors: string[];
  code?: string;
  /** Something is still due that a later attempt may send. */
  retry: boolean;
  /** MailChannels refused the association's copy: a person must fix something. */
  permanent: boolean;
  /** A failure that may pass. (Neither: only sends left unanswered.) */
  transient: boolean;
}

const about = (sub: Submission) => ({ submission: sub.id, form: sub.form, attempt: sub.attempts });

/**
 * Sends whichever of the two e-mails is still due, for a submission whose
 * lease `owner` holds (its attempt already counted by the outbox), as its
 * form writes them (`form`: the list's, client/forms/index.ts). Each send is
 * put on record before it starts and settled once its answer is in (sent,
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
  form: AnyForm | undefined,
  run: DeliveryRun,
): Promise<Submission['status'] | 'lost' | 'stopped'> {
  if (sub.attempts > MAX_ATTEMPTS) {
    // Earlier attempts never reported back (the Worker was stopped each time): give up loudly.
    const lastError = `${MAX_ATTEMPTS} attempts never finished`;
    return finish(box, sub, owner, { status: 'dead', lastError, code: 'never_finished', failure: 'unknown' }, run);
  }
  const attempt: Attempt = {
    state: { sent: { ...sub.sent }, unknown: { ...sub.unknown }, visitorRefused: sub.visitorRefused },
    errors: [],
    retry: false,
    permanent: false,
    transient: false,
  };
  try {
    // A form no longer in the list: a bug, counted as an attempt like any other (below).
    if (!form) throw new Error(`No form is named ${sub.form}`);
    const build = messages(sub, form, run.config);
    for (const who of ['association', 'visitor'] as const) {
      if (!mailDue(attempt.state, who)) continue;
      const sent = await sendTo(box, sub, owner, who, build[who], run);
      if (sent === 'lost') return lost(who, sub, run);
      note(attempt, who, sent.result, sent.message, sub, run);
    }
  } catch (error) {
    if (error instanceof Stopped || isCallLimit(error)) return stopped(box, sub, owner, error, run);
    // A bug, not an outage: count it as an attempt, so a broken record ends up dead instead of looping.
    attempt.errors.push(`threw: ${errorFields(error).error}`);
    attempt.code ??= 'threw';
    attempt.transient = attempt.retry = true;
  }
  return finish(box, sub, owner, outcomeOf(attempt, sub), run);
}

/** The two e-mails of a submission, as its form writes them; the association's copy with or without Reply-To. */
function messages(sub: Submission, form: AnyForm, config: Config): Record<Recipient, (withoutReplyTo: boolean) => Message> {
  const from = { email: config.MAIL_FROM, name: 'JE EPFL' };
  return {
    association: (withoutReplyTo) => composeAssociationMail(sub, form, config, from, { email: config.MAIL_TO }, { withoutReplyTo }),
    visitor: () => composeVisitorMail(sub, form, config, from),
  };
}

/** What one send's answer means for the attempt, and its log line. */
function note(attempt: Attempt, who: Recipient, result: SendResult, message: Message, sub: Submission, run: DeliveryRun): void {
  const { state } = attempt;
  if (result.outcome === 'sent') {
    state.sent[who] = true;
    return;
  }
  attempt.errors.push(`${who}: ${result.reason}`);
  attempt.code ??= `${who}_${result.code}`;
  const development = run.config.ENVIRONMENT === 'development';
  // Outside development, the log holds codes only: MailChannels' words may quote what the visitor typed.
  const fields = { ...about(sub), recipient: who, reason: development ? result.reason : result.code };
  if (result.outcome === 'unknown') {
    state.unknown[who]++;
    const again = mailDue(state, who);
    run.log.warn('mail.outcome_unknown', {
      ...fields,
      next: again ? 'sent once more at the next attempt (same Message-ID)' : 'counted as sent, never sent again',
    });
    attempt.retry ||= again;
    return;
  }
  if (result.failure === 'permanent') {
    // A refused confirmation: the association has (or will have) the request, only the confirmation is lost. Never tried again.
    if (who === 'association') attempt.permanent = true;
    else state.visitorRefused = true;
    run.log.error('mail.refused', {
      ...fields,
      next:
        who === 'association'
          ? 'dead at once: a person must fix the cause, then resend it (npm run outbox -- resend)'
          : "the visitor gets no confirmation; the association's copy is what counts",
    });
  } else {
    attempt.transient = attempt.retry = true;
  }
  if (!run.settings.apiKey && development) {
    // Your own computer without a MailChannels key: the whole message, for the developer. Never anywhere else.
    run.log.info('mail.not_sent_local', { ...about(sub), to: message.to.email, subject: message.subject, text: message.text });
  }
}

/** The attempt's outcome: sent, dead (a refusal, nothing left to retry, or the last attempt), or pending. */
function outcomeOf({ state, errors, code, retry, permanent, transient }: Attempt, sub: Submission): Outcome {
  const done = !mailDue(state, 'association') && !mailDue(state, 'visitor');
  const confirmed = state.sent.association || state.unknown.association === 0;
  const lastError = errors.join(' | ');
  if (done && confirmed) return { status: 'sent', ...(lastError ? { lastError } : {}) };
  if (done) {
    return {
      status: 'dead',
      lastError: `${lastError} | the association's copy went out ${ASSOCIATION_UNKNOWN_MAX} times without an answer: check the inbox`,
      code: 'association_unconfirmed',
      failure: 'unknown',
    };
  }
  // A refusal of the association's copy is final, whatever else happened: trying again cannot help.
  const failure: Outcome['failure'] = permanent ? 'permanent' : transient ? 'transient' : 'unknown';
  const status = permanent || !retry || sub.attempts >= MAX_ATTEMPTS ? 'dead' : 'pending';
  return { status, lastError, failure, ...(code ? { code } : {}) };
}

/** The plan's limit, not a failure: nothing of this attempt counts, and the next run takes it. */
async function stopped(box: OutboxStub, sub: Submission, owner: string, error: unknown, run: DeliveryRun): Promise<'stopped' | 'lost'> {
  const who = error instanceof Stopped ? error.who : null;
  if (!(await box.giveBack(sub.id, owner, who, run.clock()))) return lost(who ?? 'association', sub, run);
  run.log.warn('outbox.stopped_by_limit', { ...about(sub), next: 'given back uncounted: the next run sends it' });
  return 'stopped';
}

function lost(who: Recipient, sub: Submission, run: DeliveryRun): 'lost' {
  run.log.error('outbox.lease_lost', { ...about(sub), recipient: who, risk: 'another run may send this e-mail again' });
  return 'lost';
}

/** Gives the lease back with the outcome, and says so in the log when it is not good news. */
async function finish(box: OutboxStub, sub: Submission, owner: string, outcome: Outcome, run: DeliveryRun) {
  if (!(await box.release(sub.id, owner, outcome))) {
    run.log.error('outbox.lease_lost', { ...about(sub), outcome: outcome.status, risk: 'the outcome was not recorded' });
    return 'lost';
  }
  // The error's words stay in the outbox (npm run outbox -- show): outside development the log has its code.
  const why = {
    failure: outcome.failure,
    ...(outcome.code ? { reason: outcome.code } : {}),
    ...(run.config.ENVIRONMENT === 'development' ? { lastError: outcome.lastError } : {}),
  };
  if (outcome.status === 'dead') {
    run.log.error('submission.dead', {
      ...about(sub),
      ...why,
      next: `kept in the outbox: npm run outbox -- resend ${sub.id}, once the cause is fixed`,
    });
  } else if (outcome.status === 'pending') {
    run.log.warn('submission.pending', { ...about(sub), ...why, nextAttemptAt: new Date(sub.nextAttemptAt).toISOString() });
  }
  return outcome.status;
}
