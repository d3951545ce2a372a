import { afterEach, describe, expect, it, vi } from 'vitest';
import { localizePath } from '../../client/paths';
import { routes } from '../../client/routes';
import { jobs, news } from '../../content/index.ts';
import manifest from '../../dist/manifest.json';
import { get, getAs, ORIGIN } from './helpers';

describe('housekeeping', () => {
  afterEach(() => vi.useRealTimers());

  it('/sitemap.xml lists every indexable page in both languages with hreflang alternates', async () => {
    // A day on which every sample offer is open (dates decide what the sitemap lists).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T09:00:00Z'));
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const paths = [
      ...routes.filter((r) => r.sitemap && !r.path.includes(':')).map((r) => r.path),
      ...jobs.map((j) => `/jobs/${j.id}`),
      ...news.map((a) => `/news/${a.id}`),
    ];
    expect(new Set(locs)).toEqual(new Set(paths.flatMap((p) => [`${ORIGIN}${p}`, `${ORIGIN}${localizePath(p, 'en')}`])));
    expect(locs).not.toContain(`${ORIGIN}/tools/tv`);
    const teamEntry = /<url>\s*<loc>https:\/\/jeepfl\.ch\/en\/team<\/loc>(.*?)<\/url>/s.exec(xml)?.[1] ?? '';
    expect(teamEntry).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://jeepfl.ch/team"/>');
    expect(teamEntry).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://jeepfl.ch/en/team"/>');
    expect(teamEntry).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://jeepfl.ch/team"/>');
    expect(teamEntry).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it('/robots.txt allows crawling, keeps tools out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Disallow: /tools/\n');
    expect(text).toContain('Disallow: /en/tools/\n');
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('/_build.json answers the build id, never cached', async () => {
    const res = await get('/_build.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ id: manifest.buildId, builtAt: manifest.builtAt });
  });

  it.each([
    ['fr', '/jobs', 'Une nouvelle version du site est disponible', 'Recharger', 'Plus tard'],
    ['en', '/en/jobs', 'A new version of the site is available', 'Reload', 'Not now'],
    ['fr', '/tools/tv', 'Une nouvelle version du site est disponible', 'Recharger', 'Plus tard'],
  ] as const)(
    '%s %s names its build and carries the new-build notice in its language, hidden until needed',
    async (locale, path, text, reload, dismiss) => {
      const html = await (await getAs(locale, path)).text();
      expect(html).toContain(`<meta name="build-id" content="${manifest.buildId}"/>`);
      expect(html).toContain(`data-module="${manifest.runtime.file}"`);
      expect(html).toContain('<div id="build-notice" class="build-notice" role="status" aria-live="polite"></div>');
      const template = /<template id="build-notice-content">([\s\S]*?)<\/template>/.exec(html)?.[1];
      expect(template).toContain(`<p>${text}</p>`);
      expect(template).toContain(`data-build-reload="">${reload}</button>`);
      expect(template).toContain(`data-build-dismiss="">${dismiss}</button>`);
    },
  );

  it('points pages to the prefetch rules, except for a visitor on data saver', async () => {
    const page = await getAs('fr', '/team');
    expect(page.headers.get('speculation-rules')).toBe('"/speculation-rules.json"');
    expect(page.headers.get('accept-ch')).toBe('ECT, Save-Data');
    expect((await getAs('fr', '/team', { 'Save-Data': 'on' })).headers.get('speculation-rules')).toBeNull();
    expect((await getAs('en', '/en/jobs', { 'Save-Data': 'on' })).headers.get('speculation-rules')).toBeNull();
    expect((await get('/_build.json')).headers.get('speculation-rules')).toBeNull();
  });

  it("serves prefetch rules that match the site's pages only, and none on data saver or 2G", async () => {
    const res = await get('/speculation-rules.json');
    expect(res.headers.get('content-type')).toBe('application/speculationrules+json');
    const rules = (await res.json()) as { prefetch: { where: { and: [{ href_matches: string[] }] }; eagerness: string }[] };
    const patterns = rules.prefetch[0]!.where.and[0].href_matches;
    expect(rules.prefetch[0]!.eagerness).toBe('moderate');
    expect(patterns).toEqual(
      expect.arrayContaining(['/', '/en', '/team', '/en/team', '/jobs/:name', '/en/news/:id', '/services/translation']),
    );
    expect(patterns.filter((p) => /tools|api|legal|\.pdf|linkedin|instagram/.test(p))).toEqual([]);
    for (const headers of [{ 'Save-Data': 'on' }, { ECT: '2g' }, { ECT: 'slow-2g' }] as Record<string, string>[]) {
      expect(await (await get('/speculation-rules.json', headers)).json()).toEqual({});
    }
    expect(await (await get('/speculation-rules.json', { ECT: '4g' })).json()).toEqual(rules);
  });
});
