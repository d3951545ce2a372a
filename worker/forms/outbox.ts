import type { SendResult } from './mail';
import { type Alert, alertsDone, claimDigest, type Digest, purgeAlerts, queueAlert, recordError } from './outbox-alerts';
import { checkOutage, mailFails, mailWorks } from './outbox-health';
import { addLeased, beginSend, claim, dueIds, giveBack, release, settle } from './outbox-leases';
import type { PageKey } from './outbox-pages';
import { migrate } from './outbox-schema';
import { countOf, getSubmission, type NewSubmission, type Outcome, type Recipient, type Submission } from './outbox-submission';
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
 * This store is what the object's methods call (./outbox-object.ts), one
 * concern per module: the submissions and their leases
 * (./outbox-leases.ts), what maintainers do with them
 * (./outbox-submissions.ts), the mail's health (./outbox-health.ts), the
 * alert queue and error counts (./outbox-alerts.ts), and the tables
 * themselves, versioned (./outbox-schema.ts). Here they meet: a send's
 * outcome updates the mail's health in the same step, and a submission gone
 * dead queues its alert in the same step as its state.
 *
 * Each method runs its SQL synchronously, without awaiting anything, so
 * workerd runs it as one atomic step: two callers never interleave inside.
 *
 * Leases are judged by this object's clock, never by a caller's alone: a cron
 * run that starts late still knows its scheduled time only, and leases written
 * in that clock would look expired to a run that started on time. A caller may
 * only move the clock forward (`at` later than the object's), which is how
 * tests stand in for time passing; in production the object's clock wins.
 */
export class OutboxStore {
  private readonly sql: SqlStorage;

  /** Opens the outbox in the Durable Object's storage (./outbox-object.ts, which loads this module when it starts). */
  constructor(ctx: DurableObjectState) {
    this.sql = ctx.storage.sql;
    migrate(ctx.storage);
  }

  /** A new submission, already leased to `owner` (the request that accepted it): ./outbox-leases.ts. */
  add(sub: NewSubmission, owner: string, leaseMs: number): Submission {
    return addLeased(this.sql, sub, owner, leaseMs, this.clock());
  }

  /** Ids of pending submissions that are due and not leased, oldest first. */
  due(at: number, limit: number): string[] {
    return dueIds(this.sql, this.clock(at), limit);
  }

  claim(id: string, owner: string, at: number, leaseMs: number): Submission | null {
    return claim(this.sql, id, owner, this.clock(at), leaseMs);
  }

  beginSend(id: string, owner: string, who: Recipient): boolean {
    return beginSend(this.sql, id, owner, who);
  }

  /**
   * How a send begun with `beginSend` ended, and the mail's health, in the
   * same step: a success ends an outage, a transient failure or an unanswered
   * send counts towards one. A permanent refusal is about this message, not
   * the mail: it leaves the health alone. Only while `owner` holds the lease.
   */
  settleSend(id: string, owner: string, who: Recipient, result: SendResult, at = 0): boolean {
    if (!settle(this.sql, id, owner, who, result)) return false;
    const now = this.clock(at);
    if (result.outcome === 'sent') this.queue(mailWorks(this.sql, now));
    else if (result.outcome === 'unknown' || result.failure === 'transient')
      this.queue(mailFails(this.sql, now, result.reason, result.code));
    return true;
  }

  /** Gives the lease back with the outcome; a submission gone dead is announced in the same step, even if the run stops now. */
  release(id: string, owner: string, outcome: Outcome): boolean {
    if (!release(this.sql, id, owner, outcome, this.clock())) return false;
    const sub = outcome.status === 'dead' ? getSubmission(this.sql, id) : null;
    if (sub) {
      const { form, created, attempts, sent, failure, reasonCode } = sub;
      this.queue({
        kind: 'dead',
        submission: id,
        form,
        created,
        attempts,
        sent,
        ...(failure ? { failure } : {}),
        ...(reasonCode ? { reason: reasonCode } : {}),
      });
    }
    return true;
  }

  /** The plan's call limit stopped an attempt: given back uncounted, due again at once. The mail's health is left alone. */
  giveBack(id: string, owner: string, who: Recipient | null, at = 0): boolean {
    return giveBack(this.sql, id, owner, who, this.clock(at));
  }

  /** A maintainer's "send it again": ./outbox-submissions.ts. */
  resend(id: string, force: boolean, at = 0) {
    return resend(this.sql, id, force, this.clock(at));
  }

  resendDead(at = 0): string[] {
    return resendDead(this.sql, this.clock(at));
  }

  /** A maintainer's "delete it", refused while a delivery holds the lease. */
  remove(id: string, at = 0) {
    return remove(this.sql, id, this.clock(at));
  }

  /** One page of the list, newest first, without what visitors wrote. */
  list(status?: Submission['status'], before: PageKey | null = null, limit?: number) {
    return list(this.sql, status, before, limit);
  }

  /** One page of the export, whole submissions, oldest first. */
  exportPage(since: string, after: PageKey | null = null, limit?: number) {
    return exportPage(this.sql, since, after, limit);
  }

  /** The cron's look at the mail: an outage an hour old is announced even if nothing was due (./outbox-health.ts). */
  checkOutage(at: number): void {
    this.queue(checkOutage(this.sql, this.clock(at)));
  }

  /** The alerts due for one post to the chat, with the outbox's counts; null when none is due (./outbox-alerts.ts). */
  claimAlerts(at: number): Digest | null {
    return claimDigest(this.sql, this.clock(at), () => ({ pending: countOf(this.sql, 'pending'), dead: countOf(this.sql, 'dead') }));
  }

  /** Alerts posted, or given up: gone. */
  alertsDone(ids: number[]): void {
    alertsDone(this.sql, ids);
  }

  /** One server error of the site, on a route shape (worker/middleware/errors.ts): counted, and an alert past the threshold. */
  recordError(route: string, status: number, at = 0): void {
    recordError(this.sql, this.clock(at), route, status);
  }

  get(id: string): Submission | null {
    return getSubmission(this.sql, id);
  }

  /** Forgets sent submissions older than the retention period, and stale alerts; returns how many submissions went. */
  purge(at: number): number {
    const now = this.clock(at);
    purgeAlerts(this.sql, now);
    return purgeSent(this.sql, now);
  }

  private queue(alert: Alert | undefined): void {
    if (alert) queueAlert(this.sql, alert, this.clock());
  }

  /** This object's time, or a caller's if later (see the class comment). */
  private clock(at = 0): number {
    return Math.max(Date.now(), at);
  }
}
