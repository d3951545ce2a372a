import { describe, expect, it } from 'vitest';
import { fillPath, href, localizePath } from '../../client/paths';
import { routes } from '../../client/routes';

const sitePaths = [
  '/',
  '/team',
  '/login',
  '/register',
  '/myjob',
  '/events',
  '/contact',
  '/privacy',
  '/linktree',
  '/portfolio',
  '/jobs',
  '/jobs/:name',
  '/news',
  '/news/:id',
  '/services/digital',
  '/services/economy',
  '/services/engineering',
  '/tools/tv',
  '/tools/recruit',
  '/tools/signature-generator',
  '/tools/signature-generator-phone',
  // The translation pricer's page and the design page.
  '/services/translation',
  '/services/design',
];

describe('the pages (client/pages/index.ts, the only list)', () => {
  it('holds every path the site promises, each in lower case and once', () => {
    const paths = routes.map((r) => r.path);
    // A new page adds its own path; these must stay.
    expect(paths).toEqual(expect.arrayContaining(sitePaths));
    expect(new Set(paths).size, 'each path once').toBe(paths.length);
    for (const r of routes) expect(r.path).toBe(r.path.toLowerCase());
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
  });

  it('gives tools the bare layout and keeps them out of the sitemap', () => {
    for (const r of routes) {
      expect(r.layout, r.path).toBe(r.path.startsWith('/tools/') ? 'bare' : 'site');
      if (r.path.startsWith('/tools/')) expect(r.sitemap).toBe(false);
    }
  });

  it('gives every page its title (and, unless it is about one entry, its description) in both languages, and `under` names a page', async () => {
    const { default: fr } = await import('../../locales/fr.json');
    const { default: en } = await import('../../locales/en.json');
    const ids = routes.map((r) => r.id);
    for (const messages of [fr, en] as { meta: Record<string, { title?: string; description?: string }> }[]) {
      for (const { id, path } of routes) {
        expect(messages.meta[id]?.title, `meta.${id}.title`).toBeTruthy();
        // A page about one entry (`/jobs/:name`) takes its description from the entry.
        if (!path.includes(':')) expect(messages.meta[id]?.description, `meta.${id}.description`).toBeTruthy();
      }
    }
    for (const r of routes) if (r.under) expect(ids, `${r.id}.under`).toContain(r.under);
  });

  it('localizes paths', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/team', 'en')).toBe('/en/team');
    expect(localizePath('/team', 'fr')).toBe('/team');
    expect(href('job', 'en', { name: 'web' })).toBe('/en/jobs/web');
    expect(fillPath('/news/:id', { id: 'a b' })).toBe('/news/a%20b');
  });
});
