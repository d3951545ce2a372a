import { inLausanne } from '#content/lausanne.ts';
import type { Locale } from './i18n';

/**
 * Money, numbers and dates, the Swiss way, in one place: the pages, the
 * islands, the forms' JSON answers and both e-mails format through here.
 * (og:locale keeps its fr-FR / en-US tags; see `localeTags`.)
 */
export const FORMAT_LOCALES: Record<Locale, string> = { fr: 'fr-CH', en: 'en-CH' };

const cached = <T>(make: (locale: Locale) => T) => {
  const made = new Map<Locale, T>();
  return (locale: Locale) => {
    let value = made.get(locale);
    if (!value) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
};

const money = cached((l) => new Intl.NumberFormat(FORMAT_LOCALES[l], { style: 'currency', currency: 'CHF' }));
const number = cached((l) => new Intl.NumberFormat(FORMAT_LOCALES[l], { maximumFractionDigits: 2 }));
const dates = {
  long: cached((l) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { dateStyle: 'long', timeZone: 'UTC' })),
  day: cached((l) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { day: 'numeric', timeZone: 'UTC' })),
  monthYear: cached((l) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { month: 'short', year: 'numeric', timeZone: 'UTC' })),
  dayMonth: cached((l) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' })),
};
/** The time in Lausanne: `14:05`, the same in both languages (24-hour). The office screen's clock, on the server and in the browser. */
export function formatClock(date: Date, _locale: Locale): string {
  return inLausanne(date).time;
}

/**
 * @example formatMoney(360, 'fr') // '360.00 CHF'; formatMoney(360, 'en') // 'CHF 360.00'
 * (Thousands are grouped as ICU's CLDR data says for fr-CH and en-CH: a narrow space or an apostrophe, by version.)
 */
export function formatMoney(amount: number, locale: Locale): string {
  return money(locale).format(amount);
}

/** @example formatNumber(1200, 'fr') // '1 200' (fr-CH) */
export function formatNumber(value: number, locale: Locale): string {
  return number(locale).format(value);
}

/**
 * A calendar date (`2026-12-15`), independent of the server's time zone.
 * @example formatDate('2026-12-15', 'fr') // '15 décembre 2026'; formatDate('2026-12-15', 'en') // '15 December 2026'
 */
export function formatDate(isoDate: string, locale: Locale, style: keyof typeof dates = 'long'): string {
  return dates[style](locale).format(new Date(`${isoDate}T00:00:00Z`));
}
