import { DurableObject } from 'cloudflare:workers';
import type { Estimate } from '#client/forms/pricing.ts';
import type { FormKind } from '#client/forms/state.ts';
import type { Locale } from '#client/i18n.ts';

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
/** A field as the schemas give it: text, a count, or a list of choices. */
export type FieldValue = string | number | string[];

export interface Submission {
  id: string;
  form: FormKind;
  locale: Locale;
  created: string;
  fields: Record<string, FieldValue>;
  estimate?: Estimate;
  status: 'pending' | 'sent' | 'dead';
  attempts: number;
  /** Epoch ms: not tried again before this. */
  nextAttemptAt: number;
  lastError?: string;
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
}

/** Attempts before a submission is given up (dead): about three days of backoff, so a weekend's outage passes. */
export const MAX_ATTEMPTS = 20;

/** After attempt n: 1 min, 2, 4 … 256 min, then 6 h steps. */
function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000);
}

/** Sent submissions stay 30 days (for support questions), then go. Dead ones stay until someone looks. */
const SENT_RETENTION_MS = 30 * 24 * 60 * 60_000;

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
}

/** Column names by recipient: SQL never holds a name it was passed. */
const SENT_COLUMN = { association: 'sent_association', visitor: 'sent_visitor' } as const satisfies Record<Recipient, string>;
const UNKNOWN_COLUMN = { association: 'unknown_association', visitor: 'unknown_visitor' } as const satisfies Record<Recipient, string>;

export class Outbox extends DurableObject {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
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
    `);
    // Columns added after the table was first created: an outbox made by an earlier version gains them, at zero.
    const columns = new Set(this.sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('submissions')`).toArray().map((c) => c.name));
    for (const column of Object.values(UNKNOWN_COLUMN)) {
      if (!columns.has(column)) this.sql.exec(`ALTER TABLE submissions ADD COLUMN ${column} INTEGER NOT NULL DEFAULT 0`);
    }
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
      sub.id, sub.form, sub.locale, sub.created, JSON.stringify(sub.fields), sub.estimate ? JSON.stringify(sub.estimate) : null,
      t + backoffMs(1), owner, t + leaseMs,
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
        now, now, limit,
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
      owner, now + leaseMs, attempts, now + backoffMs(attempts), id, now, now,
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
   */
  settleSend(id: string, owner: string, who: Recipient, outcome: 'sent' | 'failed' | 'unknown'): boolean {
    if (outcome === 'unknown') return this.changed(`UPDATE submissions SET id = id WHERE id = ? AND lease_owner = ?`, id, owner);
    const unknown = UNKNOWN_COLUMN[who];
    const sent = outcome === 'sent' ? `, ${SENT_COLUMN[who]} = 1` : '';
    return this.changed(`UPDATE submissions SET ${unknown} = MAX(${unknown} - 1, 0)${sent} WHERE id = ? AND lease_owner = ?`, id, owner);
  }

  /**
   * Gives the lease back with the outcome of the attempt (a pending one keeps
   * the next attempt time set when it was claimed). False when the lease was
   * no longer `owner`'s.
   */
  release(id: string, owner: string, outcome: Outcome): boolean {
    return this.changed(
      `UPDATE submissions SET status = ?, last_error = ?, lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?`,
      outcome.status, outcome.lastError ?? null, id, owner,
    );
  }

  get(id: string): Submission | null {
    const row = this.sql.exec<Row>(`SELECT * FROM submissions WHERE id = ?`, id).toArray()[0];
    return row ? fromRow(row) : null;
  }

  /** Forgets sent submissions older than the retention period; returns how many. */
  purge(at: number): number {
    const before = new Date(this.clock(at) - SENT_RETENTION_MS).toISOString();
    return this.sql.exec(`DELETE FROM submissions WHERE status = 'sent' AND created < ? RETURNING id`, before).toArray().length;
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
    form: row.form as FormKind,
    locale: row.locale as Locale,
    created: row.created,
    fields: JSON.parse(row.fields) as Record<string, FieldValue>,
    ...(row.estimate ? { estimate: JSON.parse(row.estimate) as Estimate } : {}),
    status: row.status as Submission['status'],
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    ...(row.last_error ? { lastError: row.last_error } : {}),
    sent: { association: row.sent_association === 1, visitor: row.sent_visitor === 1 },
    unknown: { association: row.unknown_association, visitor: row.unknown_visitor },
  };
}

/** The one outbox of the site. */
export function outbox(env: { OUTBOX: DurableObjectNamespace<Outbox> }) {
  return env.OUTBOX.getByName('outbox');
}
