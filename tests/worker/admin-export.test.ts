import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../worker/forms/outbox-object';
import { parseCsv } from './csv';
import { adminClient, contact, cron, load, poster, request, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/** `npm run outbox -- export`: GET /admin/outbox/export with the token, a CSV streamed page by page (paging itself: admin-pages.test.ts). */
const TOKEN = 'export-test-admin-token-forty-three-chars!!';
const { postJson } = poster('198.51.106');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const admin = adminClient(TOKEN, '203.0.117');
const exportCsv = (query = '', overrides: Record<string, unknown> = {}) => admin(`/admin/outbox/export${query}`, { env: overrides });
/** The body as a spreadsheet reads it: res.text() would drop the byte order mark. */
const bytesAsText = async (res: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
const quiet = () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return vi.spyOn(console, 'log').mockImplementation(() => {});
};
const submit = async (data: Record<string, unknown> = contact) =>
  ((await (await postJson('service' in data ? '/api/translation-estimate' : '/api/contact', data)).json()) as { id: string }).id;

describe('export', () => {
  it('is a CSV of every submission kept, with a header row, one row each, formulas defused', async () => {
    const log = quiet();
    upstream().mailStatus = 400;
    const dead = await submit();
    upstream().mailStatus = 202;
    const id = await submit({ ...contact, message: '=HYPERLINK("https://evil.example","x")\nDeux lignes, "entre guillemets"' });
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="outbox-export-1970-01-01.csv"');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const csv = await bytesAsText(res);
    expect(
      csv.startsWith('\uFEFF"id";"form";"locale";"created";"status";"attempts";"failure";"last_error";"association_sent";"visitor_sent"'),
    ).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[1]).toMatch(
      new RegExp(`^"${dead}";"contact";"fr";"[^"]+";"dead";"1";"permanent";"association: MailChannels answered 400`),
    );
    expect(csv).toContain(`"${id}";"contact"`);
    expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")\nDeux lignes, ""entre guillemets"""`);
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'admin.action', action: 'export', since: '1970-01-01', count: 2, ended: 'done' }),
    );
  });

  it('opens in Excel with Swiss settings as columns: a byte order mark, then `;` between fields, no `sep=` line', async () => {
    quiet();
    const id = await submit({ ...contact, lastName: 'Müller; Dupont', message: 'Bonjour; deux champs? Non: un seul, avec "guillemets".' });
    const bytes = new Uint8Array(await (await exportCsv()).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.startsWith('"id";"form";"locale";"created"')).toBe(true);
    const [header, ...records] = parseCsv(text);
    const record = records.find((r) => r[0] === id)!;
    expect(record).toHaveLength(header!.length);
    expect(record[header!.indexOf('lastName')]).toBe('Müller; Dupont');
    expect(record[header!.indexOf('message')]).toBe('Bonjour; deux champs? Non: un seul, avec "guillemets".');
  });

  it('the estimate, in its columns', async () => {
    quiet();
    const id = await submit(request);
    const [header, ...records] = parseCsv((await bytesAsText(await exportCsv())).slice(1));
    const record = records.find((r) => r[0] === id)!;
    expect(record[header!.indexOf('estimate_currency')]).toBe('CHF');
    expect(Number(record[header!.indexOf('estimate_amount')])).toBeGreaterThan(0);
  });

  it('a date that does not exist is refused, not rolled over to the next month', async () => {
    quiet();
    const res = await exportCsv('?since=2026-02-30');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'bad_since' });
  });

  it('--since keeps the later ones only', async () => {
    quiet();
    await submit();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(parseCsv((await bytesAsText(await exportCsv(`?since=${tomorrow}`))).slice(1))).toHaveLength(1);
  });

  it('sent submissions are forgotten 30 days after their last e-mail went out: the export holds what is kept, no more', async () => {
    quiet();
    // Made 40 days ago, sent only now (after a long outage and a resend): kept 30 days from now.
    upstream().mailStatus = 500;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 40 * 86_400_000);
    const id = await submit();
    vi.useRealTimers();
    upstream().mailStatus = 202;
    await outbox(env).resend(id, false);
    await cron(Date.now());
    expect(await load(id)).toMatchObject({ status: 'sent' });
    await cron(Date.now() + 29 * 86_400_000);
    expect(await load(id)).not.toBeNull();
    await cron(Date.now() + 31 * 86_400_000);
    expect(await load(id)).toBeNull();
    expect(parseCsv((await bytesAsText(await exportCsv())).slice(1))).toHaveLength(1);
  });

  it('an outbox that fails midway ends the body with an error, never with a CSV that looks complete', async () => {
    const log = quiet();
    const errors = vi.spyOn(console, 'error');
    await runInDurableObject(outbox(env), (box) => {
      for (let i = 0; i < 250; i++)
        box.add({ id: crypto.randomUUID(), form: 'contact', locale: 'fr', created: new Date().toISOString(), fields: {} }, 'seed', 0);
    });
    // The first page comes from the real outbox, the second call fails.
    let calls = 0;
    const failing = {
      getByName: (name: string) => {
        const real = env.OUTBOX.getByName(name);
        return {
          exportPage: (...args: Parameters<typeof real.exportPage>) =>
            ++calls === 2 ? Promise.reject(new Error('Durable Object reset')) : real.exportPage(...args),
        };
      },
    };
    const res = await exportCsv('', { OUTBOX: failing });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow('Durable Object reset');
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ event: 'admin.action', action: 'export', count: 200, ended: 'failed' }));
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'admin.export_failed', count: 200, error: 'Error: Durable Object reset' }),
    );
  });
});
