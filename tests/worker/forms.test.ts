import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { LEASE_MS, runOutbox } from '../../worker/forms/delivery';
import { MAX_ATTEMPTS, outbox } from '../../worker/forms/outbox';
import { readConfig, readSecrets, type Secrets } from '../../worker/env';
import { contact, poster, request, text, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams, type MailSent } from './upstreams';

const { app, post, postJson } = poster('198.51.100');
const upstream = useFakeUpstreams();
useEmptyOutbox();

const load = (id: string) => outbox(env).get(id);
/** One cron run at `time` (epoch ms), as the scheduled handler runs it. */
const cron = (time: number) => runOutbox(env, (readSecrets(env) as { secrets: Secrets }).secrets, readConfig(env), time);

describe('POST /api/contact', () => {
  it('stores the submission, answers 200 with its id, and mails the association and the visitor once each', async () => {
    const res = await postJson('/api/contact', { ...contact, message: 'Bonjour <script>alert(1)</script> & merci' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; id: string };
    expect(body.ok).toBe(true);
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);

    const stored = await load(body.id);
    expect(stored).toMatchObject({ form: 'contact', locale: 'fr', status: 'sent', sent: { association: true, visitor: true } });

    expect(upstream().mails).toHaveLength(2);
    const [toAssociation, toVisitor] = upstream().mails as [MailSent, MailSent];
    expect(toAssociation.apiKey).toBe('test-mailchannels-key');
    expect(toAssociation.body.personalizations[0]!.to[0]!.email).toBe('contact@jeepfl.ch');
    expect(toAssociation.body.reply_to).toEqual({ email: 'camille@example.org', name: 'Camille Test' });
    expect(toAssociation.body.subject).toBe('Nouvelle demande de contact – Camille Test');
    expect(text(toAssociation, 'text/plain')).toContain(body.id);
    expect(text(toAssociation, 'text/plain')).toContain('Lors d’un événement');
    expect(text(toAssociation, 'text/html')).toContain('Bonjour &lt;script&gt;alert(1)&lt;/script&gt; &amp; merci');
    expect(text(toAssociation, 'text/html')).not.toContain('<script>');
    expect(toVisitor.body.personalizations[0]!.to[0]!.email).toBe('camille@example.org');
    expect(toVisitor.body.subject).toBe('Nous avons bien reçu votre message');
    expect(text(toVisitor, 'text/plain')).toMatch(/^Bonjour,\n/);

    // Siteverify got the secret, the token, the client's IP and an idempotency key.
    const verify = upstream().verified[0]!;
    expect(verify.get('secret')).toBe('test-turnstile-secret');
    expect(verify.get('response')).toBe('token-ok');
    expect(verify.get('remoteip')).toMatch(/^198\.51\.100\./);
    expect(verify.get('idempotency_key')).toBe(body.id);
  });

  it.each([
    ['fr', 'Erreur dans le formulaire, veuillez réessayer.', { no_captcha: 'Veuillez compléter la vérification anti-robot.', false_email: 'Adresse e-mail incorrecte.', long_message: '500 caractères au maximum.', required: 'Ce champ est obligatoire.' }],
    ['en', 'Error in form validation, please try again.', { no_captcha: 'Captcha required.', false_email: 'Incorrect email.', long_message: 'Max. 500 characters.', required: 'This field is required.' }],
  ] as const)('answers every validation code with its message (%s)', async (locale, title, messages) => {
    const res = await postJson('/api/contact', { ...contact, locale, firstName: '', email: 'not-an-email', message: 'x'.repeat(501), 'cf-turnstile-response': '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { ok: boolean; message: string; errors: { field: string; code: string; message: string }[] };
    expect(body.ok).toBe(false);
    expect(body.message).toBe(title);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', code: 'required', message: messages.required },
        { field: 'email', code: 'false_email', message: messages.false_email },
        { field: 'message', code: 'long_message', message: messages.long_message },
        { field: 'cf-turnstile-response', code: 'no_captcha', message: messages.no_captcha },
      ]),
    );
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it.each([
    ['invalid-input-response', 'en', 'Captcha invalid.'],
    ['timeout-or-duplicate', 'fr', 'La vérification anti-robot a échoué. Veuillez réessayer.'],
  ])('refuses a token Turnstile rejects (%s)', async (code, locale, message) => {
    upstream().turnstile = { success: false, codes: [code] };
    const res = await postJson('/api/contact', { ...contact, locale });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: unknown[] };
    expect(body.errors).toEqual([{ field: 'cf-turnstile-response', code: 'bad_captcha', message }]);
    expect(upstream().mails).toHaveLength(0);
  });

  it('answers the generic message with the contact address when Turnstile cannot be reached, and keeps nothing', async () => {
    upstream().turnstile = 'network-error';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postJson('/api/contact', { ...contact, locale: 'en' });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { message: string }).message).toBe(
      'An error occurred while submitting the form, please try again. If the issue persists, please contact us directly at contact@jeepfl.ch.',
    );
    expect(error).toHaveBeenCalled();
  });

  it('accepts urlencoded and multipart bodies as well as JSON', async () => {
    const form = new URLSearchParams({ ...contact });
    const urlencoded = await post('/api/contact', form.toString(), { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' });
    expect(urlencoded.status).toBe(200);
    const multipart = new FormData();
    for (const [k, v] of Object.entries(contact)) multipart.append(k, v);
    const res = await post('/api/contact', multipart, { Accept: 'application/json' });
    expect(res.status).toBe(200);
  });

  it('answers 415 to another content type, 413 to an oversized body and 400 to malformed JSON — never a 5xx', async () => {
    expect((await post('/api/contact', 'hello', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post('/api/contact', JSON.stringify({ ...contact, message: 'x'.repeat(40_000) }), { 'Content-Type': 'application/json' })).status).toBe(413);
    expect((await post('/api/contact', '{"firstName": "Cam', { 'Content-Type': 'application/json' })).status).toBe(400);
    expect((await post('/api/contact', '[1,2]', { 'Content-Type': 'application/json' })).status).toBe(400);
    expect((await post('/api/contact', '%E0%A4%A', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBeLessThan(500);
    expect((await post('/api/contact', '', { 'Content-Type': 'multipart/form-data; boundary=x' })).status).toBe(400);
  });

  it('reports missing fields with their own codes, not a generic one', async () => {
    const res = await postJson('/api/contact', { source: 'events', 'cf-turnstile-response': 'token-ok', locale: 'en' });
    const { errors } = (await res.json()) as { errors: { field: string; code: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'firstName', code: 'required' }),
        expect.objectContaining({ field: 'lastName', code: 'required' }),
        expect.objectContaining({ field: 'email', code: 'false_email' }),
        expect.objectContaining({ field: 'message', code: 'required' }),
      ]),
    );
  });

  it('refuses CR/LF in anything that could reach an e-mail header', async () => {
    const res = await postJson('/api/contact', { ...contact, firstName: 'Eve\r\nBcc: victim@example.org', email: 'eve@example.org\nBcc: x@example.org' });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: { field: string; code: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'firstName', code: 'invisible_chars' }), expect.objectContaining({ field: 'email', code: 'invisible_chars' })]),
    );
    expect(upstream().mails).toHaveLength(0);
  });

  it('looks successful to a bot that fills the honeypot, but keeps and sends nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/contact', { ...contact, website: 'https://spam.example' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(await load(id)).toBeNull();
    expect(upstream().mails).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
  });

  it('rate-limits a client that posts too often (429), in its language', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request('https://jeepfl.ch/api/contact', { method: 'POST', body: JSON.stringify({ ...contact, locale: 'en' }), headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9' } }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      statuses.push(res.status);
      if (res.status === 429) expect(((await res.json()) as { message: string }).message).toBe('Too many submissions in a short time. Please wait a minute and try again.');
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('without JavaScript: the HTML form gets a 303 to the success screen, or the page again with its errors and values', async () => {
    const ok = await post('/api/contact', new URLSearchParams({ ...contact, locale: 'en', page: 'home' }).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/en?sent=contact#contact-form');

    const bad = await post('/api/contact', new URLSearchParams({ ...contact, email: 'nope', 'cf-turnstile-response': '' }).toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html',
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await bad.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('Erreur dans le formulaire, veuillez réessayer.');
    expect(html).toContain('Adresse e-mail incorrecte.');
    expect(html).toContain('Veuillez compléter la vérification anti-robot.');
    expect(html).toContain('value="Camille"');
    expect(html).toContain('Nous aimerions refaire notre site.');
  });

  it('shows the success screen after the redirect, with the automatic return home', async () => {
    const res = await app.fetch(new Request('https://jeepfl.ch/contact?sent=contact', { headers: { Cookie: 'lang=fr' } }), env, createExecutionContext());
    const html = await res.text();
    expect(html).toContain('Merci d’avoir validé le formulaire\u00a0!');
    expect(html).toContain('Retourner à la page d’accueil');
    expect(html).toContain('<meta http-equiv="refresh" content="10;url=/"/>');
  });
});

describe('POST /api/translation-estimate', () => {
  it('answers the estimate and e-mails it to the visitor in their language', async () => {
    const res = await postJson('/api/translation-estimate', request);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; id: string; estimate: { amount: number; currency: string } };
    expect(body).toMatchObject({ ok: true, estimate: { amount: 360, currency: 'CHF' } });
    const toVisitor = upstream().mails.find((m) => m.body.personalizations[0]!.to[0]!.email === 'client@example.org')!;
    expect(toVisitor.body.subject).toBe('Your translation price estimate');
    expect(text(toVisitor, 'text/plain')).toMatch(/CHF\s?360\.00/);
    expect(text(toVisitor, 'text/plain')).toContain('English, German');
  });

  it('reads target languages from repeated form fields', async () => {
    const form = new URLSearchParams({ ...request, words: '1000', targetLanguages: 'en' } as unknown as Record<string, string>);
    form.append('targetLanguages', 'it');
    const res = await post('/api/translation-estimate', form.toString(), { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { estimate: { languages: number } }).estimate.languages).toBe(2);
  });

  it.each([
    [{ words: 0 }, 'words', 'words_not_positive', 'The number of words must be positive'],
    [{ words: '0' }, 'words', 'words_not_positive', 'The number of words must be positive'],
    [{ words: -3 }, 'words', 'words_not_positive', 'The number of words must be positive'],
    [{ words: '' }, 'words', 'required', 'This field is required.'],
    [{ words: 'many' }, 'words', 'words_format', 'Enter the number of words in digits only, for example 1200.'],
    [{ words: '-3' }, 'words', 'words_format', 'Enter the number of words in digits only, for example 1200.'],
    [{ words: true }, 'words', 'words_format', 'Enter the number of words in digits only, for example 1200.'],
    [{ words: 2.5 }, 'words', 'words_format', 'Enter the number of words in digits only, for example 1200.'],
    [{ email: 'client@' }, 'email', 'false_email', 'Please enter a valid email address'],
    [{ targetLanguages: [] }, 'targetLanguages', 'no_language', 'Choose a language'],
    [{ sourceLanguage: '' }, 'sourceLanguage', 'no_language', 'Choose a language'],
    [{ targetLanguages: ['en', 'en'] }, 'targetLanguages', 'duplicate_target', 'One or more languages are the same. Please select each of them at most once'],
    [
      { targetLanguages: ['fr', 'en'] },
      'targetLanguages',
      'source_in_targets',
      'The source language and a destination language are identical. Please deselect the source language in the list of destination languages',
    ],
  ])('%j -> %s %s', async (change, field, code, message) => {
    const res = await postJson('/api/translation-estimate', { ...request, ...change });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: unknown[] };
    expect(body.message).toBe('Invalid form. Please check that all fields are correct');
    expect(body.errors).toContainEqual({ field, code, message });
  });

  it('words its errors in French too', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, locale: 'fr', words: 0, targetLanguages: ['fr'] });
    const body = (await res.json()) as { message: string; errors: { code: string; message: string }[] };
    expect(body.message).toBe('Formulaire invalide. Veuillez vérifier que tous les champs sont corrects.');
    expect(body.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining(['Le nombre de mots doit être positif.', 'La langue source et une langue cible sont identiques. Retirez la langue source de la liste des langues cibles.']),
    );
  });
});

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
    expect(await cron(Date.now())).toEqual({ tried: 0, sent: 0 });

    upstream().mailStatus = 202;
    const later = stored!.nextAttemptAt + 1000;
    expect(await cron(later)).toEqual({ tried: 1, sent: 1 });
    stored = await load(id);
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, sent: { association: true, visitor: true } });
    expect(upstream().mails).toHaveLength(2);

    // A later run sends nothing more.
    expect(await cron(later + 86_400_000)).toEqual({ tried: 0, sent: 0 });
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
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`SUBMISSION DEAD: contact ${id}`));
    // Dead means dead: no later run picks it up again.
    expect(await cron(Date.now() + 30 * 86_400_000)).toEqual({ tried: 0, sent: 0 });
  });

  it('without a MailChannels key (local development) keeps the mail pending and logs the whole message', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/contact', contact, { MAILCHANNELS_API_KEY: '' });
    const { id } = (await res.json()) as { id: string };
    expect((await load(id))!.status).toBe('pending');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Nous aimerions refaire notre site.'));
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
    const to = upstream().mails.filter((m) => text(m, 'text/plain').includes(id)).map((m) => m.body.personalizations[0]!.to[0]!.email);
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
      { id: 'in-flight', form: 'contact', locale: 'fr', created: new Date(now).toISOString(), fields: { ...contact }, status: 'pending', attempts: 1, nextAttemptAt: now, sent: { association: false, visitor: false } },
      'request:in-flight',
      LEASE_MS,
    );
    expect(await cron(now + LEASE_MS / 2)).toEqual({ tried: 0, sent: 0 });
    // Once the lease has expired (the request died), the cron takes over.
    upstream().mailStatus = 202;
    expect(await cron(now + LEASE_MS + 1000)).toEqual({ tried: 1, sent: 1 });
    expect(await load('in-flight')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('a run that started late cannot take a lease an on-time run holds: leases follow the outbox\'s clock', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    upstream().mailStatus = 503;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(((await (await postJson('/api/contact', { ...contact, email: `late${i}@example.org` })).json()) as { id: string }).id);
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
    expect(error).toHaveBeenCalledWith(expect.stringContaining(`SUBMISSION DEAD: contact ${id}`));
  });

  it('forgets sent submissions after 30 days, and keeps dead ones', async () => {
    const { id } = (await (await postJson('/api/contact', contact)).json()) as { id: string };
    expect((await load(id))!.status).toBe('sent');
    await cron(Date.now() + 29 * 86_400_000);
    expect(await load(id)).not.toBeNull();
    await cron(Date.now() + 31 * 86_400_000);
    expect(await load(id)).toBeNull();
  });

  it('is run by the Worker\'s cron trigger', async () => {
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
    expect(error).toHaveBeenCalledWith(expect.stringContaining('MAILCHANNELS_API_KEY is not set'));
    expect((await postJson('/api/contact', contact, { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' })).status).toBe(503);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('TURNSTILE_SECRET_KEY is one of Cloudflare’s test secrets'));
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it('fails closed in production when a secret is missing: an error, a log line, no captcha skipped', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postJson('/api/contact', contact, { ENVIRONMENT: 'production', TURNSTILE_SECRET_KEY: '' });
    expect(res.status).toBe(503);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('TURNSTILE_SECRET_KEY is not set'));
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });
});
