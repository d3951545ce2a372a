import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { outbox } from '../../worker/forms/outbox';
import worker from '../../worker/index';
import { contact, poster, recipient, request, text, useEmptyOutbox } from './forms-helpers';
import { get } from './helpers';
import { useFakeUpstreams } from './upstreams';

/**
 * The forms as an attacker and an operator try them (issue 8): no way around
 * Turnstile, nothing mailed twice, no relay through the confirmation, and
 * bad input that answers a clear 4xx.
 */
const { post, postJson, postHtml } = poster('192.0.2');
const upstream = useFakeUpstreams();
useEmptyOutbox();

/** Money and numbers use no-break spaces (U+00A0, U+202F): compare them as plain spaces. */
const spaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
/** The prefilled e-mail link (the footer's plain mailto: has no subject). */
const prefilled = (html: string) => decodeHtml(/href="(mailto:[^"?]+\?subject=[^"]+)"/.exec(html)?.[1] ?? '');
const decodeHtml = (s: string) => s.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

describe('no way around Turnstile', () => {
  it('a post without a token is neither verified, stored nor mailed, whatever else it carries', async () => {
    const page = await (await get('/contact', { Cookie: 'lang=fr' })).text();
    // Everything a no-JS page could offer as a stand-in for the widget, answered correctly.
    const extra = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, decodeHtml(m[2]!)]));
    const sum = /(\d) \+ (\d)/.exec(page);
    const res = await postHtml('/api/contact', { ...extra, ...contact, 'cf-turnstile-response': '', ...(sum ? { challengeAnswer: String(Number(sum[1]) + Number(sum[2])) } : {}) });
    expect(res.status).toBe(400);
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
    // Nothing waits in the outbox either, now or later.
    expect(await outbox(env).due(Date.now() + 86_400_000, 100)).toEqual([]);
  });

  it.each([
    ['fr', 'Veuillez compléter la vérification anti-robot.', 'Demande de contact'],
    ['en', 'Captcha required.', 'Contact request'],
  ] as const)('without JavaScript (%s): the form again with the input, the captcha message and a prefilled e-mail instead', async (locale, message, subject) => {
    const res = await postHtml('/api/contact', { ...contact, locale, message: 'Bonjour & merci,\nnous voulons un site.', 'cf-turnstile-response': '' });
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
  });

  it('keeps the prefilled e-mail bounded, whatever the visitor typed', async () => {
    const res = await postHtml('/api/contact', { ...contact, message: 'é'.repeat(500), 'cf-turnstile-response': '' });
    const href = prefilled(await res.text());
    expect(href.length).toBeGreaterThan(1000);
    expect(href.length).toBeLessThanOrEqual(2000);
  });

  it('offers the same e-mail alternative on the pricer, in English', async () => {
    const res = await postHtml('/api/translation-estimate', { ...request, targetLanguages: 'en', words: '250', 'cf-turnstile-response': '' });
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
    await Promise.all([0, 1, 2].map(() => worker.scheduled(createScheduledController({ scheduledTime: due, cron: '*/5 * * * *' }), env as never)));
    for (const id of ids) {
      const forThis = upstream().mails.filter((m) => text(m).includes(id));
      const to = forThis.map(recipient);
      expect(to).toHaveLength(2);
      expect(to).toEqual(expect.arrayContaining(['contact@jeepfl.ch', expect.stringMatching(/^visitor\d@example\.org$/)]));
    }
  });
});

describe('Cloudflare\'s test secret, which accepts any token', () => {
  it('fails every post on a real host, even outside production, and says why in the log', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await post('/api/contact', JSON.stringify(contact), { 'Content-Type': 'application/json' }, { env: { ENVIRONMENT: 'development', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' } });
    expect(res.status).toBe(503);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Cloudflare test secret'));
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });

  it('works on this machine, for npm run dev', async () => {
    const res = await post('/api/contact', JSON.stringify(contact), { 'Content-Type': 'application/json' }, { env: { ENVIRONMENT: 'development', TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA' }, origin: 'http://127.0.0.1:8787' });
    expect(res.status).toBe(200);
    expect(upstream().verified).toHaveLength(0);
  });
});

describe('the honeypot', () => {
  it('answers a bot on the pricer exactly as a real success looks, estimate included', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await postJson('/api/translation-estimate', { ...request, website: 'https://spam.example' });
    expect(await res.json()).toMatchObject({ ok: true, id: expect.any(String), estimate: { amount: 360, formatted: expect.any(String) } });
    expect(upstream().verified).toHaveLength(0);
    expect(upstream().mails).toHaveLength(0);
  });
});

describe('the confirmation relays nothing the visitor typed', () => {
  it('the contact confirmation has no name and no message', async () => {
    const res = await postJson('/api/contact', { ...contact, firstName: 'Zebulon', lastName: 'Quaxley', message: 'Cheap watches here, call now' });
    expect(res.status).toBe(200);
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'camille@example.org')!;
    for (const type of ['text/plain', 'text/html']) {
      expect(text(toVisitor, type)).not.toContain('Zebulon');
      expect(text(toVisitor, type)).not.toContain('Quaxley');
      expect(text(toVisitor, type)).not.toContain('Cheap watches');
    }
    expect(toVisitor.body.personalizations[0]!.to[0]!.name).toBeUndefined();
  });

  it('the estimate confirmation has no comment', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, comments: 'Visit spam.example for deals' });
    expect(res.status).toBe(200);
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    expect(text(toVisitor)).not.toContain('spam.example');
    expect(text(toVisitor, 'text/html')).not.toContain('spam.example');
  });

  it.each([
    ['firstName', 'Visit https://spam.example'],
    ['firstName', 'www.spam.example'],
    ['lastName', 'spam.example/win'],
    ['lastName', 'eve@spam.example'],
    ['lastName', 'eve＠spam'],
    ['firstName', 'spam。example'],
    ['firstName', 'spam\u200d.example'],
    ['firstName', 'spam．example'],
  ])('refuses a %s with a link or an @: %j', async (field, value) => {
    const res = await postJson('/api/contact', { ...contact, locale: 'en', [field]: value });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
      { field, code: 'name_link', message: 'A name cannot contain a web address or an @ sign.' },
    ]);
    expect(upstream().mails).toHaveLength(0);
  });

  it('still accepts ordinary names with dots, hyphens and apostrophes', async () => {
    const res = await postJson('/api/contact', { ...contact, firstName: 'J. Marie-Ève', lastName: 'd’Andrès O’Neill' });
    expect(res.status).toBe(200);
  });
});

describe('bad input gets a clear 4xx, never a 5xx', () => {
  it.each([
    ['a 600-byte page path', `/${'a'.repeat(600)}`],
    ['a 2 KB page path', `/${'abc-'.repeat(512)}`],
    ['a 600-byte English path', `/en/${'a'.repeat(600)}`],
    ['a 600-byte asset path', `/assets/${'a'.repeat(600)}.js`],
    ['a 600-byte short link with a hyphen', `/${'ab-'.repeat(200)}x`],
    ['a 600-byte job path', `/jobs/${'a'.repeat(600)}`],
  ])('%s answers the 404 page', async (_, path) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await get(path, { Cookie: 'lang=fr' });
    expect([404, 414]).toContain(res.status);
    expect(await res.text()).toMatch(/<h2 id="popular-pages">(Pages populaires|Popular pages)<\/h2>/);
    expect(error).not.toHaveBeenCalled();
  });

  it('an upload the client abandons mid-body ends quietly with a 400', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      let sent = false;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (!sent) {
            sent = true;
            controller.enqueue(new TextEncoder().encode('{"firstName":"Cam'));
          } else controller.error(new TypeError('Network connection lost.'));
        },
      });
      const res = await post('/api/contact', body, { 'Content-Type': type, Accept: 'application/json' });
      expect(res.status).toBe(400);
    }
    expect(error).not.toHaveBeenCalled();
    expect(upstream().mails).toHaveLength(0);
  });

  const invisible = {
    NUL: '\u0000', BEL: '\u0007', 'C1 NEL': '\u0085', 'LINE SEPARATOR': '\u2028', 'PARAGRAPH SEPARATOR': '\u2029', RLO: '\u202e', LRE: '\u202a',
    'RL isolate': '\u2067', 'pop isolate': '\u2069', LRM: '\u200e', 'soft hyphen': '\u00ad', 'zero-width space': '\u200b', 'word joiner': '\u2060',
    BOM: '\ufeff', 'tag A': '\u{E0041}', 'lone surrogate': '\ud800',
  };
  for (const field of ['firstName', 'lastName', 'email', 'phone'] as const) {
    it.each(Object.entries(invisible))(`refuses %s in ${field} with a field error`, async (_, ch) => {
      const value = field === 'email' ? `camille${ch}@example.org` : field === 'phone' ? `+41 21${ch}000 00 00` : `Cam${ch}ille`;
      const res = await postJson('/api/contact', { ...contact, locale: 'en', [field]: value });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { errors: unknown[] }).errors).toEqual([
        { field, code: 'invisible_chars', message: 'This field contains invisible or control characters. Please retype it.' },
      ]);
    });
  }

  it('refuses them at the edges of a single-line field too (not trimmed away)', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, email: 'client@example.org\u2028' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string; code: string }[] }).errors).toEqual([expect.objectContaining({ field: 'email', code: 'invisible_chars' })]);
  });

  it('keeps only newline and tab in the message: the rest is removed before it is mailed', async () => {
    const res = await postJson('/api/contact', { ...contact, message: 'Ligne 1\r\n\tLigne 2\u0000\u202e\u2028\u200e\u00ad fin\u0007' });
    expect(res.status).toBe(200);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Ligne 1\n\tLigne 2 fin\n');
    expect(text(toAssociation)).not.toMatch(/[\u0000\u0007\u202e\u2028\u200e\u00ad\r]/);
  });

  it('keeps the joiners that scripts and emoji need, in names and messages', async () => {
    const res = await postJson('/api/contact', { ...contact, firstName: 'Mohammad\u200cReza', message: 'Développeuse 👩\u200d💻 cherche un site' });
    expect(res.status).toBe(200);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Mohammad\u200cReza');
    expect(text(toAssociation)).toContain('👩\u200d💻');
  });

  it.each(['0x10', '1e3', '+5', '12.0', '1 000', '١٢'])('refuses words = %j: digits only', async (words) => {
    const res = await postJson('/api/translation-estimate', { ...request, words });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: { field: string; code: string; message: string }[] }).errors).toEqual([
      { field: 'words', code: 'words_format', message: 'Enter the number of words in digits only, for example 1200.' },
    ]);
  });

  it('accepts words with surrounding spaces or leading zeros, and refuses more than the maximum, however long', async () => {
    const ok = await postJson('/api/translation-estimate', { ...request, words: ' 12 ' });
    expect(ok.status).toBe(200);
    const padded = await postJson('/api/translation-estimate', { ...request, words: '0000000001' });
    expect(((await padded.json()) as { estimate: { perWord: number } }).estimate).toBeDefined();
    const long = await postJson('/api/translation-estimate', { ...request, words: '12345678901234' });
    expect(((await long.json()) as { errors: { code: string }[] }).errors).toEqual([expect.objectContaining({ field: 'words', code: 'words_too_many' })]);
    const tooMany = await postJson('/api/translation-estimate', { ...request, words: '1000001' });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { errors: { code: string }[] }).errors).toEqual([
      { field: 'words', code: 'words_too_many', message: expect.stringMatching(/^For more than 1[’']000[’']000 words, please ask us for a quote through the contact form\.$/) },
    ]);
  });

  it('a 429 says when to come back (Retry-After, in seconds)', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) last = await post('/api/contact', JSON.stringify({ ...contact, locale: 'en' }), { 'Content-Type': 'application/json' }, { ip: '203.0.113.77' });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])('%s /api/contact answers 405 JSON with Allow: POST', async (method) => {
    const res = await get('/api/contact', {}, method);
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ ok: false, message: expect.any(String) });
  });

  it('HEAD and GET on the other API answer 405 too', async () => {
    expect((await get('/api/translation-estimate', {}, 'HEAD')).status).toBe(405);
    const res = await get('/api/translation-estimate');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
  });
});

describe('the pricer explains its services', () => {
  it.each([
    ['fr', '/services/translation', 'révision d’une traduction existante', '/contact?topic=proofreading#contact-form'],
    ['en', '/en/services/translation', 'review of an existing translation', '/en/contact?topic=proofreading#contact-form'],
  ] as const)('%s: what each service means, and where to ask for proofreading in one language', async (locale, path, help, link) => {
    const html = await (await get(path, { Cookie: `lang=${locale}` })).text();
    expect(html).toContain(help);
    expect(decodeHtml(html)).toContain(`href="${link}"`);
  });

  it.each([
    ['fr', '/contact?topic=proofreading', 'relire'],
    ['en', '/en/contact?topic=proofreading', 'proofread'],
  ] as const)('%s: the contact form opens with the request already started', async (locale, path, word) => {
    const html = await (await get(path, { Cookie: `lang=${locale}` })).text();
    const textarea = /<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/.exec(html)?.[1] ?? '';
    expect(textarea.toLowerCase()).toContain(word);
  });
});

describe('one money format (fr-CH, en-CH)', () => {
  it('in the JSON answer and both e-mails, in English', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, words: '4000' });
    const body = (await res.json()) as { estimate: { amount: number; formatted: string } };
    expect(body.estimate.amount).toBe(1440);
    // en-CH groups thousands with an apostrophe (’ or ', by ICU version).
    expect(spaces(body.estimate.formatted)).toMatch(/^CHF 1[’']440\.00$/);
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    expect(text(toVisitor)).toContain(body.estimate.formatted);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    // fr-CH groups thousands with a narrow space, or an apostrophe in newer ICU versions.
    expect(spaces(text(toAssociation))).toMatch(/1[ '’]440\.00 CHF/);
  });

  it('in the JSON answer, the e-mail and the page, in French', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, locale: 'fr', words: '1000' });
    const body = (await res.json()) as { estimate: { formatted: string } };
    expect(spaces(body.estimate.formatted)).toBe('360.00 CHF');
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    expect(text(toVisitor)).toContain(body.estimate.formatted);
    expect(text(toVisitor)).not.toContain('360,00');
    // The page the no-JS visitor gets back shows the live estimate in the same format.
    const page = await postHtml('/api/translation-estimate', { ...request, locale: 'fr', targetLanguages: 'en', words: '1000', 'cf-turnstile-response': '' });
    expect(spaces(await page.text())).toContain('180.00 CHF');
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

describe('fuzzing both endpoints', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function rng(seed: number) {
    return () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  }
  const odd = ['', ' ', '\u0000', '\r\n', '\u2028', '\u202e', '\ud800', '💥', '<script>', '%', '&', '=', '"', '\\', 'é'.repeat(300), 'x'.repeat(3000), '0x10', '-1', '1e309', 'NaN'];

  it('never answers 5xx, never logs an error, never mails without a verified token', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const random = rng(20261123);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const value = (depth = 0): unknown => {
      const kind = Math.floor(random() * (depth > 2 ? 5 : 7));
      return [() => pick(odd), () => random() * 1e12 - 5e11, () => null, () => random() < 0.5, () => pick(odd) + pick(odd), () => [value(depth + 1), value(depth + 1)], () => ({ [pick(odd)]: value(depth + 1) })][kind]!();
    };
    const seen: Record<number, number> = {};
    const names = ['firstName', 'lastName', 'email', 'phone', 'source', 'message', 'topic', 'service', 'words', 'sourceLanguage', 'targetLanguages', 'comments', 'locale', 'page', 'website', 'cf-turnstile-response', '__proto__', 'constructor'];
    for (let i = 0; i < 400; i++) {
      const path = pick(['/api/contact', '/api/translation-estimate']);
      // Half the time a valid submission with one or two fields mutated, so later steps are reached too.
      const valid: Record<string, unknown> = path === '/api/contact' ? { ...contact } : { ...request };
      const fields =
        random() < 0.5
          ? { ...valid, [pick(names)]: value(), ...(random() < 0.5 ? { [pick(names)]: value() } : {}) }
          : Object.fromEntries(names.filter(() => random() < 0.6).map((n) => [n, value()]));
      const kind = pick(['json', 'json', 'raw-json', 'urlencoded', 'urlencoded', 'multipart', 'bytes', 'huge', 'text'] as const);
      let body: BodyInit;
      let type: string;
      if (kind === 'json') [body, type] = [JSON.stringify(fields), 'application/json'];
      else if (kind === 'urlencoded' && Array.isArray(fields.targetLanguages)) {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, String(one));
        [body, type] = [form.toString(), 'application/x-www-form-urlencoded'];
      }
      else if (kind === 'raw-json') [body, type] = [JSON.stringify(value()), 'application/json'];
      else if (kind === 'urlencoded') {
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) for (let r = 0; r < 1 + Math.floor(random() * 3); r++) form.append(k, String(v));
        [body, type] = [form.toString(), 'application/x-www-form-urlencoded'];
      } else if (kind === 'multipart') {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, random() < 0.2 ? new File([String(v)], 'x.txt') : String(v));
        body = form;
        type = '';
      } else if (kind === 'huge') {
        [body, type] = [JSON.stringify({ ...fields, message: 'x'.repeat(40_000) }), 'application/json'];
      } else if (kind === 'text') {
        [body, type] = [JSON.stringify(fields), pick(['text/plain', 'application/xml', 'application/jsonx', ''])];
      } else {
        [body, type] = [new Uint8Array(Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256))), pick(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz'])];
      }
      const res = await post(path, body, { ...(type || kind === 'multipart' ? (type ? { 'Content-Type': type } : {}) : { 'Content-Type': '' }), Accept: pick(['application/json', 'text/html']) });
      expect(res.status, `${kind} #${i}`).toBeLessThan(500);
      seen[res.status] = (seen[res.status] ?? 0) + 1;
      await res.arrayBuffer();
    }
    // Every step of the pipeline was reached: refused bodies, types and sizes, rate limits, accepted posts.
    expect(Object.keys(seen).map(Number).sort()).toEqual(expect.arrayContaining([200, 303, 400, 413, 415]));
    expect(error).not.toHaveBeenCalled();
    // Every mail that went out followed a token that siteverify accepted.
    expect(upstream().mails.length).toBeLessThanOrEqual(upstream().verified.length * 2);
  });
});

describe('the body is read as what its media type says', () => {
  it('a multipart body whose boundary mentions json is still a form', async () => {
    const boundary = 'json-boundary-123';
    const parts = Object.entries({ ...contact, locale: 'en' }).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
    const res = await post('/api/contact', `${parts.join('')}--${boundary}--\r\n`, { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Accept: 'application/json' });
    expect(res.status).toBe(200);
    expect(upstream().mails.map(recipient).sort()).toEqual(['camille@example.org', 'contact@jeepfl.ch']);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Nous aimerions refaire notre site.');
  });
});

describe('the signature generator cleans its fields with the same rule', () => {
  it('drops bidi overrides and other invisible characters from what it renders without JavaScript', async () => {
    const res = await get(`/tools/signature-generator?name=${encodeURIComponent('Cam\u202eille\u00ad Test\u2028')}&role=${encodeURIComponent('Chef\u0000fe')}`, { Cookie: 'lang=fr' });
    const html = await res.text();
    expect(html).toContain('value="Camille Test"');
    expect(html).toContain('value="Cheffe"');
    expect(html).not.toMatch(/[\u202e\u00ad\u2028\u0000]/);
  });
});

describe('e-mails are typeset in their language', () => {
  it('French labels take a no-break space before the colon, English ones none; visitor text is never read as a template', async () => {
    await postJson('/api/contact', { ...contact, locale: 'fr', message: 'Prix {{value}} {{label}} ?' });
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'camille@example.org')!;
    expect(text(toVisitor)).toMatch(/^Référence\u00a0: [0-9a-f-]{36}$/m);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain('Votre message\u00a0: Prix {{value}} {{label}} ?');
    await postJson('/api/translation-estimate', { ...request, email: 'en@example.org' });
    const english = upstream().mails.find((m) => recipient(m) === 'en@example.org')!;
    expect(text(english)).toMatch(/^Reference: [0-9a-f-]{36}$/m);
  });
});
