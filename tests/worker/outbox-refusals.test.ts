import { describe, expect, it, vi } from 'vitest';
import { contact, cron, load, poster, quiet, recipient, text, useEmptyOutbox } from './forms-helpers';
import { CHAT_URLS, WEBHOOK_URL } from './upstream-urls';
import { useFakeUpstreams } from './upstreams';

/**
 * A refusal is judged per e-mail: the association's copy refused kills the
 * submission (and tells the chat); the visitor's confirmation refused only
 * loses the confirmation. What MailChannels quotes back never reaches the
 * chat with the visitor's words in it.
 */
const { postJson } = poster('198.51.106');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const chat = { ALERT_WEBHOOK_URL: WEBHOOK_URL };
const cronAt = (time: number) => cron(time, chat);

/**
 * MailChannels answering each recipient its own way, in front of the fake:
 * `answers[address]` is a status (absent: the fake's own answer), with
 * `errors` as its words. Change `answers` between calls.
 */
function perRecipient(answers: Record<string, number>, errors: (to: string) => string[] = () => ['refused']) {
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.startsWith('https://mailchannels')) {
      const to = ((await request.clone().json()) as { personalizations: { to: { email: string }[] }[] }).personalizations[0]!.to[0]!.email;
      if (answers[to] !== undefined) return Response.json({ errors: errors(to) }, { status: answers[to] });
    }
    return fake(input, init);
  });
}
const submit = async () => ((await (await postJson('/api/contact', contact, chat)).json()) as { id: string }).id;
const mailsTo = (id: string, to: string) => upstream().mails.filter((m) => recipient(m) === to && text(m).includes(id));

describe('a refusal is judged per e-mail', () => {
  it("the association's copy met a passing 503 while the visitor's address was refused: pending, and only the association's copy is tried again", async () => {
    quiet();
    const answers: Record<string, number> = { 'contact@jeepfl.ch': 503, 'camille@example.org': 400 };
    perRecipient(answers);
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'pending', failure: 'transient', visitorRefused: true });
    expect(upstream().alerts).toEqual([]);
    delete answers['contact@jeepfl.ch'];
    delete answers['camille@example.org'];
    await cronAt((await load(id))!.nextAttemptAt + 1000);
    expect(await load(id)).toMatchObject({ status: 'sent', sent: { association: true, visitor: false } });
    expect(mailsTo(id, 'contact@jeepfl.ch')).toHaveLength(1);
    expect(mailsTo(id, 'camille@example.org')).toHaveLength(0);
  });

  it("the association has the request and only the visitor's address is refused: sent, nobody paged, the refusal on record", async () => {
    const error = quiet();
    perRecipient({ 'camille@example.org': 422 });
    const id = await submit();
    expect(await load(id)).toMatchObject({
      status: 'sent',
      sent: { association: true, visitor: false },
      visitorRefused: true,
      lastError: expect.stringContaining('visitor: MailChannels answered 422'),
    });
    expect(upstream().alerts).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: 'mail.refused', recipient: 'visitor', submission: id }));
  });

  it("the association's copy refused: dead at once, whatever the visitor's confirmation did", async () => {
    quiet();
    perRecipient({ 'contact@jeepfl.ch': 403 });
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'dead', failure: 'permanent', attempts: 1 });
    expect(upstream().alerts).toHaveLength(1);
  });

  it('408 (MailChannels too slow to read the request) may pass: transient', async () => {
    quiet();
    upstream().mailStatus = 408;
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'pending', failure: 'transient' });
  });
});

describe('what reaches the chat', () => {
  /** A visitor's message as an attacker writes it: many lines, Markdown links, mentions, as long as the form takes. */
  const nasty = {
    ...contact,
    lastName: 'Everyone',
    message:
      `Bonjour <!channel> @here @everyone\n[Reset the admin token](https://evil.example/a) **urgent**\n<https://evil.example/c|Click>\n`.padEnd(
        500,
        'x',
      ),
  };
  const words = [
    'evil.example',
    'Reset the admin token',
    'Click',
    'urgent',
    '!channel',
    '@here',
    '@everyone',
    'Everyone',
    'xxxxxxxxxx',
    contact.email,
  ];

  it.each(CHAT_URLS)("never the visitor's words, even when MailChannels quotes them back whole (%s)", async (url) => {
    quiet();
    perRecipient({ 'contact@jeepfl.ch': 400, 'camille@example.org': 400 }, (to) => [
      `invalid reply_to ${nasty.email} for ${to}`,
      `content "${nasty.message}" rejected`,
      `sender ${nasty.firstName} ${nasty.lastName}`,
    ]);
    const { id } = (await (await postJson('/api/contact', nasty, { ALERT_WEBHOOK_URL: url })).json()) as { id: string };
    expect((await load(id))!.lastError).toContain(nasty.email); // the outbox keeps it all, for `show`
    expect(upstream().alerts).toHaveLength(1);
    const body = JSON.stringify(upstream().alerts[0]!.body);
    expect(body).toContain(id);
    expect(body).toContain('association');
    for (const word of words) expect(body).not.toContain(word);
  });
});

describe('a Reply-To that MailChannels will not take', () => {
  it("the association's copy goes once more without it, the visitor's address in its text: sent, nobody paged", async () => {
    quiet();
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.startsWith('https://mailchannels') && 'reply_to' in ((await request.clone().json()) as object))
        return Response.json({ errors: ['reply_to.email: is not a valid address'] }, { status: 400 });
      return fake(input, init);
    });
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'sent', sent: { association: true, visitor: true } });
    const [copy] = mailsTo(id, 'contact@jeepfl.ch');
    expect(copy!.body.reply_to).toBeUndefined();
    expect(text(copy!)).toContain(`Répondre à (refusée comme adresse de réponse par le service d’envoi, à vérifier avant de répondre)`);
    expect(text(copy!)).toContain(contact.email);
    expect(mailsTo(id, 'contact@jeepfl.ch')).toHaveLength(1);
    expect(upstream().alerts).toEqual([]);
  });

  it('a copy refused with and without Reply-To is dead, sent twice in all, never more', async () => {
    quiet();
    perRecipient({ 'contact@jeepfl.ch': 400 });
    let copies = 0;
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.startsWith('https://mailchannels') && (await request.clone().text()).includes('contact@jeepfl.ch')) copies++;
      return fake(input, init);
    });
    const id = await submit();
    expect(await load(id)).toMatchObject({ status: 'dead', failure: 'permanent', reasonCode: 'association_mailchannels_400' });
    expect(copies).toBe(2); // with Reply-To, then without
  });
});
