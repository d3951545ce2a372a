import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { get, getAs } from './helpers';

describe('short links from KV', () => {
  it.each([
    ['/linkedin', 'https://www.linkedin.com/company/jeepfl'],
    ['/instagram', 'https://www.instagram.com/jeepfl'],
    ['/theytrustus', '/portfolio'],
    ['/generateur-signature', '/tools/signature-generator'],
    ['/en/linkedin', 'https://www.linkedin.com/company/jeepfl'],
    ['/en/instagram', 'https://www.instagram.com/jeepfl'],
    ['/en/theytrustus', '/en/portfolio'],
    ['/en/generateur-signature', '/en/tools/signature-generator'],
  ])('%s answers 302 to %s', async (path, target) => {
    const res = await get(path);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
  });

  it('follows a link changed in KV, with no deploy', async () => {
    await env.SHORT_LINKS.put('linkedin', 'https://www.linkedin.com/company/another');
    const res = await get('/linkedin');
    expect(res.headers.get('location')).toBe('https://www.linkedin.com/company/another');
  });

  it('lets a page win over a short link of the same name', async () => {
    await env.SHORT_LINKS.put('team', 'https://example.com/not-the-team');
    await env.SHORT_LINKS.put('contact', 'https://example.com/not-contact');
    const team = await getAs('fr', '/team');
    expect(team.status).toBe(200);
    expect(await team.text()).toContain('<h1>Notre équipe</h1>');
    expect((await getAs('en', '/en/contact')).status).toBe(200);
  });

  it('answers 404 for a slug KV does not know', async () => {
    const res = await getAs('fr', '/facebook');
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  it.each([
    ['evil1', '//evil.example/path'],
    ['evil2', 'javascript:alert(1)'],
    ['evil3', 'http://insecure.example'],
    ['evil4', '/\\evil.example'],
    ['evil5', '/\t/evil.example'],
    ['evil6', 'https://ok.example\r\nSet-Cookie: x=1'],
  ])('refuses a stored target that would be an open redirect (%s)', async (slug, target) => {
    await env.SHORT_LINKS.put(slug, target);
    const res = await getAs('fr', `/${slug}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
  });

  // A URL parser normalises each of these to `//evil.com`, which a browser reads as another site.
  const normalisedOffSite = [
    '/.//evil.com',
    '/../..//evil.com',
    '/%2e%2e/%2e%2e//evil.com',
    '/x/..//evil.com',
    '/en/.//evil.com',
    '/en/x/..//evil.com',
    '/en/%2e%2e//evil.com',
  ];
  it.each(
    normalisedOffSite.flatMap(
      (target) =>
        [
          ['fr', target],
          ['en', target],
        ] as const,
    ),
  )('answers 404 and logs it, in %s, for a stored target that is not already a plain path: %s', async (locale, target) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await env.SHORT_LINKS.put('sneaky', target);
    const res = await getAs(locale, locale === 'en' ? '/en/sneaky' : '/sneaky');
    expect(res.status).toBe(404);
    expect(res.headers.get('location')).toBeNull();
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ level: 'error', event: 'short_link.invalid_target', slug: 'sneaky', target, answered: 404 }),
    );
  });

  it("serves a plain path exactly as stored, query and fragment kept, in the visitor's language", async () => {
    await env.SHORT_LINKS.put('flyer', '/portfolio?utm_source=flyer#digital');
    expect((await getAs('fr', '/flyer')).headers.get('location')).toBe('/portfolio?utm_source=flyer#digital');
    expect((await getAs('en', '/en/flyer')).headers.get('location')).toBe('/en/portfolio?utm_source=flyer#digital');
  });
});
