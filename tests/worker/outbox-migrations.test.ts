import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { open, store } from '../../worker/forms/outbox';
import { MIGRATIONS, migrate } from '../../worker/forms/outbox-schema';

/**
 * The outbox's tables, opened by this code whatever version made them: every
 * shape an outbox had before its tables were versioned (each commit's code on
 * an empty storage, written down here from `git log -p worker/forms/outbox.ts`,
 * and an outbox made by one version and started by later ones), and every
 * version since, made from the migration list itself. Each holds rows; once
 * the store has opened it, the rows read back as they were written, the
 * store works on them, and the tables are exactly those of a new outbox.
 */

const SUBMISSIONS_FIRST = `CREATE TABLE submissions (id TEXT PRIMARY KEY, form TEXT NOT NULL, locale TEXT NOT NULL, created TEXT NOT NULL,
  fields TEXT NOT NULL, estimate TEXT, status TEXT NOT NULL, attempts INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, last_error TEXT,
  sent_association INTEGER NOT NULL DEFAULT 0, sent_visitor INTEGER NOT NULL DEFAULT 0, lease_owner TEXT, lease_until INTEGER);
  CREATE INDEX submissions_due ON submissions (status, next_attempt_at)`;
const UNKNOWN = `ALTER TABLE submissions ADD COLUMN unknown_association INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE submissions ADD COLUMN unknown_visitor INTEGER NOT NULL DEFAULT 0`;
const ALERTS = `CREATE TABLE alerts (id INTEGER PRIMARY KEY AUTOINCREMENT, alert TEXT NOT NULL, created INTEGER NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0, next_try_at INTEGER NOT NULL)`;
const HEALTH_FIRST = `CREATE TABLE mail_health (id INTEGER PRIMARY KEY CHECK (id = 1), failing_since INTEGER,
  outage_alerted INTEGER NOT NULL DEFAULT 0, last_error TEXT); INSERT INTO mail_health (id) VALUES (1)`;
const HEALTH_LAST_FAILURE = `CREATE TABLE mail_health (id INTEGER PRIMARY KEY CHECK (id = 1), failing_since INTEGER, last_failure_at INTEGER,
  outage_alerted INTEGER NOT NULL DEFAULT 0, last_error TEXT); INSERT INTO mail_health (id) VALUES (1)`;
const REFUSALS = `ALTER TABLE submissions ADD COLUMN refused_visitor INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE submissions ADD COLUMN copies INTEGER NOT NULL DEFAULT 0; ALTER TABLE submissions ADD COLUMN finished_at INTEGER`;
const ALERT_STATE = `CREATE TABLE alert_state (id INTEGER PRIMARY KEY CHECK (id = 1), last_digest_at INTEGER NOT NULL DEFAULT 0);
  INSERT INTO alert_state (id) VALUES (1);
  CREATE TABLE error_counts (window_start INTEGER NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, n INTEGER NOT NULL,
    PRIMARY KEY (window_start, route, status));
  CREATE TABLE error_windows (window_start INTEGER PRIMARY KEY, alerted INTEGER NOT NULL DEFAULT 0)`;
const REASON_CODES = `ALTER TABLE submissions ADD COLUMN reason_code TEXT; ALTER TABLE mail_health ADD COLUMN last_code TEXT`;
const ORDER = 'CREATE INDEX submissions_order ON submissions (created, id)';
const STATE_ORDER = 'CREATE INDEX submissions_state_order ON submissions (status, created, id)';

/** Each shape of an outbox before versions: its statements, as that code left an empty storage (or an older outbox). */
const UNVERSIONED: [string, string[]][] = [
  ['a6aefa6 to 0fa02a1 (the first SQLite outbox: submissions alone)', [SUBMISSIONS_FIRST]],
  ['381e476 (sends of unknown outcome)', [SUBMISSIONS_FIRST, UNKNOWN]],
  [
    'cc9c2c2 to bb29c78 (alerts and the mail’s health)',
    [SUBMISSIONS_FIRST, ALERTS, HEALTH_FIRST, UNKNOWN, 'ALTER TABLE submissions ADD COLUMN failure TEXT'],
  ],
  [
    'bd77207 to d9481c5 (refused confirmations, forced copies, retention from the last send)',
    [SUBMISSIONS_FIRST, ALERTS, HEALTH_LAST_FAILURE, UNKNOWN, 'ALTER TABLE submissions ADD COLUMN failure TEXT', REFUSALS],
  ],
  [
    '3f52c5b (the alert digest, error counts, reason codes)',
    [
      SUBMISSIONS_FIRST,
      HEALTH_LAST_FAILURE,
      ALERTS,
      ALERT_STATE,
      UNKNOWN,
      'ALTER TABLE submissions ADD COLUMN failure TEXT',
      REFUSALS,
      REASON_CODES,
    ],
  ],
  [
    'ffdab30 (paged lists)',
    [
      SUBMISSIONS_FIRST,
      ORDER,
      HEALTH_LAST_FAILURE,
      ALERTS,
      ALERT_STATE,
      UNKNOWN,
      'ALTER TABLE submissions ADD COLUMN failure TEXT',
      REFUSALS,
      REASON_CODES,
    ],
  ],
  [
    '8ca2141 to e7d7278 (the last before versions)',
    [
      SUBMISSIONS_FIRST,
      ORDER,
      STATE_ORDER,
      HEALTH_LAST_FAILURE,
      ALERTS,
      ALERT_STATE,
      UNKNOWN,
      'ALTER TABLE submissions ADD COLUMN failure TEXT',
      REFUSALS,
      REASON_CODES,
    ],
  ],
  [
    'cc9c2c2’s, then started by 3f52c5b to e7d7278 (they never added last_failure_at)',
    [
      SUBMISSIONS_FIRST,
      ALERTS,
      HEALTH_FIRST,
      UNKNOWN,
      'ALTER TABLE submissions ADD COLUMN failure TEXT',
      ORDER,
      STATE_ORDER,
      ALERT_STATE,
      REFUSALS,
      REASON_CODES,
    ],
  ],
];

const ESTIMATE = {
  amount: 360,
  currency: 'CHF',
  perWord: 0.18,
  languages: 2,
  minimumApplied: false,
  minimumPerLanguage: 60,
  onRequest: false,
};
const DEAD_ID = '00000000-0000-4000-8000-000000000001';
const PENDING_ID = '00000000-0000-4000-8000-000000000002';
const CREATED = new Date(Date.now() - 3 * 86_400_000).toISOString();

/** Two submissions as an older outbox wrote them: every column of the row that its table has. */
const ROWS: Record<string, SqlStorageValue>[] = [
  {
    id: DEAD_ID,
    form: 'estimate',
    locale: 'en',
    created: CREATED,
    fields: JSON.stringify({ service: 'translation', words: 1000, email: 'camille@example.org', targetLanguages: ['en', 'de'] }),
    estimate: JSON.stringify(ESTIMATE),
    result: JSON.stringify(ESTIMATE),
    status: 'dead',
    attempts: 20,
    next_attempt_at: 0,
    last_error: 'association: MailChannels answered 400',
    sent_association: 0,
    sent_visitor: 1,
    unknown_association: 1,
    failure: 'permanent',
    copies: 1,
    reason_code: 'association_mailchannels_400',
  },
  {
    id: PENDING_ID,
    form: 'contact',
    locale: 'fr',
    created: new Date(Date.now() - 3_600_000).toISOString(),
    fields: JSON.stringify({ firstName: 'Camille', lastName: 'Test', email: 'camille@example.org', message: 'Bonjour' }),
    status: 'pending',
    attempts: 2,
    next_attempt_at: 0,
    lease_owner: 'cron:gone',
    lease_until: 1,
  },
];

/** What the store reads from those rows, whatever the version: a column the table did not have reads as its default. */
function expectRowsRead(sql: SqlStorage, columns: Set<string>) {
  const has = (c: string) => columns.has(c);
  expect(store.get(sql, DEAD_ID)).toEqual({
    id: DEAD_ID,
    form: 'estimate',
    locale: 'en',
    created: CREATED,
    fields: { service: 'translation', words: 1000, email: 'camille@example.org', targetLanguages: ['en', 'de'] },
    result: ESTIMATE,
    status: 'dead',
    attempts: 20,
    nextAttemptAt: 0,
    lastError: 'association: MailChannels answered 400',
    ...(has('reason_code') ? { reasonCode: 'association_mailchannels_400' } : {}),
    ...(has('failure') ? { failure: 'permanent' } : {}),
    visitorRefused: false,
    copies: has('copies') ? 1 : 0,
    sent: { association: false, visitor: true },
    unknown: { association: has('unknown_association') ? 1 : 0, visitor: 0 },
  });
  expect(store.get(sql, PENDING_ID)).toMatchObject({ form: 'contact', status: 'pending', attempts: 2, fields: { message: 'Bonjour' } });
  expect(store.get(sql, PENDING_ID)).not.toHaveProperty('result');
}

/** The store at work on the tables it opened: a new submission, a delivery, the mail's health, the alerts and the lists. */
function expectStoreWorks(sql: SqlStorage) {
  const now = Date.now();
  store.add(
    sql,
    { id: '00000000-0000-4000-8000-000000000003', form: 'contact', locale: 'fr', created: new Date().toISOString(), fields: {} },
    'request:x',
    60_000,
  );
  // The old lease expired long ago: a run takes it, and a failure that may pass is recorded in the mail's health.
  expect(store.claim(sql, PENDING_ID, 'cron:now', now, 60_000)).toMatchObject({ attempts: 3 });
  expect(store.beginSend(sql, PENDING_ID, 'cron:now', 'association')).toBe(true);
  const failed = { outcome: 'failed', reason: 'MailChannels answered 503', code: 'mailchannels_503', failure: 'transient' } as const;
  expect(store.settleSend(sql, PENDING_ID, 'cron:now', 'association', failed, now)).toBe(true);
  expect(store.release(sql, PENDING_ID, 'cron:now', { status: 'dead', failure: 'transient', code: 'association_mailchannels_503' })).toBe(
    true,
  );
  store.checkOutage(sql, now + 2 * 3_600_000);
  store.recordError(sql, '/contact', 500, now);
  const digest = store.claimAlerts(sql, now);
  expect(digest?.alerts.map((q) => q.alert.kind)).toContain('dead');
  expect(digest).toMatchObject({ pending: 1, dead: 2 });
  expect(store.list(sql).submissions.map((s) => s.id)).toEqual(['00000000-0000-4000-8000-000000000003', PENDING_ID, DEAD_ID]);
  expect(store.exportPage(sql, '1970-01-01T00:00:00.000Z').submissions).toHaveLength(3);
  expect(store.resend(sql, DEAD_ID, false, now)).toMatchObject({ ok: true, was: 'dead' });
}

/** Not SQLite's own tables and indexes, nor the Durable Object's (`_cf_…`). */
const OWN = `substr(name, 1, 7) <> 'sqlite_' AND substr(name, 1, 4) <> '_cf_'`;

/** Every table, column and index of the outbox (its own tables only), in an order that does not depend on how it grew. */
function tablesOf(sql: SqlStorage) {
  const names = sql
    .exec<{ name: string; type: string; tbl_name: string }>(`SELECT name, type, tbl_name FROM sqlite_master WHERE ${OWN} ORDER BY name`)
    .toArray();
  return names.map(({ name, type, tbl_name }) => ({
    name,
    type,
    table: tbl_name,
    columns:
      type === 'table'
        ? sql
            .exec(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?)`, name)
            .toArray()
            .sort((a, b) => String(a.name).localeCompare(String(b.name)))
        : sql.exec(`SELECT name FROM pragma_index_info(?)`, name).toArray(),
  }));
}

/** The storage of a Durable Object of its own, emptied of everything its store made when it started. */
function emptied(state: DurableObjectState): DurableObjectState {
  const { sql } = state.storage;
  for (const { name } of sql.exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' AND ${OWN}`).toArray()) {
    sql.exec(`DROP TABLE ${name}`);
  }
  sql.exec('DELETE FROM sqlite_sequence');
  return state;
}

/** Runs `fn` in a new outbox object, its storage emptied; the tables of a new outbox come with it. */
async function inEmptyObject<T>(name: string, fn: (state: DurableObjectState, fresh: ReturnType<typeof tablesOf>) => T): Promise<T> {
  return runInDurableObject(env.OUTBOX.getByName(`migrations-${name}`), (_box, state) => {
    const fresh = tablesOf(state.storage.sql);
    return fn(emptied(state), fresh);
  });
}

function insertRows(sql: SqlStorage) {
  const columns = new Set(
    sql
      .exec<{ name: string }>(`SELECT name FROM pragma_table_info('submissions')`)
      .toArray()
      .map((c) => c.name),
  );
  for (const row of ROWS) {
    const kept = Object.entries(row).filter(([column]) => columns.has(column));
    sql.exec(
      `INSERT INTO submissions (${kept.map(([c]) => c).join(', ')}) VALUES (${kept.map(() => '?').join(', ')})`,
      ...kept.map(([, v]) => v),
    );
  }
  const tables = new Set(
    sql
      .exec<{ name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table'`)
      .toArray()
      .map((t) => t.name),
  );
  if (tables.has('mail_health'))
    sql.exec(
      'UPDATE mail_health SET failing_since = ?, last_error = ? WHERE id = 1',
      Date.now() - 2 * 3_600_000,
      'MailChannels answered 503',
    );
  if (tables.has('alerts'))
    sql.exec(
      `INSERT INTO alerts (alert, created, next_try_at) VALUES (?, ?, 0)`,
      JSON.stringify({ kind: 'errors', windowStart: 0 }),
      Date.now(),
    );
  return columns;
}

describe('an outbox made before its tables were versioned', () => {
  it.each(UNVERSIONED.map(([made, statements], i) => [made, statements, i] as const))(
    'made by %s: its rows read back, the store works, and its tables are a new outbox’s',
    async (_made, statements, i) => {
      await inEmptyObject(`unversioned-${i}`, (state, fresh) => {
        for (const statement of statements) state.storage.sql.exec(statement);
        const columns = insertRows(state.storage.sql);
        open(state.storage);
        expectRowsRead(state.storage.sql, columns);
        expect(tablesOf(state.storage.sql)).toEqual(fresh);
        expectStoreWorks(state.storage.sql);
      });
    },
  );
});

describe('an outbox at each version since', () => {
  // Version 0 is the empty storage; every later one is made by the migration list itself.
  it.each(MIGRATIONS.map((_, version) => version).filter((v) => v > 0))(
    'at version %i: its rows read back, the store works, and its tables are a new outbox’s',
    async (version) => {
      await inEmptyObject(`version-${version}`, (state, fresh) => {
        migrate(state.storage, MIGRATIONS.slice(0, version));
        const columns = insertRows(state.storage.sql);
        open(state.storage);
        expectRowsRead(state.storage.sql, columns);
        expect(tablesOf(state.storage.sql)).toEqual(fresh);
        expectStoreWorks(state.storage.sql);
      });
    },
  );

  it('runs each step once: opening the outbox again changes nothing', async () => {
    await inEmptyObject('twice', (state, fresh) => {
      open(state.storage);
      insertRows(state.storage.sql);
      open(state.storage);
      expect(tablesOf(state.storage.sql)).toEqual(fresh);
      expect(store.get(state.storage.sql, DEAD_ID)).toMatchObject({ status: 'dead', copies: 1 });
    });
  });

  it('a step that fails leaves the outbox as it was, and the store does not open on half a schema', async () => {
    await inEmptyObject('failing', (state, fresh) => {
      open(state.storage);
      const broken = (sql: SqlStorage) => {
        sql.exec('ALTER TABLE submissions ADD COLUMN half_done TEXT');
        throw new Error('the step failed halfway');
      };
      expect(() => migrate(state.storage, [...MIGRATIONS, broken])).toThrow('the step failed halfway');
      expect(tablesOf(state.storage.sql)).toEqual(fresh);
      expect(state.storage.sql.exec('SELECT version FROM schema_version').one().version).toBe(MIGRATIONS.length);
    });
  });

  it('an outbox newer than the code (a rollback across a migration) is refused, not written to', async () => {
    await inEmptyObject('newer', (state) => {
      open(state.storage);
      state.storage.sql.exec('UPDATE schema_version SET version = ?', MIGRATIONS.length + 1);
      expect(() => open(state.storage)).toThrow(`The outbox's tables are at version ${MIGRATIONS.length + 1}, newer than this code's`);
    });
  });
});
