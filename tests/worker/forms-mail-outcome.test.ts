import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { readConfig } from '../../worker/env';
import { runOutbox } from '../../worker/forms/cron';
import { LEASE_MS } from '../../worker/forms/delivery';
import { sendMail } from '../../worker/forms/mail';
import { outbox } from '../../worker/forms/outbox-object';
import { readOps, readSecrets, type Secrets } from '../../worker/secrets';
import { contact, load, poster, recipient, useEmptyOutbox } from './forms-helpers';
import { type MailSent, useFakeUpstreams } from './upstreams';

/**
 * A send whose answer never comes: MailChannels may have sent it. The
 * visitor's confirmation is then never sent again; the association's copy
 * goes once more, with the same Message-ID, and a third unknown is a person's
 * job. The fake MailChannels accepts a mail on arrival and answers after
 * `mailDelayMs`; the cron runs here wait 100 ms for an answer (30 s in production).
 */
const { postJson } = poster('198.51.103');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const SHORT_TIMEOUT = 100;
const cronRun = (time: number) =>
  runOutbox(env, (readSecrets(env) as { secrets: Secrets }).secrets, readConfig(env), readOps(env), time, { sendTimeoutMs: SHORT_TIMEOUT });
const messageId = (m: MailSent) => m.body.headers?.['Message-ID'];
const mailsFor = (id: string, to: string) => upstream().mails.filter((m) => recipient(m) === to && messageId(m)?.startsWith(`<${id}.`));

/** A contact request whose first delivery failed outright (MailChannels answered 503): pending, nothing sent. */
async function pendingSubmission() {
  upstream().mailStatus = 503;
  const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
  expect(await load(id)).toMatchObject({ status: 'pending', sent: { association: false, visitor: false } });
  upstream().mailStatus = 202;
  return id;
}

describe('a send whose outcome is unknown', () => {
  it('every e-mail carries a Message-ID made of its submission and its kind, on the sending domain', async () => {
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    expect(mailsFor(id, 'contact@jeepfl.ch').map(messageId)).toEqual([`<${id}.association@jeepfl.ch>`]);
    expect(mailsFor(id, 'camille@example.org').map(messageId)).toEqual([`<${id}.visitor@jeepfl.ch>`]);
  });

  it('a provider that accepts but answers after the time limit: the visitor gets one confirmation, the association at most two copies of one message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const id = await pendingSubmission();
    upstream().mailDelayMs = SHORT_TIMEOUT * 3;

    await cronRun((await load(id))!.nextAttemptAt + 1000);
    expect(await load(id)).toMatchObject({
      status: 'pending',
      sent: { association: false, visitor: false },
      unknown: { association: 1, visitor: 1 },
    });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        event: 'mail.outcome_unknown',
        submission: id,
        recipient: 'visitor',
        next: 'counted as sent, never sent again',
      }),
    );

    // The next attempt sends the association's copy once more, never the visitor's.
    await cronRun((await load(id))!.nextAttemptAt + 1000);
    for (let n = 0; n < 3; n++) await cronRun(Date.now() + (n + 1) * 86_400_000);

    expect(mailsFor(id, 'camille@example.org')).toHaveLength(1);
    const copies = mailsFor(id, 'contact@jeepfl.ch');
    expect(copies).toHaveLength(2);
    expect(new Set(copies.map(messageId))).toEqual(new Set([`<${id}.association@jeepfl.ch>`]));
    // Two answers never came for the association's copy: a person checks the inbox.
    expect(await load(id)).toMatchObject({
      status: 'dead',
      unknown: { association: 2, visitor: 1 },
      lastError: expect.stringContaining('check the inbox'),
    });
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'submission.dead', submission: id }));
  });

  it("once the provider answers in time again, the association's copy goes once more and the submission is sent; the visitor's is not repeated", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await pendingSubmission();
    upstream().mailDelayMs = SHORT_TIMEOUT * 3;
    await cronRun((await load(id))!.nextAttemptAt + 1000);
    upstream().mailDelayMs = 0;
    await cronRun((await load(id))!.nextAttemptAt + 1000);
    expect(await load(id)).toMatchObject({
      status: 'sent',
      sent: { association: true, visitor: false },
      unknown: { association: 1, visitor: 1 },
    });
    expect(mailsFor(id, 'contact@jeepfl.ch')).toHaveLength(2);
    expect(mailsFor(id, 'camille@example.org')).toHaveLength(1);
  });

  it("a send cut off with the Worker (never settled) stays on record as unknown: the visitor's confirmation is not sent again", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await pendingSubmission();
    const box = outbox(env);
    // A holder that took the lease, recorded the visitor's send as begun, and died before the answer.
    const at = (await load(id))!.nextAttemptAt + 1000;
    expect(await box.claim(id, 'ghost', at, LEASE_MS)).not.toBeNull();
    expect(await box.beginSend(id, 'ghost', 'visitor')).toBe(true);
    expect((await load(id))!.unknown).toEqual({ association: 0, visitor: 1 });

    await cronRun((await load(id))!.nextAttemptAt + LEASE_MS + 1000);
    expect(await load(id)).toMatchObject({ status: 'sent', sent: { association: true, visitor: false } });
    expect(mailsFor(id, 'contact@jeepfl.ch')).toHaveLength(1);
    expect(mailsFor(id, 'camille@example.org')).toHaveLength(0);
  });

  it.each([504, 524])('a gateway that gave up waiting (%d) is an unknown outcome too: the visitor is not mailed again', async (status) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await pendingSubmission();
    upstream().mailStatus = status;
    await cronRun((await load(id))!.nextAttemptAt + 1000);
    expect((await load(id))!.unknown).toEqual({ association: 1, visitor: 1 });
    upstream().mailStatus = 202;
    await cronRun((await load(id))!.nextAttemptAt + 1000);
    expect(await load(id)).toMatchObject({ status: 'sent', sent: { association: true, visitor: false } });
    expect(mailsFor(id, 'camille@example.org')).toHaveLength(0);
  });

  it('a header value with a line break is refused before anything is sent: a failure, never an unknown', async () => {
    const message = {
      to: { email: 'a@example.org' },
      from: { email: 'noreply@jeepfl.ch' },
      subject: 'Hi\r\nBcc: x@example.org',
      text: '',
      html: '',
      messageId: '<x.visitor@jeepfl.ch>',
    };
    expect(await sendMail(message, { apiUrl: readConfig(env).MAILCHANNELS_API_URL, apiKey: 'key', timeoutMs: SHORT_TIMEOUT })).toEqual({
      outcome: 'failed',
      reason: 'a header value holds CR, LF or NUL',
      code: 'unsafe_header',
      failure: 'permanent',
    });
    expect(upstream().mails).toHaveLength(0);
  });

  it('an answer that is an error is a failure, not an unknown: the mail is retried as before', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const id = await pendingSubmission();
    expect((await load(id))!.unknown).toEqual({ association: 0, visitor: 0 });
    await cronRun((await load(id))!.nextAttemptAt + 1000);
    expect(await load(id)).toMatchObject({
      status: 'sent',
      sent: { association: true, visitor: true },
      unknown: { association: 0, visitor: 0 },
    });
  });
});
