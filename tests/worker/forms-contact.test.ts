import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { contact, load, poster, text, useEmptyOutbox } from './forms-helpers';
import { type MailSent, useFakeUpstreams } from './upstreams';

/** The contact form's endpoint: what it stores, answers and mails, and every message it can answer with. */
const { app, post, postJson } = poster('198.51.100');
const upstream = useFakeUpstreams();
useEmptyOutbox();

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
    expect(verify.get('response')).toBe('contact:token-ok');
    expect(verify.get('remoteip')).toMatch(/^198\.51\.100\./);
    expect(verify.get('idempotency_key')).toBe(body.id);
  });

  it.each([
    [
      'fr',
      'Erreur dans le formulaire, veuillez réessayer.',
      {
        no_captcha: 'Veuillez compléter la vérification anti-robot.',
        false_email: 'Adresse e-mail incorrecte.',
        long_message: '500 caractères au maximum.',
        required: 'Ce champ est obligatoire.',
      },
    ],
    [
      'en',
      'Error in form validation, please try again.',
      {
        no_captcha: 'Captcha required.',
        false_email: 'Incorrect email.',
        long_message: 'Max. 500 characters.',
        required: 'This field is required.',
      },
    ],
  ] as const)('answers every validation code with its message (%s)', async (locale, title, messages) => {
    const res = await postJson('/api/contact', {
      ...contact,
      locale,
      firstName: '',
      email: 'not-an-email',
      message: 'x'.repeat(501),
      'cf-turnstile-response': '',
    });
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

  // Issue 30: the visitor's address is the association's Reply-To, so one a provider refuses would lose the request.
  it.each([
    ['a@b-.ch', 'en', 'Incorrect email.'],
    ['a@-b.ch', 'fr', 'Adresse e-mail incorrecte.'],
    ['a..b@c.ch', 'en', 'Incorrect email.'],
    [`${'l'.repeat(65)}@example.org`, 'fr', 'Adresse e-mail incorrecte.'],
    [`camille@${'a'.repeat(64)}.org`, 'en', 'Incorrect email.'],
    [`${'l'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(59)}.ch`, 'fr', 'Adresse e-mail incorrecte.'],
  ])("refuses an address past the RFCs' limits (%s, %s) with the e-mail message", async (email, locale, message) => {
    const res = await postJson('/api/contact', { ...contact, email, locale });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([{ field: 'email', code: 'false_email', message }]);
    expect(upstream().verified).toHaveLength(0);
  });

  it('takes an address at every limit (64-character local part, 63-character label, 254 in all)', async () => {
    const email = `${'l'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(58)}.ch`;
    expect(email).toHaveLength(254);
    const res = await postJson('/api/contact', { ...contact, email });
    expect(res.status).toBe(200);
    expect(upstream().mails[0]!.body.reply_to?.email).toBe(email);
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
    const urlencoded = await post('/api/contact', form.toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    });
    expect(urlencoded.status).toBe(200);
    const multipart = new FormData();
    for (const [k, v] of Object.entries(contact)) multipart.append(k, v);
    const res = await post('/api/contact', multipart, { Accept: 'application/json' });
    expect(res.status).toBe(200);
  });

  it('answers 415 to another content type, 413 to an oversized body and 400 to malformed JSON — never a 5xx', async () => {
    expect((await post('/api/contact', 'hello', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect(
      (await post('/api/contact', JSON.stringify({ ...contact, message: 'x'.repeat(40_000) }), { 'Content-Type': 'application/json' }))
        .status,
    ).toBe(413);
    expect((await post('/api/contact', '{"firstName": "Cam', { 'Content-Type': 'application/json' })).status).toBe(400);
    expect((await post('/api/contact', '[1,2]', { 'Content-Type': 'application/json' })).status).toBe(400);
    expect((await post('/api/contact', '%E0%A4%A', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBeLessThan(500);
    expect((await post('/api/contact', '', { 'Content-Type': 'multipart/form-data; boundary=x' })).status).toBe(400);
  });

  it('reports missing fields with their own codes, not a generic one', async () => {
    const res = await postJson('/api/contact', { source: 'events', 'cf-turnstile-response': 'contact:token-ok', locale: 'en' });
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
    const res = await postJson('/api/contact', {
      ...contact,
      firstName: 'Eve\r\nBcc: victim@example.org',
      email: 'eve@example.org\nBcc: x@example.org',
    });
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: { field: string; code: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'firstName', code: 'invisible_chars' }),
        expect.objectContaining({ field: 'email', code: 'invisible_chars' }),
      ]),
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

  it('rate-limits a client that posts too often (429), in the language of the page it posts from', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const ctx = createExecutionContext();
      const res = await app.fetch(
        new Request('https://jeepfl.ch/api/contact', {
          method: 'POST',
          body: JSON.stringify({ ...contact, locale: 'en' }),
          headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9', Referer: 'https://jeepfl.ch/en/contact' },
        }),
        env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      statuses.push(res.status);
      if (res.status === 429)
        expect(((await res.json()) as { message: string }).message).toBe(
          'Too many submissions in a short time. Please wait a minute and try again.',
        );
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
    const res = await app.fetch(
      new Request('https://jeepfl.ch/contact?sent=contact', { headers: { Cookie: 'lang=fr' } }),
      env,
      createExecutionContext(),
    );
    const html = await res.text();
    expect(html).toContain('Merci d’avoir validé le formulaire\u00a0!');
    expect(html).toContain('Retourner à la page d’accueil');
    // Only without JavaScript: with it, the countdown and its "stay" button decide.
    expect(html).toContain('<noscript><meta http-equiv="refresh" content="10;url=/"/></noscript>');
    expect(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toContain('http-equiv="refresh"');
  });
});
