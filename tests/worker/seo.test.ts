import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../client/i18n.ts';
import { events, jobs, news } from '../../content/index.ts';
import manifest from '../../dist/manifest.json';
import { getAs, metaContent, noonInLausanne, ORIGIN, onFixedClock } from './helpers';

async function jsonLd(path: string, locale: Locale = 'fr') {
  const html = await (await getAs(locale, path)).text();
  return { html, data: [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!)) };
}

describe('structured data and share tags', () => {
  // Offers and events show by date: on a fixed day, never the day the suite runs.
  onFixedClock();

  it('describes the Organization on every page', async () => {
    for (const path of ['/', '/en/team', '/tools/tv', '/missing']) {
      const { data } = await jsonLd(path, path.startsWith('/en') ? 'en' : 'fr');
      const org = data.find((d) => d['@type'] === 'Organization');
      expect(org, path).toMatchObject({ name: 'JE EPFL', url: ORIGIN, foundingDate: '1983', email: 'contact@jeepfl.ch' });
    }
  });

  it('marks a job offer as a JobPosting', async () => {
    const job = jobs[0]!;
    const { data } = await jsonLd(`/en/jobs/${job.id}`, 'en');
    expect(data.find((d) => d['@type'] === 'JobPosting')).toMatchObject({
      title: job.title.en,
      datePosted: job.published,
      validThrough: expect.stringContaining(job.validThrough),
      hiringOrganization: { name: 'JE EPFL' },
    });
  });

  it('marks an article as a NewsArticle', async () => {
    const article = news[0]!;
    const { data } = await jsonLd(`/news/${article.id}`);
    expect(data.find((d) => d['@type'] === 'NewsArticle')).toMatchObject({
      headline: article.title.fr,
      datePublished: article.date,
      inLanguage: 'fr',
    });
  });

  it('marks each campus event still to come as an Event, and none of the past ones', async () => {
    // The day of a middle event of the content: some events are past, the rest (that one included) still to come.
    const dates = [...new Set(events.map((e) => e.date))].sort();
    expect(dates.length, 'the content needs events on at least two days').toBeGreaterThan(1);
    const today = dates[Math.floor(dates.length / 2)]!;
    vi.setSystemTime(noonInLausanne(today));
    const { data } = await jsonLd('/en/events', 'en');
    const found = data.filter((d) => d['@type'] === 'Event');
    const upcoming = events.filter((e) => e.date >= today);
    expect(upcoming.length).toBeLessThan(events.length);
    expect(found.map((e) => e.name).sort()).toEqual(upcoming.map((e) => e.name.en).sort());
    for (const e of found) expect(e.startDate >= today, e.name).toBe(true);
  });

  it('cannot be broken out of by content: "<" is escaped inside JSON-LD', async () => {
    const { html } = await jsonLd('/');
    for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)) expect(m[1]).not.toContain('<');
  });

  it('gives link previews a real 1200×630 image and a large card', async () => {
    const html = await (await getAs('fr', '/services/digital')).text();
    expect(metaContent(html, 'property', 'og:image')).toBe(`${ORIGIN}/images/og-default.png`);
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const png = await getAs('fr', '/images/og-default.png');
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('sets text in one self-hosted subset font, swapped in over a fallback of the same metrics, and loads none from elsewhere', async () => {
    const html = await (await getAs('fr', '/')).text();
    expect(html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
    const css = await (await getAs('fr', manifest.css)).text();
    const files = new Set([...css.matchAll(/url\("?([^")]+\.woff2)"?\)/g)].map((m) => new URL(m[1]!, `${ORIGIN}${manifest.css}`).pathname));
    // The base file, then the two that only pages with their characters fetch (tests/node/font.test.ts).
    expect([...files]).toEqual([
      expect.stringMatching(/^\/assets\/fonts\/inter-[A-Z0-9]+\.woff2$/),
      expect.stringMatching(/^\/assets\/fonts\/inter-latin-ext-[A-Z0-9]+\.woff2$/),
      expect.stringMatching(/^\/assets\/fonts\/inter-vietnamese-[A-Z0-9]+\.woff2$/),
    ]);
    for (const file of files) expect((await getAs('fr', file)).status).toBe(200);
    expect(css).toContain('font-display:swap');
    expect(css).toMatch(/font-family:Inter Fallback;src:local\("Arial"\)[^}]*size-adjust:107\.12%/);
    expect(css).toMatch(/--font-fallback: ?"Inter Fallback"/);
    // Inter is used once client/runtime/boot.ts has loaded it (tests/e2e/islands.test.ts).
    expect(css).toMatch(/:root\.webfont\{--font-sans: ?"Inter Variable", ?var\(--font-fallback\)\}/);
  });
});
