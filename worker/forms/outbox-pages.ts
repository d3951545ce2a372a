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
 * else (an OFFSET would). Outside the Worker, a page's end is a cursor
 * (./outbox-cursor.ts).
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
export function pageNewestFirst<T extends KeyedRow>(
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
