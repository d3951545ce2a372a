import type { FieldValue } from '#client/forms/define.ts';
import type { Locale } from '#client/i18n.ts';
import type { SendFailure } from './mail';

/**
 * What the outbox holds about one submission, as its callers see it, and as
 * its table row (`submissions`, ./outbox-schema.ts): the one place the two
 * are mapped, and the small SQL helpers every part of the outbox shares.
 */

export interface Submission {
  id: string;
  /** The form's name (client/forms/index.ts). */
  form: string;
  locale: Locale;
  created: string;
  fields: Record<string, FieldValue>;
  /** What the form computed on the server (its `compute`: the pricer's estimate), stored as it was given (JSON). */
  result?: object;
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
  failure?: SendFailure | 'unknown';
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
export type NewSubmission = Pick<Submission, 'id' | 'form' | 'locale' | 'created' | 'fields' | 'result'>;

/** What the holder of a lease reports when it gives the submission back. */
export interface Outcome {
  status: Submission['status'];
  lastError?: string;
  code?: string;
  failure?: Submission['failure'];
}

/** What the outbox holds about a submission, without what the visitor wrote: for lists. */
export type Summary = Omit<Submission, 'fields' | 'result'>;

/** A row of `submissions`, as SQLite gives it. */
export interface Row extends Record<string, SqlStorageValue> {
  id: string;
  form: string;
  locale: string;
  created: string;
  fields: string;
  result: string | null;
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

/** Column names by recipient: SQL never holds a name it was passed. */
export const SENT_COLUMN = { association: 'sent_association', visitor: 'sent_visitor' } as const satisfies Record<Recipient, string>;
export const UNKNOWN_COLUMN = { association: 'unknown_association', visitor: 'unknown_visitor' } as const satisfies Record<
  Recipient,
  string
>;

export function fromRow(row: Row): Submission {
  return {
    id: row.id,
    form: row.form,
    locale: row.locale as Locale,
    created: row.created,
    fields: JSON.parse(row.fields) as Record<string, FieldValue>,
    ...(row.result ? { result: JSON.parse(row.result) as object } : {}),
    status: row.status as Submission['status'],
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    ...(row.last_error ? { lastError: row.last_error } : {}),
    ...(row.reason_code ? { reasonCode: row.reason_code } : {}),
    ...(row.failure ? { failure: row.failure as NonNullable<Submission['failure']> } : {}),
    visitorRefused: row.refused_visitor === 1,
    copies: row.copies,
    sent: { association: row.sent_association === 1, visitor: row.sent_visitor === 1 },
    unknown: { association: row.unknown_association, visitor: row.unknown_visitor },
  };
}

export function summary({ fields: _fields, result: _result, ...rest }: Submission): Summary {
  return rest;
}

export function getSubmission(sql: SqlStorage, id: string): Submission | null {
  const row = sql.exec<Row>(`SELECT * FROM submissions WHERE id = ?`, id).toArray()[0];
  return row ? fromRow(row) : null;
}

export function countOf(sql: SqlStorage, status: Submission['status']): number {
  return sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM submissions WHERE status = ?`, status).one().n;
}

/**
 * The outbox's time: this object's clock, or a caller's if later. Leases are
 * judged by the object's clock, never by a caller's alone: a cron run that
 * starts late still knows its scheduled time only, and leases written in that
 * clock would look expired to a run that started on time. A caller may only
 * move the clock forward (`at` later than the object's), which is how tests
 * stand in for time passing; in production the object's clock wins.
 */
export function clock(at = 0): number {
  return Math.max(Date.now(), at);
}

/** Runs an UPDATE or DELETE of submissions and tells whether it changed a row (RETURNING, so the cursor is read to the end). */
export function changed(sql: SqlStorage, query: string, ...bindings: SqlStorageValue[]): boolean {
  return sql.exec(`${query} RETURNING id`, ...bindings).toArray().length > 0;
}
