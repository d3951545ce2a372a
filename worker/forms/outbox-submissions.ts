import { SENT_RETENTION_DAYS } from '#client/retention.ts';
import { EXPORT_PAGE, LIST_PAGE, oldestFirst, type PageKey, pageNewestFirst } from './outbox-pages';
import {
  changed,
  clock,
  fromRow,
  getSubmission,
  type Row,
  SENT_COLUMN,
  type Submission,
  type Summary,
  summary,
  UNKNOWN_COLUMN,
} from './outbox-submission';

/**
 * What maintainers do with the submissions kept (`npm run outbox`: list,
 * export, resend, delete), and the retention that forgets sent ones. Each
 * function is one synchronous step of the object; times are its clock.
 */

/** What `remove` did: the state the submission was in, or why it is still there. */
type RemoveResult = { ok: true; was: Submission['status'] } | { ok: false; error: 'not_found' | 'busy' };

/** What `resend` did: the submission as it is now and what it was before; or why it did nothing. */
export type ResendResult =
  | { ok: true; was: Submission['status']; submission: Summary }
  | { ok: false; error: 'not_found' | 'already_sent' | 'busy' };

/** Dead ones stay until a maintainer resends or deletes them; the privacy page states the days too (client/retention.ts). */
const SENT_RETENTION_MS = SENT_RETENTION_DAYS * 24 * 60 * 60_000;

/** Back to pending, attempts reset, due at `?`: what every resend of a dead or sent submission sets. */
const PENDING_AGAIN = `status = 'pending', attempts = 0, next_attempt_at = ?, failure = NULL, refused_visitor = 0, ${UNKNOWN_COLUMN.association} = 0`;

/**
 * A maintainer's "send it again" (npm run outbox -- resend). A dead
 * submission goes back to pending with its attempts reset, due now: the
 * next cron run sends whichever e-mail is still missing (the visitor's
 * confirmation never twice: a send of unknown outcome stays counted). A
 * pending one is made due now. A sent one is refused unless `force`: then
 * the association's copy goes again. One step, so a cron run either sees
 * the submission before or after, never half-changed; a lease is never taken.
 */
export function resend(sql: SqlStorage, id: string, force: boolean, at = 0): ResendResult {
  const now = clock(at);
  const sub = getSubmission(sql, id);
  if (!sub) return { ok: false, error: 'not_found' };
  if (sub.status === 'sent' && !force) return { ok: false, error: 'already_sent' };
  if (sub.status === 'pending') {
    // A delivery holds it right now: its outcome (maybe dead) would overwrite this resend unseen.
    const due = `UPDATE submissions SET next_attempt_at = MIN(next_attempt_at, ?) WHERE id = ? AND (lease_until IS NULL OR lease_until <= ?)`;
    if (!changed(sql, due, now, id, now)) return { ok: false, error: 'busy' };
  } else {
    // A forced copy gets a Message-ID of its own: a mailbox that holds the first one would drop it as a duplicate.
    const forced = sub.status === 'sent' ? `, ${SENT_COLUMN.association} = 0, copies = copies + 1` : '';
    sql.exec(`UPDATE submissions SET ${PENDING_AGAIN}${forced} WHERE id = ?`, now, id);
  }
  return { ok: true, was: sub.status, submission: summary(getSubmission(sql, id)!) };
}

/**
 * Every dead submission back to pending at once (`resend --all-dead`), as
 * `resend` does for one: after a cause that killed many (a revoked key, a
 * broken DNS record) is fixed. Returns their ids.
 */
export function resendDead(sql: SqlStorage, at = 0): string[] {
  return sql
    .exec<{ id: string }>(`UPDATE submissions SET ${PENDING_AGAIN} WHERE status = 'dead' RETURNING id`, clock(at))
    .toArray()
    .map((r) => r.id);
}

/**
 * A maintainer's "delete it" (npm run outbox -- delete): a test or spam
 * submission, or a visitor who asked for their data to be erased. Refused
 * while a delivery holds its lease (it is being sent right now).
 */
export function remove(sql: SqlStorage, id: string, at = 0): RemoveResult {
  const sub = getSubmission(sql, id);
  if (!sub) return { ok: false, error: 'not_found' };
  const removed = changed(sql, `DELETE FROM submissions WHERE id = ? AND (lease_until IS NULL OR lease_until <= ?)`, id, clock(at));
  return removed ? { ok: true, was: sub.status } : { ok: false, error: 'busy' };
}

/**
 * One page of the submissions kept, or of one state, newest first, without
 * what the visitors wrote: at most `limit` (LIST_PAGE at most), starting
 * after `before` (the `next` of the page before). `next` is null on the last page.
 */
export function list(
  sql: SqlStorage,
  status?: Submission['status'],
  before: PageKey | null = null,
  limit = LIST_PAGE,
): { submissions: Summary[]; more: boolean; next: PageKey | null } {
  const { rows, next } = pageNewestFirst<Row>(sql, { status, before }, limit);
  return { submissions: rows.map((row) => summary(fromRow(row))), more: next !== null, next };
}

/**
 * One page of the export: the submissions kept that were made at or after
 * `since` (ISO), whole, oldest first, at most `limit` (EXPORT_PAGE at most),
 * starting after `after`. The export route asks page after page until `next` is null.
 */
export function exportPage(
  sql: SqlStorage,
  since: string,
  after: PageKey | null = null,
  limit = EXPORT_PAGE,
): { submissions: Submission[]; next: PageKey | null } {
  const { rows, next } = oldestFirst<Row>(sql, { since, after }, limit);
  return { submissions: rows.map(fromRow), next };
}

/** Forgets sent submissions older than the retention period; returns how many went. */
export function purgeSent(sql: SqlStorage, now: number): number {
  // Counted from when the last e-mail went out (older rows, from before that was recorded: from their creation).
  const before = now - SENT_RETENTION_MS;
  return sql
    .exec(
      `DELETE FROM submissions WHERE status = 'sent' AND (finished_at < ? OR (finished_at IS NULL AND created < ?)) RETURNING id`,
      before,
      new Date(before).toISOString(),
    )
    .toArray().length;
}
