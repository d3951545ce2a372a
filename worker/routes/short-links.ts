import { Hono, type Context } from 'hono';
import { localizePath } from '#client/routes.ts';
import { SLUG } from '#content/schema.ts';
import type { AppEnv } from '../env';

/**
 * Where a stored target sends a visitor. Site paths (`/tools/x`) follow the
 * visitor's language and must stay on this site once a browser has parsed
 * them; absolute targets must be https. Whitespace and control characters
 * (which browsers strip, turning `/\t/evil` into `//evil`) are refused, so a
 * bad record can never become an open redirect.
 *
 * @example resolveTarget('/tools/signature-generator', 'en', 'https://jeepfl.ch') // '/en/tools/signature-generator'
 */
export function resolveTarget(target: string, locale: 'fr' | 'en', siteOrigin: string): string | null {
  if (target === '' || /[\s\u0000-\u001f\u007f\\]/.test(target)) return null;
  let url: URL;
  try {
    url = new URL(target, siteOrigin);
  } catch {
    return null;
  }
  if (target.startsWith('/')) {
    if (url.origin !== new URL(siteOrigin).origin) return null;
    const path = url.pathname === '/en' || url.pathname.startsWith('/en/') ? url.pathname : localizePath(url.pathname, locale);
    return path + url.search + url.hash;
  }
  return url.protocol === 'https:' ? url.href : null;
}

/**
 * Short links (`/linkedin`, `/en/linkedin`, ...) from the SHORT_LINKS KV
 * namespace. Mounted after the pages, so a page always wins over a short link
 * of the same name; a slug KV does not know is a plain 404.
 */
export function shortLinks() {
  const app = new Hono<AppEnv>();
  const handler = async (c: Context<AppEnv>) => {
    const slug = c.req.param('slug') ?? '';
    if (!SLUG.test(slug)) return c.notFound();
    const stored = await c.env.SHORT_LINKS.get(slug);
    if (stored === null) return c.notFound();
    const target = resolveTarget(stored, c.var.locale, new URL(c.req.url).origin);
    if (!target) {
      console.error(`Short link "${slug}" has an invalid target in KV: ${JSON.stringify(stored)}`);
      return c.notFound();
    }
    c.header('Cache-Control', 'private, max-age=0');
    return c.redirect(target, 302);
  };
  app.get('/:slug', handler);
  app.get('/en/:slug', handler);
  return app;
}
