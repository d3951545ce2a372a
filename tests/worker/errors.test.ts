import { describe, expect, it, vi } from 'vitest';
import { decode, get, getAs, metaContent } from './helpers';

describe('404 for unmatched paths', () => {
  it('answers the French page with the popular pages and the footer', async () => {
    const res = await getAs('fr', '/nothing-here');
    expect(res.status).toBe(404);
    const html = decode(await res.text())!;
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<title>Page introuvable | JE EPFL</title>');
    expect(metaContent(html, 'name', 'description')).toContain('Cette page n’existe pas');
    expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    expect(html).toContain('<h2 id="popular-pages">Pages populaires</h2>');
    const list = /<ul class="popular-pages">(.*?)<\/ul>/s.exec(html)?.[1] ?? '';
    const entries = [
      ...list.matchAll(/<li><a href="([^"]+)"><svg[^>]*class="icon[^"]*"[^>]*>.*?<strong>([^<]+)<\/strong><small>([^<]+)<\/small>/g),
    ];
    expect(entries.map((e) => [e[1], e[2]])).toEqual([
      ['/', 'Accueil'],
      ['/jobs', 'Jobs pour étudiants'],
      ['/events', 'Événements'],
      ['/contact', 'Contact'],
    ]);
    for (const e of entries) expect(e[3]!.length).toBeGreaterThan(10);
    expect(html).toContain('Retour à l’accueil');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('answers the English page under /en', async () => {
    const res = await getAs('en', '/en/nothing-here');
    expect(res.status).toBe(404);
    const html = decode(await res.text())!;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Page not found | JE EPFL</title>');
    expect(metaContent(html, 'name', 'description')).toBe('The page you are looking for does not exist.');
    expect(html).toContain('<h2 id="popular-pages">Popular pages</h2>');
    for (const [href, label] of [
      ['/en', 'Home'],
      ['/en/jobs', 'Jobs for students'],
      ['/en/events', 'Events'],
      ['/en/contact', 'Contact'],
    ]) {
      expect(html).toMatch(new RegExp(`<a href="${href}"><svg[^>]*>.*?<strong>${label}</strong>`));
    }
    expect(html).toContain('Back to the home page');
  });

  it('logs the unmatched path, as one JSON object', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await getAs('fr', '/still-nothing');
    expect(warn).toHaveBeenCalledWith({
      level: 'warn',
      event: 'page.not_found',
      requestId: expect.any(String),
      method: 'GET',
      path: '/still-nothing',
    });
    warn.mockRestore();
  });
});

describe('thrown errors', () => {
  it('show the error page with status 500 and log the error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await getAs('fr', '/__test/error');
    expect(res.status).toBe(500);
    const html = decode(await res.text())!;
    expect(html).toContain('<h1>Une erreur est survenue</h1>');
    expect(html).toContain('contact@jeepfl.ch');
    expect(html).toContain('<footer class="site-footer">');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({
        level: 'error',
        event: 'request.error',
        method: 'GET',
        path: '/__test/error',
        error: 'Error: Deliberate failure for the error-page test',
        stack: expect.stringContaining('Deliberate failure'),
      }),
    );
    error.mockRestore();
  });

  it('give crawlers a bare 500 without the page', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await get('/__test/error', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('Internal Server Error');
    error.mockRestore();
  });
});
