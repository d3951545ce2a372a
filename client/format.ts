import { inLausanne } from '#content/lausanne.ts';
import type { Locale } from './i18n';
import { perKey } from './lazy';

/**
 * Money, numbers and dates, the Swiss way, in one place: the pages, the
 * islands, the forms' JSON answers and both e-mails format through here.
 * (og:locale keeps its fr-FR / en-US tags; see `localeTags`.)
 */
export const FORMAT_LOCALES: Record<Locale, string> = { fr: 'fr-CH', en: 'en-CH' };

const dates = {
  long: perKey((l: Locale) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { dateStyle: 'long', timeZone: 'UTC' })),
  day: perKey((l: Locale) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { day: 'numeric', timeZone: 'UTC' })),
  monthYear: perKey((l: Locale) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { month: 'short', year: 'numeric', timeZone: 'UTC' })),
  dayMonth: perKey(
    (l: Locale) => new Intl.DateTimeFormat(FORMAT_LOCALES[l], { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }),
  ),
};
/** The time in Lausanne: `14:05`, the same in both languages (24-hour). The office screen's clock, on the server and in the browser. */
export function formatClock(date: Date): string {
  return inLausanne(date).time;
}

/** The digits of a whole number, thousands grouped with an apostrophe: `390000` → `390'000`. */
function grouped(whole: number): string {
  const digits = String(whole);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `'${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * Money, written one way in both languages and everywhere (pages, islands,
 * the forms' JSON answers, both e-mails), the Swiss way the spec writes it:
 * the amount, thousands grouped with a straight apostrophe, a point before
 * the centimes, then `CHF`. Content texts (the key figures' `390'000 CHF`,
 * an offer's pay) are held to the same form by `npm run content:check`
 * (content/money.ts). Written by hand rather than by `Intl`: ICU's fr-CH and
 * en-CH disagree with each other and change between versions.
 *
 * @example formatMoney(2160) // "2'160.00 CHF"; formatMoney(390000) // "390'000.00 CHF"
 */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const centimes = Math.round(Math.abs(amount) * 100);
  return `${sign}${grouped(Math.floor(centimes / 100))}.${String(centimes % 100).padStart(2, '0')} CHF`;
}

/**
 * A count or a quantity, grouped as amounts are (at most two decimals, none
 * when whole), the same in both languages: the word counts of the pricer
 * read like its prices. The pricer reads them back (client/forms/fields.ts).
 * @example formatNumber(100000) // "100'000"; formatNumber(0.18) // "0.18"
 */
export function formatNumber(value: number): string {
  const sign = value < 0 ? '-' : '';
  const hundredths = Math.round(Math.abs(value) * 100);
  const fraction = hundredths % 100 === 0 ? '' : `.${String(hundredths % 100).padStart(2, '0')}`.replace(/0$/, '');
  return `${sign}${grouped(Math.floor(hundredths / 100))}${fraction}`;
}

/**
 * A calendar date (`2026-12-15`), independent of the server's time zone.
 * @example formatDate('2026-12-15', 'fr') // '15 décembre 2026'; formatDate('2026-12-15', 'en') // '15 December 2026'
 */
export function formatDate(isoDate: string, locale: Locale, style: keyof typeof dates = 'long'): string {
  return dates[style](locale).format(new Date(`${isoDate}T00:00:00Z`));
}
