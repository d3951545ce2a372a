import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { forms } from '../../client/forms/index';
import { outbox } from '../../worker/forms/outbox-object';
import { contact, decodeHtml, poster, prefilled, request, useEmptyOutbox } from './forms-helpers';
import { get } from './helpers';
import { useFakeUpstreams } from './upstreams';

/**
 * No way around the anti-robot check (issue 8): without a verified token
 * nothing is stored or mailed, and a visitor who cannot run it gets the
 * request as a prefilled e-mail instead.
 */
const { post, postJson, postHtml } = poster('192.0.2');
const upstream = useFakeUpstreams();
useEmptyOutbox();

describe('no way around Turnstile', () => {
  it('a post without a token is neither verified, stored nor mailed, whatever else it carries', async () => {
    const page = await (await get('/contact', { Cookie: 'lang=fr' })).text();
    // Everything a no-JS page could offer as a stand-in for the widget, answered correctly.
    const extra = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, decodeHtml(m[2]!)]),
    );
    const sum = /(\d) \+ (\d)/.exec(page);
    const res = await postHtml('/api/contact', {
      ...extra,
      ...contact,
      'cf-turnstile-response': '',
      ...(sum ? { challengeAnswer: String(Number(sum[1]) + Number(sum[2])) } : {}),
    });
    expect(res.status).toBe(400);
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
    // Nothing waits in the outbox either, now or later.
    expect(await outbox(env).due(Date.now() + 86_400_000, 100)).toEqual([]);
  });

  it.each([
    ['fr', 'Veuillez compléter la vérification anti-robot.', 'Demande de contact'],
    ['en', 'Captcha required.', 'Contact request'],
  ] as const)(
    'without JavaScript (%s): the form again with the input, the captcha message and a prefilled e-mail instead',
    async (locale, message, subject) => {
      const res = await postHtml('/api/contact', {
        ...contact,
        locale,
        message: 'Bonjour & merci,\nnous voulons un site.',
        'cf-turnstile-response': '',
      });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(`<html lang="${locale}"`);
      expect(html).toContain(message);
      expect(html).toContain('value="Camille"');
      expect(html).toContain('Bonjour &amp; merci,\nnous voulons un site.');
      const href = prefilled(html);
      expect(href.startsWith('mailto:contact@jeepfl.ch?')).toBe(true);
      const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
      expect(params.get('subject')).toContain(subject);
      expect(params.get('body')).toContain('Bonjour & merci,\nnous voulons un site.');
      // The address itself, in plain text, for a visitor whose device has no mail app.
      expect(html.replace(/<[^>]+>/g, ' ')).toMatch(/\scontact@jeepfl\.ch\s/);
    },
  );

  it('keeps the prefilled e-mail bounded, whatever the visitor typed', async () => {
    const res = await postHtml('/api/contact', { ...contact, message: 'é'.repeat(500), 'cf-turnstile-response': '' });
    const href = prefilled(await res.text());
    expect(href.length).toBeGreaterThan(1000);
    expect(href.length).toBeLessThanOrEqual(2000);
  });

  it('offers the same e-mail alternative on the pricer, in English', async () => {
    const res = await postHtml('/api/translation-estimate', {
      ...request,
      targetLanguages: 'en',
      words: '250',
      'cf-turnstile-response': '',
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Captcha required.');
    const href = prefilled(html);
    const params = new URLSearchParams(href.slice(href.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Translation estimate request');
    expect(params.get('body')).toContain('250');
  });

  it('offers it too when siteverify cannot be reached (503)', async () => {
    upstream().turnstile = 'network-error';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postHtml('/api/contact', { ...contact, locale: 'en' });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('please contact us directly at contact@jeepfl.ch');
    expect(html).toMatch(/href="mailto:contact@jeepfl\.ch\?subject=/);
    expect(upstream().mails).toHaveLength(0);
  });
});

/**
 * A token is good for one form (issue 30): the island renders the widget with
 * the form's name as its `action`, Cloudflare seals it into the token, and the
 * Worker checks the action siteverify gives back, as it checks the hostname.
 * The fake siteverify reads the action from the token (`<action>:…`).
 */
describe('a token is good for its own form only', () => {
  const invalid = { en: 'Captcha invalid.', fr: 'La vérification anti-robot a échoué. Veuillez réessayer.' } as const;

  it("every form's name is an action Turnstile accepts (letters, digits, _ and -, at most 32)", () => {
    for (const form of Object.values(forms)) expect(form.name).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });

  it.each([
    ['/api/contact', contact, 'contact'],
    ['/api/translation-estimate', request, 'estimate'],
  ] as const)('%s: a token issued for its action (%s) passes', async (path, body, action) => {
    const res = await postJson(path, { ...body, 'cf-turnstile-response': `${action}:token-1` });
    expect(res.status).toBe(200);
    expect(upstream().verified[0]!.get('response')).toBe(`${action}:token-1`);
    expect(upstream().mails).toHaveLength(2);
  });

  it.each([
    ['en', '/api/contact', contact, 'estimate:token-2'],
    ['fr', '/api/contact', contact, 'estimate:token-2'],
    ['en', '/api/translation-estimate', request, 'contact:token-3'],
    ['fr', '/api/translation-estimate', request, 'contact:token-3'],
  ] as const)('(%s) %s refuses a token of the other form with "Captcha invalid."', async (locale, path, body, token) => {
    const res = await postJson(path, { ...body, locale, 'cf-turnstile-response': token });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'cf-turnstile-response', code: 'bad_captcha', message: invalid[locale] },
    ]);
    expect(upstream().verified).toHaveLength(1); // siteverify said yes; the action said no
    expect(upstream().mails).toHaveLength(0);
    expect(await outbox(env).due(Date.now() + 86_400_000, 100)).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('(%s) refuses a token of a widget rendered without an action', async (locale) => {
    const res = await postJson('/api/contact', { ...contact, locale, 'cf-turnstile-response': 'token-without-action' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'cf-turnstile-response', code: 'bad_captcha', message: invalid[locale] },
    ]);
    expect(upstream().mails).toHaveLength(0);
  });

  it('refuses a siteverify success that names no action at all', async () => {
    const fake = vi.fn(async () =>
      Response.json({ success: true, challenge_ts: new Date().toISOString(), hostname: 'jeepfl.ch', 'error-codes': [] }),
    );
    vi.stubGlobal('fetch', fake);
    const res = await postJson('/api/contact', { ...contact, locale: 'en' });
    expect(fake).toHaveBeenCalledTimes(1);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'cf-turnstile-response', code: 'bad_captcha', message: invalid.en },
    ]);
  });

  it('without JavaScript, a token of the other form gets the page back with the message and the input', async () => {
    const res = await postHtml('/api/contact', { ...contact, locale: 'fr', 'cf-turnstile-response': 'estimate:token-4' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(invalid.fr);
    expect(html).toContain('value="Camille"');
    expect(upstream().mails).toHaveLength(0);
  });

  it('refuses a token solved on another host, as siteverify reports it', async () => {
    // The fake siteverify says every token was solved on jeepfl.ch.
    const res = await post(
      '/api/contact',
      JSON.stringify({ ...contact, locale: 'en' }),
      { 'Content-Type': 'application/json', Accept: 'application/json' },
      { origin: 'https://jeepfl-website-staging.example.workers.dev' },
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field: 'cf-turnstile-response', code: 'bad_captcha', message: invalid.en },
    ]);
    expect(upstream().mails).toHaveLength(0);
  });
});

describe("Cloudflare's test secret, which accepts any token", () => {
  it('fails every post on a real host, even outside production, and says why in the log', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post(
      '/api/contact',
      JSON.stringify(contact),
      { 'Content-Type': 'application/json' },
      { env: { ENVIRONMENT: 'development', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' } },
    );
    expect(res.status).toBe(503);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'form.turnstile_unavailable', reason: expect.stringContaining('Cloudflare test secret') }),
    );
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it('works on this machine, for npm run dev, whatever action the token carries (or none)', async () => {
    const res = await post(
      '/api/contact',
      JSON.stringify({ ...contact, 'cf-turnstile-response': 'XXXX.DUMMY.TOKEN.XXXX' }),
      { 'Content-Type': 'application/json' },
      { env: { ENVIRONMENT: 'development', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' }, origin: 'http://127.0.0.1:8787' },
    );
    expect(res.status).toBe(200);
    expect(upstream().verified).toHaveLength(0);
  });
});

describe('the honeypot', () => {
  it('answers a bot on the pricer exactly as a real success looks, estimate included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/translation-estimate', { ...request, website: 'https://spam.example' });
    expect(await res.json()).toMatchObject({ ok: true, id: expect.any(String), result: { amount: 360, formatted: expect.any(String) } });
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });
});

describe('the page tells a visitor without JavaScript what to expect', () => {
  it.each([
    ['fr', '/contact', 'JavaScript est désactivé'],
    ['en', '/en/services/translation', 'JavaScript is off'],
  ] as const)('%s: a <noscript> note by the check, with the address to write to', async (locale, path, words) => {
    const html = await (await get(path, { Cookie: `lang=${locale}` })).text();
    const note = /<noscript><p class="field-hint">([^<]+)<\/p><\/noscript>/.exec(html)?.[1] ?? '';
    expect(note).toContain(words);
    expect(note).toContain('contact@jeepfl.ch');
  });
});
