import { describe, expect, it } from 'vitest';
import { SIGNATURE_STYLES } from '#client/signature.ts';
import manifest from '../../dist/manifest.json';
import { get, getAs } from './helpers';

function csp(res: Response): Map<string, string> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([k, ...v]) => [k!, v.join(' ')]),
  );
}

describe('security headers on every response', () => {
  const responses: [string, () => Promise<Response>][] = [
    ['a page', () => getAs('fr', '/')],
    ['an English page', () => getAs('en', '/en/team')],
    ['a page with an island', () => getAs('fr', '/tools/signature-generator')],
    ['a 404', () => getAs('fr', '/missing')],
    ['a static file', () => get(manifest.css)],
    ['the PDF', () => get('/legal/statuts_jeepfl.pdf')],
    ['a redirect', () => get('/Team')],
    ['a short link', () => get('/linkedin')],
    ['the sitemap', () => get('/sitemap.xml')],
    ['a language redirect', () => get('/team', { Cookie: 'lang=en' })],
    ['a 405', () => get('/api/contact')],
    ['a 405 to HEAD', () => get('/api/contact', {}, 'HEAD')],
    ['a form answer', () => get('/api/contact', { 'Content-Type': 'text/plain' }, 'POST')],
    ['a post to no form', () => get('/api/nothing', {}, 'POST')],
    ['the favicon', () => get('/favicon.ico')],
    ['robots.txt', () => get('/robots.txt')],
  ];

  it.each(responses)('%s', async (_, fetchIt) => {
    const res = await fetchIt();
    const policy = csp(res);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toBe(
      `'${manifest.boot.hash}' '${manifest.intents.hash}' 'strict-dynamic' 'self' https://challenges.cloudflare.com`,
    );
    // Images from the site itself and from its canonical address (SITE_URL), where the e-mail signature's logo lives.
    expect(policy.get('img-src')).toBe("'self' data: https://jeepfl.ch");
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    // No `preload`: a commitment for every subdomain that the association makes knowingly (docs/decisions/0011).
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers.get('cache-control')).toBeTruthy();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it.each([
    ['a canonical 301', () => get('/Team'), /^public, max-age=\d+$/],
    ['a 405', () => get('/api/contact'), /^no-store$/],
    ['a language redirect', () => get('/team', { Cookie: 'lang=en' }), /^private, no-store$/],
    ['a page', () => getAs('fr', '/team'), /^private, no-cache$/],
  ] as const)('%s says how it may be cached', async (_, fetchIt, expected) => {
    expect((await fetchIt()).headers.get('cache-control')).toMatch(expected);
  });

  it.each([
    ['fr', '/'],
    ['en', '/en/contact'],
    ['fr', '/services/translation'],
    ['fr', '/tools/signature-generator'],
    ['fr', '/missing'],
  ] as const)('runs on %s %s no inline script the CSP does not name by hash, and no nonce', async (locale, path) => {
    const res = await getAs(locale, path);
    const html = await res.text();
    const allowed = csp(res).get('script-src')!.split(' ');
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !attributes!.includes('application/ld+json'))
      .map(([, , code]) => code!);
    expect(inline.length).toBeGreaterThan(0);
    for (const code of inline) {
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code)));
      expect(allowed).toContain(`'sha256-${btoa(String.fromCharCode(...digest))}'`);
    }
    expect(html).not.toContain('nonce');
    expect(res.headers.get('content-security-policy')).not.toContain('nonce');
  });

  it.each([
    ['fr', '/', true],
    ['en', '/en/contact', true],
    ['fr', '/services/translation', true],
    ['fr', '/tools/signature-generator', true],
    ['fr', '/team', false],
    ['fr', '/missing', false],
  ] as const)(
    'on %s %s, the script that holds taps before hydration comes once, before the first island, and only with islands',
    async (locale, path, islands) => {
      const html = await (await getAs(locale, path)).text();
      const script = `<script>${manifest.intents.code}</script>`;
      expect(html.includes('data-island=')).toBe(islands);
      if (!islands) {
        expect(html).not.toContain(manifest.intents.code);
        return;
      }
      expect(html.split(script)).toHaveLength(2);
      expect(html.indexOf(script)).toBeLessThan(html.indexOf('data-island='));
    },
  );

  it("allows style attributes only with the e-mail signature's exact values, by hash", async () => {
    const allowed = csp(await getAs('fr', '/tools/signature-generator'))
      .get('style-src')!
      .split(' ');
    const hashes = await Promise.all(
      Object.values(SIGNATURE_STYLES).map(async (css) => {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css)));
        return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
      }),
    );
    expect(allowed).toEqual(["'self'", "'unsafe-hashes'", ...hashes]);
    expect(allowed).not.toContain("'unsafe-inline'");
  });
});
