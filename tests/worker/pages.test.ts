import { describe, expect, it, vi } from 'vitest';
import { type Locale, locales } from '../../client/i18n.ts';
import { fillPath, localizePath } from '../../client/paths';
import { routes } from '../../client/routes';
import { jobs, news } from '../../content/index.ts';
import { CONTENT_DAY, decode, getAs, metaContent, noonInLausanne, ORIGIN, onFixedClock } from './helpers';

// Job pages answer 410 after their deadline: every page here is rendered on a day the content is live.
onFixedClock(CONTENT_DAY);

const samplePath = (path: string) => fillPath(path, { name: jobs[0]!.id, id: news[0]!.id });
const cases = routes.flatMap((route) =>
  locales.map((locale) => ({ id: route.id, layout: route.layout, locale, path: samplePath(route.path) })),
);

async function page(locale: Locale, path: string) {
  const res = await getAs(locale, localizePath(path, locale));
  return { res, html: await res.text() };
}

describe('every route of the table, in both languages', () => {
  it.each(cases)('$locale $path answers 200 with its own head', async ({ layout, locale, path }) => {
    const { res, html } = await page(locale, path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-language')).toBe(locale);
    expect(html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${locale}"`));

    const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
    expect(title?.trim()).toBeTruthy();
    expect(decode(metaContent(html, 'name', 'description'))?.length).toBeGreaterThan(20);

    const self = `${ORIGIN}${localizePath(path, locale)}`;
    expect(html).toContain(`<link rel="canonical" href="${self}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="fr" href="${ORIGIN}${path}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${ORIGIN}${localizePath(path, 'en')}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${ORIGIN}${path}"/>`);
    expect(metaContent(html, 'property', 'og:url')).toBe(self);
    expect(metaContent(html, 'property', 'og:locale')).toBe(locale === 'fr' ? 'fr_FR' : 'en_US');
    expect(metaContent(html, 'property', 'og:title')).toBeTruthy();
    expect((html.match(/<h1[\s>]/g) ?? []).length).toBe(1);

    // Site pages share the layout; tools (/tools/*) have none.
    expect(html.includes('<footer class="site-footer">')).toBe(layout === 'site');
    expect(html.includes('<header class="site-header">')).toBe(layout === 'site');
    if (layout === 'bare') expect(metaContent(html, 'name', 'robots')).toBe('noindex');

    // Every image has its size (no layout shift) and an alt text (empty when decorative).
    for (const [img] of html.matchAll(/<img [^>]*>/g)) {
      expect(img, path).toMatch(/ width="\d+"/);
      expect(img, path).toMatch(/ height="\d+"/);
      expect(img, path).toMatch(/ alt="[^"]*"/);
    }
  });

  it('gives every page a title of its own in each language', async () => {
    // Read here, not kept from the test above: each test stands alone, in any order.
    const titles = { fr: new Map<string, string>(), en: new Map<string, string>() };
    for (const { locale, path, id } of cases)
      titles[locale].set(id, decode(/<title>([^<]*)<\/title>/.exec((await page(locale, path)).html)?.[1])!);
    for (const locale of locales) {
      const values = [...titles[locale].values()];
      expect(new Set(values).size, `duplicate titles in ${locale}: ${values.join(' | ')}`).toBe(values.length);
    }
  });

  it('shows the job and the article in the visitor’s language', async () => {
    const fr = await page('fr', `/jobs/${jobs[0]!.id}`);
    const en = await page('en', `/jobs/${jobs[0]!.id}`);
    expect(decode(fr.html)).toContain(jobs[0]!.title.fr);
    expect(decode(en.html)).toContain(jobs[0]!.title.en);
    const article = await page('en', `/news/${news[0]!.id}`);
    expect(decode(article.html)).toContain(`<h1>${news[0]!.title.en}</h1>`);
  });

  it.each([
    ['/jobs/no-such-offer'],
    ['/en/jobs/no-such-offer'],
    ['/news/no-such-article'],
    ['/en/news/no-such-article'],
    ['/jobs/%e0'],
    ['/en/jobs/%e0'],
    ['/news/%zz'],
  ])('answers 404 for an unknown collection entry: %s', async (path) => {
    const res = await getAs('fr', path);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(path.startsWith('/en') ? 'Popular pages' : 'Pages populaires');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await getAs('fr', '/team', {});
    const head = await (await import('./helpers')).get('/team', { Cookie: 'lang=fr' }, 'HEAD');
    expect(head.status).toBe(res.status);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await head.text()).toBe('');
  });
});

describe('the shared layout', () => {
  it('has the navigation, login menu, language switch and footer (fr)', async () => {
    const { html } = await page('fr', '/team');
    const text = decode(html)!;
    for (const href of [
      '/services/digital',
      '/services/engineering',
      '/services/translation',
      '/services/economy',
      '/services/design',
      '/portfolio',
      '/team',
      '/events',
      '/jobs',
      '/news',
      '/contact',
    ]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('<a href="https://jobs.jeepfl.ch/login" class="menu-entry">');
    expect(html).toContain('<a href="https://alumni.jeepfl.ch/login" class="menu-entry">');
    expect(text).toContain('Plateforme de jobs étudiants');
    expect(text).toContain('Réseau alumni');
    // Language switch: the French flag is current, the English one links to the same page.
    expect(html).toContain('<a href="/team" hrefLang="fr" lang="fr" aria-current="true"');
    expect(html).toContain('<a href="/en/team" hrefLang="en" lang="en"');
    expect(html).toContain('src="/images/flags/fr.svg"');
    expect(html).toContain('src="/images/flags/gb.svg"');
    // Footer.
    expect(html).toContain('<a href="https://www.linkedin.com/company/jeepfl" target="_blank" rel="noopener noreferrer">');
    expect(html).toContain('<a href="https://www.instagram.com/jeepfl" target="_blank" rel="noopener noreferrer">');
    // No CONTACT_PHONE in wrangler.toml: no phone number shown (never a made-up one).
    expect(html).not.toContain('href="tel:');
    expect(html).toContain('href="mailto:contact@jeepfl.ch"');
    expect(text).toContain('1015 Lausanne');
    expect(html).toContain('href="/legal/statuts_jeepfl.pdf"');
    expect(html).toContain('href="/privacy"');
    expect(text).toMatch(new RegExp(`©\\s${CONTENT_DAY.getUTCFullYear()} JE EPFL`));
    expect(text).toContain('Hébergé par');
    expect(html).toContain('icon-brand-cloudflare');
  });

  it('dates the footer’s copyright with the current year', async () => {
    vi.setSystemTime(noonInLausanne('2031-06-01'));
    const fr = (await page('fr', '/team')).html.replace(/<[^>]+>/g, ' ');
    expect(fr).toMatch(/©\s2031 JE EPFL/);
    const en = (await page('en', '/team')).html.replace(/<[^>]+>/g, ' ');
    expect(en).toMatch(/©\s2031 JE EPFL/);
  });

  it('links every entry to its English page under /en', async () => {
    const { html } = await page('en', '/team');
    for (const href of ['/en/services/digital', '/en/portfolio', '/en/events', '/en/jobs', '/en/news', '/en/contact', '/en/privacy']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('<a href="/team" hrefLang="fr" lang="fr"');
    expect(html).toContain('<a href="/en/team" hrefLang="en" lang="en" aria-current="true"');
    expect(decode(html)).toContain('Student job platform');
    expect(decode(html)).toContain('Hosted by');
  });

  it('ships no framework JavaScript on a page without islands: only the small runtime script', async () => {
    const manifest = (await import('../../dist/manifest.json')).default;
    const { html } = await page('fr', '/team');
    const modules = new Set([...html.matchAll(/data-module="([^"]+)"/g)].map((m) => m[1]));
    expect(modules).toEqual(new Set([manifest.runtime.file]));
    expect(manifest.runtime.imports).toEqual([]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('data-preload=');
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toContain(manifest.entry.file);
  });

  it('preloads exactly the chunks of the islands on the page', async () => {
    const manifest = (await import('../../dist/manifest.json')).default;
    const { html } = await page('fr', '/tools/signature-generator');
    const island = manifest.islands.SignatureGenerator;
    const expected = new Set([...manifest.entry.imports, island.file, ...island.imports]);
    const preloaded = /data-preload="([^"]+)"/.exec(html)![1]!.split(' ');
    expect(new Set(preloaded)).toEqual(expected);
    expect(preloaded).toHaveLength(expected.size);
    expect(html).toContain(`data-module="${manifest.entry.file}"`);
    expect(html).toContain('data-island="SignatureGenerator"');
    expect(html).not.toContain('<link rel="modulepreload"'); // nothing competes with the first paint
  });

  it('escapes island props and the server-rendered island markup', async () => {
    const res = await getAs('fr', '/tools/signature-generator?name=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
