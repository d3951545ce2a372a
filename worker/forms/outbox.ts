import type { SendResult } from './mail';
import { type Alert, alertsDone, claimDigest, type Digest, purgeAlerts, queueAlert, recordError } from './outbox-alerts';
import { mailFails, mailWorks, checkOutage as outage } from './outbox-health';
import { add, beginSend, claim, dueSubmissions, giveBack, releaseLease, settle } from './outbox-leases';
import { migrate } from './outbox-schema';
import { clock, countOf, getSubmission, type Outcome, type Recipient } from './outbox-submission';
import { exportPage, list, purgeSent, remove, resend, resendDead } from './outbox-submissions';

/**
 * The outbox: every accepted submission, until both of its e-mails are out.
 *
 * One Durable Object (SQLite storage) holds it, because the guarantee "never
 * mailed twice" needs a strongly consistent store: whoever sends a
 * submission first takes a lease on it here (an owner and an expiry, written
 * in one transaction with the check that nobody else holds it), records each
 * e-mail the moment it is out, and gives the lease back when done. Workers KV
 * cannot do this: it has no compare-and-set and is only eventually consistent
 * between locations (docs/decisions/0005).
 *
 * This module is the store (`store`): every function the object's methods
 * call (./outbox-object.ts), each given the object's SQL storage first. One
 * concern per module: the submissions and their leases (./outbox-leases.ts),
 * what maintainers do with them (./outbox-submissions.ts), the mail's health
 * (./outbox-health.ts), the alert queue and error counts
 * (./outbox-alerts.ts), the tables themselves, versioned
 * (./outbox-schema.ts). Here they meet: a send's outcome updates the mail's
 * health in the same step, and a submission gone dead queues its alert in the
 * same step as its state.
 *
 * Each function runs its SQL synchronously, without awaiting anything, so
 * workerd runs it as one atomic step: two callers never interleave inside.
 * Times are the object's clock (`clock`, ./outbox-submission.ts).
 */

/** Opens the outbox in the object's storage: its tables brought to this code's version, when the object starts. */
export function open(storage: DurableObjectStorage): void {
  migrate(storage);
}

const queue = (sql: SqlStorage, alert: Alert | undefined) => alert && queueAlert(sql, alert, clock());

/**
 * How a send begun with `beginSend` ended, and the mail's health, in the
 * same step: a success ends an outage, a transient failure or an unanswered
 * send counts towards one. A permanent refusal is about this message, not
 * the mail: it leaves the health alone. Only while `owner` holds the lease.
 */
function settleSend(sql: SqlStorage, id: string, owner: string, who: Recipient, result: SendResult, at = 0): boolean {
  if (!settle(sql, id, owner, who, result)) return false;
  const now = clock(at);
  if (result.outcome === 'sent') queue(sql, mailWorks(sql, now));
  else if (result.outcome === 'unknown' || result.failure === 'transient') queue(sql, mailFails(sql, now, result.reason, result.code));
  return true;
}

/** Gives the lease back with the outcome; a submission gone dead is announced in the same step, even if the run stops now. */
function release(sql: SqlStorage, id: string, owner: string, outcome: Outcome): boolean {
  if (!releaseLease(sql, id, owner, outcome)) return false;
  const sub = outcome.status === 'dead' ? getSubmission(sql, id) : null;
  if (sub) {
    const { form, created, attempts, sent, failure, reasonCode } = sub;
    const why = { ...(failure ? { failure } : {}), ...(reasonCode ? { reason: reasonCode } : {}) };
    queue(sql, { kind: 'dead', submission: id, form, created, attempts, sent, ...why });
  }
  return true;
}

/** The cron's look at the mail: an outage an hour old is announced even if nothing was due (./outbox-health.ts). */
function checkOutage(sql: SqlStorage, at: number): void {
  queue(sql, outage(sql, clock(at)));
}

/** The alerts due for one post to the chat, with the outbox's counts; null when none is due (./outbox-alerts.ts). */
function claimAlerts(sql: SqlStorage, at: number): Digest | null {
  return claimDigest(sql, clock(at), () => ({ pending: countOf(sql, 'pending'), dead: countOf(sql, 'dead') }));
}

/** Forgets sent submissions older than the retention period, and stale alerts; returns how many submissions went. */
function purge(sql: SqlStorage, at: number): number {
  const now = clock(at);
  purgeAlerts(sql, now);
  return purgeSent(sql, now);
}

/** The store's functions, by the name of the object's method that calls each. */
export const store = {
  add,
  due: dueSubmissions,
  claim,
  beginSend,
  settleSend,
  release,
  giveBack,
  resend,
  resendDead,
  remove,
  list,
  exportPage,
  checkOutage,
  claimAlerts,
  alertsDone,
  recordError,
  get: getSubmission,
  purge,
};
