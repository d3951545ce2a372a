import { describe, expect, it } from 'vitest';
import { get, getAs, noonInLausanne, onFixedClock } from './helpers';

// The page route's steps run in one order (worker/routes/pages/steps.ts), and
// the language choice comes before the page cache: the first-visit redirect is
// decided before the cache is read, and the `lang` cookie is added after the
// cache stored or served the page. In the other order a cached page would skip
// the redirect and the newcomer's cookie, and a page first asked for by a
// newcomer (an answer that sets the cookie) would never be cached.

const FRENCH_BROWSER = { 'Accept-Language': 'fr-CH,fr;q=0.9' };
const ENGLISH_BROWSER = { 'Accept-Language': 'en-GB,en;q=0.9' };

describe('the page steps: language choice first, then the page cache', () => {
  // A day of this file's own: the cache is keyed by the day in Lausanne, so no other file's pages are in it.
  onFixedClock(noonInLausanne('2031-03-14'));

  it('redirects an English newcomer to /en even when the French page is cached', async () => {
    await getAs('fr', '/privacy');
    expect((await getAs('fr', '/privacy')).headers.get('x-page-cache')).toBe('hit');
    const newcomer = await get('/privacy', ENGLISH_BROWSER);
    expect(newcomer.status).toBe(302);
    expect(newcomer.headers.get('location')).toBe('/en/privacy');
    expect(newcomer.headers.get('set-cookie')).toMatch(/^lang=en;/);
  });

  it("gives a newcomer served from the cache their own cookie, and a returning visitor none of anyone's", async () => {
    await getAs('fr', '/services/design');
    const newcomer = await get('/services/design', FRENCH_BROWSER);
    expect(newcomer.headers.get('x-page-cache')).toBe('hit');
    expect(newcomer.headers.get('set-cookie')).toMatch(/^lang=fr;/);
    const returning = await getAs('fr', '/services/design');
    expect(returning.headers.get('x-page-cache')).toBe('hit');
    expect(returning.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['/services/economy', FRENCH_BROWSER, 'fr'],
    ['/en/services/economy', ENGLISH_BROWSER, 'en'],
  ] as const)('stores %s as first asked for by a newcomer, without their cookie, for the next visitor', async (path, browser, locale) => {
    const newcomer = await get(path, browser);
    expect(newcomer.status).toBe(200);
    expect(newcomer.headers.get('x-page-cache')).toBe('miss');
    expect(newcomer.headers.get('set-cookie')).toMatch(new RegExp(`^lang=${locale};`));
    const next = await getAs(locale, path);
    expect(next.headers.get('x-page-cache')).toBe('hit');
    expect(next.headers.get('set-cookie')).toBeNull();
    expect(next.headers.get('etag')).toBe(newcomer.headers.get('etag'));
  });
});
