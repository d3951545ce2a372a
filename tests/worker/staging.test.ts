import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { BROWSER_UA, get, ORIGIN } from './helpers';

/**
 * The staging Worker (wrangler.toml [env.staging], ENVIRONMENT = "staging"):
 * the test site of `main`, and, with the same settings, the preview of every
 * pull request (scripts/preview-worker.mjs). Search engines must never index it, a
 * visitor who lands on it must see at once that it is not the real site, and
 * one who sends a form must be told that no e-mail went anywhere.
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

/** What the success screen says about mail on a test site, as the page shows it (server-rendered, before hydration). */
const mailNote = (html: string) => /<p class="form-test-site" role="note">([^<]*)<\/p>/.exec(html)?.[1];

describe('a form sent on the test site says that no e-mail was sent (it has no mail key)', () => {
  it.each([
    ['fr', '/contact?sent=contact', fr],
    ['en', '/en/contact?sent=contact', en],
    ['fr', '/services/translation?sent=estimate', fr],
    ['en', '/en/services/translation?sent=estimate', en],
  ])('%s %s', async (_, path, messages) => {
    const html = await (await onStaging(path)).text();
    expect(html).toContain(messages.forms.success.title.replace(/'/g, '&#x27;'));
    expect(mailNote(html)).toBe(messages.forms.success.testSite);
    // Not the real site's promise of an e-mail to look for in the spam folder.
    expect(html).not.toContain(`<p>${messages.forms.success.spam}</p>`);
  });
});

describe('production and development are not the test site', () => {
  it('no noindex header, no note, and robots.txt lets search engines in', async () => {
    const page = await get('/team', { Cookie: 'lang=fr' });
    expect(page.headers.get('x-robots-tag')).toBeNull();
    expect(note(await page.text())).toBeUndefined();
    expect(await (await get('/robots.txt')).text()).toContain('Allow: /\n');
  });

  it('a sent form promises the e-mail, with the spam-folder hint, and no test-site note', async () => {
    const html = await (await get('/contact?sent=contact', { Cookie: 'lang=fr' })).text();
    expect(mailNote(html)).toBeUndefined();
    expect(html).toContain(`<p>${fr.forms.success.spam}</p>`);
  });
});
