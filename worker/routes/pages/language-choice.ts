import type { Context, MiddlewareHandler } from 'hono';
import { defaultLocale, isLocale, type Locale, locales } from '#client/locales.ts';
import { localizePath } from '#client/paths.ts';
import { LANGUAGE_COOKIE_DAYS } from '#client/retention.ts';
import { type AppEnv, isDeployed } from '../../env';
import { isBot } from '../../request/bots';

const LOCALE_COOKIE = 'lang';
/** In seconds; the privacy page states the same duration in days. */
const LOCALE_COOKIE_MAX_AGE = LANGUAGE_COOKIE_DAYS * 24 * 60 * 60;

/** `q=0.8` -> 0.8, as RFC 9110 says: absent or unreadable is 1, clamped to 0..1. */
function quality(param: string | undefined): number {
  if (param === undefined || param === '') return 1;
  const q = Number(param);
  return Number.isNaN(q) ? (param === 'NaN' ? 0 : 1) : Math.min(1, Math.max(0, q));
}

/**
 * The first language of an Accept-Language header the site speaks: by
 * quality, then in the order written; `en-GB` counts as `en`, `q=0` as
 * refused. Reads the first 64 entries only (linear in the header's length).
 *
 * @example preferredLocale('de-CH,de;q=0.9,en;q=0.5') // 'en'
 */
function preferredLocale(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  let best: Locale | undefined;
  let bestQuality = 0;
  for (const entry of header.split(',', 64)) {
    const [tag = '', ...params] = entry.split(';', 8);
    const name = tag.trim().toLowerCase();
    const locale = locales.find((l) => name === l || name.startsWith(`${l}-`));
    if (!locale) continue;
    const q = quality(
      params
        .map((param) => param.trim())
        .find((param) => /^q=/i.test(param))
        ?.slice(2)
        .trim(),
    );
    // Strictly better only: of two of the same quality, the one written first.
    if (q > bestQuality) {
      best = locale;
      bestQuality = q;
    }
  }
  return best;
}

/** The language the visitor chose last, from the `lang` cookie. */
function storedLocale(c: Context<AppEnv>): Locale | undefined {
  const value = /(?:^|;)\s*lang=([^;]*)/.exec(c.req.header('Cookie') ?? '')?.[1]?.trim();
  return isLocale(value) ? value : undefined;
}

/**
 * A step of the page route, outside the page cache (./steps.ts). On a first
 * access to an unprefixed page (not following a link of this site, not a
 * crawler), the language is chosen from the `lang` cookie, then the browser's
 * Accept-Language, then French: English gets a 302 to the `/en` twin, query
 * kept, never cached. An `/en` URL is never redirected (an English link stays
 * English), nor is anyone who followed one of the site's own links (the
 * language switch included). Viewing a page stores its language in the
 * cookie, added to the response after the cache has stored or served it.
 *
 * The redirect is built from the path as sent, still percent-encoded: a
 * decoded `%0d%0a` in a header would make the response fail.
 */
export function languageChoice(): MiddlewareHandler<AppEnv> {
  return async function languageChoice(c, next) {
    const { locale } = c.var;
    const stored = storedLocale(c);
    const secure = isDeployed(c.var.config.ENVIRONMENT) ? '; Secure' : '';
    const remember = (value: Locale) =>
      c.header('Set-Cookie', `${LOCALE_COOKIE}=${value}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; HttpOnly${secure}; SameSite=Lax`, {
        append: true,
      });

    if (locale === 'fr' && !cameFromThisSite(c.req.raw)) {
      const preferred = stored ?? preferredLocale(c.req.header('Accept-Language')) ?? defaultLocale;
      // A crawler is never redirected (asked last: most first visits here prefer French).
      if (preferred === 'en' && !isBot(c.req.header('User-Agent'))) {
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
