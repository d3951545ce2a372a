import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { detectFromHeader, type DetectorOptions } from 'hono/language';
import { defaultLocale, locales, type Locale } from '#client/i18n.ts';
import { localizePath, matchRoute, splitLocale } from '#client/routes.ts';
import type { AppEnv } from '../env';
import { isBot } from '../lib/bots';

export const LOCALE_COOKIE = 'lang';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The URL decides the language: `/en/...` is English, everything else French.
 * Only on a first visit (no cookie) to an unprefixed page does the browser's
 * Accept-Language get a say: if it prefers English, 302 to the `/en` twin.
 * Crawlers are never redirected. Viewing a page stores its language.
 */
export function locale(): MiddlewareHandler<AppEnv> {
  const detector: DetectorOptions = {
    order: ['cookie', 'header'],
    lookupCookie: LOCALE_COOKIE,
    lookupFromHeaderKey: 'accept-language',
    lookupQueryString: 'lang',
    lookupFromPathIndex: 0,
    caches: false,
    ignoreCase: true,
    supportedLanguages: [...locales],
    fallbackLanguage: defaultLocale,
  };
  return async function locale(c, next) {
    const { locale, path } = splitLocale(c.req.path);
    c.set('locale', locale);
    const isPage = (c.req.method === 'GET' || c.req.method === 'HEAD') && matchRoute(path) !== null;
    if (!isPage) return next();

    const stored = getCookie(c, LOCALE_COOKIE);
    const secure = c.var.config.ENVIRONMENT === 'production';
    const remember = (value: Locale) =>
      setCookie(c, LOCALE_COOKIE, value, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'Lax', secure, httpOnly: true });

    if (stored === undefined && locale === 'fr' && !isBot(c.req.header('User-Agent')) && !cameFromThisSite(c.req.raw)) {
      const preferred = detectFromHeader(c, detector) ?? defaultLocale;
      if (preferred === 'en') {
        remember('en');
        const search = new URL(c.req.url).search;
        c.header('Vary', 'Accept-Language, Cookie');
        c.header('Cache-Control', 'private, no-store');
        return c.redirect(localizePath(path, 'en') + search, 302);
      }
    }

    await next();
    if (c.res.status === 200 && stored !== locale) remember(locale);
    if (locale === 'fr') c.header('Vary', 'Accept-Language, Cookie', { append: true });
  };
}

/**
 * A visitor who followed a link on this site (the French flag, say) is not on a
 * first visit, even when their browser keeps no cookie: never bounce them back.
 */
function cameFromThisSite(request: Request): boolean {
  const referer = request.headers.get('Referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}
