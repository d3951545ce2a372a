import { createElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { describe, expect, it } from 'vitest';
import { PageContext, type PageContextValue } from '../../client/components/page-context';
import { createTranslator, type Locale } from '../../client/i18n';
import portfolioPage from '../../client/pages/portfolio';
import { portfolio } from '../../content/index.ts';
import manifest from '../../dist/manifest.json';
import { decode, getAs } from './helpers';

/** The filter bar as a visitor reads it: each filter's label, its count, where it leads, and whether it is the one shown. */
function filters(html: string) {
  const bar = /<nav class="filter-bar"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? '';
  return [
    ...bar.matchAll(
      /<a class="filter filter-[a-z]+" href="([^"]+)"( aria-current="page")?>.*?<span>([^<]+)<\/span><span class="filter-count"[^>]*>(\d+)<\/span>/gs,
    ),
  ].map(([, href, current, label, count]) => ({
    label: decode(label),
    count: Number(count),
    href: decode(href),
    current: Boolean(current),
  }));
}

/** The titles of the project cards shown. */
const titles = (html: string) => [...html.matchAll(/<li class="card project-card[^"]*">.*?<h3>([^<]+)<\/h3>/gs)].map((m) => decode(m[1]));

describe('/portfolio', () => {
  it('has a filter for each of the five services, in their order, with their counts', async () => {
    const fr = filters(await (await getAs('fr', '/portfolio')).text());
    expect(fr.map(({ label, count }) => [label, count])).toEqual([
      ['Tous les projets', 11],
      ['Digital', 3],
      ['Ingénierie', 3],
      ['Traduction', 1],
      ['Économie', 3],
      ['Design et marketing', 1],
    ]);
    expect(fr.map((f) => f.href)).toEqual([
      '/portfolio#projects',
      '/portfolio?category=digital#projects',
      '/portfolio?category=engineering#projects',
      '/portfolio?category=translation#projects',
      '/portfolio?category=economy#projects',
      '/portfolio?category=design#projects',
    ]);
    const en = filters(await (await getAs('en', '/en/portfolio')).text());
    expect(en.map((f) => f.label)).toEqual(['All projects', 'Digital', 'Engineering', 'Translation', 'Economics', 'Design and marketing']);
  });

  it.each([
    ['translation', 'Un site web traduit en allemand et en anglais'],
    ['design', 'Une nouvelle identité visuelle pour une association'],
  ])('shows only the %s projects behind their filter, marked as the current one', async (category, title) => {
    const html = await (await getAs('fr', `/portfolio?category=${category}`)).text();
    expect(titles(html)).toEqual([title]);
    expect(
      filters(html)
        .filter((f) => f.current)
        .map((f) => f.href),
    ).toEqual([`/portfolio?category=${category}#projects`]);
    expect(html).toContain(`<li class="card project-card project-card-${category}">`);
  });

  it('has no filter for a service without projects, and says so to a visitor who asks for it by its address', async () => {
    const render = async (locale: Locale, category: 'digital' | 'design' | null) => {
      const value: PageContextValue = {
        locale,
        t: createTranslator(locale),
        config: {
          ENVIRONMENT: 'test',
          SITE_URL: 'https://jeepfl.ch',
          TURNSTILE_SITE_KEY: 'k',
          TURNSTILE_SCRIPT_URL: 'https://example.org/t.js',
        },
        today: '2026-11-26',
        route: 'portfolio',
        listing: null,
        path: '/portfolio',
        assets: manifest,
        forms: {},
      };
      // Digital and economy projects only: the fixtures' others left out.
      const data = { portfolio: portfolio.filter((p) => p.category === 'digital' || p.category === 'economy'), category };
      const page = createElement(portfolioPage.Component, { data });
      const stream = await renderToReadableStream(createElement(PageContext.Provider, { value }, page));
      await stream.allReady;
      return new Response(stream).text();
    };
    expect(filters(await render('fr', null)).map(({ label, count }) => [label, count])).toEqual([
      ['Tous les projets', 6],
      ['Digital', 3],
      ['Économie', 3],
    ]);
    const design = await render('en', 'design');
    expect(filters(design).map((f) => f.label)).toEqual(['All projects', 'Digital', 'Economics']);
    expect(titles(design)).toEqual([]);
    expect(design).toContain('<p>No projects in this category yet.</p>');
  });
});
