import { clock, type Submission } from './outbox-submission';

/**
 * The outbox's alert queue and the site's error counts, in the outbox's
 * SQLite storage (the store calls these inside its own functions, so each
 * runs as one atomic step; their tables: ./outbox-schema.ts). What an alert
 * holds is safe for a chat by construction: ids, counts, times and reason
 * codes the site wrote itself, never a provider's or a visitor's words
 * (docs/decisions/0014).
 */
export type Alert =
  | {
      kind: 'dead';
      submission: string;
      form: string;
      created: string;
      attempts: number;
      sent: Submission['sent'];
      failure?: Submission['failure'];
      /** What the last attempt met, as a code (worker/forms/mail.ts, ReasonCode). */
      reason?: string;
    }
  | { kind: 'outage'; since: number; pending: number; reason?: string }
  | { kind: 'recovered'; since: number; until: number; pending: number; dead: number }
  | { kind: 'errors'; windowStart: number; report?: ErrorReport };

/** The server errors of one window: how many, by status, and the routes that failed most. */
interface ErrorReport {
  windowMs: number;
  total: number;
  statuses: Record<string, number>;
  top: { route: string; count: number }[];
}

interface QueuedAlert {
  id: number;
  alert: Alert;
  /** How many times it has been taken, this one included. */
  tries: number;
  /** This is the last try: if it fails, the alert is given up. */
  last: boolean;
}

/** What one post to the chat says: the alerts due, and the outbox's counts as they are now. */
export interface Digest {
  alerts: QueuedAlert[];
  pending: number;
  dead: number;
  /** Alerts whose last try never reported back (the run stopped mid-post): given up now, for the log. */
  givenUp: number;
}

/** A chat alert that could not be posted is tried again this much later, at most ALERT_TRIES times (about an hour). */
const ALERT_RETRY_MS = 10 * 60_000;
const ALERT_TRIES = 6;
/** Alerts left behind (a run stopped mid-send) are forgotten after a week. */
const ALERT_RETENTION_MS = 7 * 24 * 60 * 60_000;
/** At most one post to the chat per this long: a flood of dead submissions is one message, not hundreds. */
const DIGEST_EVERY_MS = 10 * 60_000;
/**
 * At most this many alerts in one post (the message names ten dead requests
 * and counts the rest); the others go in the next. Alerts other than dead
 * requests come first: an outage never waits behind a backlog.
 */
const DIGEST_MAX = 1000;

/** Server errors are counted in windows of this length… */
export const ERROR_WINDOW_MS = 15 * 60_000;
/** …and this many in one window is an alert (once per window). */
export const ERROR_ALERT_THRESHOLD = 10;
/** The routes named in an error alert. */
const ERROR_TOP = 5;
/** Counts older than a day are forgotten. */
const ERROR_RETENTION_MS = 24 * 60 * 60_000;

export function queueAlert(sql: SqlStorage, alert: Alert, now: number): void {
  sql.exec(`INSERT INTO alerts (alert, created, next_try_at) VALUES (?, ?, ?)`, JSON.stringify(alert), now, 0);
}

/**
 * The alerts due, for one post, or none while the last post is under
 * DIGEST_EVERY_MS old. Each is counted as tried and put off by
 * ALERT_RETRY_MS at once, so two runs never post the same one; the poster
 * deletes them with `alertsDone` when the chat took them.
 */
export function claimDigest(sql: SqlStorage, now: number, counts: () => { pending: number; dead: number }): Digest | null {
  const { last_digest_at: last } = sql.exec<{ last_digest_at: number }>(`SELECT last_digest_at FROM alert_state WHERE id = 1`).one();
  if (now - last < DIGEST_EVERY_MS) return null;
  // Taken for their last try, which never reported back (the poster stopped): given up now.
  const givenUp = sql.exec(`DELETE FROM alerts WHERE tries >= ? AND next_try_at <= ? RETURNING id`, ALERT_TRIES, now).toArray().length;
  const rows = sql
    .exec<{ id: number; alert: string; tries: number }>(
      `UPDATE alerts SET tries = tries + 1, next_try_at = ?
       WHERE id IN (
         SELECT id FROM alerts WHERE next_try_at <= ? AND tries < ?
         ORDER BY json_extract(alert, '$.kind') = 'dead', id LIMIT ?
       )
       RETURNING id, alert, tries`,
      now + ALERT_RETRY_MS,
      now,
      ALERT_TRIES,
      DIGEST_MAX,
    )
    .toArray()
    .sort((a, b) => a.id - b.id);
  if (rows.length === 0) return givenUp ? { alerts: [], givenUp, ...counts() } : null;
  sql.exec(`UPDATE alert_state SET last_digest_at = ? WHERE id = 1`, now);
  const alerts = rows.map((r) => {
    const alert = JSON.parse(r.alert) as Alert;
    // An error alert says what the window holds now, not only what passed the threshold.
    if (alert.kind === 'errors') alert.report = errorReport(sql, alert.windowStart);
    return { id: r.id, alert, tries: r.tries, last: r.tries >= ALERT_TRIES };
  });
  return { alerts, givenUp, ...counts() };
}

/** Alerts posted, or given up: gone. */
export function alertsDone(sql: SqlStorage, ids: number[]): void {
  for (const id of ids) sql.exec(`DELETE FROM alerts WHERE id = ?`, id);
}

/**
 * One server error (a 5xx answer, or an error thrown while a page streamed)
 * on `route` (a shape of the path the site wrote: worker/middleware/error-count.ts).
 * The window's ERROR_ALERT_THRESHOLD-th error queues its alert, once.
 */
export function recordError(sql: SqlStorage, route: string, status: number, at = 0): void {
  const now = clock(at);
  const windowStart = now - (now % ERROR_WINDOW_MS);
  sql.exec(
    `INSERT INTO error_counts (window_start, route, status, n) VALUES (?, ?, ?, 1)
     ON CONFLICT (window_start, route, status) DO UPDATE SET n = n + 1`,
    windowStart,
    route,
    status,
  );
  sql.exec(`INSERT OR IGNORE INTO error_windows (window_start) VALUES (?)`, windowStart);
  const { total } = sql.exec<{ total: number }>(`SELECT SUM(n) AS total FROM error_counts WHERE window_start = ?`, windowStart).one();
  if (total < ERROR_ALERT_THRESHOLD) return;
  const alerted = sql.exec(
    `UPDATE error_windows SET alerted = 1 WHERE window_start = ? AND alerted = 0 RETURNING window_start`,
    windowStart,
  );
  if (alerted.toArray().length > 0) queueAlert(sql, { kind: 'errors', windowStart }, now);
}

function errorReport(sql: SqlStorage, windowStart: number): ErrorReport {
  const statuses: Record<string, number> = {};
  let total = 0;
  for (const r of sql.exec<{ status: number; n: number }>(
    `SELECT status, SUM(n) AS n FROM error_counts WHERE window_start = ? GROUP BY status ORDER BY status`,
    windowStart,
  )) {
    statuses[String(r.status)] = r.n;
    total += r.n;
  }
  const top = sql
    .exec<{ route: string; count: number }>(
      `SELECT route, SUM(n) AS count FROM error_counts WHERE window_start = ? GROUP BY route ORDER BY count DESC, route LIMIT ?`,
      windowStart,
      ERROR_TOP,
    )
    .toArray()
    .map((r) => ({ route: r.route, count: r.count }));
  return { windowMs: ERROR_WINDOW_MS, total, statuses, top };
}

/** Old alerts and error counts go. */
export function purgeAlerts(sql: SqlStorage, now: number): void {
  sql.exec(`DELETE FROM alerts WHERE created < ?`, now - ALERT_RETENTION_MS);
  sql.exec(`DELETE FROM error_counts WHERE window_start < ?`, now - ERROR_RETENTION_MS);
  sql.exec(`DELETE FROM error_windows WHERE window_start < ?`, now - ERROR_RETENTION_MS);
}
