import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { BROWSER_UA, get, ORIGIN } from './helpers';

/**
 * The staging Worker (wrangler.toml [env.staging], ENVIRONMENT = "staging"):
 * the test site every pull request is deployed to. Search engines must never
 * index it, and a visitor who lands on it must see at once that it is not the
 * real site.
 */
async function onStaging(path: string, init: RequestInit = {}, headers: Record<string, string> = {}) {
  const { env, createExecutionContext } = await import('cloudflare:test');
  const { createApp } = await import('../../worker/app');
  return createApp().fetch(
    new Request(`${ORIGIN}${path}`, { redirect: 'manual', ...init, headers: { 'User-Agent': BROWSER_UA, Cookie: 'lang=fr', ...headers } }),
    { ...env, ENVIRONMENT: 'staging' },
    createExecutionContext(),
  );
}

/** The note's text as the page shows it (React escapes the apostrophe). */
const note = (html: string) => /<p class="test-site" role="note">([^<]*)<\/p>/.exec(html)?.[1]?.replace(/&#x27;/g, "'");

describe('the staging site is never indexed', () => {
  it.each([
    ['a French page', '/team'],
    ['an English page', '/en/team'],
    ['a page that does not exist', '/no-such-page'],
    ['robots.txt', '/robots.txt'],
    ['the sitemap', '/sitemap.xml'],
    ['a static file', '/favicon.svg'],
    ['a short link', '/linkedin'],
  ])('%s answers with X-Robots-Tag: noindex', async (_, path) => {
    const res = await onStaging(path);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('a form post answers with X-Robots-Tag: noindex too', async () => {
    const res = await onStaging('/api/contact', { method: 'GET' });
    expect(res.status).toBe(405);
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('robots.txt disallows everything, and names no sitemap', async () => {
    const res = await onStaging('/robots.txt');
    expect(await res.text()).toBe('User-agent: *\nDisallow: /\n');
  });
});

describe('every staging page says it is the test site', () => {
  it.each([
    ['fr', '/', fr.site.testSite],
    ['fr', '/contact', fr.site.testSite],
    ['en', '/en', en.site.testSite],
    ['en', '/en/services/translation', en.site.testSite],
  ])('%s %s', async (_, path, text) => {
    const res = await onStaging(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(note(html)).toBe(text);
    // First thing in the page, before the skip link and the header.
    expect(html.indexOf('class="test-site"')).toBeLessThan(html.indexOf('<header'));
  });

  it('on the error pages too', async () => {
    expect(note(await (await onStaging('/no-such-page')).text())).toBe(fr.site.testSite);
  });
});

describe('production and development are not the test site', () => {
  it('no noindex header, no note, and robots.txt lets search engines in', async () => {
    const page = await get('/team', { Cookie: 'lang=fr' });
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect(note(await page.text())).toBeUndefined();
    expect(await (await get('/robots.txt')).text()).toContain('Allow: /\n');
  });
});
