import { describe, expect, it } from 'vitest';
import manifest from '../../dist/manifest.json';
import { get, getAs } from './helpers';

function csp(res: Response): Map<string, string> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(header.split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k!, v.join(' ')]));
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
  ];

  it.each(responses)('%s', async (_, fetchIt) => {
    const res = await fetchIt();
    const policy = csp(res);
    expect(policy.get('default-src')).toBe("'self'");
    expect(policy.get('script-src')).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/);
    expect(policy.get('frame-ancestors')).toBe("'none'");
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains; preload');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives the page scripts the nonce of their own response, a new one each time', async () => {
    const first = await getAs('fr', '/tools/signature-generator');
    const second = await getAs('fr', '/tools/signature-generator');
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get('content-security-policy')!)![1]!;
    const html = await first.text();
    const scriptNonces = [...html.matchAll(/<(?:script|link rel="modulepreload")[^>]*nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(scriptNonces.length).toBeGreaterThan(1);
    expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
  });
});
