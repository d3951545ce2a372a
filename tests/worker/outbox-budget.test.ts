import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../worker/forms/outbox-object';
import { Budget, PLAN_LIMITS } from '../../worker/platform/subrequests';
import { cron, quiet, useEmptyOutbox } from './forms-helpers';
import { WEBHOOK_URL } from './upstream-urls';
import { useFakeUpstreams } from './upstreams';

/**
 * The free plan allows 50 fetches per invocation, a cron run included
 * (worker/platform/subrequests.ts). A backlog (after an outage, or resend
 * --all-dead) goes out over successive runs: none is marked failed or dead
 * by the limit, the mail's health is untouched, and the alerts go first.
 */
const upstream = useFakeUpstreams();
useEmptyOutbox();
const chat = { ALERT_WEBHOOK_URL: WEBHOOK_URL };

/**
 * The platform in front of the fakes (`fake`: the upstreams' fetch): past
 * `limit` fetches in one invocation, `fetch` throws as Cloudflare's does.
 */
function platformLimit(fake: typeof fetch, limit: number) {
  const state = { calls: 0, thrown: 0 };
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    if (++state.calls > limit) {
      state.thrown++;
      return Promise.reject(new Error('Too many subrequests.'));
    }
    return fake(input, init);
  });
  return state;
}

/** `n` contact requests waiting in the outbox, due now, never tried (as `resend --all-dead` leaves them). */
async function backlog(n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  await runInDurableObject(outbox(env), (_box, state) => {
    for (const id of ids) {
      state.storage.sql.exec(
        `INSERT INTO submissions (id, form, locale, created, fields, status, attempts, next_attempt_at) VALUES (?, 'contact', 'fr', ?, ?, 'pending', 0, 0)`,
        id,
        new Date().toISOString(),
        JSON.stringify({ firstName: 'Camille', lastName: 'Test', email: 'camille@example.org', source: 'events', message: 'Bonjour' }),
      );
    }
  });
  return ids;
}

const rows = () =>
  runInDurableObject(outbox(env), (_box, state) =>
    state.storage.sql
      .exec<{ status: string; attempts: number; failure: string | null; unknown_association: number; unknown_visitor: number }>(
        'SELECT status, attempts, failure, unknown_association, unknown_visitor FROM submissions',
      )
      .toArray(),
  );
const health = () =>
  runInDurableObject(outbox(env), (_box, state) => state.storage.sql.exec('SELECT failing_since, last_error FROM mail_health').one());

describe('a backlog of 200 on the free plan', () => {
  it('goes out over successive runs, each within 50 fetches, none failed or dead, the alerts first', async () => {
    quiet();
    const fake = globalThis.fetch;
    await backlog(200);
    // An alert left from an earlier run: it goes first, before the run's budget is spent on mail.
    await runInDurableObject(outbox(env), (_box, state) => {
      state.storage.sql.exec(
        `INSERT INTO alerts (alert, created, next_try_at) VALUES (?, ?, 0)`,
        JSON.stringify({ kind: 'outage', since: Date.now() - 2 * 3600_000, pending: 200, reason: 'mailchannels_503' }),
        Date.now(),
      );
    });
    let t = Date.now();
    let runs = 0;
    for (; runs < 30 && (await rows()).some((r) => r.status === 'pending'); runs++) {
      const platform = platformLimit(fake, PLAN_LIMITS.free.fetch);
      t += 5 * 60_000;
      const { tried, left } = await cron(t, chat);
      expect(platform.thrown).toBe(0); // the run stopped before the platform's limit, never at it
      expect(platform.calls).toBeLessThanOrEqual(50);
      if (runs === 0) {
        expect(upstream().alerts).toHaveLength(1); // the waiting alert, before any mail
        expect(upstream().mails.length).toBeGreaterThan(0);
        expect(tried).toBeGreaterThan(15);
        expect(left).toBeGreaterThan(0);
      }
    }
    expect(runs).toBeGreaterThanOrEqual(8); // 400 e-mails at under 50 fetches a run
    expect(runs).toBeLessThan(15);
    for (const r of await rows())
      expect(r).toEqual({ status: 'sent', attempts: 1, failure: null, unknown_association: 0, unknown_visitor: 0 });
    expect(upstream().mails).toHaveLength(400);
    expect(await health()).toEqual({ failing_since: null, last_error: null });
  }, 60_000); // some 3,000 calls to the outbox: room for a busy machine

  it('a count that is wrong (the platform throws first): the submission it hit is given back uncounted, health untouched', async () => {
    quiet();
    const fake = globalThis.fetch;
    await backlog(40);
    let t = Date.now();
    for (let runs = 0; runs < 10 && (await rows()).some((r) => r.status === 'pending'); runs++) {
      const platform = platformLimit(fake, PLAN_LIMITS.free.fetch);
      // A budget larger than the platform's limit: the platform's throw is met mid-delivery.
      t += 5 * 60_000;
      await cron(t, {}, { budget: new Budget({ fetch: 80, internal: 1000 }) });
      if (runs === 0) expect(platform.thrown).toBeGreaterThan(0);
      for (const r of await rows()) {
        expect(r.status).not.toBe('dead');
        expect(r.failure).toBeNull();
        expect(r.attempts).toBeLessThanOrEqual(1);
        expect(r.unknown_association + r.unknown_visitor).toBe(0); // a send the platform stopped never counts as one that left
      }
      expect(await health()).toEqual({ failing_since: null, last_error: null });
    }
    for (const r of await rows()) expect(r.status).toBe('sent');
    // Each e-mail once: the one cut off went at the next run, the one before it was not repeated.
    expect(upstream().mails).toHaveLength(80);
  });
});
