import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { detectFromHeader, type DetectorOptions } from 'hono/language';
import { createTranslator, defaultLocale, isLocale, locales, type Locale } from '#client/i18n.ts';
import { localizePath } from '#client/routes.ts';
import { isDeployed, type AppEnv } from '../env';
import { isBot } from '../lib/bots';

const LOCALE_COOKIE = 'lang';
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** `/en` and `/en/…` are English; `/english` is not. */
function split(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/en') return { locale: 'en', path: '/' };
  if (pathname.startsWith('/en/')) return { locale: 'en', path: pathname.slice(3) };
  return { locale: 'fr', path: pathname };
}

/**
 * The request's language, first in the chain and the only place the path is
 * read for it: `locale`, the bound `t` and the unprefixed `path` go on the
 * context for everything after (pages, forms, short links, errors). A form
 * post to `/api/*` takes the language of the page it was sent from (its
 * Referer; the form's own `locale` field refines it once the body is read).
 */
export function locale(): MiddlewareHandler<AppEnv> {
  return async function locale(c, next) {
    const { locale, path } = split(c.req.path);
    const language = c.req.path.startsWith('/api/') ? refererLocale(c) : locale;
    c.set('locale', language);
    c.set('t', createTranslator(language));
    c.set('path', path);
    await next();
  };
}

function refererLocale(c: Context<AppEnv>): Locale {
  try {
    return split(new URL(c.req.header('Referer') ?? '').pathname).locale;
  } catch {
    return defaultLocale;
  }
}

/** The browser's languages only: the cookie is read first, by languageChoice itself. */
const fromBrowser: DetectorOptions = {
  order: ['header'],
  lookupCookie: LOCALE_COOKIE,
  lookupFromHeaderKey: 'accept-language',
  lookupQueryString: 'lang',
  lookupFromPathIndex: 0,
  caches: false,
  ignoreCase: true,
  supportedLanguages: [...locales],
  fallbackLanguage: defaultLocale,
};

/**
 * On the page routes. On a first access to an unprefixed page (not following
 * a link of this site, not a crawler), the language is chosen from the `lang`
 * cookie, then the browser's Accept-Language, then French: English gets a 302
 * to the `/en` twin, query kept, never cached. An `/en` URL is never
 * redirected (an English link stays English), nor is anyone who followed one
 * of the site's own links (the language switch included). Viewing a page
 * stores its language in the cookie.
 *
 * The redirect is built from the path as sent, still percent-encoded: a
 * decoded `%0d%0a` in a header would make the response fail.
 */
export function languageChoice(): MiddlewareHandler<AppEnv> {
  return async function languageChoice(c, next) {
    const { locale } = c.var;
    const cookie = getCookie(c, LOCALE_COOKIE);
    const stored = isLocale(cookie) ? cookie : undefined;
    const secure = isDeployed(c.var.config.ENVIRONMENT);
    const remember = (value: Locale) =>
      setCookie(c, LOCALE_COOKIE, value, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'Lax', secure, httpOnly: true });

    if (locale === 'fr' && !isBot(c.req.header('User-Agent')) && !cameFromThisSite(c.req.raw)) {
      const preferred = stored ?? detectFromHeader(c, fromBrowser) ?? defaultLocale;
      if (preferred === 'en') {
        if (stored !== 'en') remember('en');
        const { pathname, search } = new URL(c.req.url);
        c.header('Vary', 'Accept-Language, Cookie');
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(localizePath(pathname, 'en') + search, 302);
      }
    }

    await next();
    // A prefetch is not a visit: the browser may store its cookie although the visitor never goes there.
    if (c.res.status === 200 && stored !== locale && !prefetch(c.req.raw)) remember(locale);
    if (locale === 'fr') c.header('Vary', 'Accept-Language, Cookie', { append: true });
  };
}

/**
 * A visitor who followed a link on this site (the French flag, say) is not on a
 * first access, even when their browser keeps no cookie: never bounce them
 * back. Browsers say so in `Sec-Fetch-Site` (`same-origin`; `none` for a
 * typed address or a bookmark), which no page can forge; the Referer is the
 * fallback for browsers without it, and either is enough, as some settings
 * and extensions strip the Referer.
 */
function cameFromThisSite(request: Request): boolean {
  if (request.headers.get('Sec-Fetch-Site') === 'same-origin') return true;
  const referer = request.headers.get('Referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/** A speculative fetch (Speculation Rules, `<link rel=prefetch>`), which the visitor may never open. */
function prefetch(request: Request): boolean {
  return /prefetch|prerender/i.test(`${request.headers.get('Sec-Purpose') ?? ''} ${request.headers.get('Purpose') ?? ''}`.slice(0, 200));
}
