import type { FieldValue } from '#client/forms/define.ts';
import type { Estimate } from '#client/forms/estimate/pricing.ts';
import type { FormName } from '#client/forms/index.ts';
import type { Locale } from '#client/i18n.ts';
import { SENT_RETENTION_DAYS } from '#client/retention.ts';
import type { Failure, SendResult } from './mail';
import { type Alert, alertsDone, claimDigest, createAlertTables, type Digest, purgeAlerts, queueAlert, recordError } from './outbox-alerts';
import { EXPORT_PAGE, LIST_PAGE, newestFirst, oldestFirst, type PageKey } from './outbox-pages';

export type { Alert, Digest } from './outbox-alerts';

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
 * Each method runs its SQL synchronously, without awaiting anything, so
 * workerd runs it as one atomic step: two callers never interleave inside.
 *
 * Leases are judged by this object's clock, never by a caller's alone: a cron
 * run that starts late still knows its scheduled time only, and leases written
 * in that clock would look expired to a run that started on time. A caller may
 * only move the clock forward (`now` later than the object's), which is how
 * tests stand in for time passing; in production the object's clock wins.
 */

export interface Submission {
  id: string;
  form: FormName;
  locale: Locale;
  created: string;
  fields: Record<string, FieldValue>;
  /** What the form computed on the server (its `compute`: the pricer's estimate), stored as it was given. */
  estimate?: Estimate;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  /** Epoch ms: not tried again before this. */
  nextAttemptAt: number;
  lastError?: string;
  /** The same as a code the site wrote (worker/forms/mail.ts, ReasonCode): what the chat is told. */
  reasonCode?: string;
  /**
   * What kind of failure the last attempt met: `permanent` (MailChannels
   * refused the message: a person must fix something), `transient` (an outage
   * that may pass) or `unknown` (sends that were never answered).
   */
  failure?: Failure | 'unknown';
  /**
   * The visitor's confirmation was refused by MailChannels (a 4xx other than
   * 429: an address it will not deliver to): it is not tried again, and the
   * submission can still be sent (the association has the request).
   */
  visitorRefused: boolean;
  /** How many times a maintainer forced the association's copy again (`resend --force`): each copy gets its own Message-ID. */
  copies: number;
  /** Which e-mails are known to be out: MailChannels accepted them. */
  sent: { association: boolean; visitor: boolean };
  /**
   * Sends whose outcome is unknown, per e-mail: it was handed to MailChannels
   * and no answer came (the send timed out, or the Worker stopped mid-send).
   * Each send is counted here before it starts and taken back once its answer
   * is in, so a send that never reports back stays counted (delivery.ts decides
   * what an unknown outcome means for each e-mail).
   */
  unknown: { association: number; visitor: number };
}
export type Recipient = keyof Submission['sent'];
/** What a new submission brings; the outbox sets the delivery state. */
export type NewSubmission = Pick<Submission, 'id' | 'form' | 'locale' | 'created' | 'fields' | 'estimate'>;

/** What the holder of a lease reports when it gives the submission back. */
export interface Outcome {
  status: Submission['status'];
  lastError?: string;
  code?: string;
  failure?: Submission['failure'];
}

/** What the outbox holds about a submission, without what the visitor wrote: for lists. */
export type Summary = Omit<Submission, 'fields' | 'estimate'>;

/** The failure kinds a submission can record (what its last attempt met). */
type FailureKind = NonNullable<Submission['failure']>;

/** What `remove` did: the state the submission was in, or why it is still there. */
export type RemoveResult = { ok: true; was: Submission['status'] } | { ok: false; error: 'not_found' | 'busy' };

/** What `resend` did: the submission as it is now and what it was before; or why it did nothing. */
export type ResendResult =
  | { ok: true; was: Submission['status']; submission: Summary }
  | { ok: false; error: 'not_found' | 'already_sent' | 'busy' };

/** Mail counts as down, and the association is told, once it has failed for this long without a success… */
const OUTAGE_ALERT_AFTER_MS = 60 * 60_000;
/** …and is still failing: the last failure is this recent (one failure, then hours of backoff, is no outage). */
const OUTAGE_RECENT_MS = 15 * 60_000;
/** Attempts before a submission is given up (dead): about three days of backoff, so a weekend's outage passes. */
export const MAX_ATTEMPTS = 20;

/** After attempt n: 1 min, 2, 4 … 256 min, then 6 h steps. */
function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/**
 * Sent submissions stay SENT_RETENTION_DAYS (for support questions), then go;
 * dead ones stay until a maintainer resends or deletes them. The number is in
 * client/retention.ts because the privacy page states it too.
 */
const SENT_RETENTION_MS = SENT_RETENTION_DAYS * 24 * 60 * 60_000;

interface Row extends Record<string, SqlStorageValue> {
  id: string;
  form: string;
  locale: string;
  created: string;
  fields: string;
  estimate: string | null;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  sent_association: number;
  sent_visitor: number;
  unknown_association: number;
  unknown_visitor: number;
  failure: string | null;
  refused_visitor: number;
  copies: number;
  finished_at: number | null;
  reason_code: string | null;
}

interface Health extends Record<string, SqlStorageValue> {
  failing_since: number | null;
  last_failure_at: number | null;
  outage_alerted: number;
  last_error: string | null;
  last_code: string | null;
}

/** Column names by recipient: SQL never holds a name it was passed. */
const SENT_COLUMN = { association: 'sent_association', visitor: 'sent_visitor' } as const satisfies Record<Recipient, string>;
const UNKNOWN_COLUMN = { association: 'unknown_association', visitor: 'unknown_visitor' } as const satisfies Record<Recipient, string>;

export class OutboxStore {
  private readonly sql: SqlStorage;

  /** Opens the outbox in the Durable Object's storage (./outbox-object.ts, which loads this module when it starts). */
  constructor(ctx: DurableObjectState) {
    this.sql = ctx.storage.sql;
    this.sql.exec(`
      CREATE TABLE IF NOT EXISTS submissions (
        id TEXT PRIMARY KEY,
        form TEXT NOT NULL,
        locale TEXT NOT NULL,
        created TEXT NOT NULL,
        fields TEXT NOT NULL,
        estimate TEXT,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL,
        next_attempt_at INTEGER NOT NULL,
        last_error TEXT,
        sent_association INTEGER NOT NULL DEFAULT 0,
        sent_visitor INTEGER NOT NULL DEFAULT 0,
        lease_owner TEXT,
        lease_until INTEGER
      );
      CREATE INDEX IF NOT EXISTS submissions_due ON submissions (status, next_attempt_at);
      CREATE INDEX IF NOT EXISTS submissions_order ON submissions (created, id);
      CREATE INDEX IF NOT EXISTS submissions_state_order ON submissions (status, created, id);
      CREATE TABLE IF NOT EXISTS mail_health (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        failing_since INTEGER,
        last_failure_at INTEGER,
        outage_alerted INTEGER NOT NULL DEFAULT 0,
        last_error TEXT
      );
      INSERT OR IGNORE INTO mail_health (id) VALUES (1);
    `);
    createAlertTables(this.sql);
    // Columns added after the table was first created: an outbox made by an earlier version gains them.
    const columns = new Set(
      this.sql
        .exec<{ name: string }>(`SELECT name FROM pragma_table_info('submissions')`)
        .toArray()
        .map((c) => c.name),
    );
    for (const column of Object.values(UNKNOWN_COLUMN)) {
      if (!columns.has(column)) this.sql.exec(`ALTER TABLE submissions ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
    }
    const added = {
      failure: 'TEXT',
      refused_visitor: 'INTEGER NOT NULL DEFAULT 0',
      copies: 'INTEGER NOT NULL DEFAULT 0',
      finished_at: 'INTEGER',
      reason_code: 'TEXT',
    };
    for (const [column, type] of Object.entries(added)) {
      if (!columns.has(column)) this.sql.exec(`ALTER TABLE submissions ADD COLUMN ${column} ${type}`);
    }
    const healthColumns = this.sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('mail_health')`).toArray();
    if (!healthColumns.some((c) => c.name === 'last_code')) this.sql.exec(`ALTER TABLE mail_health ADD COLUMN last_code TEXT`);
  }

  /**
   * Stores a new submission, already leased to `owner` (the request that
   * accepted it and sends it right away) for `leaseMs`: that first delivery
   * is attempt 1, and the next one is due after its backoff.
   */
  add(sub: NewSubmission, owner: string, leaseMs: number): Submission {
    const t = this.clock();
    this.sql.exec(
      `INSERT INTO submissions (id, form, locale, created, fields, estimate, status, attempts, next_attempt_at, lease_owner, lease_until)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, ?, ?, ?)`,
      sub.id,
      sub.form,
      sub.locale,
      sub.created,
      JSON.stringify(sub.fields),
      sub.estimate ? JSON.stringify(sub.estimate) : null,
      t + backoffMs(1),
      owner,
      t + leaseMs,
    );
    return this.get(sub.id)!;
  }

  /** Ids of pending submissions that are due and not leased, oldest first. */
  due(at: number, limit: number): string[] {
    const now = this.clock(at);
    return this.sql
      .exec<{ id: string }>(
        `SELECT id FROM submissions
         WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
         ORDER BY next_attempt_at LIMIT ?`,
        now,
        now,
        limit,
      )
      .toArray()
      .map((r) => r.id);
  }

  /**
   * Takes the lease on one submission if it is pending, due and not leased
   * by anyone else (an expired lease counts as free), and counts the attempt
   * there and then: an attempt that never reports back (the Worker killed,
   * the object unreachable) still moves it towards its backoff and, in the
   * end, towards dead. Null means: not yours.
   */
  claim(id: string, owner: string, at: number, leaseMs: number): Submission | null {
    const now = this.clock(at);
    const row = this.sql.exec<{ attempts: number }>(`SELECT attempts FROM submissions WHERE id = ?`, id).toArray()[0];
    if (!row) return null;
    const attempts = row.attempts + 1;
    const claimed = this.changed(
      `UPDATE submissions SET lease_owner = ?, lease_until = ?, attempts = ?, next_attempt_at = ?
       WHERE id = ? AND status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)`,
      owner,
      now + leaseMs,
      attempts,
      now + backoffMs(attempts),
      id,
      now,
      now,
    );
    return claimed ? this.get(id) : null;
  }

  /**
   * Before an e-mail is handed to MailChannels: counts its send as one of
   * unknown outcome, until `settle` says how it ended. Written first, so a
   * send that never reports back (the Worker stopped, the answer never came)
   * is on record. False, and nothing may be sent, unless `owner` holds the lease.
   */
  beginSend(id: string, owner: string, who: Recipient): boolean {
    const unknown = UNKNOWN_COLUMN[who];
    return this.changed(`UPDATE submissions SET ${unknown} = ${unknown} + 1 WHERE id = ? AND lease_owner = ?`, id, owner);
  }

  /**
   * How a send begun with `beginSend` ended: `sent` (MailChannels accepted it)
   * or `failed` (it refused, or was never reached) take it off the unknown
   * count; `unknown` leaves it there. Only while `owner` still holds the lease.
   * Also the mail's health, in the same step: a success ends an outage (and
   * queues the "recovered" alert if the outage was announced); a transient
   * failure or an unanswered send starts one, or queues the "outage" alert
   * once it has lasted OUTAGE_ALERT_AFTER_MS. A permanent refusal is about
   * this message, not the mail: it leaves the health alone.
   */
  settleSend(id: string, owner: string, who: Recipient, result: SendResult, at = 0): boolean {
    const { outcome } = result;
    let ours: boolean;
    if (outcome === 'unknown') {
      ours = this.changed(`UPDATE submissions SET id = id WHERE id = ? AND lease_owner = ?`, id, owner);
    } else {
      const unknown = UNKNOWN_COLUMN[who];
      const sent = outcome === 'sent' ? `, ${SENT_COLUMN[who]} = 1` : '';
      ours = this.changed(`UPDATE submissions SET ${unknown} = MAX(${unknown} - 1, 0)${sent} WHERE id = ? AND lease_owner = ?`, id, owner);
    }
    if (ours) {
      if (outcome === 'sent') this.mailWorks(this.clock(at));
      else if (outcome === 'unknown' || result.failure === 'transient') this.mailFails(this.clock(at), result.reason, result.code);
      else if (who === 'visitor') this.sql.exec(`UPDATE submissions SET refused_visitor = 1 WHERE id = ?`, id);
    }
    return ours;
  }

  /**
   * Gives the lease back with the outcome of the attempt (a pending one keeps
   * the next attempt time set when it was claimed). False when the lease was
   * no longer `owner`'s.
   */
  release(id: string, owner: string, outcome: Outcome): boolean {
    const released = this.changed(
      `UPDATE submissions SET status = ?, last_error = ?, reason_code = ?, failure = ?,
         finished_at = CASE WHEN ? = 'sent' THEN ? ELSE finished_at END, lease_owner = NULL, lease_until = NULL
       WHERE id = ? AND lease_owner = ?`,
      outcome.status,
      outcome.lastError ?? null,
      outcome.code ?? null,
      outcome.failure ?? null,
      outcome.status,
      this.clock(),
      id,
      owner,
    );
    if (released && outcome.status === 'dead') {
      // In the same step as the state: a dead submission is always announced, even if this run stops now.
      const sub = this.get(id)!;
      this.queueAlert({
        kind: 'dead',
        submission: id,
        form: sub.form,
        created: sub.created,
        attempts: sub.attempts,
        sent: sub.sent,
        ...(sub.failure ? { failure: sub.failure } : {}),
        ...(sub.reasonCode ? { reason: sub.reasonCode } : {}),
      });
    }
    return released;
  }

  /**
   * The plan's call limit stopped an attempt before it could send anything
   * (worker/lib/subrequests.ts): the lease is given back, the attempt is not
   * counted, a send begun for `who` is taken off the unknown count (it never
   * left), the mail's health is left alone, and the submission is due again
   * at once, for the next run. False when the lease was no longer `owner`'s.
   */
  giveBack(id: string, owner: string, who: Recipient | null, at = 0): boolean {
    const unknown = who ? `, ${UNKNOWN_COLUMN[who]} = MAX(${UNKNOWN_COLUMN[who]} - 1, 0)` : '';
    return this.changed(
      `UPDATE submissions SET attempts = MAX(attempts - 1, 0), next_attempt_at = ?, lease_owner = NULL, lease_until = NULL${unknown}
       WHERE id = ? AND lease_owner = ?`,
      this.clock(at),
      id,
      owner,
    );
  }

  /**
   * A maintainer's "send it again" (npm run outbox -- resend). A dead
   * submission goes back to pending with its attempts reset, due now: the
   * next cron run sends whichever e-mail is still missing (the visitor's
   * confirmation never twice: a send of unknown outcome stays counted). A
   * pending one is made due now. A sent one is refused unless `force`: then
   * the association's copy goes again. One step, so a cron run either sees
   * the submission before or after, never half-changed; a lease is never taken.
   */
  resend(id: string, force: boolean, at = 0): ResendResult {
    const sub = this.get(id);
    if (!sub) return { ok: false, error: 'not_found' };
    const now = this.clock(at);
    if (sub.status === 'sent' && !force) return { ok: false, error: 'already_sent' };
    if (sub.status === 'pending') {
      // A delivery holds it right now: its outcome (maybe dead) would overwrite this resend unseen.
      if (
        !this.changed(
          `UPDATE submissions SET next_attempt_at = MIN(next_attempt_at, ?) WHERE id = ? AND (lease_until IS NULL OR lease_until <= ?)`,
          now,
          id,
          now,
        )
      ) {
        return { ok: false, error: 'busy' };
      }
    } else {
      // A forced copy gets a Message-ID of its own: a mailbox that holds the first one would drop it as a duplicate.
      const forced = sub.status === 'sent' ? `, ${SENT_COLUMN.association} = 0, copies = copies + 1` : '';
      this.sql.exec(
        `UPDATE submissions SET status = 'pending', attempts = 0, next_attempt_at = ?, failure = NULL, refused_visitor = 0,
           ${UNKNOWN_COLUMN.association} = 0${forced}
         WHERE id = ?`,
        now,
        id,
      );
    }
    return { ok: true, was: sub.status, submission: summary(this.get(id)!) };
  }

  /**
   * Every dead submission back to pending at once (`resend --all-dead`), as
   * `resend` does for one: after a cause that killed many (a revoked key, a
   * broken DNS record) is fixed. Returns their ids.
   */
  resendDead(at = 0): string[] {
    const now = this.clock(at);
    return this.sql
      .exec<{ id: string }>(
        `UPDATE submissions SET status = 'pending', attempts = 0, next_attempt_at = ?, failure = NULL, refused_visitor = 0, ${UNKNOWN_COLUMN.association} = 0
         WHERE status = 'dead' RETURNING id`,
        now,
      )
      .toArray()
      .map((r) => r.id);
  }

  /**
   * A maintainer's "delete it" (npm run outbox -- delete): a test or spam
   * submission, or a visitor who asked for their data to be erased. Refused
   * while a delivery holds its lease (it is being sent right now).
   */
  remove(id: string, at = 0): RemoveResult {
    const sub = this.get(id);
    if (!sub) return { ok: false, error: 'not_found' };
    const now = this.clock(at);
    const removed = this.changed(`DELETE FROM submissions WHERE id = ? AND (lease_until IS NULL OR lease_until <= ?)`, id, now);
    return removed ? { ok: true, was: sub.status } : { ok: false, error: 'busy' };
  }

  /**
   * One page of the submissions kept, or of one state, newest first, without
   * what the visitors wrote: at most `limit` (LIST_PAGE at most), starting
   * after `before` (the `next` of the page before). `next` is null on the last page.
   */
  list(
    status?: Submission['status'],
    before: PageKey | null = null,
    limit = LIST_PAGE,
  ): { submissions: Summary[]; more: boolean; next: PageKey | null } {
    const { rows, next } = newestFirst<Row>(this.sql, { status, before }, limit);
    return { submissions: rows.map((row) => summary(fromRow(row))), more: next !== null, next };
  }

  /**
   * One page of the export: the submissions kept that were made at or after
   * `since` (ISO), whole, oldest first, at most `limit` (EXPORT_PAGE at most),
   * starting after `after`. The export route asks page after page until `next` is null.
   */
  exportPage(since: string, after: PageKey | null = null, limit = EXPORT_PAGE): { submissions: Submission[]; next: PageKey | null } {
    const { rows, next } = oldestFirst<Row>(this.sql, { since, after }, limit);
    return { submissions: rows.map(fromRow), next };
  }

  /**
   * The cron's look at the mail: an outage that has lasted long enough is
   * announced here even when no send was due in this run. If nothing waits
   * any more (the last pending submission went dead, and was announced),
   * there is no outage to speak of: it is forgotten.
   */
  checkOutage(at: number): void {
    const now = this.clock(at);
    const health = this.health();
    if (health.failing_since === null || health.outage_alerted) return;
    if (this.count('pending') === 0) {
      this.sql.exec(
        `UPDATE mail_health SET failing_since = NULL, last_failure_at = NULL, last_error = NULL, last_code = NULL WHERE id = 1`,
      );
      return;
    }
    this.maybeAnnounceOutage(now, health);
  }

  /** The alerts due for one post to the chat, with the outbox's counts; null when none is due (outbox-alerts.ts). */
  claimAlerts(at: number): Digest | null {
    return claimDigest(this.sql, this.clock(at), () => ({ pending: this.count('pending'), dead: this.count('dead') }));
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
    const row = this.sql.exec<Row>(`SELECT * FROM submissions WHERE id = ?`, id).toArray()[0];
    return row ? fromRow(row) : null;
  }

  /** Forgets sent submissions older than the retention period, and stale alerts; returns how many submissions went. */
  purge(at: number): number {
    const now = this.clock(at);
    purgeAlerts(this.sql, now);
    // Counted from when the last e-mail went out (older rows, from before that was recorded: from their creation).
    const before = now - SENT_RETENTION_MS;
    return this.sql
      .exec(
        `DELETE FROM submissions WHERE status = 'sent' AND (finished_at < ? OR (finished_at IS NULL AND created < ?)) RETURNING id`,
        before,
        new Date(before).toISOString(),
      )
      .toArray().length;
  }

  private health(): Health {
    return this.sql
      .exec<Health>(`SELECT failing_since, last_failure_at, outage_alerted, last_error, last_code FROM mail_health WHERE id = 1`)
      .one();
  }

  private count(status: Submission['status']): number {
    return this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM submissions WHERE status = ?`, status).one().n;
  }

  private mailWorks(now: number): void {
    const health = this.health();
    if (health.failing_since === null) return;
    // Whatever waited out the outage in its backoff (up to 6 h) goes at the next run.
    this.sql.exec(`UPDATE submissions SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`, now, now);
    if (health.outage_alerted) {
      this.queueAlert({
        kind: 'recovered',
        since: health.failing_since,
        until: now,
        pending: this.count('pending'),
        dead: this.count('dead'),
      });
    }
    this.sql.exec(
      `UPDATE mail_health SET failing_since = NULL, last_failure_at = NULL, outage_alerted = 0, last_error = NULL, last_code = NULL WHERE id = 1`,
    );
  }

  private mailFails(now: number, reason: string, code: string): void {
    this.sql.exec(
      `UPDATE mail_health SET failing_since = COALESCE(failing_since, ?), last_failure_at = ?, last_error = ?, last_code = ? WHERE id = 1`,
      now,
      now,
      reason,
      code,
    );
    const health = this.health();
    if (!health.outage_alerted) this.maybeAnnounceOutage(now, health);
  }

  private maybeAnnounceOutage(now: number, health: Health): void {
    if (health.failing_since === null || now - health.failing_since < OUTAGE_ALERT_AFTER_MS) return;
    if (health.last_failure_at === null || now - health.last_failure_at > OUTAGE_RECENT_MS) return;
    this.sql.exec(`UPDATE mail_health SET outage_alerted = 1 WHERE id = 1`);
    this.queueAlert({
      kind: 'outage',
      since: health.failing_since,
      pending: this.count('pending'),
      ...(health.last_code ? { reason: health.last_code } : {}),
    });
  }

  private queueAlert(alert: Alert): void {
    queueAlert(this.sql, alert, this.clock());
  }

  /** This object's time, or a caller's if later (see the class comment). */
  private clock(at = 0): number {
    return Math.max(Date.now(), at);
  }

  /** Runs an UPDATE and tells whether it changed a row (RETURNING, so the cursor is read to the end). */
  private changed(query: string, ...bindings: SqlStorageValue[]): boolean {
    return this.sql.exec(`${query} RETURNING id`, ...bindings).toArray().length > 0;
  }
}

function fromRow(row: Row): Submission {
  return {
    id: row.id,
    form: row.form as FormName,
    locale: row.locale as Locale,
    created: row.created,
    fields: JSON.parse(row.fields) as Record<string, FieldValue>,
    ...(row.estimate ? { estimate: JSON.parse(row.estimate) as Estimate } : {}),
    status: row.status as Submission['status'],
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    ...(row.last_error ? { lastError: row.last_error } : {}),
    ...(row.reason_code ? { reasonCode: row.reason_code } : {}),
    ...(row.failure ? { failure: row.failure as FailureKind } : {}),
    visitorRefused: row.refused_visitor === 1,
    copies: row.copies,
    sent: { association: row.sent_association === 1, visitor: row.sent_visitor === 1 },
    unknown: { association: row.unknown_association, visitor: row.unknown_visitor },
  };
}

function summary({ fields: _fields, estimate: _estimate, ...rest }: Submission): Summary {
  return rest;
}
