import { env, runInDurableObject } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../worker/forms/outbox-object';
import { EXPORT_PAGE, LIST_PAGE, type PageKey } from '../../worker/forms/outbox-pages';
import { parseCsv } from './csv';
import { adminClient, useEmptyOutbox } from './forms-helpers';

/**
 * Lists and exports read the outbox a page at a time (worker/forms/outbox-pages.ts):
 * with 5,000 submissions, many of them made in the same second, every one
 * comes out exactly once, in order, whichever page boundary it sits on.
 */
const TOKEN = 'paging-test-admin-token-forty-three-chars!!';
useEmptyOutbox();

const COUNT = 5000;
/** 300 submissions a second: page boundaries (every 200 or 1,000) fall among rows that share their `created`. */
const createdOf = (i: number) => new Date(Date.UTC(2026, 0, 5, 9) + Math.floor(i / 300) * 1000).toISOString();
/** Each submission's name says which it was, so a row can be checked against its id. */
let seeded: { id: string; created: string; name: string }[] = [];

beforeEach(async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  seeded = Array.from({ length: COUNT }, (_, i) => ({ id: crypto.randomUUID(), created: createdOf(i), name: `Person ${i}` }));
  // Straight into the object, as the form pipeline would store them, without 5,000 posts.
  await runInDurableObject(outbox(env), (box) => {
    for (const s of seeded) {
      const message = Number(s.name.slice(7)) % 7 === 0 ? 'Deux lignes;\navec "guillemets", et une virgule' : 'Bonjour';
      box.add({ id: s.id, form: 'contact', locale: 'fr', created: s.created, fields: { firstName: s.name, message } }, 'seed', 0);
    }
  });
});

/** The order the outbox promises: by `created`, then by id (SQLite compares both as bytes, as JavaScript does ASCII). */
const byKey = (a: PageKey, b: PageKey) => (a.created === b.created ? (a.id < b.id ? -1 : 1) : a.created < b.created ? -1 : 1);

const admin = adminClient(TOKEN, '203.0.116');

describe('the export, streamed', () => {
  it('holds all 5,000, each exactly once, oldest first, every row whole across page boundaries', async () => {
    const res = await admin('/admin/outbox/export');
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let [text, chunks] = ['', 0];
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      chunks++;
      text += decoder.decode(r.value, { stream: true });
    }
    // The header first, then one chunk per page of the outbox: never everything at once.
    expect(chunks).toBeGreaterThanOrEqual(1 + COUNT / EXPORT_PAGE);
    const [header, ...records] = parseCsv(text.slice(1));
    expect(records).toHaveLength(COUNT);
    const column = (name: string) => header!.indexOf(name);
    const ids = records.map((r) => r[column('id')]);
    expect(new Set(ids).size).toBe(COUNT);
    expect(ids).toEqual([...seeded].sort(byKey).map((s) => s.id));
    const nameOf = new Map(seeded.map((s) => [s.id, s.name]));
    for (const r of records) expect(r[column('firstName')]).toBe(nameOf.get(r[column('id')]!));
    expect(records.filter((r) => r[column('message')] === 'Deux lignes;\navec "guillemets", et une virgule')).toHaveLength(715);
  });

  it('each call to the outbox gives one bounded page and where the next starts, whatever limit is asked', async () => {
    const pages: number[] = [];
    const ids: string[] = [];
    let after: PageKey | null = null;
    do {
      const page: { submissions: { id: string }[]; next: PageKey | null } = await outbox(env).exportPage(
        '1970-01-01T00:00:00.000Z',
        after,
        1e9,
      );
      pages.push(page.submissions.length);
      ids.push(...page.submissions.map((s) => s.id));
      after = page.next;
    } while (after);
    expect(Math.max(...pages)).toBe(EXPORT_PAGE);
    expect(pages).toHaveLength(COUNT / EXPORT_PAGE);
    expect(ids).toEqual([...seeded].sort(byKey).map((s) => s.id));
  });

  it('a submission deleted or added between two pages moves nothing else: no row repeated, none skipped', async () => {
    const box = outbox(env);
    const since = '1970-01-01T00:00:00.000Z';
    const first = await box.exportPage(since);
    const order = [...seeded].sort(byKey);
    const gone = order[EXPORT_PAGE + 10]!.id;
    expect(await box.remove(gone)).toMatchObject({ ok: true });
    const late = crypto.randomUUID();
    await box.add({ id: late, form: 'contact', locale: 'en', created: new Date().toISOString(), fields: {} }, 'seed', 0);
    const ids = first.submissions.map((s) => s.id);
    for (let after = first.next; after; ) {
      const page = await box.exportPage(since, after);
      ids.push(...page.submissions.map((s) => s.id));
      after = page.next;
    }
    expect(ids).toEqual([...order.map((s) => s.id).filter((id) => id !== gone), late]);
  });
});

describe('the list, a page at a time', () => {
  it('pages through all 5,000, newest first, with the cursor it hands out, and says when it is done', async () => {
    const ids: string[] = [];
    let [cursor, pages] = [null as string | null, 0];
    do {
      const res = await admin(`/admin/outbox${cursor ? `?cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as { submissions: { id: string }[]; more: boolean; next: string | null };
      expect(page.submissions).toHaveLength(LIST_PAGE);
      expect(page.more).toBe(page.next !== null);
      ids.push(...page.submissions.map((s) => s.id));
      [cursor, pages] = [page.next, pages + 1];
    } while (cursor);
    expect(pages).toBe(COUNT / LIST_PAGE);
    expect(ids).toEqual(
      [...seeded]
        .sort(byKey)
        .reverse()
        .map((s) => s.id),
    );
  });

  it('pages through one state alone', async () => {
    const dead = new Set(seeded.filter((_, i) => i % 9 === 0).map((s) => s.id));
    await runInDurableObject(outbox(env), (_box, state) => {
      for (const id of dead) state.storage.sql.exec(`UPDATE submissions SET status = 'dead' WHERE id = ?`, id);
    });
    const ids: string[] = [];
    for (let before: PageKey | null | undefined, first = true; first || before; first = false) {
      const page: { submissions: { id: string; status: string }[]; next: PageKey | null } = await outbox(env).list('dead', before, 100);
      expect(page.submissions.length).toBeLessThanOrEqual(100);
      for (const s of page.submissions) expect(s.status).toBe('dead');
      ids.push(...page.submissions.map((s) => s.id));
      before = page.next;
    }
    expect(ids).toEqual(
      [...seeded]
        .filter((s) => dead.has(s.id))
        .sort(byKey)
        .reverse()
        .map((s) => s.id),
    );
  });

  it('a cursor that is not one it handed out: 400 with what to do, never a crash', async () => {
    const res = await admin('/admin/outbox?cursor=eyJub3QiOiJhIGN1cnNvciJ9');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'bad_cursor',
      message: 'This cursor is not one the outbox gave: copy it whole from the end of `npm run outbox -- list`.',
    });
  });
});
