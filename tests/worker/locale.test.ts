import { describe, expect, it } from 'vitest';
import { get, getAs } from './helpers';

const EN_BROWSER = { 'Accept-Language': 'en-GB,en;q=0.9,fr;q=0.5' };

function cookieOf(res: Response) {
  const header = res.headers.get('set-cookie') ?? '';
  return {
    header,
    value: /lang=([a-z]+)/.exec(header)?.[1],
    maxAge: /Max-Age=(\d+)/i.exec(header)?.[1],
    sameSite: /SameSite=(\w+)/i.exec(header)?.[1],
    path: /Path=([^;]+)/i.exec(header)?.[1],
    secure: /;\s*Secure/i.test(header),
  };
}

describe('language detection on a first visit', () => {
  it('sends an English browser to the /en twin and remembers the choice for 365 days', async () => {
    const res = await get('/team?ref=x', EN_BROWSER);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/team?ref=x');
    const cookie = cookieOf(res);
    expect(cookie.value).toBe('en');
    expect(cookie.maxAge).toBe(String(365 * 24 * 60 * 60));
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // Not production: no Secure flag, so the cookie also works on http://127.0.0.1.
    expect(cookie.secure).toBe(false);
  });

  it('sends the English home page to /en', async () => {
    const res = await get('/', EN_BROWSER);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en');
  });

  it.each([['fr-CH,fr;q=0.9,en;q=0.8'], ['de-CH,de;q=0.9'], ['it'], ['fr;q=0.9,en;q=0.8'], ['']])(
    'keeps French for Accept-Language "%s" and stores it',
    async (acceptLanguage) => {
      const res = await get('/team', acceptLanguage ? { 'Accept-Language': acceptLanguage } : {});
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<html lang="fr"');
      expect(cookieOf(res).value).toBe('fr');
    },
  );

  it('picks the first language the site speaks: German first, then English, means English', async () => {
    // The browser's languages are tried in order; French is the fallback.
    const res = await get('/team', { 'Accept-Language': 'de-CH,de;q=0.9,en;q=0.5' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/team');
  });

  it('never bounces a visitor who followed a link on this site, even without cookies', async () => {
    // An English browser that blocks cookies clicks the French flag on /en/team.
    const res = await get('/team', { ...EN_BROWSER, Referer: 'https://jeepfl.ch/en/team' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="fr"');
    const fromElsewhere = await get('/team', { ...EN_BROWSER, Referer: 'https://www.google.com/' });
    expect(fromElsewhere.status).toBe(302);
  });

  it('follows the q-values: English preferred over French', async () => {
    const res = await get('/events', { 'Accept-Language': 'fr;q=0.4,en;q=0.8' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/events');
  });

  it.each([
    ['EN-us', true],
    ['de, en;q=0', false],
    ['  en-GB ;  q=0.7 , fr ; q=0.6', true],
    ['fr;q=0.5,en;q=0.5', false],
    ['en;q=oops', true],
    ['english', false],
    ['*', false],
    [`${'de;q=0.9,'.repeat(80)}en`, false],
  ])('reads Accept-Language "%s" as an English browser: %s', async (acceptLanguage, english) => {
    // Tags by quality, then in the order written; a refused tag (q=0) or an
    // unknown one is skipped; only the first 64 entries are read.
    const res = await get('/team', { 'Accept-Language': acceptLanguage });
    expect(res.status).toBe(english ? 302 : 200);
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    'Twitterbot/1.0',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  ])('never redirects a crawler: %s', async (ua) => {
    const res = await get('/team', { ...EN_BROWSER, 'User-Agent': ua });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="fr"');
  });
});

describe('a returning visitor: the cookie chooses the language (cookie, then browser, then French)', () => {
  it.each([
    ['/', '/en'],
    ['/team?ref=card', '/en/team?ref=card'],
    ['/jobs', '/en/jobs'],
  ])('lang=en typing %s gets a 302 to %s, whatever the browser prefers, never cached, cookie kept', async (path, target) => {
    const res = await getAs('en', path, { 'Accept-Language': 'fr-CH,fr;q=0.9' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it("a browser that strips the Referer still says it followed the site's own link (Sec-Fetch-Site): no bounce back to English", async () => {
    const res = await getAs('en', '/team', { ...EN_BROWSER, 'Sec-Fetch-Site': 'same-origin' });
    expect(res.status).toBe(200);
    expect(cookieOf(res).value).toBe('fr');
    // Typed or bookmarked (none) or from another site (cross-site): the cookie decides.
    for (const site of ['none', 'cross-site']) expect((await getAs('en', '/team', { 'Sec-Fetch-Site': site })).status).toBe(302);
  });

  it('a prefetch never changes the stored language: the visitor has not gone there', async () => {
    for (const purpose of [{ 'Sec-Purpose': 'prefetch' }, { 'Sec-Purpose': 'prefetch;prerender' }, { Purpose: 'prefetch' }] as Record<
      string,
      string
    >[]) {
      const res = await getAs('en', '/team', { ...purpose, 'Sec-Fetch-Site': 'same-origin' });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
  });

  it('lang=fr stays in French, even with an English browser', async () => {
    const res = await getAs('fr', '/team', EN_BROWSER);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="fr"');
  });

  it.each([
    ['theme=dark; lang=en', true],
    ['theme=dark;lang=en;other=1', true],
    ['xlang=en', false],
    ['lang=english', false],
    ['lang=en-GB', false],
  ])('reads the lang cookie among others: %s', async (cookie, english) => {
    const res = await get('/team', { Cookie: cookie, 'Accept-Language': 'fr-CH' });
    expect(res.status).toBe(english ? 302 : 200);
  });

  it('a cookie the site never wrote (lang=de) is ignored: the browser decides', async () => {
    const res = await get('/team', { ...EN_BROWSER, Cookie: 'lang=de' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/team');
    expect(cookieOf(res).value).toBe('en');
  });

  it('never redirects a crawler that sends an English cookie', async () => {
    const res = await get('/team', {
      Cookie: 'lang=en',
      'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    });
    expect(res.status).toBe(200);
  });

  it('redirects from the path as sent: an encoded CR LF stays encoded in Location', async () => {
    const res = await get('/jobs/%0d%0aset-cookie:%20pwn=1?x=%0a', { Cookie: 'lang=en' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/en/jobs/%0d%0aset-cookie:%20pwn=1?x=%0a');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('after the first visit the URL decides', () => {
  it('keeps French for a visitor whose cookie says French, whatever the browser prefers', async () => {
    const res = await getAs('fr', '/team', EN_BROWSER);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it("serves French to a visitor with an English cookie who followed the site's own link (the language switch), and updates the cookie", async () => {
    const res = await getAs('en', '/team', { ...EN_BROWSER, Referer: 'https://jeepfl.ch/en/team' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="fr"');
    expect(cookieOf(res).value).toBe('fr');
  });

  it('serves English under /en and updates a French cookie', async () => {
    const res = await getAs('fr', '/en/team');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="en"');
    expect(res.headers.get('content-language')).toBe('en');
    const cookie = cookieOf(res);
    expect(cookie.value).toBe('en');
    expect(cookie.sameSite).toBe('Lax');
  });

  it('never redirects an /en page, whatever the browser says', async () => {
    const res = await get('/en/team', { 'Accept-Language': 'fr-CH' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<html lang="en"');
  });

  it('does not redirect non-page paths (404s, files)', async () => {
    expect((await get('/no-such-page', EN_BROWSER)).status).toBe(404);
    expect((await get('/robots.txt', EN_BROWSER)).status).toBe(200);
  });

  it('varies unprefixed pages on the headers that choose the language', async () => {
    const res = await getAs('fr', '/team');
    expect(res.headers.get('vary')).toContain('Accept-Language');
    expect(res.headers.get('vary')).toContain('Cookie');
  });
});

describe('in production', () => {
  it('marks the language cookie Secure', async () => {
    const { env, createExecutionContext } = await import('cloudflare:test');
    const { createApp } = await import('../../worker/app');
    const res = await createApp().fetch(
      new Request('https://jeepfl.ch/en/team', { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/140' } }),
      { ...env, ENVIRONMENT: 'production' },
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    expect(cookie.value).toBe('en');
    expect(cookie.secure).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });
});
