import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { SENT_RETENTION_DAYS } from '../../client/retention.ts';
import { LEASE_MS, MAX_ATTEMPTS } from '../../worker/forms/delivery';
import { outbox } from '../../worker/forms/outbox-object';
import worker from '../../worker/index';
import { contact, cron, load, poster, recipient, text, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/** Delivery after the answer: retries, leases, dead submissions, retention, the cron trigger and failing closed. */
const { postJson } = poster('198.51.102');
const upstream = useFakeUpstreams();
useEmptyOutbox();

describe('the outbox: nothing lost, nothing sent twice', () => {
  it('keeps a submission pending while MailChannels fails, then the cron delivers it exactly once', async () => {
    upstream().mailStatus = 500;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/contact', contact);
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    let stored = await load(id);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, sent: { association: false, visitor: false } });
    expect(warn).toHaveBeenCalled();

    // Not due yet: the cron leaves it alone.
    expect(await cron(Date.now())).toEqual({ tried: 0, sent: 0, left: 0 });

    upstream().mailStatus = 202;
    const later = stored!.nextAttemptAt + 1000;
    expect(await cron(later)).toEqual({ tried: 1, sent: 1, left: 0 });
    stored = await load(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, sent: { association: true, visitor: true } });
    expect(upstream().mails).toHaveLength(2);

    // A later run sends nothing more.
    expect(await cron(later + 86_400_000)).toEqual({ tried: 0, sent: 0, left: 0 });
    expect(upstream().mails).toHaveLength(2);
  });

  it('marks a submission dead after the last attempt, loudly, and keeps its content', async () => {
    upstream().mailStatus = 503;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    for (let i = 1; i < MAX_ATTEMPTS; i++) await cron((await load(id))!.nextAttemptAt + 1000);
    const dead = await load(id);
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS, fields: { email: 'camille@example.org' } });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ level: 'error', event: 'submission.dead', submission: id, form: 'contact' }),
    );
    // Dead means dead: no later run picks it up again.
    expect(await cron(Date.now() + 30 * 86_400_000)).toEqual({ tried: 0, sent: 0, left: 0 });
  });

  it('without a MailChannels key (local development) keeps the mail pending and logs the whole message', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/contact', contact, { MAILCHANNELS_API_KEY: '', ENVIRONMENT: 'development' });
    const { id } = (await res.json()) as { id: string };
    expect((await load(id))!.status).toBe('pending');
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'mail.not_sent_local',
        submission: id,
        text: expect.stringContaining('Nous aimerions refaire notre site.'),
      }),
    );
    expect(upstream().mails).toHaveLength(0);
  });

  it('sends only what is missing: an association mail that went out is never sent again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let calls = 0;
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const r = new Request(input, init);
      // The first e-mail (to the association) goes out, the second fails.
      if (r.url.startsWith('https://mailchannels') && ++calls === 2) return Response.json({ errors: ['busy'] }, { status: 503 });
      return real(input, init);
    });
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    const pending = await load(id);
    expect(pending).toMatchObject({ status: 'pending', sent: { association: true, visitor: false } });
    await cron(pending!.nextAttemptAt + 1000);
    expect(await load(id)).toMatchObject({ status: 'sent', sent: { association: true, visitor: true } });
    const to = upstream()
      .mails.filter((m) => text(m, 'text/plain').includes(id))
      .map((m) => m.body.personalizations[0]!.to[0]!.email);
    expect(to.filter((e) => e === 'contact@jeepfl.ch')).toHaveLength(1);
    expect(to.filter((e) => e === 'camille@example.org')).toHaveLength(1);
  });

  it('leaves a submission alone while the request that accepted it still holds its lease', async () => {
    upstream().mailStatus = 500;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // A submission whose first delivery is still running: stored, leased to its request, not yet released.
    const box = outbox(env);
    const now = Date.now();
    await box.add(
      { id: 'in-flight', form: 'contact', locale: 'fr', created: new Date(now).toISOString(), fields: { ...contact } },
      'request:in-flight',
      LEASE_MS,
    );
    expect(await cron(now + LEASE_MS / 2)).toEqual({ tried: 0, sent: 0, left: 0 });
    // Once the lease has expired (the request died), the cron takes over.
    upstream().mailStatus = 202;
    expect(await cron(now + LEASE_MS + 1000)).toEqual({ tried: 1, sent: 1, left: 0 });
    expect(await load('in-flight')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("a run that started late cannot take a lease an on-time run holds: leases follow the outbox's clock", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    upstream().mailStatus = 503;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(((await (await postJson('/api/contact', { ...contact, email: `late${i}@example.org` })).json()) as { id: string }).id);
    // An hour later (for the outbox too), one run on time and one scheduled 4.5 minutes earlier that only starts now.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    upstream().mailStatus = 202;
    upstream().mailDelayMs = 100;
    try {
      await Promise.all([cron(Date.now() - 270_000), cron(Date.now())]);
    } finally {
      vi.useRealTimers();
    }
    for (const id of ids) expect(upstream().mails.filter((m) => text(m, 'text/plain').includes(id))).toHaveLength(2);
  });

  it('counts an attempt that never reports back, and gives up on one that never finishes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    upstream().mailStatus = 503;
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    const box = outbox(env);
    // A holder that dies every time after claiming (the Worker stopped mid-send).
    for (let n = 2; n <= MAX_ATTEMPTS; n++) {
      const at = (await load(id))!.nextAttemptAt + LEASE_MS + 1000;
      expect(await box.claim(id, `ghost-${n}`, at, LEASE_MS)).toMatchObject({ attempts: n });
    }
    const last = (await load(id))!;
    expect(last).toMatchObject({ status: 'pending', attempts: MAX_ATTEMPTS });
    await cron(last.nextAttemptAt + LEASE_MS + 1000);
    expect(await load(id)).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS + 1 });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'submission.dead', submission: id, reason: 'never_finished' }));
  });

  it('forgets sent submissions after the days the privacy page states, and keeps dead ones', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    upstream().mailStatus = 400; // MailChannels refuses the association's copy: dead at once
    const dead = ((await (await postJson('/api/contact', contact)).json()) as { id: string }).id;
    upstream().mailStatus = 202;
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    expect((await load(dead))!.status).toBe('dead');
    expect((await load(id))!.status).toBe('sent');
    await cron(Date.now() + (SENT_RETENTION_DAYS - 1) * 86_400_000);
    expect(await load(id)).not.toBeNull();
    await cron(Date.now() + (SENT_RETENTION_DAYS + 1) * 86_400_000);
    expect(await load(id)).toBeNull();
    expect((await load(dead))!.status).toBe('dead');
  });

  it("is run by the Worker's cron trigger", async () => {
    upstream().mailStatus = 500;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    upstream().mailStatus = 202;
    const due = (await load(id))!.nextAttemptAt + 1000;
    const worker = (await import('../../worker/index')).default;
    await worker.scheduled(createScheduledController({ scheduledTime: due, cron: '*/5 * * * *' }), env as never);
    expect((await load(id))!.status).toBe('sent');
  });

  it('fails closed in production without the MailChannels key, or on a Turnstile test secret', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await postJson('/api/contact', contact, { ENVIRONMENT: 'production', MAILCHANNELS_API_KEY: '' })).status).toBe(503);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'config.invalid_secrets', problem: expect.stringContaining('MAILCHANNELS_API_KEY is not set') }),
    );
    expect(
      (await postJson('/api/contact', contact, { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' }))
        .status,
    ).toBe(503);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'config.invalid_secrets',
        problem: expect.stringContaining('TURNSTILE_SECRET_KEY is one of Cloudflare’s test secrets'),
      }),
    );
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it('fails closed in production when a secret is missing: an error, a log line, no captcha skipped', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postJson('/api/contact', contact, { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: '' });
    expect(res.status).toBe(503);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'config.invalid_secrets', problem: expect.stringContaining('TURNSTILE_SECRET_KEY is not set') }),
    );
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });
});

describe('overlapping cron runs', () => {
  it('three scheduled runs started at once, against a slow mail service, deliver each pending submission exactly once', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    upstream().mailStatus = 503;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await postJson('/api/contact', { ...contact, email: `visitor${i}@example.org` });
      ids.push(((await res.json()) as { id: string }).id);
    }
    expect(upstream().mails).toHaveLength(0);
    upstream().mailStatus = 202;
    upstream().mailDelayMs = 150;
    const due = Date.now() + 60 * 60_000;
    await Promise.all(
      [0, 1, 2].map(() => worker.scheduled(createScheduledController({ scheduledTime: due, cron: '*/5 * * * *' }), env as never)),
    );
    for (const id of ids) {
      const forThis = upstream().mails.filter((m) => text(m).includes(id));
      const to = forThis.map(recipient);
      expect(to).toHaveLength(2);
      expect(to).toEqual(expect.arrayContaining(['contact@jeepfl.ch', expect.stringMatching(/^visitor\d@example\.org$/)]));
    }
  });
});
