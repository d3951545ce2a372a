/**
 * The outbox's tables, versioned. MIGRATIONS lists every change made to them,
 * in order, and the outbox records how many it has run (`schema_version`, one
 * row: `PRAGMA user_version`, SQLite's own place for it, is refused in a
 * Durable Object). Opening the store runs the steps it has not run yet, each
 * in one transaction with its new version: a step that fails leaves the
 * outbox as it was, and the object does not start on half a schema.
 *
 * A change to the tables is a new step at the end of the list. A step that
 * was deployed is never edited: outboxes out there ran it as it was.
 */

/** One change to the tables. */
type Migration = (sql: SqlStorage) => void;

/** The columns a table needs, and how each is declared when it must be added. */
function addMissing(sql: SqlStorage, table: string, columns: Record<string, string>): void {
  const present = new Set(
    sql
      .exec<{ name: string }>(`SELECT name FROM pragma_table_info(?)`, table)
      .toArray()
      .map((c) => c.name),
  );
  for (const [column, type] of Object.entries(columns)) {
    if (!present.has(column)) sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }
}

/** The tables as the code before versions created them in an empty storage (it added the other columns after). */
const UNVERSIONED_TABLES = `
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
  CREATE TABLE IF NOT EXISTS alerts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    alert TEXT NOT NULL,
    created INTEGER NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    next_try_at INTEGER NOT NULL
  );
  CREATE TABLE IF NOT EXISTS alert_state (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    last_digest_at INTEGER NOT NULL DEFAULT 0
  );
  INSERT OR IGNORE INTO alert_state (id) VALUES (1);
  CREATE TABLE IF NOT EXISTS error_counts (
    window_start INTEGER NOT NULL,
    route TEXT NOT NULL,
    status INTEGER NOT NULL,
    n INTEGER NOT NULL,
    PRIMARY KEY (window_start, route, status)
  );
  CREATE TABLE IF NOT EXISTS error_windows (
    window_start INTEGER PRIMARY KEY,
    alerted INTEGER NOT NULL DEFAULT 0
  );
`;

/**
 * Step 1: the outbox as the code before versions left it, made whole. That
 * code created what was missing and added columns one by one at every start,
 * so an outbox it made may have any of its shapes (the first had 14 columns
 * in `submissions` and no other table); one made before `mail_health` had
 * `last_failure_at` never got it. All of it is added here, once; an empty
 * storage gets the same tables, columns in the same order.
 */
function unversioned(sql: SqlStorage): void {
  sql.exec(UNVERSIONED_TABLES);
  const count = 'INTEGER NOT NULL DEFAULT 0';
  addMissing(sql, 'submissions', {
    unknown_association: count,
    unknown_visitor: count,
    failure: 'TEXT',
    refused_visitor: count,
    copies: count,
    finished_at: 'INTEGER',
    reason_code: 'TEXT',
  });
  addMissing(sql, 'mail_health', { last_failure_at: 'INTEGER', last_code: 'TEXT' });
}

/** Step 2: what a form computed is its `result`, whatever the form (it was named after the pricer's estimate). Rows keep their values. */
function resultOfAnyForm(sql: SqlStorage): void {
  sql.exec(`ALTER TABLE submissions RENAME COLUMN estimate TO result`);
}

/** Every change to the outbox's tables, in order: the outbox's version is how many it has run. */
export const MIGRATIONS: readonly Migration[] = [unversioned, resultOfAnyForm];

/**
 * Brings the outbox's tables to the version of `steps` (every migration, but
 * in the tests of the migrations themselves). An outbox already past it was
 * written by newer code (a rollback across a migration): the store refuses to
 * start rather than write rows that code cannot read.
 */
export function migrate(storage: DurableObjectStorage, steps: readonly Migration[] = MIGRATIONS): void {
  const { sql } = storage;
  sql.exec(`CREATE TABLE IF NOT EXISTS schema_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)`);
  const version = sql.exec<{ version: number }>(`SELECT version FROM schema_version`).toArray()[0]?.version ?? 0;
  if (version > steps.length) throw new Error(`The outbox's tables are at version ${version}, newer than this code's ${steps.length}`);
  for (const [i, step] of steps.entries()) {
    if (i < version) continue;
    storage.transactionSync(() => {
      step(sql);
      sql.exec(`INSERT OR REPLACE INTO schema_version (id, version) VALUES (1, ?)`, i + 1);
    });
  }
}
