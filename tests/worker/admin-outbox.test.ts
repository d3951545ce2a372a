import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { LEASE_MS } from '../../worker/forms/delivery';
import { outbox } from '../../worker/forms/outbox-object';
import { adminClient, contact, cron, load, poster, recipient, request, text, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/** What `npm run outbox` does, through /admin/outbox with the token: list, show, resend, delete (export: admin-export.test.ts). */
const TOKEN = 'another-test-admin-token-forty-three-chars!';
const { postJson } = poster('198.51.105');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const admin = adminClient(TOKEN, '203.0.114');
const resend = (id: string, body: unknown = {}) => admin(`/admin/outbox/${id}/resend`, { method: 'POST', body });
const quiet = () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return vi.spyOn(console, 'log').mockImplementation(() => {});
};
const submit = async (data: Record<string, unknown> = contact) =>
  ((await (await postJson('service' in data ? '/api/translation-estimate' : '/api/contact', data)).json()) as { id: string }).id;
/** A submission MailChannels refused: dead at once, nothing sent. */
async function deadSubmission() {
  upstream().mailStatus = 400;
  const id = await submit();
  upstream().mailStatus = 202;
  expect(await load(id)).toMatchObject({ status: 'dead', sent: { association: false, visitor: false } });
  return id;
}
const mailsFor = (id: string) =>
  upstream()
    .mails.filter((m) => text(m).includes(id))
    .map(recipient);

describe('list and show', () => {
  it('list gives every submission, newest first, filtered by state, without what visitors wrote', async () => {
    quiet();
    const dead = await deadSubmission();
    const sent = await submit(request);
    const all = (await (await admin('/admin/outbox')).json()) as { submissions: Record<string, unknown>[] };
    expect(all.submissions.map((s) => s.id)).toEqual([sent, dead]);
    expect(all.submissions[1]).toMatchObject({
      id: dead,
      form: 'contact',
      locale: 'fr',
      status: 'dead',
      attempts: 1,
      failure: 'permanent',
      sent: { association: false, visitor: false },
    });
    for (const s of all.submissions) expect(Object.keys(s)).not.toContain('fields');
    expect(JSON.stringify(all)).not.toContain(contact.message);
    expect(JSON.stringify(all)).not.toContain(contact.email);
    const deadOnly = (await (await admin('/admin/outbox?state=dead')).json()) as { submissions: { id: string }[] };
    expect(deadOnly.submissions.map((s) => s.id)).toEqual([dead]);
  });

  it('show gives one whole, and the log says who read which, never the token', async () => {
    const log = quiet();
    const id = await submit(request);
    const res = await admin(`/admin/outbox/${id}`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { submission } = (await res.json()) as { submission: Record<string, unknown> };
    expect(submission).toMatchObject({
      id,
      form: 'estimate',
      status: 'sent',
      fields: { email: 'client@example.org', words: 1000, targetLanguages: ['en', 'de'] },
      result: { amount: expect.any(Number), currency: 'CHF' },
    });
    expect(log).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'admin.action', action: 'show', submission: id, client: expect.any(String) }),
    );
    expect(JSON.stringify(log.mock.calls)).not.toContain(TOKEN);
  });
});

describe('resend', () => {
  it('a dead submission goes back to pending, attempts reset, and the next cron run delivers it exactly once', async () => {
    quiet();
    const id = await deadSubmission();
    const res = await resend(id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ was: 'dead', submission: { id, status: 'pending', attempts: 0 } });
    await cron(Date.now() + 1000);
    expect(await load(id)).toMatchObject({ status: 'sent', attempts: 1, sent: { association: true, visitor: true } });
    await cron(Date.now() + 86_400_000);
    expect(mailsFor(id).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch']);
  });

  it('a resend racing two cron runs: each e-mail still goes exactly once', async () => {
    quiet();
    const id = await deadSubmission();
    upstream().mailDelayMs = 50;
    const at = Date.now() + 1000;
    await Promise.all([
      cron(at),
      resend(id),
      cron(at),
      (async () => {
        await resend(id);
        await cron(at + 500);
      })(),
    ]);
    await cron(at + 60 * 60_000);
    expect(await load(id)).toMatchObject({ status: 'sent' });
    expect(mailsFor(id).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch']);
  });

  it('sends only what is missing: a visitor whose confirmation went out never gets a second', async () => {
    quiet();
    // The association's copy is refused (with its Reply-To and without), the visitor's confirmation goes out.
    let refuse = true;
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (refuse && request.url.startsWith('https://mailchannels') && (await request.clone().text()).includes('contact@jeepfl.ch'))
        return Response.json({ errors: ['recipient refused'] }, { status: 422 });
      return real(input, init);
    });
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'dead', sent: { association: false, visitor: true } });
    refuse = false; // the cause fixed
    await resend(id);
    await cron(Date.now() + 1000);
    expect(mailsFor(id).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch']);
  });

  it("a sent one is refused (409) unless forced; forced, only the association's copy goes again", async () => {
    quiet();
    const id = await submit();
    const refused = await resend(id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'already_sent', message: expect.stringContaining('add --force') });
    const forced = await resend(id, { force: true });
    expect(await forced.json()).toMatchObject({
      was: 'sent',
      submission: { status: 'pending', sent: { association: false, visitor: true } },
    });
    await cron(Date.now() + 1000);
    expect(mailsFor(id).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch', 'contact@jeepfl.ch']);
    // A new message, not a duplicate: a mailbox that holds the first copy (in its spam folder, say) would drop one with the same Message-ID.
    const ids = upstream()
      .mails.filter((m) => text(m).includes(id) && recipient(m) === 'contact@jeepfl.ch')
      .map((m) => m.body.headers?.['Message-ID']);
    expect(ids).toEqual([`<${id}.association@jeepfl.ch>`, `<${id}.association.2@jeepfl.ch>`]);
  });

  it('force must be exactly true; a body that is not JSON, or too big, changes nothing', async () => {
    quiet();
    const id = await submit();
    expect((await resend(id, { force: 'yes' })).status).toBe(409);
    expect((await resend(id, { force: 1 })).status).toBe(409);
    expect((await resend(id, { force: true, pad: 'x'.repeat(2048) })).status).toBe(400);
    expect(await load(id)).toMatchObject({ status: 'sent' });
  });

  it('a pending one that a delivery holds right now is refused (409 busy): its outcome would overwrite the resend unseen', async () => {
    quiet();
    const id = crypto.randomUUID();
    await outbox(env).add(
      { id, form: 'contact', locale: 'fr', created: new Date().toISOString(), fields: { ...contact } },
      `request:${id}`,
      LEASE_MS,
    );
    const res = await resend(id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'busy' });
  });

  it('--all-dead: every dead one back to pending in one step, and the next cron run sends them all', async () => {
    quiet();
    const dead = [await deadSubmission(), await deadSubmission()];
    const sent = await submit();
    const res = await admin('/admin/outbox/resend-dead', { method: 'POST', body: {} });
    expect(((await res.json()) as { resent: string[] }).resent.sort()).toEqual([...dead].sort());
    await cron(Date.now() + 1000);
    for (const id of [...dead, sent]) expect(await load(id)).toMatchObject({ status: 'sent' });
    for (const id of dead) expect(mailsFor(id).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch']);
  });

  it('a pending one is made due now, its attempts kept', async () => {
    quiet();
    upstream().mailStatus = 500;
    const id = await submit();
    upstream().mailStatus = 202;
    const res = await resend(id);
    expect(await res.json()).toMatchObject({ was: 'pending', submission: { status: 'pending', attempts: 1 } });
    expect((await load(id))!.nextAttemptAt).toBeLessThanOrEqual(Date.now());
    await cron(Date.now());
    expect(await load(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('delete', () => {
  it('forgets a submission for good (a test, spam, an erasure request), and says what it was', async () => {
    const log = quiet();
    const id = await deadSubmission();
    const res = await admin(`/admin/outbox/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: id, was: 'dead' });
    expect(await load(id)).toBeNull();
    expect((await admin(`/admin/outbox/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ event: 'admin.action', action: 'delete', submission: id, was: 'dead' }));
  });

  it('is refused while a delivery holds the submission (it is being sent right now)', async () => {
    quiet();
    const id = crypto.randomUUID();
    await outbox(env).add(
      { id, form: 'contact', locale: 'fr', created: new Date().toISOString(), fields: { ...contact } },
      `request:${id}`,
      LEASE_MS,
    );
    const res = await admin(`/admin/outbox/${id}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'busy' });
    expect(await load(id)).not.toBeNull();
  });
});
