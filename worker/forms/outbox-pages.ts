/**
 * Reading the outbox a page at a time: the list (newest first) and the export
 * (oldest first) each return one bounded page and where the next one starts,
 * so no call, reply or response has to hold every submission at once.
 *
 * A page ends on a row's `(created, id)`, and the next one starts strictly
 * after it (keyset paging, on the indexes `submissions_order` (created, id)
 * and, for one state, `submissions_state_order`). `id` is unique,
 * so rows that share a `created` time are neither repeated nor skipped at a
 * page boundary, and a row deleted or added between two pages moves nothing
 * else (an OFFSET would).
 *
 * Outside the Worker, a page's end is a cursor: opaque text (base64url of
 * JSON) that the list hands out and takes back. A cursor that comes back is
 * checked before anything reads it: its length first, then every step once,
 * in linear time (no regular expression that could backtrack).
 */

/** Where a page ended: the last row it gave. */
export interface PageKey {
  created: string;
  id: string;
}

/** Rows per page of the list (JSON, without what visitors wrote) and of the export (whole submissions). */
export const LIST_PAGE = 1000;
export const EXPORT_PAGE = 200;

/** The rows of one page, and where the next one starts (null: this was the last). */
interface RowPage<T> {
  rows: T[];
  next: PageKey | null;
}

type KeyedRow = Record<string, SqlStorageValue> & PageKey;

/** One page of `submissions`, newest first, after `before` (exclusive), of one state or all. */
export function newestFirst<T extends KeyedRow>(
  sql: SqlStorage,
  { status, before }: { status?: string | undefined; before?: PageKey | null | undefined },
  limit: number,
): RowPage<T> {
  const where: string[] = [];
  const bindings: SqlStorageValue[] = [];
  if (status) {
    where.push('status = ?');
    bindings.push(status);
  }
  if (before) {
    where.push('(created, id) < (?, ?)');
    bindings.push(before.created, before.id);
  }
  return page<T>(sql, where, bindings, 'DESC', Math.min(limit, LIST_PAGE));
}

/** One page of `submissions`, oldest first, made at or after `since` (ISO) and after `after` (exclusive). */
export function oldestFirst<T extends KeyedRow>(
  sql: SqlStorage,
  { since, after }: { since: string; after?: PageKey | null | undefined },
  limit: number,
): RowPage<T> {
  // One bound, so that each page is one range of the index (with both, SQLite may scan from `since` again each
  // time): past the first page, `after` is already at or after `since`.
  const [where, bindings] =
    after && after.created >= since ? ['(created, id) > (?, ?)', [after.created, after.id]] : ['created >= ?', [since]];
  return page<T>(sql, [where], bindings, 'ASC', Math.min(limit, EXPORT_PAGE));
}

/** One more row than asked for tells whether there is a next page, without a second query. */
function page<T extends KeyedRow>(
  sql: SqlStorage,
  where: string[],
  bindings: SqlStorageValue[],
  order: 'ASC' | 'DESC',
  limit: number,
): RowPage<T> {
  const size = Math.max(1, Math.floor(limit) || 1);
  const rows = sql
    .exec<T>(
      `SELECT * FROM submissions ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created ${order}, id ${order} LIMIT ?`,
      ...bindings,
      size + 1,
    )
    .toArray();
  const kept = rows.slice(0, size);
  const last = kept.at(-1);
  return { rows: kept, next: rows.length > size && last ? { created: last.created, id: last.id } : null };
}

/** A cursor longer than this is wrong without being read (a real one is about 90 characters). */
const CURSOR_MAX = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** How `created` is written (new Date().toISOString()) and what an id is (crypto.randomUUID()). */
const CREATED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(key: PageKey): string {
  return btoa(JSON.stringify([key.created, key.id]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/** The page key a cursor stands for, or null for anything that is not a cursor this outbox handed out. */
export function decodeCursor(text: string): PageKey | null {
  if (text.length === 0 || text.length > CURSOR_MAX || !BASE64URL.test(text)) return null;
  let value: unknown;
  try {
    value = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [created, id] = value as unknown[];
  if (typeof created !== 'string' || typeof id !== 'string' || !CREATED.test(created) || !ID.test(id)) return null;
  return { created, id };
}
