/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { fillPath, localizePath } from '../../client/paths';
import { href, routes } from '../../client/routes';
import { isBot } from '../../worker/lib/bots';
import { resolveTarget } from '../../worker/routes/short-links';

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

describe('the route table', () => {
  it('holds every path of the site, in lower case, once', () => {
    expect(
      routes()
        .map((r) => r.path)
        .sort(),
    ).toEqual([...sitePaths].sort());
    for (const r of routes()) expect(r.path).toBe(r.path.toLowerCase());
    expect(new Set(routes().map((r) => r.id)).size).toBe(routes().length);
  });

  it('gives tools the bare layout and keeps them out of the sitemap', () => {
    for (const r of routes()) {
      expect(r.layout, r.path).toBe(r.path.startsWith('/tools/') ? 'bare' : 'site');
      if (r.path.startsWith('/tools/')) expect(r.sitemap).toBe(false);
    }
  });

  it('gives every page its title (and, unless it is about one entry, its description) in both languages, and `under` names a page', async () => {
    const { default: fr } = await import('../../locales/fr.json');
    const { default: en } = await import('../../locales/en.json');
    const ids = routes().map((r) => r.id);
    for (const messages of [fr, en] as { meta: Record<string, { title?: string; description?: string }> }[]) {
      for (const { id, path } of routes()) {
        expect(messages.meta[id]?.title, `meta.${id}.title`).toBeTruthy();
        // A page about one entry (`/jobs/:name`) takes its description from the entry.
        if (!path.includes(':')) expect(messages.meta[id]?.description, `meta.${id}.description`).toBeTruthy();
      }
    }
    for (const r of routes()) if (r.under) expect(ids, `${r.id}.under`).toContain(r.under);
  });

  it('localizes paths', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/team', 'en')).toBe('/en/team');
    expect(localizePath('/team', 'fr')).toBe('/team');
    expect(href('job', 'en', { name: 'web' })).toBe('/en/jobs/web');
    expect(fillPath('/news/:id', { id: 'a b' })).toBe('/news/a%20b');
  });
});

describe('short link targets', () => {
  it.each([
    ['/tools/signature-generator', 'fr', '/tools/signature-generator'],
    ['/tools/signature-generator', 'en', '/en/tools/signature-generator'],
    ['/portfolio?utm_source=flyer#digital', 'en', '/en/portfolio?utm_source=flyer#digital'],
    ['/en/team', 'fr', '/en/team'],
    ['https://www.instagram.com/jeepfl', 'en', 'https://www.instagram.com/jeepfl'],
    ['//evil.example', 'fr', null],
    ['/\\evil.example', 'fr', null],
    ['/\t/evil.example', 'fr', null],
    ['/\n/evil.example', 'fr', null],
    [' https://evil.example', 'fr', null],
    ['http://plain.example', 'fr', null],
    ['javascript:alert(1)', 'fr', null],
    ['not a url', 'fr', null],
    ['', 'fr', null],
    // Paths a URL parser normalises to `//evil.com`: refused, never normalised.
    ['/.//evil.com', 'fr', null],
    ['/../..//evil.com', 'fr', null],
    ['/%2e%2e/%2e%2e//evil.com', 'fr', null],
    ['/x/..//evil.com', 'fr', null],
    ['/en/.//evil.com', 'en', null],
    ['/en/x/..//evil.com', 'en', null],
    ['/en/../..//evil.com', 'fr', null],
    ['/a/./b', 'fr', null],
    ['/a%2fb', 'fr', null],
    ['/caf\u00e9', 'fr', null],
    ['https://jeepfl.ch@evil.example/', 'fr', null],
  ] as const)('%j (%s) -> %s', (target, locale, expected) => {
    expect(resolveTarget(target, locale)).toBe(expected);
  });
});

describe('crawler detection', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0)', true],
    ['DuckDuckBot/1.1', true],
    ['facebookexternalhit/1.1', true],
    ['LinkedInBot/1.0', true],
    ['Twitterbot/1.0', true],
    ['Slackbot-LinkExpanding 1.0', true],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', false],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      false,
    ],
    ['Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36', false],
    ['Mozilla/5.0 (compatible; SomeNewBot/1.0; +https://example.com/bot)', true],
    [undefined, false],
  ])('%s -> %s', (ua, expected) => {
    expect(isBot(ua)).toBe(expected);
  });
});
