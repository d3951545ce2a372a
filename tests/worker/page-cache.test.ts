import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../client/i18n.ts';
import { jobs } from '../../content/index.ts';
import { poster } from './forms-helpers';
import { get, getAs } from './helpers';

// Rendered pages are cached at the edge (caches.default) and revalidated with
// ETags. What a visitor must never notice: someone else's cookie or form, a
// stale day, or a missing security header.

/** Each test reads its own page, fetched twice: the second answer is the cached one. */
async function twice(path: string, locale: Locale = 'fr') {
  const first = await getAs(locale, path);
  const firstHtml = await first.text();
  const second = await getAs(locale, path);
  return { first, firstHtml, second, secondHtml: await second.text() };
}

describe('the page cache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves the same page, with the same ETag and the security headers, from the cache', async () => {
    const { first, firstHtml, second, secondHtml } = await twice('/portfolio');
    expect(first.status).toBe(200);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    expect(secondHtml).toBe(firstHtml);
    expect(second.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    expect(second.headers.get('strict-transport-security')).toContain('max-age=');
    expect(second.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(second.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers a browser that has the page with 304, no body, the ETag and the security headers', async () => {
    const { second } = await twice('/en/team', 'en');
    const tag = second.headers.get('etag')!;
    const again = await getAs('en', '/en/team', { 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('content-security-policy')).toContain("'strict-dynamic'");
    expect((await getAs('en', '/en/team', { 'If-None-Match': '"stale"' })).status).toBe(200);
  });

  it('answers HEAD from the same page, with its ETag and no body', async () => {
    const { second } = await twice('/events');
    const head = await get('/events', { Cookie: 'lang=fr' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(second.headers.get('etag'));
    expect(await head.text()).toBe('');
  });

  it('never stores the language cookie: each visitor gets their own, and the redirect still runs first', async () => {
    await twice('/news');
    const newcomer = await get('/news', { 'Accept-Language': 'fr-CH' });
    expect(newcomer.headers.get('x-page-cache')).toBe('hit');
    expect(newcomer.headers.get('set-cookie')).toMatch(/^lang=fr;/);
    const returning = await getAs('fr', '/news');
    expect(returning.headers.get('set-cookie')).toBeNull();
    const english = await get('/news', { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(english.status).toBe(302);
    expect(english.headers.get('location')).toBe('/en/news');
  });

  it('never caches a form post answered with the page, nor shows its values to the next visitor', async () => {
    await twice('/contact');
    const sent = await poster('10.77.1').postHtml('/api/contact', {
      firstName: 'Visitor-One-Private',
      lastName: '',
      email: 'nope',
      locale: 'fr',
    });
    expect(sent.status).toBe(400);
    expect(sent.headers.get('x-page-cache')).toBeNull();
    expect(await sent.text()).toContain('Visitor-One-Private');
    const next = await getAs('fr', '/contact');
    expect(next.headers.get('x-page-cache')).toBe('hit');
    expect(await next.text()).not.toContain('Visitor-One-Private');
  });

  it('does not cache pages with a query string, errors or expired offers', async () => {
    expect((await getAs('fr', '/jobs?utm_source=poster')).headers.get('x-page-cache')).toBe('bypass');
    const missing = await getAs('fr', '/jobs/no-such-offer');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-page-cache')).toBe('bypass');
    expect(missing.headers.get('etag')).toBeNull();
  });

  it('renders anew on a new day in Lausanne, so an offer leaves at midnight even while cached', async () => {
    const job = [...jobs].sort((a, b) => a.validThrough.localeCompare(b.validThrough))[0]!;
    vi.useFakeTimers({ toFake: ['Date'] });
    const lastDay = new Date(`${job.validThrough}T12:00:00Z`);
    vi.setSystemTime(lastDay);
    const { second } = await twice(`/jobs/${job.id}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    vi.setSystemTime(new Date(lastDay.getTime() + 24 * 60 * 60 * 1000));
    const dayAfter = await getAs('fr', `/jobs/${job.id}`);
    expect(dayAfter.status).toBe(410);
  });
});
