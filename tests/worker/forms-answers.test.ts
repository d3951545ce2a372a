import { describe, expect, it, vi } from 'vitest';
import { poster, recipient, request, text, useEmptyOutbox } from './forms-helpers';
import { useFakeUpstreams } from './upstreams';

/** What the e-mail alternative's first paragraph says (the islands' props hold every text, so look at the rendered block only). */
const alternativeLead = (html: string) => /<div class="form-alternative"><p>([^<]*)<\/p>/.exec(html)?.[1] ?? '';

/** What a visitor reads after sending: the words match what happened. */
const { post, postJson } = poster('198.51.104');
const upstream = useFakeUpstreams();
useEmptyOutbox();

describe('when the request could not be sent', () => {
  it.each([
    ['fr', 'Votre demande n’a pas pu être envoyée.', 'La vérification anti-robot ne peut pas se faire ici'],
    ['en', 'Your request could not be sent.', 'The anti-robot check cannot run here'],
  ] as const)('without JavaScript (%s), the e-mail alternative says so, not that the check cannot run', async (locale, said, notSaid) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    upstream().turnstile = 'network-error';
    const form = new URLSearchParams({ ...request, targetLanguages: 'en', locale }).toString();
    const res = await post('/api/translation-estimate', form, { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(alternativeLead(html)).toContain(said);
    expect(alternativeLead(html)).not.toContain(notSaid);
    expect(html).toMatch(/class="form-alternative"[\s\S]*href="mailto:/);
  });

  it('a missing token still says the check cannot run here', async () => {
    const form = new URLSearchParams({ ...request, targetLanguages: 'en', locale: 'en', 'cf-turnstile-response': '' }).toString();
    const html = await (
      await post('/api/translation-estimate', form, { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' })
    ).text();
    expect(alternativeLead(html)).toContain('The anti-robot check cannot run here');
    expect(alternativeLead(html)).not.toContain('Your request could not be sent.');
  });
});

describe('an estimate with "another language" as the only target', () => {
  it.each([
    ['fr', 'sur devis'],
    ['en', 'on request'],
  ] as const)('%s: says "%s" in the answer and both e-mails, never 0.00 CHF', async (locale, formatted) => {
    const res = await postJson('/api/translation-estimate', { ...request, locale, targetLanguages: ['other'] });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { formatted: string; languages: number } }).result).toMatchObject({
      formatted,
      languages: 0,
      onRequest: true,
    });
    const toVisitor = upstream().mails.find((m) => recipient(m) === 'client@example.org')!;
    const toAssociation = upstream().mails.find((m) => recipient(m) === 'contact@jeepfl.ch')!;
    for (const mail of [toVisitor, toAssociation]) {
      for (const type of ['text/plain', 'text/html']) expect(text(mail, type)).not.toMatch(/0[.,]00/);
    }
    expect(text(toVisitor)).toContain(locale === 'fr' ? 'Estimation de prix\u00a0: sur devis' : 'Price estimate: on request');
    expect(text(toAssociation)).toContain('Estimation de prix\u00a0: sur devis');
  });
});
