import { Hono, type Context } from 'hono';
import { localizePath, splitLocale } from '#client/routes.ts';
import type { AppEnv } from '../env';

export const SHORT_LINK_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Where a stored target sends a visitor. Site paths (`/tools/x`) follow the
 * visitor's language; absolute targets must be https. Anything else is refused,
 * so a bad record can never turn into an open redirect.
 *
 * @example resolveTarget('/tools/signature-generator', 'en') // '/en/tools/signature-generator'
 */
export function resolveTarget(target: string, locale: 'fr' | 'en'): string | null {
  const value = target.trim();
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.includes('\\')) return null;
    return value === '/en' || value.startsWith('/en/') ? value : localizePath(value, locale);
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
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
    if (!SHORT_LINK_SLUG.test(slug)) return c.notFound();
    const stored = await c.env.SHORT_LINKS.get(slug);
    if (stored === null) return c.notFound();
    const target = resolveTarget(stored, splitLocale(c.req.path).locale);
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
