import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { contact, cron, poster, useEmptyOutbox } from './forms-helpers';
import { get, getAs } from './helpers';
import { useFakeUpstreams } from './upstreams';

/**
 * Every log line is one JSON object (level, event, the request's id, method
 * and path as sent; for errors, the stack), which Workers Logs indexes.
 * Visitor input stays inside a field: a `%0a` in a path never starts a line.
 */
const { postJson } = poster('192.0.7');
const upstream = useFakeUpstreams();
useEmptyOutbox();

let spies: MockInstance[] = [];
beforeEach(() => {
  spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
});
afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});
const calls = () => spies.flatMap((spy) => spy.mock.calls);

describe('log lines', () => {
  it('an encoded newline in a path stays encoded, inside the path field', async () => {
    await getAs('fr', '/x%0alevel=error%20event=forged%0d%0afake');
    const [call, ...others] = calls();
    expect(others).toEqual([]);
    expect(call).toEqual([
      {
        level: 'warn',
        event: 'page.not_found',
        requestId: expect.any(String),
        method: 'GET',
        path: '/x%0alevel=error%20event=forged%0d%0afake',
      },
    ]);
    // As Workers Logs stores it: one line.
    expect(JSON.stringify(call![0])).not.toMatch(/[\r\n]/);
  });

  it("carry Cloudflare's ray id as the request id when there is one, a fresh UUID otherwise", async () => {
    await get('/nothing-here', { Cookie: 'lang=fr', 'CF-Ray': '8f1c2a3b4d5e6f70-ZRH' });
    await get('/nothing-here', { Cookie: 'lang=fr', 'CF-Ray': '"><script>' });
    const ids = calls().map(([record]) => (record as { requestId: string }).requestId);
    expect(ids[0]).toBe('8f1c2a3b4d5e6f70-ZRH');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('bound a huge path', async () => {
    await getAs('fr', `/${'a'.repeat(5000)}`);
    const [[record]] = calls() as [[{ path: string; pathLength: number }]];
    expect(record.path.length).toBeLessThanOrEqual(601);
    expect(record.pathLength).toBe(5001);
  });

  it('an unhandled error is logged with its stack, as one object', async () => {
    await getAs('fr', '/__test/error');
    expect(calls()).toEqual([
      [
        expect.objectContaining({
          level: 'error',
          event: 'request.error',
          path: '/__test/error',
          stack: expect.stringContaining('Deliberate failure'),
        }),
      ],
    ]);
  });

  it('every line the Worker writes, in requests and in the cron, is a single object with a level and an event', async () => {
    await getAs('fr', '/nothing%0d%0ahere');
    await getAs('fr', '/__test/error');
    await env.SHORT_LINKS.put('broken', '/.//evil.example');
    await getAs('fr', '/broken');
    await postJson('/api/contact', { ...contact, website: ['x'] });
    upstream().turnstile = 'network-error';
    await postJson('/api/contact', contact);
    upstream().turnstile = { success: true, codes: [] };
    upstream().mailStatus = 503;
    await postJson('/api/contact', contact);
    upstream().mailStatus = 202;
    await cron(Date.now() + 3_600_000);
    await postJson('/api/contact', contact, { ENVIRONMENT: 'production', MAILCHANNELS_API_KEY: '' });

    const events = calls().map((args) => {
      expect(args).toHaveLength(1);
      const [record] = args as [Record<string, unknown>];
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(['info', 'warn', 'error']).toContain(record.level);
      expect(record.event).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
      return record.event;
    });
    expect(events).toEqual(
      expect.arrayContaining([
        'page.not_found',
        'request.error',
        'short_link.invalid_target',
        'form.honeypot',
        'form.turnstile_unavailable',
        'submission.pending',
        'outbox.run',
        'config.invalid_secrets',
      ]),
    );
  });
});
