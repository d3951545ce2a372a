import { describe, expect, it } from 'vitest';
import { contact, decodeHtml, poster, recipient, request, spaces, text, useEmptyOutbox } from './forms-helpers';
import { get } from './helpers';
import { useFakeUpstreams } from './upstreams';

/** The translation pricer's endpoint and page, and how money and labels are written in each language. */
const { post, postJson, postHtml } = poster('198.51.101');
const upstream = useFakeUpstreams();
useEmptyOutbox();

describe('POST /api/translation-estimate', () => {
  it('answers the estimate and e-mails it to the visitor in their language', async () => {
    const res = await postJson('/api/translation-estimate', request);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; id: string; result: { amount: number; currency: string } };
    expect(body).toMatchObject({ ok: true, result: { amount: 360, currency: 'CHF' } });
    const toVisitor = upstream().mails.find((m) => m.body.personalizations[0]!.to[0]!.email === 'client@example.org')!;
    expect(toVisitor.body.subject).toBe('Your translation price estimate');
    expect(text(toVisitor, 'text/plain')).toContain('360.00 CHF');
    expect(text(toVisitor, 'text/plain')).toContain('English, German');
  });

  it('names the language quoted on request in the visitor’s e-mail', async () => {
    expect((await postJson('/api/translation-estimate', { ...request, targetLanguages: ['en', 'other'] })).status).toBe(200);
    const toVisitor = upstream().mails.find((m) => m.body.personalizations[0]!.to[0]!.email === 'client@example.org')!;
    expect(text(toVisitor, 'text/plain')).toContain('Quoted separately: “Another language”.');
  });

  it('reads target languages from repeated form fields', async () => {
    const form = new URLSearchParams({ ...request, words: '1000', targetLanguages: 'en' } as unknown as Record<string, string>);
    form.append('targetLanguages', 'it');
    const res = await post('/api/translation-estimate', form.toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { languages: number } }).result.languages).toBe(2);
  });

  it.each([
    [{ words: 0 }, 'words', 'not_positive', 'The number of words must be positive'],
    [{ words: '0' }, 'words', 'not_positive', 'The number of words must be positive'],
    [{ words: -3 }, 'words', 'not_positive', 'The number of words must be positive'],
    [{ words: '' }, 'words', 'required', 'This field is required.'],
    [{ words: 'many' }, 'words', 'not_a_count', "Enter the number of words in figures, for example 1200 or 1'200."],
    [{ words: '-3' }, 'words', 'not_positive', 'The number of words must be positive'],
    [{ words: '-2’000' }, 'words', 'not_positive', 'The number of words must be positive'],
    [{ words: true }, 'words', 'not_a_count', "Enter the number of words in figures, for example 1200 or 1'200."],
    [{ words: 2.5 }, 'words', 'not_a_count', "Enter the number of words in figures, for example 1200 or 1'200."],
    [{ email: 'client@' }, 'email', 'false_email', 'Please enter a valid email address'],
    [{ email: 'client@b-.ch' }, 'email', 'false_email', 'Please enter a valid email address'],
    [{ email: `${'c'.repeat(65)}@example.org` }, 'email', 'false_email', 'Please enter a valid email address'],
    [{ targetLanguages: [] }, 'targetLanguages', 'no_language', 'Choose a language'],
    [{ sourceLanguage: '' }, 'sourceLanguage', 'no_language', 'Choose a language'],
    [
      { targetLanguages: ['en', 'en'] },
      'targetLanguages',
      'duplicate_target',
      'One or more languages are the same. Please select each of them at most once',
    ],
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
      expect.arrayContaining([
        'Le nombre de mots doit être positif.',
        'La langue source et une langue cible sont identiques. Retirez la langue source de la liste des langues cibles.',
      ]),
    );
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

describe("one money format, the spec's 390'000 CHF, in both languages", () => {
  it('in the JSON answer and both e-mails, in English', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, words: '4000' });
    const body = (await res.json()) as { result: { amount: number; formatted: string } };
    expect(body.result.amount).toBe(1440);
    expect(body.result.formatted).toBe("1'440.00 CHF");
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    expect(text(toVisitor)).toContain("1'440.00 CHF");
    expect(text(toVisitor, 'text/html')).toMatch(/1(?:'|&#39;|&#x27;)440\.00 CHF/);
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    expect(text(toAssociation)).toContain("1'440.00 CHF");
  });

  it('in the JSON answer, the e-mail and the page, in French', async () => {
    const res = await postJson('/api/translation-estimate', { ...request, locale: 'fr', words: '1000' });
    const body = (await res.json()) as { result: { formatted: string } };
    expect(body.result.formatted).toBe('360.00 CHF');
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    expect(text(toVisitor)).toContain('360.00 CHF');
    expect(text(toVisitor)).not.toContain('360,00');
    // The page the no-JS visitor gets back shows the live estimate in the same format.
    const page = await postHtml('/api/translation-estimate', {
      ...request,
      locale: 'fr',
      targetLanguages: 'en',
      words: '1000',
      'cf-turnstile-response': '',
    });
    expect(spaces(await page.text())).toContain('180.00 CHF');
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
