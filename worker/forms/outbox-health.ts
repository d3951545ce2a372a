import type { Alert } from './outbox-alerts';
import { countOf } from './outbox-submission';

/**
 * The mail's health, as the sends report it (one row of `mail_health`): since
 * when it fails, when it last failed, and whether the outage was announced.
 * A success ends an outage (and queues the "recovered" alert if the outage
 * was announced); a failure that may pass, or a send never answered, starts
 * one, or queues the "outage" alert once it has lasted OUTAGE_ALERT_AFTER_MS.
 * Each function runs inside one synchronous step of the object, with the
 * send it is about (`now` is the object's clock), and returns the alert it
 * calls for, which the store queues in that same step (./outbox.ts).
 */

interface Health extends Record<string, SqlStorageValue> {
  failing_since: number | null;
  last_failure_at: number | null;
  outage_alerted: number;
  last_error: string | null;
  last_code: string | null;
}

/** Mail counts as down, and the association is told, once it has failed for this long without a success… */
const OUTAGE_ALERT_AFTER_MS = 60 * 60_000;
/** …and is still failing: the last failure is this recent (one failure, then hours of backoff, is no outage). */
const OUTAGE_RECENT_MS = 15 * 60_000;

const FORGET = 'failing_since = NULL, last_failure_at = NULL, last_error = NULL, last_code = NULL';

function health(sql: SqlStorage): Health {
  return sql
    .exec<Health>(`SELECT failing_since, last_failure_at, outage_alerted, last_error, last_code FROM mail_health WHERE id = 1`)
    .one();
}

/** A send went out: an outage is over. */
export function mailWorks(sql: SqlStorage, now: number): Alert | undefined {
  const { failing_since: since, outage_alerted: alerted } = health(sql);
  if (since === null) return undefined;
  // Whatever waited out the outage in its backoff (up to 6 h) goes at the next run.
  sql.exec(`UPDATE submissions SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`, now, now);
  sql.exec(`UPDATE mail_health SET ${FORGET}, outage_alerted = 0 WHERE id = 1`);
  if (!alerted) return undefined;
  return { kind: 'recovered', since, until: now, pending: countOf(sql, 'pending'), dead: countOf(sql, 'dead') };
}

/** A send failed in a way that may pass, or was never answered: `reason` and `code` say why. */
export function mailFails(sql: SqlStorage, now: number, reason: string, code: string): Alert | undefined {
  sql.exec(
    `UPDATE mail_health SET failing_since = COALESCE(failing_since, ?), last_failure_at = ?, last_error = ?, last_code = ? WHERE id = 1`,
    now,
    now,
    reason,
    code,
  );
  const current = health(sql);
  return current.outage_alerted ? undefined : outage(sql, now, current);
}

/**
 * The cron's look at the mail: an outage that has lasted long enough is
 * announced here even when no send was due in this run. If nothing waits
 * any more (the last pending submission went dead, and was announced),
 * there is no outage to speak of: it is forgotten.
 */
export function checkOutage(sql: SqlStorage, now: number): Alert | undefined {
  const current = health(sql);
  if (current.failing_since === null || current.outage_alerted) return undefined;
  if (countOf(sql, 'pending') === 0) {
    sql.exec(`UPDATE mail_health SET ${FORGET} WHERE id = 1`);
    return undefined;
  }
  return outage(sql, now, current);
}

/** The outage alert, once the mail has failed long enough and recently enough; marked as announced. */
function outage(sql: SqlStorage, now: number, current: Health): Alert | undefined {
  const { failing_since: since, last_failure_at: last, last_code: code } = current;
  if (since === null || now - since < OUTAGE_ALERT_AFTER_MS) return undefined;
  if (last === null || now - last > OUTAGE_RECENT_MS) return undefined;
  sql.exec(`UPDATE mail_health SET outage_alerted = 1 WHERE id = 1`);
  return { kind: 'outage', since, pending: countOf(sql, 'pending'), ...(code ? { reason: code } : {}) };
}
