import type { Context, MiddlewareHandler } from 'hono';
import { defaultLocale, type Locale } from '#client/locales.ts';
import type { AppEnv } from '../env';

/** `/en` and `/en/…` are English; `/english` is not. */
function split(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/en') return { locale: 'en', path: '/' };
  if (pathname.startsWith('/en/')) return { locale: 'en', path: pathname.slice(3) };
  return { locale: 'fr', path: pathname };
}

/**
 * The request's language, worked out for every request right after the
 * request log, and the only place the path is read for it: `locale`, the
 * unprefixed `path` go on the context for everything after
 * (pages, forms, short links, errors). A form post to `/api/*` takes the
 * language of the page it was sent from (its Referer; the form's own `locale`
 * field refines it once the body is read). Choosing a language for a first
 * visit, and the `lang` cookie, are the page route's
 * (worker/routes/pages/language-choice.ts).
 */
export function locale(): MiddlewareHandler<AppEnv> {
  return async function locale(c, next) {
    const { locale, path } = split(c.req.path);
    const language = c.req.path.startsWith('/api/') ? refererLocale(c) : locale;
    c.set('locale', language);
    c.set('path', path);
    await next();
  };
}

/** The language of the page a form was sent from; French when there is no readable Referer. */
function refererLocale(c: Context<AppEnv>): Locale {
  try {
    return split(new URL(c.req.header('Referer') ?? '').pathname).locale;
  } catch {
    return defaultLocale;
  }
}
