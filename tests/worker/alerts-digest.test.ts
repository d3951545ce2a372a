import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { ERROR_ALERT_THRESHOLD, ERROR_WINDOW_MS } from '../../worker/forms/outbox-alerts';
import { routeShape } from '../../worker/middleware/error-count';
import { contact, cron, load, poster, quiet, useEmptyOutbox } from './forms-helpers';
import { WEBHOOK_URL } from './upstream-urls';
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
    expect(text).toContain(`Most: /…/error (${ERROR_ALERT_THRESHOLD}).`);
    // More in the same window: no second alert.
    for (let i = 0; i < 5; i++) await get('/__test/error');
    await cron(Date.now() + 20 * 60_000, chat);
    expect(texts()).toHaveLength(1);
    // A page that works is not counted.
    expect((await get('/')).status).toBe(200);
  });

  it('an alert names route shapes the site wrote, never what a visitor put in a path', () => {
    expect(routeShape('/')).toBe('/');
    expect(routeShape('/en/news/bilan-2024')).toBe('/en/news/…');
    expect(routeShape('/api/contact')).toBe('/api/contact');
    expect(routeShape('/[Click](https%3A%2F%2Fevil.example)/@everyone')).toBe('/…/…');
    expect(routeShape(`/${'a'.repeat(100)}`)).toBe('/…');
  });
});
