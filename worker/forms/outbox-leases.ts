import type { SendResult } from './mail';
import {
  changed,
  clock,
  getSubmission,
  type NewSubmission,
  type Outcome,
  type Recipient,
  SENT_COLUMN,
  type Submission,
  UNKNOWN_COLUMN,
} from './outbox-submission';

/**
 * Submissions and their leases: whoever sends a submission takes a lease on
 * it (an owner and an expiry, written in one step with the check that nobody
 * else holds it), records each send before it starts and how it ended, and
 * gives the lease back with the outcome. Times are the outbox's clock
 * (`clock`); every function is one synchronous step of the object.
 */

/** After attempt n: 1 min, 2, 4 … 256 min, then 6 h steps. */
function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/**
 * Stores a new submission, already leased to `owner` (the request that
 * accepted it and sends it right away) for `leaseMs`: that first delivery
 * is attempt 1, and the next one is due after its backoff.
 */
export function add(sql: SqlStorage, sub: NewSubmission, owner: string, leaseMs: number): Submission {
  const now = clock();
  sql.exec(
    `INSERT INTO submissions (id, form, locale, created, fields, result, status, attempts, next_attempt_at, lease_owner, lease_until)
     VALUES (?, ?, ?, ?, ?, ?, 'pending', 1, ?, ?, ?)`,
    sub.id,
    sub.form,
    sub.locale,
    sub.created,
    JSON.stringify(sub.fields),
    sub.result === undefined ? null : JSON.stringify(sub.result),
    now + backoffMs(1),
    owner,
    now + leaseMs,
  );
  return getSubmission(sql, sub.id)!;
}

/** Ids of pending submissions that are due and not leased, oldest first. */
export function dueSubmissions(sql: SqlStorage, at: number, limit: number): string[] {
  const now = clock(at);
  return sql
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
export function claim(sql: SqlStorage, id: string, owner: string, at: number, leaseMs: number): Submission | null {
  const now = clock(at);
  const row = sql.exec<{ attempts: number }>(`SELECT attempts FROM submissions WHERE id = ?`, id).toArray()[0];
  if (!row) return null;
  const attempts = row.attempts + 1;
  const claimed = changed(
    sql,
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
  return claimed ? getSubmission(sql, id) : null;
}

/**
 * Before an e-mail is handed to MailChannels: counts its send as one of
 * unknown outcome, until `settle` says how it ended. False, and nothing may
 * be sent, unless `owner` holds the lease.
 */
export function beginSend(sql: SqlStorage, id: string, owner: string, who: Recipient): boolean {
  const unknown = UNKNOWN_COLUMN[who];
  return changed(sql, `UPDATE submissions SET ${unknown} = ${unknown} + 1 WHERE id = ? AND lease_owner = ?`, id, owner);
}

/**
 * How a send begun with `beginSend` ended, on the submission: `sent` or
 * `failed` take it off the unknown count (`sent` also marks the e-mail out,
 * and a refused confirmation is never tried again); `unknown` leaves it
 * there. False, and nothing changed, unless `owner` still holds the lease.
 */
export function settle(sql: SqlStorage, id: string, owner: string, who: Recipient, result: SendResult): boolean {
  if (result.outcome === 'unknown') return changed(sql, `UPDATE submissions SET id = id WHERE id = ? AND lease_owner = ?`, id, owner);
  const unknown = UNKNOWN_COLUMN[who];
  const sent = result.outcome === 'sent' ? `, ${SENT_COLUMN[who]} = 1` : '';
  const refused = result.outcome === 'failed' && result.failure === 'permanent' && who === 'visitor' ? ', refused_visitor = 1' : '';
  return changed(
    sql,
    `UPDATE submissions SET ${unknown} = MAX(${unknown} - 1, 0)${sent}${refused} WHERE id = ? AND lease_owner = ?`,
    id,
    owner,
  );
}

/**
 * Gives the lease back with the outcome of the attempt (a pending one keeps
 * the next attempt time set when it was claimed). False when the lease was
 * no longer `owner`'s.
 */
export function releaseLease(sql: SqlStorage, id: string, owner: string, outcome: Outcome): boolean {
  return changed(
    sql,
    `UPDATE submissions SET status = ?, last_error = ?, reason_code = ?, failure = ?,
       finished_at = CASE WHEN ? = 'sent' THEN ? ELSE finished_at END, lease_owner = NULL, lease_until = NULL
     WHERE id = ? AND lease_owner = ?`,
    outcome.status,
    outcome.lastError ?? null,
    outcome.code ?? null,
    outcome.failure ?? null,
    outcome.status,
    clock(),
    id,
    owner,
  );
}

/**
 * The plan's call limit stopped an attempt before it could send anything
 * (worker/platform/subrequests.ts): the lease is given back, the attempt is not
 * counted, a send begun for `who` is taken off the unknown count (it never
 * left), and the submission is due again at once, for the next run. False
 * when the lease was no longer `owner`'s.
 */
export function giveBack(sql: SqlStorage, id: string, owner: string, who: Recipient | null, at = 0): boolean {
  const unknown = who ? `, ${UNKNOWN_COLUMN[who]} = MAX(${UNKNOWN_COLUMN[who]} - 1, 0)` : '';
  return changed(
    sql,
    `UPDATE submissions SET attempts = MAX(attempts - 1, 0), next_attempt_at = ?, lease_owner = NULL, lease_until = NULL${unknown}
     WHERE id = ? AND lease_owner = ?`,
    clock(at),
    id,
    owner,
  );
}
