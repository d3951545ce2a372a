import { LOCALES } from '#content/ids.ts';

/**
 * The site's languages, without their messages: what the Worker needs to
 * route a request (the URL's prefix, the `lang` cookie, the hreflang links).
 * The messages and the translator are client/i18n.ts's, which only the
 * requests that render or answer a form load (docs/decisions/0017).
 */

/** The site's languages: the content's (content/ids.ts), so a text can never lack one the site speaks. */
export const locales = LOCALES;
export type Locale = (typeof locales)[number];
/** French is the fallback: unprefixed URLs, and a browser that asks for no language the site speaks. */
export const defaultLocale: Locale = 'fr';

/** For og:locale: en is en-US, fr is fr-FR. Money, numbers and dates use fr-CH / en-CH (client/format.ts). */
export const localeTags: Record<Locale, string> = { fr: 'fr-FR', en: 'en-US' };

export function isLocale(value: unknown): value is Locale {
  return (locales as readonly unknown[]).includes(value);
}
