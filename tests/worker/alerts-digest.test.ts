import { createExecutionContext, env, runInDurableObject, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { ERROR_ALERT_THRESHOLD, ERROR_WINDOW_MS } from '../../worker/forms/outbox-alerts';
import { outbox } from '../../worker/forms/outbox-object';
import worker from '../../worker/index';
import { routeShape } from '../../worker/middleware/error-count';
import { contact, cron, load, poster, quiet, useEmptyOutbox } from './forms-helpers';
import { DISCORD_URL, WEBHOOK_URL } from './upstream-urls';
import { useFakeUpstreams } from './upstreams';

/**
 * What the chat receives when much goes wrong at once: one message per post
 * (at most one per ten minutes), whatever the number of dead requests; and a
 * burst of server errors, told once per window with counts and routes.
 */
const { postJson } = poster('198.51.107');
const upstream = useFakeUpstreams();
useEmptyOutbox();
afterEach(() => {
  vi.useRealTimers();
});

const chat = { ALERT_WEBHOOK_URL: WEBHOOK_URL };
const shown = (text: unknown) => String(text).replace(/\\(.)/g, '$1');
const texts = () => upstream().alerts.map((a) => shown(a.body.text));

describe('a flood of dead requests', () => {
  it('is one message, then one summary ten minutes later, never one per request', async () => {
    quiet();
    upstream().mailStatus = 400; // every address refused
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(((await (await postJson('/api/contact', contact, chat)).json()) as { id: string }).id);
    for (const id of ids) expect(await load(id)).toMatchObject({ status: 'dead' });
    expect(texts()).toHaveLength(1); // the first, at once; the others wait for the next post allowed
    expect(texts()[0]).toContain('1 client request could not be e-mailed');
    await cron(Date.now() + 5 * 60_000, chat);
    expect(texts()).toHaveLength(1); // within ten minutes of the last: nothing
    await cron(Date.now() + 11 * 60_000, chat);
    expect(texts()).toHaveLength(2);
    const summary = texts()[1]!;
    expect(summary).toContain('[jeepfl.ch] 29 requests not e-mailed');
    expect(summary).toContain('29 client requests could not be e-mailed. They are kept in the outbox.');
    expect(summary.split('\n').filter((l) => l.startsWith('• '))).toHaveLength(10);
    expect(summary).toContain('… and 19 more: npm run outbox -- list --state dead --url https://jeepfl.ch');
    expect(summary).toContain('npm run outbox -- resend --all-dead --url https://jeepfl.ch');
    expect(summary).toContain('In the outbox now: 0 pending, 30 dead.');
    await cron(Date.now() + 60 * 60_000, chat);
    expect(texts()).toHaveLength(2);
  });
});

describe('what goes first, and what is never stuck', () => {
  /** Alerts queued as the outbox queues them, straight into its table. */
  const queue = (alerts: object[], tries = 0) =>
    runInDurableObject(outbox(env), (_box, state) => {
      for (const alert of alerts)
        state.storage.sql.exec(
          'INSERT INTO alerts (alert, created, tries, next_try_at) VALUES (?, ?, ?, 0)',
          JSON.stringify(alert),
          Date.now(),
          tries,
        );
    });
  const dead = (i: number) => ({
    kind: 'dead',
    submission: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    form: 'contact',
    created: new Date().toISOString(),
    attempts: 1,
    sent: { association: false, visitor: false },
    failure: 'permanent',
    reason: 'association_mailchannels_400',
  });
  const left = () =>
    runInDurableObject(outbox(env), (_box, state) => state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM alerts').one().n);

  it('an outage is never held back by a backlog of dead requests: 1,500 of them and an outage, one message with the outage in it', async () => {
    quiet();
    await queue(Array.from({ length: 1500 }, (_, i) => dead(i)));
    await queue([{ kind: 'outage', since: Date.now() - 2 * 3600_000, pending: 3, reason: 'mailchannels_503' }]);
    await cron(Date.now(), chat);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toContain('Mail is failing (mailchannels_503)');
    expect(texts()[0]).toContain('999 client requests could not be e-mailed'); // the rest in the next message
    expect(await left()).toBe(501);
  });

  it('on Discord, a long digest keeps its commands and counts: the listed requests give way first', async () => {
    quiet();
    await queue(Array.from({ length: 30 }, (_, i) => dead(i)));
    await cron(Date.now(), { ALERT_WEBHOOK_URL: DISCORD_URL });
    const body = upstream().alerts[0]!.body as { content: string; allowed_mentions: unknown; flags: number };
    expect(body.content.length).toBeLessThanOrEqual(2000);
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.flags).toBe(4); // no link previews
    const content = shown(body.content);
    expect(content).toContain('npm run outbox -- resend --all-dead --url https://jeepfl.ch');
    expect(content).toContain('In the outbox now: 0 pending, 0 dead.');
    expect(content).toMatch(/… \d+ more not shown here\./);
  });

  it('an alert whose last try never reported back is given up at the next post, and said so in the log', async () => {
    const error = quiet();
    await queue([dead(1)], 6);
    await cron(Date.now(), chat);
    expect(await left()).toBe(0);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'alert.given_up', alerts: 1 }));
  });

  it('with the forms’ secrets broken, nothing is sent but the alerts still reach the chat', async () => {
    quiet();
    await queue([{ kind: 'errors', windowStart: Date.now() - (Date.now() % ERROR_WINDOW_MS) }]);
    const broken = { ...env, TURNSTILE_SECRET_KEY: '', ...chat } as unknown as Parameters<NonNullable<typeof worker.scheduled>>[1];
    await worker.scheduled({ scheduledTime: Date.now(), cron: '*/5 * * * *', noRetry() {} } as ScheduledController, broken);
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toContain('[jeepfl.ch] server errors');
    expect(upstream().mails).toEqual([]);
  });
});

describe('server errors', () => {
  const app = createApp({ testRoutes: true });
  const get = async (path: string) => {
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`https://jeepfl.ch${path}`, { headers: { 'User-Agent': 'Mozilla/5.0' } }), env, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };

  it(`${ERROR_ALERT_THRESHOLD} in one window reach the chat once, with counts and the routes that failed`, async () => {
    quiet();
    vi.useFakeTimers({ toFake: ['Date'] });
    const windowStart = Math.ceil(Date.now() / ERROR_WINDOW_MS) * ERROR_WINDOW_MS;
    vi.setSystemTime(windowStart + 60_000);
    for (let i = 1; i < ERROR_ALERT_THRESHOLD; i++) expect((await get('/__test/error')).status).toBe(500);
    await cron(Date.now(), chat);
    expect(texts()).toEqual([]); // under the threshold: quiet
    expect((await get('/__test/error')).status).toBe(500);
    await cron(Date.now() + 60_000, chat);
    expect(texts()).toHaveLength(1);
    const [text] = texts();
    expect(text).toContain('[jeepfl.ch] server errors');
    expect(text).toContain(`The site answered ${ERROR_ALERT_THRESHOLD} server errors in the 15 min from `);
    expect(text).toContain(`(${ERROR_ALERT_THRESHOLD} × 500)`);
    expect(text).toContain(`Most: /…/… (${ERROR_ALERT_THRESHOLD}).`); // /__test/error is not one of the site's own addresses
    // More in the same window: no second alert.
    for (let i = 0; i < 5; i++) await get('/__test/error');
    await cron(Date.now() + 20 * 60_000, chat);
    expect(texts()).toHaveLength(1);
    // A page that works is not counted, nor a 404.
    expect((await get('/')).status).toBe(200);
    expect((await get('/no-such-page')).status).toBe(404);
    const counted = await runInDurableObject(outbox(env), (_box, state) =>
      state.storage.sql.exec<{ n: number }>('SELECT SUM(n) AS n FROM error_counts').one(),
    );
    expect(counted.n).toBe(ERROR_ALERT_THRESHOLD + 5);
  });

  it('counts an error that comes after the answer has left (a page whose stream breaks after its 200), through the request', async () => {
    quiet();
    const res = await get('/__test/late-error');
    expect(res.status).toBe(200);
    const counted = await runInDurableObject(outbox(env), (_box, state) =>
      state.storage.sql
        .exec<{ route: string; status: number; n: number }>('SELECT route, status, SUM(n) AS n FROM error_counts GROUP BY route, status')
        .toArray(),
    );
    expect(counted).toEqual([{ route: '/…/…', status: 500, n: 1 }]);
  });

  it('an alert names route shapes the site wrote, never what a visitor put in a path', () => {
    expect(routeShape('/')).toBe('/');
    expect(routeShape('/en')).toBe('/en');
    expect(routeShape('/en/news/bilan-2024')).toBe('/en/news/…');
    expect(routeShape('/api/contact')).toBe('/api/…');
    expect(routeShape('/team')).toBe('/team');
    expect(routeShape('/call-0791234567-to-restore/x')).toBe('/…/…'); // words a visitor chose, shaped like a page's
    expect(routeShape('/[Click](https%3A%2F%2Fevil.example)/@everyone')).toBe('/…/…');
    expect(routeShape(`/${'a'.repeat(100)}`)).toBe('/…');
  });
});
