import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../client/i18n.ts';
import { getAs } from './helpers';
import { scanQr } from './qr';

// /tools/tv as the server renders it: the slides, the one ?slide=N keeps, and
// the recruitment slide on fixed days (the browser's side is tests/e2e/tv.test.ts).

async function tv(locale: Locale, query = '', at?: string) {
  if (at) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at));
  }
  const res = await getAs(locale, `${locale === 'fr' ? '' : '/en'}/tools/tv${query}`);
  return { res, html: await res.text() };
}
afterEach(() => {
  vi.useRealTimers();
});

/** The slides' headings, and which one is shown (not `hidden`). */
function slides(html: string) {
  const all = [...html.matchAll(/<section class="tv-slide"( hidden="")?[^>]*><h2>([^<]+)<\/h2>/g)];
  return { titles: all.map((m) => m[2]), shown: all.filter((m) => !m[1]).map((m) => m[2]) };
}

describe('/tools/tv', () => {
  it('answers 200 as a noindex tool with five slides, the first shown, and its script', async () => {
    const { res, html } = await tv('fr');
    expect(res.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(slides(html)).toEqual({
      titles: [
        'La JE EPFL en chiffres',
        'Prochains événements',
        'Jobs étudiants ouverts',
        'Rejoignez le comité',
        'Nos services aux entreprises',
      ],
      shown: ['La JE EPFL en chiffres'],
    });
    expect(html).toMatch(/<div class="tv" data-module="\/assets\/tool-tv-screen-[A-Z0-9]+\.js" data-seconds="12">/);
  });

  it.each([
    ['?slide=3', 'Open student jobs'],
    ['?slide=5', 'What we do for businesses'],
    ['?slide=0', 'JE EPFL in numbers'],
    ['?slide=99', 'JE EPFL in numbers'],
    ['?slide=2.5', 'JE EPFL in numbers'],
    ['?slide=%00', 'JE EPFL in numbers'],
  ])('%s shows one slide, in English: %s', async (query, shown) => {
    const { res, html } = await tv('en', query);
    expect(res.status).toBe(200);
    expect(slides(html).shown).toEqual([shown]);
  });

  it.each([
    ['2026-11-20T09:00:00Z', 'fr', 'février 2027', 'https://jeepfl.ch/jobs#join'],
    ['2027-03-15T09:00:00Z', 'en', 'September 2027', 'https://jeepfl.ch/en/jobs#join'],
  ] as const)('on %s the recruitment slide (%s) names %s, with a QR code of %s', async (at, locale, month, url) => {
    const { html } = await tv(locale, '', at);
    const slide = html.slice(html.indexOf('<div class="tv-recruit">'));
    expect(slide).toMatch(new RegExp(`<time dateTime="\\d{4}-\\d{2}">${month}</time>`));
    expect(scanQr(slide)).toBe(url);
  });
});
