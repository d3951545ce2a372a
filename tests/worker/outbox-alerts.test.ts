import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../worker/forms/outbox-object';
import { contact, cron, load, poster, quiet, useEmptyOutbox } from './forms-helpers';
import { GOOGLE_CHAT_URL, WEBHOOK_URL } from './upstream-urls';
import { useFakeUpstreams } from './upstreams';

/**
 * Nothing lost silently: a refusal by MailChannels kills a submission at once
 * and tells the association's chat; a failure that may pass is retried
 * quietly, and only an outage over an hour is announced, once, then its end.
 */
const { postJson } = poster('198.51.104');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const chat = { ALERT_WEBHOOK_URL: WEBHOOK_URL };
const submit = async (overrides: Record<string, unknown> = chat) =>
  ((await (await postJson('/api/contact', contact, overrides)).json()) as { id: string }).id;
/** What the chat shows: Mattermost's Markdown with its backslash escapes read, and the `@` guards taken off. */
const shown = (text: unknown) =>
  String(text)
    .replace(/\\(.)/g, '$1')
    .replace(/@\u200b/g, '@');
const texts = () => upstream().alerts.map((a) => shown(a.body.text));
/** A cron run at `time` with the chat set; its sends give up after `timeoutMs`. */
const cronAt = (time: number, timeoutMs?: number) => cron(time, chat, timeoutMs ? { sendTimeoutMs: timeoutMs } : {});

describe('a refusal by MailChannels (a 4xx other than 429) is permanent', () => {
  it.each([400, 401, 403, 422])('%i: dead at its first attempt, and the chat is told at once, with a reason code', async (status) => {
    quiet();
    upstream().mailStatus = status;
    upstream().mailError = { errors: ['Domain Lockdown: jeepfl.ch has not authorised this sender'] };
    const id = await submit();
    expect(await load(id)).toMatchObject({
      status: 'dead',
      attempts: 1,
      failure: 'permanent',
      lastError: expect.stringContaining(`MailChannels answered ${status}: Domain Lockdown: jeepfl.ch has not authorised this sender`),
    });
    expect(upstream().alerts).toHaveLength(1);
    const [alert] = upstream().alerts;
    expect(Object.keys(alert!.body)).toEqual(['text']); // Mattermost reads `text`
    const text = texts()[0]!;
    expect(text).toContain('**[jeepfl.ch] 1 request not e-mailed**\n1 client request could not be e-mailed. It is kept in the outbox.');
    expect(text).toContain(`• ${id}: contact form, received `);
    expect(text).toContain(`, 1 attempt; MailChannels refused it, which will not pass by itself (association_mailchannels_${status}).`);
    expect(text).toContain("The association's copy: NOT sent; the visitor's confirmation: NOT sent.");
    expect(text).toContain('In the outbox now: 0 pending, 1 dead.');
    // A code, never MailChannels' own words (they may quote what the visitor typed).
    expect(text).not.toContain('Domain Lockdown');
    expect(text).toContain(`npm run outbox -- resend ${id} --url https://jeepfl.ch`);
    expect(text).toContain(`npm run outbox -- show ${id} --url https://jeepfl.ch`);
    // No visitor free text: not the name, not the message, not the address.
    for (const secret of [contact.firstName, contact.lastName, contact.message, contact.email, contact.phone])
      expect(text).not.toContain(secret);
    // And nothing more later: one alert per dead submission.
    await cronAt(Date.now() + 86_400_000);
    expect(upstream().alerts).toHaveLength(1);
  });

  it('its error text never reaches the chat: no link, no mention, no visitor words', async () => {
    quiet();
    upstream().mailStatus = 400;
    upstream().mailError = {
      errors: ['bad address <!channel> @here @everyone\u0007\n<https://evil.example|click> [Reset the admin token](https://evil.example)'],
    };
    await submit();
    const body = JSON.stringify(upstream().alerts[0]!.body);
    for (const bad of ['evil.example', 'Reset the admin token', '@here', '@everyone', '!channel', '\\u0007'])
      expect(body).not.toContain(bad);
  });
});

describe('a failure that may pass (429, 5xx, no answer) is transient', () => {
  it.each([429, 500, 503])('%i: pending, retried later, nobody paged', async (status) => {
    quiet();
    upstream().mailStatus = status;
    const id = await submit();
    expect(await load(id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      failure: 'transient',
      lastError: expect.stringContaining(`MailChannels answered ${status}: upstream trouble`),
    });
    expect(upstream().alerts).toEqual([]);
  });

  it('a send that times out: pending, its outcome unknown, nobody paged', async () => {
    quiet();
    upstream().mailStatus = 503;
    const id = await submit();
    upstream().mailStatus = 202;
    upstream().mailDelayMs = 300;
    await cronAt((await load(id))!.nextAttemptAt + 1000, 100);
    expect(await load(id)).toMatchObject({ status: 'pending', failure: 'unknown', unknown: { association: 1, visitor: 1 } });
    expect(upstream().alerts).toEqual([]);
  });
});

describe('an outage: one alert after an hour, one when it ends', () => {
  it('five-minute runs for three hours of 500s page once; the first success pages once more and sends the rest at once', async () => {
    quiet();
    upstream().mailStatus = 500;
    const start = Date.now();
    // The first request fails at `start` exactly, whatever the machine's load: the alert counts the outage from it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const first = await submit();
    vi.useRealTimers();
    let t = start;
    let second = '';
    for (; t < start + 3 * 60 * 60_000; t += 5 * 60_000) {
      if (t >= start + 30 * 60_000 && !second) {
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(t);
        second = await submit(); // a later request, on its own backoff
        vi.useRealTimers();
      }
      await cronAt(t);
    }
    const outage = texts().filter((x) => x.includes('Mail is failing'));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toContain('1 h 00 min ago.'); // the first run an hour after the first failure
    expect(outage[0]).toContain('Mail is failing (mailchannels_500): nothing has gone out since ');
    expect(outage[0]).toContain('2 requests waiting; they go out by themselves once mail works again');
    expect(outage[0]).not.toContain('upstream trouble'); // MailChannels' words stay in the outbox
    expect(texts()).toHaveLength(1);

    // Mail works again: the first retry that succeeds ends the outage, and whatever waited goes at the next run.
    upstream().mailStatus = 202;
    while ((await load(first))!.status === 'pending') {
      t = Math.max(t + 5 * 60_000, (await load(first))!.nextAttemptAt);
      await cronAt(t);
    }
    expect((await load(second))!.nextAttemptAt).toBeLessThan(t + 60_000); // due now, not in hours
    t += 5 * 60_000;
    await cronAt(t);
    for (const id of [first, second]) expect(await load(id)).toMatchObject({ status: 'sent' });
    const recovered = texts().filter((x) => x.includes('Mail works again'));
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatch(
      /Mail works again, after \d h \d\d min \(since .+\)\. 2 requests waiting: they go out within minutes; 0 dead\./,
    );
    for (let n = 0; n < 12; n++) {
      t += 5 * 60_000;
      await cronAt(t);
    }
    expect(texts()).toHaveLength(2);
  });

  it('no alert for a failure that passes within the hour, and the next failure starts a new clock', async () => {
    quiet();
    upstream().mailStatus = 500;
    const t0 = Date.now();
    const id = await submit();
    upstream().mailStatus = 202;
    await cronAt(t0 + 30 * 60_000);
    expect(await load(id)).toMatchObject({ status: 'sent' });
    // 70 minutes after the first failure, another: were the old clock still running, this would be "an hour of failures".
    upstream().mailStatus = 500;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0 + 70 * 60_000);
    await submit();
    vi.useRealTimers();
    await cronAt(t0 + 71 * 60_000);
    expect(upstream().alerts).toEqual([]);
  });

  it('one failure, then hours of backoff with nothing tried, is no outage', async () => {
    quiet();
    upstream().mailStatus = 500;
    const id = await submit();
    // Its next attempt is hours away (a late attempt's backoff): nothing is tried in the meantime.
    await runInDurableObject(outbox(env), (_box, state) => {
      state.storage.sql.exec('UPDATE submissions SET next_attempt_at = ? WHERE id = ?', Date.now() + 4 * 60 * 60_000, id);
    });
    for (let m = 5; m <= 180; m += 5) await cronAt(Date.now() + m * 60_000);
    expect(upstream().alerts).toEqual([]);
    // Its attempt then fails again, hours after the first: mail has been failing all along, and now it is said.
    await cronAt(Date.now() + 4 * 60 * 60_000 + 1000);
    expect(texts().filter((x) => x.includes('Mail is failing'))).toHaveLength(1);
  });
});

describe('the chat itself', () => {
  it('a chat that is down never holds up the mail: logged, tried again ten minutes later, given up after an hour', async () => {
    const error = quiet();
    upstream().webhookStatus = 500;
    upstream().mailStatus = 400;
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'dead' });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'alert.failed',
        alerts: 1,
        format: 'mattermost',
        webhookHost: 'chat.upstream.test',
        reason: 'the mattermost webhook answered 500',
      }),
    );
    // The webhook's address is a secret: never in a log.
    expect(JSON.stringify(error.mock.calls)).not.toContain('secret-part');
    await cronAt(Date.now() + 60_000);
    expect(upstream().alerts).toHaveLength(1); // not yet: ten minutes
    for (let n = 1; n <= 8; n++) await cronAt(Date.now() + n * 10 * 60_000 + 1000);
    expect(upstream().alerts).toHaveLength(6);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'alert.given_up', alerts: 1 }));
    expect(await load(id)).toMatchObject({ status: 'dead' }); // the submission itself stays, for resend
  });

  it('the chat back up: the alert it missed arrives at the next run', async () => {
    quiet();
    upstream().webhookStatus = 503;
    upstream().mailStatus = 422;
    const id = await submit();
    upstream().webhookStatus = 200;
    await cronAt(Date.now() + 11 * 60_000);
    expect(upstream().alerts.map((a) => String(a.body.text).includes(id))).toEqual([true, true]);
    await cronAt(Date.now() + 30 * 60_000);
    expect(upstream().alerts).toHaveLength(2);
  });

  it('Google Chat gets `text` alone: it refuses fields it does not know', async () => {
    quiet();
    upstream().mailStatus = 400;
    await submit({ ALERT_WEBHOOK_URL: GOOGLE_CHAT_URL });
    expect(upstream().alerts).toHaveLength(1);
    expect(Object.keys(upstream().alerts[0]!.body)).toEqual(['text']);
  });

  it('without ALERT_WEBHOOK_URL the log line is the alert, and nothing is posted', async () => {
    const error = quiet();
    upstream().mailStatus = 400;
    const id = await submit({});
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        level: 'error',
        event: 'alert.dead',
        submission: id,
        text: expect.stringContaining(`npm run outbox -- resend ${id}`),
      }),
    );
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ level: 'error', event: 'submission.dead', submission: id, failure: 'permanent' }),
    );
    await cron(Date.now() + 86_400_000, chat);
    expect(upstream().alerts).toEqual([]); // dropped with its log line: the chat gets no stale alerts when it is set later
  });

  it('a webhook address that is not a URL is ignored, once, with a log line naming the secret, never its value', async () => {
    const error = quiet();
    upstream().mailStatus = 400;
    await submit({ ALERT_WEBHOOK_URL: 'not a url secret-part' });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'config.invalid_ops_secrets', problem: expect.stringContaining('ALERT_WEBHOOK_URL') }),
    );
    expect(JSON.stringify(error.mock.calls)).not.toContain('secret-part');
    expect(upstream().alerts).toEqual([]);
  });
});
